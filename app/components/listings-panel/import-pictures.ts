import type { Listing } from '../../../core/model/index.ts';

/** A listing as the import sends it: with the picture names it had to leave out, if any. */
export type ImportListing = Listing & { missing_pictures?: string[] };

/**
 * A picture the merchant chose not to upload stays a file name, which no page can show: it is left out, and
 * the next picture becomes the main one. The names left out go with the listing (`missing_pictures`), so when
 * the file is imported again without its pictures, a product already there keeps the ones uploaded the first
 * time instead of losing them (POST api/v1/listings).
 */
export function withoutPictures(listings: Listing[], names: ReadonlySet<string>): ImportListing[] {
  if (names.size === 0) return listings;
  return listings.map((l) => {
    const dropped = new Set<string>();
    const keep = (v: string | null) => {
      if (v && names.has(v)) {
        dropped.add(v);
        return null;
      }
      return v;
    };
    const images = l.images.filter((i) => keep(i.original) !== null);
    const mainImage = keep(l.main_image) ?? images[0]?.original ?? null;
    const variations = l.variations.map((v) => ({ ...v, image: keep(v.image) }));
    if (dropped.size === 0) return l;
    return { ...l, images, main_image: mainImage, variations, missing_pictures: [...dropped] };
  });
}
