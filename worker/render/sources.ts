import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keyFromUrl, type Storage } from '../../app/services/storage.server.ts';
import type { ImageCache } from '../images/cache.ts';
import type { SafeFetchOptions } from '../images/fetch.ts';

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
}): ResolveSource {
  const own = opts.appUrl ? new URL(opts.appUrl).origin : null;
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
      const file = path.join(opts.images.dir, `stored-${key.replace(/[^A-Za-z0-9._-]/g, '_')}`);
      await writeFile(file, body);
      return { file };
    }
    if (/^https?:\/\//i.test(url)) return { file: await opts.images.fetch(url, opts.fetchOptions) };
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
