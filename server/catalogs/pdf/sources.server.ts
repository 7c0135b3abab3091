import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  keyFromUrl,
  type Storage,
  writeAtomically,
  type ImageCache,
  type SafeFetchOptions,
} from '../../files/index.ts';

const sha1 = (s: string | Buffer) => createHash('sha1').update(s).digest('hex');

/** Where an asset of the document comes from: a local file, or a URL the page may keep (data:). */
export type AssetSource = { file: string } | { url: string } | null;
export type ResolveSource = (url: string) => Promise<AssetSource>;

/**
 * Assets of stored catalogs: our files (/files/<key>, also under the app's own address) from storage, inline
 * data: URLs as they are, and remote images through the SSRF-guarded fetch. Anything else is missing.
 */
export function storageSources(opts: {
  storage: Storage;
  images: ImageCache;
  appUrl?: string;
  fetchOptions?: SafeFetchOptions;
  /** The job's signal: an aborted render stops its downloads. */
  signal?: AbortSignal;
}): ResolveSource {
  const own = opts.appUrl ? new URL(opts.appUrl).origin : null;
  const fetchOptions = { ...opts.fetchOptions, signal: opts.signal ?? opts.fetchOptions?.signal };
  return async (url) => {
    if (/^data:/i.test(url)) return { url };
    const isOwn = url.startsWith('/files/') || (own !== null && url.startsWith(`${own}/files/`));
    if (isOwn) {
      const key = keyFromUrl(url.startsWith('/') ? url : new URL(url).pathname);
      if (!key) return null;
      const local = opts.storage.localPath(key);
      if (local) return existsSync(local) ? { file: local } : null;
      const body = await opts.storage.get(key);
      if (!body) return null;
      // Named by content, as every file of the image cache's folder (it never rewrites one: see cache.ts).
      const file = path.join(opts.images.dir, `stored-${sha1(key).slice(0, 16)}-${sha1(body).slice(0, 16)}`);
      if (!existsSync(file)) await writeAtomically(file, body);
      return { file };
    }
    if (/^https?:\/\//i.test(url)) return { file: await opts.images.fetch(url, fetchOptions) };
    return null;
  };
}

/** Assets of a catalog file (the CLI): paths relative to the file's folder, file: URLs, data: and http(s). */
export function localSources(opts: {
  baseDir: string;
  images: ImageCache;
  fetchOptions?: SafeFetchOptions;
}): ResolveSource {
  return async (url) => {
    if (/^data:/i.test(url)) return { url };
    if (/^https?:\/\//i.test(url)) return { file: await opts.images.fetch(url, opts.fetchOptions) };
    const file = url.startsWith('file:')
      ? fileURLToPath(url)
      : path.resolve(opts.baseDir, decodeURIComponent(url));
    return existsSync(file) ? { file } : null;
  };
}
