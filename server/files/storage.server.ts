import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';

/** What storage knows of a file without reading it. */
export type StoredFile = { size: number; etag: string; lastModified: Date };
/** A byte range, both ends included (HTTP Range's meaning). */
export type ByteRange = { start: number; end: number };

/**
 * Where files live (product images, fonts, PDFs, page images): local disk (the default) or an S3-compatible
 * bucket (S3_BUCKET, s3-storage.server.ts), so every app, viewer and worker machine sees the same files. Keys are
 * relative paths like "pdf/<id>.pdf".
 */
export type Storage = {
  kind: 'local' | 's3';
  /** Written whole or not at all: a reader never sees a partial file, and a failed write leaves the old one. */
  put: (key: string, body: Buffer | Uint8Array | Readable, opts?: { contentType?: string }) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  /** The file's bytes (`range`: part of them), or null when it does not exist. */
  open: (key: string, range?: ByteRange) => Promise<Readable | null>;
  head: (key: string) => Promise<StoredFile | null>;
  exists: (key: string) => Promise<boolean>;
  size: (key: string) => Promise<number | null>;
  /** Replace `to` with `from` in one step: readers see the old file or the new one, never a partial one. */
  move: (from: string, to: string) => Promise<void>;
  delete: (key: string) => Promise<void>;
  /** Every file under a folder (`prefix` ends with '/') but those in `keep`; answers how many went. */
  deletePrefix: (prefix: string, opts?: { keep?: ReadonlySet<string> }) => Promise<number>;
  /** The files under a folder (`prefix` ends with '/'), in no particular order. */
  list: (prefix: string) => AsyncIterable<{ key: string } & Pick<StoredFile, 'size' | 'lastModified'>>;
  /** The path the app serves the file at. */
  url: (key: string) => string;
  /** The file on local disk (for Chromium and sharp), or null when storage is remote. */
  localPath: (key: string) => string | null;
  /**
   * A short-lived address a browser downloads the file from directly, with these response headers, or null when
   * the storage has none (local disk: the app serves the file itself).
   */
  signedUrl: (
    key: string,
    opts: { expiresInSeconds: number; contentType: string; contentDisposition: string },
  ) => Promise<string | null>;
};

export const FILES_URL_PREFIX = '/files/';
const KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.@-]{0,400}$/;

export class InvalidKeyError extends Error {}

export function assertKey(key: string): string {
  if (!KEY.test(key) || key.includes('//')) throw new InvalidKeyError(`Invalid storage key: ${key}`);
  return key;
}

/** A folder of keys: a key followed by '/'. */
export function assertPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new InvalidKeyError(`Invalid storage folder: ${prefix}`);
  assertKey(prefix.slice(0, -1));
  return prefix;
}

/** The storage key a /files/... URL points to, or null for any other URL. */
export function keyFromUrl(url: string): string | null {
  const p = url.startsWith('http') ? new URL(url).pathname : url;
  if (!p.startsWith(FILES_URL_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(p.slice(FILES_URL_PREFIX.length));
  } catch {
    return null;
  }
  return KEY.test(key) ? key : null;
}

export const fileUrlOf = (key: string) =>
  FILES_URL_PREFIX + assertKey(key).split('/').map(encodeURIComponent).join('/');

/** Temporary files of a local write in progress end with this; they are never served. */
export const PARTIAL_SUFFIX = '.tmp';

/** Files on local disk under DATA_DIR/files; writes go through a temporary file and a rename. */
export function createLocalStorage(root: string): Storage {
  const full = (key: string) => path.join(root, assertKey(key));
  const tmpFor = (file: string) => `${file}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
  const statOf = async (key: string) => {
    try {
      const s = await stat(full(key));
      return s.isFile() ? s : null;
    } catch {
      return null;
    }
  };
  async function* walk(
    dir: string,
    prefix: string,
  ): AsyncGenerator<{ key: string; size: number; lastModified: Date }> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) yield* walk(file, `${prefix}${e.name}/`);
      else if (e.isFile()) {
        const s = await stat(file).catch(() => null);
        if (s) yield { key: `${prefix}${e.name}`, size: s.size, lastModified: s.mtime };
      }
    }
  }
  return {
    kind: 'local',
    async put(key, body) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = tmpFor(file);
      try {
        if (body instanceof Uint8Array) await writeFile(tmp, body);
        else await pipeline(body, createWriteStream(tmp));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch {
        return null;
      }
    },
    async open(key, range) {
      if (!(await statOf(key))) return null;
      return createReadStream(full(key), range ? { start: range.start, end: range.end } : {});
    },
    async head(key) {
      const s = await statOf(key);
      // The same validator express.static gave these files before.
      return s
        ? {
            size: s.size,
            etag: `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
            lastModified: s.mtime,
          }
        : null;
    },
    async exists(key) {
      return (await statOf(key)) !== null;
    },
    async size(key) {
      return (await statOf(key))?.size ?? null;
    },
    async move(from, to) {
      const target = full(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(full(from), target);
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    async deletePrefix(prefix, opts) {
      const dir = path.join(root, assertPrefix(prefix));
      let count = 0;
      if (opts?.keep?.size) {
        for await (const f of walk(dir, prefix)) {
          if (opts.keep.has(f.key)) continue;
          await rm(full(f.key), { force: true });
          count++;
        }
        return count;
      }
      for await (const _ of walk(dir, prefix)) count++;
      await rm(dir, { recursive: true, force: true });
      return count;
    },
    list: (prefix) => walk(path.join(root, assertPrefix(prefix)), prefix),
    url: fileUrlOf,
    localPath: (key) => full(key),
    signedUrl: async () => null,
  };
}
