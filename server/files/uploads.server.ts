import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { badRequest } from '../platform/index.ts';
import type { Storage } from './storage.server.ts';

/**
 * The one rule for every file we keep and serve under /files: its key is a name we make, ending in the
 * extension of the type found in its content (never the uploader's name or claimed type, which stay in the
 * files record for display), and /files answers the type of that extension. A file the browser could run
 * (HTML, SVG) can then never come back as a page on our origin.
 */

export type FileKind = 'image' | 'font';
export type FileType = { ext: string; mimeType: string; kind: FileKind };

const type = (ext: string, mimeType: string, kind: FileKind): FileType => ({ ext, mimeType, kind });
export const FILE_TYPES = {
  jpeg: type('jpg', 'image/jpeg', 'image'),
  png: type('png', 'image/png', 'image'),
  gif: type('gif', 'image/gif', 'image'),
  webp: type('webp', 'image/webp', 'image'),
  woff: type('woff', 'font/woff', 'font'),
  woff2: type('woff2', 'font/woff2', 'font'),
  ttf: type('ttf', 'font/ttf', 'font'),
  otf: type('otf', 'font/otf', 'font'),
} as const satisfies Record<string, FileType>;

/** Our extensions, and `.jpeg` of pictures stored before keys were ours (their content was checked too). */
const SERVED: Record<string, FileType> = {
  ...Object.fromEntries(Object.values(FILE_TYPES).map((t) => [t.ext, t])),
  jpeg: FILE_TYPES.jpeg,
};

/** The sandbox keeps anything opened from /files from running script or reaching our cookies. */
export const FILES_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * The headers /files answers a key with: the type of its extension, and for any other extension (uploads
 * stored under the uploader's name before, 'evil.html') an attachment that is never a page.
 */
export function servedFileHeaders(key: string): Record<string, string> {
  const known = SERVED[path.posix.extname(key).slice(1).toLowerCase()];
  return {
    'Content-Type': known?.mimeType ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': FILES_CSP,
    ...(known ? {} : { 'Content-Disposition': 'attachment' }),
    // Browsers load fonts in CORS mode: the viewer on another origin (a merchant's host, start:viewer) needs this.
    ...(known?.kind === 'font'
      ? { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' }
      : {}),
  };
}

/** The key of a stored file: `stem` is ours (a hash, an id), the extension is the type's. */
export function fileKey(stem: string, fileType: FileType): string {
  return `${stem}.${fileType.ext}`;
}

/** A new key under `folder` for an uploaded file: a random name, so keys cannot be guessed either. */
export function newFileKey(folder: string, fileType: FileType): string {
  return fileKey(`${folder}/${randomUUID()}`, fileType);
}

/** sharp would also read SVG, TIFF, HEIF...: SVG can carry script, and browsers show none of the others. */
const SHARP_FORMATS: Record<string, FileType> = {
  jpeg: FILE_TYPES.jpeg,
  png: FILE_TYPES.png,
  gif: FILE_TYPES.gif,
  webp: FILE_TYPES.webp,
};
const MAX_INPUT_PIXELS = 100_000_000;

function fontType(bytes: Uint8Array): FileType | null {
  const tag = Buffer.from(bytes.subarray(0, 4)).toString('latin1');
  if (tag === 'wOFF') return FILE_TYPES.woff;
  if (tag === 'wOF2') return FILE_TYPES.woff2;
  if (tag === '\0\x01\0\0' || tag === 'true') return FILE_TYPES.ttf;
  if (tag === 'OTTO') return FILE_TYPES.otf;
  return null;
}

/** The type of a file from its content (sharp for pictures, the signature for fonts), or null. */
export async function detectFileType(
  bytes: Uint8Array,
  accept: readonly FileKind[],
): Promise<FileType | null> {
  if (bytes.byteLength < 4) return null;
  if (accept.includes('font')) {
    const font = fontType(bytes);
    if (font) return font;
  }
  if (!accept.includes('image')) return null;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return SHARP_FORMATS[meta.format ?? ''] ?? null;
  } catch {
    return null;
  }
}

export const UPLOAD_MESSAGES = {
  empty: (name: string) => `"${name}" is empty.`,
} as const;

/** An upload checked to be of an accepted type; `hash` is the SHA-256 of the content as it was sent. */
export type CheckedUpload = {
  name: string;
  bytes: Buffer;
  fileType: FileType;
  hash: string;
  /** Fonts: the family the file names, kept with its record. */
  fontFamily?: string | null;
};

/**
 * What was wrong with one uploaded file, in a refusal's `details`, so a client can say it in its own language
 * (the message stays English, like every API message).
 */
export type UploadProblem = { file: string; problem: 'empty' | 'not_accepted' | 'too_large' };
export const uploadProblem = (file: string, problem: UploadProblem['problem']): UploadProblem => ({
  file,
  problem,
});

/** An uploaded file's bytes and type: a 400 naming the file (and its problem) when it is empty or not one of `accept`. */
export async function checkUpload(opts: {
  file: File;
  accept: readonly FileKind[];
  notAccepted: (name: string) => string;
}): Promise<CheckedUpload> {
  const { file } = opts;
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.byteLength === 0)
    throw badRequest(UPLOAD_MESSAGES.empty(file.name), uploadProblem(file.name, 'empty'));
  const fileType = await detectFileType(bytes, opts.accept);
  if (!fileType) throw badRequest(opts.notAccepted(file.name), uploadProblem(file.name, 'not_accepted'));
  return { name: file.name, bytes, fileType, hash: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Keep checked uploads under new keys in `folder` with their files records, one copy a content per owner: an
 * upload whose content the owner already has (by `hash`, in this request or before) answers that file instead of
 * keeping a second one. The records go first, in one statement: a refused insert writes no file, and a failed
 * write removes the records and the files written, so no file is ever served without its record.
 */
export async function storeUploads(opts: {
  db: Db;
  storage: Storage;
  ownerId: string;
  folder: string;
  uploads: CheckedUpload[];
}): Promise<{ name: string; key: string; url: string }[]> {
  const { db, storage, ownerId } = opts;
  if (opts.uploads.length === 0) return [];
  const hashes = [...new Set(opts.uploads.map((u) => u.hash))];
  const kept = async () =>
    new Map(
      (
        await db
          .select({ hash: files.contentHash, key: files.key, url: files.url })
          .from(files)
          .where(and(eq(files.ownerId, ownerId), inArray(files.contentHash, hashes)))
      ).map((r) => [r.hash!, r]),
    );
  const before = await kept();
  const fresh = new Map<string, { upload: CheckedUpload; row: typeof files.$inferInsert }>();
  for (const u of opts.uploads) {
    if (before.has(u.hash) || fresh.has(u.hash)) continue;
    const key = newFileKey(opts.folder, u.fileType);
    fresh.set(u.hash, {
      upload: u,
      row: {
        ownerId,
        name: u.name,
        key,
        url: storage.url(key),
        filetype: u.fileType.kind,
        mimeType: u.fileType.mimeType,
        size: u.bytes.byteLength,
        contentHash: u.hash,
        fontFamily: u.fontFamily ?? null,
      },
    });
  }
  // Another request may keep the same content meanwhile: its record wins (one file a content per owner).
  const inserted = fresh.size
    ? await db
        .insert(files)
        .values([...fresh.values()].map((f) => f.row))
        .onConflictDoNothing()
        .returning({ key: files.key })
    : [];
  const ours = new Set(inserted.map((r) => r.key));
  const written: string[] = [];
  try {
    for (const { upload, row } of fresh.values()) {
      if (!ours.has(row.key)) continue;
      await storage.put(row.key, upload.bytes, { contentType: row.mimeType ?? undefined });
      written.push(row.key);
    }
  } catch (err) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    await db
      .delete(files)
      .where(inArray(files.key, [...ours]))
      .catch(() => {});
    throw err;
  }
  const stored: Map<string, { key: string; url: string }> = ours.size === fresh.size ? before : await kept();
  for (const [hash, { row }] of fresh)
    if (ours.has(row.key)) stored.set(hash, { key: row.key, url: row.url });
  return opts.uploads.map((u) => {
    const file = stored.get(u.hash)!;
    return { name: u.name, key: file.key, url: file.url };
  });
}
