import { DROPZONE_MAX_FILE_SIZE_MB } from '../../core/constants.ts';
import { parseProductCsv, type CsvFormat, type CsvProblem } from '../../core/csv/index.ts';
import { ListingSchema, type Listing, type ListingInput } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import {
  checkUpload,
  PICTURE_MAX_BYTES,
  PICTURE_MESSAGES,
  PICTURES_MAX_REQUEST_BYTES,
  storeUploads,
  type CheckedUpload,
  type Storage,
} from '../files/index.ts';
import { badRequest, tooLarge, describeIssues, describePath, findInputProblem } from '../platform/index.ts';

/**
 * The CSV import (SPEC §4 'CSV import': upload-csv → upload-images → review-listings → import). The file is
 * read here and answered for review; nothing is stored until the reviewed listings come back through
 * POST api/v1/listings, which upserts them into the own account by external_id.
 */

/** SPEC §9 'Dropzone max file size is 10' (megabytes): for the CSV file and for each image. */
export const IMPORT_MAX_FILE_BYTES = PICTURE_MAX_BYTES;
/** One image-upload request may carry several pictures. */
export const IMAGE_UPLOAD_MAX_REQUEST_BYTES = PICTURES_MAX_REQUEST_BYTES;

export const IMPORT_MESSAGES = {
  fileTooLarge: `The file is larger than ${DROPZONE_MAX_FILE_SIZE_MB} MB.`,
  imagesTooLarge: PICTURE_MESSAGES.requestTooLarge,
  noFile: 'Choose a CSV file to import.',
  noImages: PICTURE_MESSAGES.noFiles,
  imageTooLarge: PICTURE_MESSAGES.tooLarge,
  notAnImage: PICTURE_MESSAGES.notAnImage,
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

/**
 * The upload-images step: keep each picture in file storage and in the user's files, and answer the address
 * to put in place of its name (core/csv resolveLocalImages does the replacing). The content is checked to be
 * a picture, not the name or the type the browser claims, and is stored under a name of ours (files.server.ts).
 */
export async function storeListingImages(opts: {
  db: Db;
  storage: Storage;
  ownerId: string;
  files: File[];
}): Promise<{ name: string; url: string }[]> {
  if (opts.files.length === 0) throw badRequest(IMPORT_MESSAGES.noImages);
  const uploads: CheckedUpload[] = [];
  for (const file of opts.files) {
    if (file.size > IMPORT_MAX_FILE_BYTES) throw tooLarge(IMPORT_MESSAGES.imageTooLarge(file.name));
    uploads.push(await checkUpload({ file, accept: ['image'], notAccepted: IMPORT_MESSAGES.notAnImage }));
  }
  const { db, storage, ownerId } = opts;
  const stored = await storeUploads({ db, storage, ownerId, folder: `images/${ownerId}`, uploads });
  return stored.map(({ name, url }) => ({ name, url }));
}
