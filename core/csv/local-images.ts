import type { ListingInput } from './model-types.ts';
import { classifyImage } from './values.ts';

/**
 * How an uploaded file is matched to a local image name of the file: browsers give only the file's base
 * name, and spreadsheets often hold "photos\Shirt.JPG", so the folder and the case do not count.
 */
export function localImageKey(name: string): string {
  return (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase();
}

export interface ResolvedLocalImages {
  listings: ListingInput[];
  /** Local names still without an uploaded file, once each. */
  missing: string[];
}

/**
 * The upload-images step (SPEC §4): replaces local image names with the addresses of the uploaded files.
 * `uploads` maps a file name (any folder, any case) to its address. Listings are copied, not changed.
 */
export function resolveLocalImages(
  listings: readonly ListingInput[],
  uploads: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
): ResolvedLocalImages {
  const byKey = new Map<string, string>();
  const entries = uploads instanceof Map ? [...uploads.entries()] : Object.entries(uploads);
  for (const [name, url] of entries) byKey.set(localImageKey(name), url);
  const missing = new Set<string>();
  const resolve = <T extends string | null | undefined>(value: T): T | string => {
    if (!value || classifyImage(value).kind !== 'local') return value;
    const url = byKey.get(localImageKey(value));
    if (url === undefined) missing.add(value);
    return url ?? value;
  };
  const out = listings.map((l) => ({
    ...l,
    main_image: resolve(l.main_image),
    images: l.images?.map((img) => ({ ...img, original: resolve(img.original) })),
    variations: l.variations?.map((v) => ({ ...v, image: resolve(v.image) })),
  }));
  return { listings: out, missing: [...missing] };
}
