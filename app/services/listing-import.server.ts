import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DROPZONE_MAX_FILE_SIZE_MB } from '../../core/constants.ts';
import { parseProductCsv, type CsvFormat, type CsvProblem } from '../../core/csv/index.ts';
import { ListingSchema, type Listing, type ListingInput } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { badRequest, describeIssues, tooLarge } from './http.server.ts';
import { describePath, findInputProblem } from './input-checks.server.ts';
import type { Storage } from './storage.server.ts';

/**
 * The CSV import (SPEC §4 'CSV import': upload-csv → upload-images → review-listings → import). The file is
 * read here and answered for review; nothing is stored until the reviewed listings come back through
 * POST api/v1/listings, which upserts them into the own account by external_id.
 */

/** SPEC §9 'Dropzone max file size is 10' (megabytes): for the CSV file and for each image. */
export const IMPORT_MAX_FILE_BYTES = DROPZONE_MAX_FILE_SIZE_MB * 1024 * 1024;
/** One image-upload request may carry several pictures. */
export const IMAGE_UPLOAD_MAX_REQUEST_BYTES = 5 * IMPORT_MAX_FILE_BYTES;

export const IMPORT_MESSAGES = {
  fileTooLarge: `The file is larger than ${DROPZONE_MAX_FILE_SIZE_MB} MB.`,
  imagesTooLarge: `Send at most ${5 * DROPZONE_MAX_FILE_SIZE_MB} MB of pictures at a time.`,
  noFile: 'Choose a CSV file to import.',
  noImages: 'Choose the pictures to upload.',
  imageTooLarge: (name: string) => `"${name}" is larger than ${DROPZONE_MAX_FILE_SIZE_MB} MB.`,
  notAnImage: (name: string) => `"${name}" is not a JPEG, PNG, GIF or WebP picture.`,
} as const;

export type ImportReview = {
  format: CsvFormat;
  rowCount: number;
  listings: Listing[];
  /** Image names without a host: the upload-images step asks for these files. */
  localImages: string[];
  warnings: CsvProblem[];
};

/**
 * Read a product file for review. Any blocking problem is a 400 whose message is the first problem's (the
 * SPEC §5 sentence when there is one) and whose details list every problem with its line and column.
 */
export function reviewProductCsv(opts: { text: string; currency?: string }): ImportReview {
  const result = parseProductCsv(opts.text, { currency: opts.currency || undefined });
  if (result.errors.length > 0) throw badRequest(result.errors[0]!.message, result.errors);
  return {
    format: result.format,
    rowCount: result.rowCount,
    listings: result.listings.map(storableListing),
    localImages: result.localImages,
    warnings: result.warnings,
  };
}

/**
 * A listing read from the file as the import will store it; one the listings table cannot hold (a category past
 * its index's limit, a stock past 32 bits, a NUL character) is a 400 naming the product and the field.
 */
function storableListing(input: ListingInput, index: number): Listing {
  const product = `Product ${index + 1} (${String(input.title ?? '').slice(0, 60)})`;
  const problem = findInputProblem(input);
  if (problem) throw badRequest(`${product}: ${describePath(problem.path)}: ${problem.message}`);
  const r = ListingSchema.safeParse(input);
  if (!r.success) throw badRequest(`${product}: ${describeIssues(r.error)}`);
  return r.data;
}

const IMAGE_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** A storage key keeps the file's name readable (and its extension) within the allowed characters. */
function safeName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? 'image').normalize('NFKD').replace(/[^\w.@-]+/g, '-');
  return base.replace(/^[^A-Za-z0-9]+/, '').slice(-120) || 'image';
}

/**
 * The upload-images step: keep each picture in file storage and in the user's files, and answer the address
 * to put in place of its name (core/csv resolveLocalImages does the replacing). The content is checked to be
 * a picture, not the name or the type the browser claims.
 */
export async function storeListingImages(opts: {
  db: Db;
  storage: Storage;
  ownerId: string;
  files: File[];
}): Promise<{ name: string; url: string }[]> {
  if (opts.files.length === 0) throw badRequest(IMPORT_MESSAGES.noImages);
  const checked: { file: File; bytes: Buffer; type: string }[] = [];
  for (const file of opts.files) {
    if (file.size > IMPORT_MAX_FILE_BYTES) throw tooLarge(IMPORT_MESSAGES.imageTooLarge(file.name));
    const bytes = Buffer.from(await file.arrayBuffer());
    const format = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .metadata()
      .then((m) => m.format as string | undefined)
      .catch(() => undefined);
    const type = format ? IMAGE_TYPES[format] : undefined;
    if (!type) throw badRequest(IMPORT_MESSAGES.notAnImage(file.name));
    checked.push({ file, bytes, type });
  }
  const out: { name: string; url: string }[] = [];
  for (const { file, bytes, type } of checked) {
    const key = `images/${opts.ownerId}/${randomUUID()}/${safeName(file.name)}`;
    await opts.storage.put(key, bytes, { contentType: type });
    const url = opts.storage.url(key);
    await opts.db.insert(files).values({
      ownerId: opts.ownerId,
      name: file.name,
      key,
      url,
      filetype: 'image',
      mimeType: type,
      size: bytes.byteLength,
    });
    out.push({ name: file.name, url });
  }
  return out;
}
