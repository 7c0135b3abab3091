import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';

/** Where files live (product images, fonts, PDFs, page images). Keys are relative paths like "pdf/<id>.pdf". */
export type Storage = {
  put: (key: string, body: Buffer | Uint8Array | Readable, opts?: { contentType?: string }) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  stream: (key: string) => Readable | null;
  exists: (key: string) => Promise<boolean>;
  size: (key: string) => Promise<number | null>;
  /** Replace `to` with `from` in one step: readers see the old file or the new one, never a partial one. */
  move: (from: string, to: string) => Promise<void>;
  delete: (key: string) => Promise<void>;
  /** The path the app serves the file at. */
  url: (key: string) => string;
  /** The file on local disk (for Chromium and sharp), or null when storage is remote. */
  localPath: (key: string) => string | null;
};

export const FILES_URL_PREFIX = '/files/';
const KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.@-]{0,400}$/;

export class InvalidKeyError extends Error {}

export function assertKey(key: string): string {
  if (!KEY.test(key) || key.includes('//')) throw new InvalidKeyError(`Invalid storage key: ${key}`);
  return key;
}

/** The storage key a /files/... URL points to, or null for any other URL. */
export function keyFromUrl(url: string): string | null {
  const p = url.startsWith('http') ? new URL(url).pathname : url;
  if (!p.startsWith(FILES_URL_PREFIX)) return null;
  const key = decodeURIComponent(p.slice(FILES_URL_PREFIX.length));
  return KEY.test(key) ? key : null;
}

/** Files on local disk under DATA_DIR/files; writes go through a temporary file and a rename. */
export function createLocalStorage(root: string): Storage {
  const full = (key: string) => path.join(root, assertKey(key));
  const tmpFor = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;
  return {
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
    stream(key) {
      const file = full(key);
      return existsSync(file) ? createReadStream(file) : null;
    },
    async exists(key) {
      return existsSync(full(key));
    },
    async size(key) {
      try {
        return (await stat(full(key))).size;
      } catch {
        return null;
      }
    },
    async move(from, to) {
      const target = full(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(full(from), target);
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    url: (key) => FILES_URL_PREFIX + assertKey(key).split('/').map(encodeURIComponent).join('/'),
    localPath: (key) => full(key),
  };
}
