import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readImageInfo, toJpeg, type ImageInfo } from './process.ts';
import { safeFetch, type SafeFetchOptions } from './fetch.ts';

/** A source within this factor of the target is used as is: re-encoding it would save little and cost time. */
const PASS_THROUGH_TOLERANCE = 1.15;
/** Targets are rounded up to this many pixels so near-identical placements share one prepared file. */
const SIZE_STEP = 16;

export type PreparedImage = { file: string; width: number; height: number; passThrough: boolean };

export type ImageCache = {
  dir: string;
  /** Size and kind of a local image (memoised per file version). */
  info: (file: string) => Promise<ImageInfo>;
  /**
   * The image at `file` as a JPEG of at most width × height pixels at `quality`, written once per content and
   * target (later renders reuse it). A JPEG already small enough is returned as is, never re-encoded.
   */
  prepare: (opts: { file: string; width: number; height: number; quality: number }) => Promise<PreparedImage>;
  /** A local copy of a remote image, fetched through the SSRF guard once per URL. */
  fetch: (url: string, opts?: SafeFetchOptions) => Promise<string>;
};

const sha1 = (s: string | Buffer) => createHash('sha1').update(s).digest('hex');

async function writeAtomically(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** Prepared images on local disk (DATA_DIR/cache/images by default), shared by every job of a process. */
export function createImageCache(dir: string): ImageCache {
  mkdirSync(dir, { recursive: true });
  const infos = new Map<string, Promise<ImageInfo>>();
  const prepared = new Map<string, Promise<PreparedImage>>();
  const fetched = new Map<string, Promise<string>>();

  /** A file's identity without reading it: path, size and modification time. */
  const identity = async (file: string) => {
    const s = await stat(file);
    return `${path.resolve(file)}:${s.size}:${s.mtimeMs}`;
  };
  const memo = <T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> => {
    let p = map.get(key);
    if (!p) {
      p = make();
      map.set(key, p);
      p.catch(() => map.delete(key));
    }
    return p;
  };

  const cache: ImageCache = {
    dir,
    info: async (file) => memo(infos, await identity(file), () => readImageInfo(file)),
    prepare: async ({ file, width, height, quality }) => {
      const id = await identity(file);
      const w = Math.ceil(width / SIZE_STEP) * SIZE_STEP;
      const h = Math.ceil(height / SIZE_STEP) * SIZE_STEP;
      return memo(prepared, `${id}|${w}x${h}|q${quality}`, async () => {
        const info = await memo(infos, id, () => readImageInfo(file));
        const scale = Math.min(w / info.width, h / info.height);
        if (info.embeddableJpeg && scale * PASS_THROUGH_TOLERANCE >= 1) {
          return { file, width: info.width, height: info.height, passThrough: true };
        }
        const out = path.join(dir, `${sha1(`${id}|${w}x${h}|q${quality}`)}.jpg`);
        try {
          const s = await stat(out);
          if (s.size > 0) {
            const i = await readImageInfo(out);
            return { file: out, width: i.width, height: i.height, passThrough: false };
          }
        } catch {
          // not prepared yet
        }
        const r = await toJpeg(file, { maxWidth: w, maxHeight: h, quality });
        await writeAtomically(out, r.data);
        return { file: out, width: r.width, height: r.height, passThrough: false };
      });
    },
    fetch: (url, opts) =>
      memo(fetched, url, async () => {
        // Once per process: a later render fetches again, since the merchant may have changed the picture.
        const out = path.join(dir, `src-${sha1(url)}`);
        const { body } = await safeFetch(url, opts);
        await writeAtomically(out, body);
        return out;
      }),
  };
  return cache;
}
