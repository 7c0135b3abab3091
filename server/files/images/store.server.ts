import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { FILE_TYPES, fileKey } from '../uploads.server.ts';
import { keyFromUrl, type Storage } from '../storage.server.ts';
import { safeFetch, type SafeFetchOptions } from './fetch.server.ts';
import { CELL_IMAGE_SIZING_BASE } from '../../../core/constants.ts';
import { MAX_INPUT_PIXELS, PRODUCT_THUMBNAIL_PX, toJpeg } from './process.server.ts';

export type StoredImage = { compressed: string; thumbnail: string };

/** JPEG quality of kept copies: high, since every print size is made from them again. */
const KEPT_QUALITY = 92;

/** The bytes of an image URL: our own files from storage, anything else through the SSRF-guarded fetch. */
export async function readSourceImage(opts: {
  url: string;
  storage: Storage;
  appUrl?: string;
  fetchOptions?: SafeFetchOptions;
}): Promise<Buffer> {
  const own = opts.appUrl ? new URL(opts.appUrl).origin : null;
  const path = opts.url.startsWith('/')
    ? opts.url
    : own && opts.url.startsWith(own)
      ? new URL(opts.url).pathname
      : null;
  const key = path ? keyFromUrl(path) : null;
  if (key) {
    const body = await opts.storage.get(key);
    if (!body) throw new Error(`No stored file at ${opts.url}`);
    return body;
  }
  return (await safeFetch(opts.url, opts.fetchOptions)).body;
}

/**
 * An image compressed for print (SPEC §9 sizing base, any input format converted to JPEG) and its thumbnail,
 * stored under keys named by content and size: processing the same picture twice writes nothing new.
 */
export async function storeCompressedImage(opts: {
  source: Buffer;
  /** The owner's folder of compressed copies (`img/<ownerId>`), removed with the account. */
  folder: string;
  target: { width: number; height: number };
  quality: number;
  storage: Storage;
}): Promise<StoredImage> {
  const { storage } = opts;
  // Reject what is not an image, or too many pixels, before any work.
  const meta = await sharp(opts.source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error('Not an image');
  const hash = createHash('sha256').update(opts.source).digest('hex').slice(0, 32);
  const jpeg = FILE_TYPES.jpeg;
  const compressedKey = fileKey(
    `${opts.folder}/${hash}-${opts.target.width}x${opts.target.height}-q${opts.quality}`,
    jpeg,
  );
  const thumbKey = fileKey(`${opts.folder}/${hash}-thumb`, jpeg);
  if (!(await storage.exists(compressedKey))) {
    const { data } = await toJpeg(opts.source, {
      maxWidth: opts.target.width,
      maxHeight: opts.target.height,
      quality: opts.quality,
    });
    await storage.put(compressedKey, data, { contentType: jpeg.mimeType });
  }
  if (!(await storage.exists(thumbKey))) {
    const { data } = await toJpeg(opts.source, {
      maxWidth: PRODUCT_THUMBNAIL_PX,
      maxHeight: PRODUCT_THUMBNAIL_PX,
      quality: 75,
    });
    await storage.put(thumbKey, data, { contentType: jpeg.mimeType });
  }
  return { compressed: storage.url(compressedKey), thumbnail: storage.url(thumbKey) };
}

/**
 * Our copy of a store's picture, kept so nothing later depends on the store: the largest size any cell prints
 * (SPEC §9 sizing base, a whole page) as a JPEG, under a key named by content (the same picture twice is one
 * file). Every compressed copy for a cell is made from it.
 */
export async function storeKeptImage(opts: { source: Buffer; storage: Storage }): Promise<string> {
  const { storage } = opts;
  const meta = await sharp(opts.source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error('Not an image');
  const hash = createHash('sha256').update(opts.source).digest('hex').slice(0, 32);
  const key = fileKey(`img/${hash}-kept`, FILE_TYPES.jpeg);
  if (!(await storage.exists(key))) {
    const { data } = await toJpeg(opts.source, {
      maxWidth: CELL_IMAGE_SIZING_BASE.width,
      maxHeight: CELL_IMAGE_SIZING_BASE.height,
      quality: KEPT_QUALITY,
    });
    await storage.put(key, data, { contentType: FILE_TYPES.jpeg.mimeType });
  }
  return storage.url(key);
}
