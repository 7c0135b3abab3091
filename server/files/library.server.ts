import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { DROPZONE_MAX_FILE_SIZE_MB } from '../../core/constants.ts';
import type { Db } from '../../db/client.ts';
import { findOwned, ownedBy } from '../../db/owned.ts';
import { catalogPages, files, listings } from '../../db/schema.ts';
import { badRequest, notFound } from '../platform/index.ts';
import type { Storage } from './storage.server.ts';
import {
  checkUpload,
  FILE_TYPES,
  storeUploads,
  uploadProblem,
  type CheckedUpload,
} from './uploads.server.ts';

/**
 * The merchant's picture library (SPEC §3 File, §7 api/v1/files): the pictures the editor's Images tab shows and
 * places on pages. Pictures are checked by content and kept under keys of ours (uploads.server.ts).
 */

/** SPEC §9 'Dropzone max file size is 10' (megabytes), for each picture. */
export const PICTURE_MAX_BYTES = DROPZONE_MAX_FILE_SIZE_MB * 1024 * 1024;
/** One upload request may carry several pictures. */
export const PICTURES_MAX_REQUEST_BYTES = 5 * PICTURE_MAX_BYTES;
/** SPEC §9: the file list pages by 25, fonts by 100. */
export const FILE_LIST_LIMITS = { image: 25, font: 100 } as const;

export const PICTURE_MESSAGES = {
  noFiles: 'Choose the pictures to upload.',
  requestTooLarge: `Send at most ${5 * DROPZONE_MAX_FILE_SIZE_MB} MB of pictures at a time.`,
  tooLarge: (name: string) => `"${name}" is larger than ${DROPZONE_MAX_FILE_SIZE_MB} MB.`,
  notAnImage: (name: string) => `"${name}" is not a JPEG, PNG, GIF or WebP picture.`,
  notFound: 'This picture is not in your files.',
} as const;

export type LibraryFile = {
  _id: string;
  name: string;
  url: string;
  filetype: string;
  mime_type: string | null;
  size: number | null;
  /** Fonts: the family the file names (the fonts panel offers the font by it); null for pictures. */
  family: string | null;
  created_at: string;
};

export const asLibraryFile = (row: typeof files.$inferSelect): LibraryFile => ({
  _id: row.id,
  name: row.name,
  url: row.url,
  filetype: row.filetype,
  mime_type: row.mimeType,
  size: row.size,
  family: row.filetype === 'font' ? (row.fontFamily ?? row.name) : null,
  created_at: row.createdAt.toISOString(),
});

/** The owner's files of one type, newest first (one upload's by name), a page at a time (page 1 first). */
export async function listFiles(opts: {
  db: Db;
  ownerId: string;
  filetype: 'image' | 'font';
  page: number;
  limit: number;
}): Promise<{ data: LibraryFile[]; total: number; count: number }> {
  const where = ownedBy(files, opts.ownerId, eq(files.filetype, opts.filetype), eq(files.temp, false));
  const [rows, [totals]] = await Promise.all([
    opts.db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.createdAt), asc(files.name), asc(files.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    opts.db.select({ n: count() }).from(files).where(where),
  ]);
  return { data: rows.map(asLibraryFile), total: totals?.n ?? 0, count: rows.length };
}

/**
 * SPEC §4 'Other': pictures with the webp extension are converted by the server. A WebP is kept as a JPEG, or a
 * PNG when it has transparency (a logo on a coloured page keeps its see-through background).
 */
async function convertWebp(upload: CheckedUpload): Promise<CheckedUpload> {
  if (upload.fileType !== FILE_TYPES.webp) return upload;
  const image = sharp(upload.bytes, { limitInputPixels: 100_000_000 }).rotate();
  const { hasAlpha } = await image.metadata();
  return hasAlpha
    ? { ...upload, bytes: await image.png().toBuffer(), fileType: FILE_TYPES.png }
    : {
        ...upload,
        bytes: await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer(),
        fileType: FILE_TYPES.jpeg,
      };
}

/**
 * Add pictures to the owner's library. Every file is checked before any is kept: one over 10 MB or not a picture
 * is a 400 naming it, and nothing of that request is stored.
 */
export async function uploadPictures(opts: {
  db: Db;
  storage: Storage;
  ownerId: string;
  files: File[];
}): Promise<LibraryFile[]> {
  if (opts.files.length === 0) throw badRequest(PICTURE_MESSAGES.noFiles);
  const uploads: CheckedUpload[] = [];
  for (const file of opts.files) {
    if (file.size > PICTURE_MAX_BYTES)
      throw badRequest(PICTURE_MESSAGES.tooLarge(file.name), uploadProblem(file.name, 'too_large'));
    const checked = await checkUpload({ file, accept: ['image'], notAccepted: PICTURE_MESSAGES.notAnImage });
    uploads.push(await convertWebp(checked));
  }
  const { db, storage, ownerId } = opts;
  const stored = await storeUploads({ db, storage, ownerId, folder: `images/${ownerId}`, uploads });
  const keys = stored.map((s) => s.key);
  const rows = await db
    .select()
    .from(files)
    .where(ownedBy(files, ownerId, inArray(files.key, keys)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((k) => asLibraryFile(byKey.get(k)!));
}

/** Whether any catalog page or listing (of anyone: catalogs copied from templates keep their pictures) shows `url`. */
async function fileInUse(db: Db, url: string): Promise<boolean> {
  const pattern = `%${url.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [page] = await db
    .select({ id: catalogPages.id })
    .from(catalogPages)
    .where(sql`${catalogPages.document}::text like ${pattern}`)
    .limit(1);
  if (page) return true;
  const [listing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${listings.document}::text like ${pattern}`)
    .limit(1);
  return !!listing;
}

/**
 * Take a picture or a font out of the owner's library. SPEC says nothing of files in use, so deleting is always
 * allowed and never breaks a page. A picture's record goes, and the stored file goes too unless a catalog page or a
 * listing still shows it, in which case those keep showing it (and the PDF and the online catalog keep printing
 * it). A font goes with its file: catalogs that used it fall back to the theme's next family in the editor, the
 * online catalog and the PDF alike (the fonts panel names it as missing), and never fail to render.
 */
export async function deleteLibraryFile(opts: {
  db: Db;
  storage: Storage;
  ownerId: string;
  id: string;
}): Promise<{ _id: string; fileKept: boolean }> {
  const row = await findOwned(opts.db, files, opts.id, opts.ownerId);
  if (!row || (row.filetype !== 'image' && row.filetype !== 'font'))
    throw notFound(PICTURE_MESSAGES.notFound);
  await opts.db.delete(files).where(and(eq(files.id, row.id), eq(files.ownerId, opts.ownerId)));
  const fileKept = row.filetype === 'image' && (await fileInUse(opts.db, row.url));
  if (!fileKept) await opts.storage.delete(row.key);
  return { _id: row.id, fileKept };
}
