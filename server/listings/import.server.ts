import { z } from 'zod';
import { DROPZONE_MAX_FILE_SIZE_MB } from '../../core/constants.ts';
import {
  CSV_COLUMNS,
  locatedEnglish,
  parseProductCsv,
  type CsvColumnMapping,
  type CsvField,
  type CsvFormat,
  type CsvProblem,
  type ParseProductCsvResult,
} from '../../core/csv/index.ts';
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
import { loadUserSettings, saveUserSettings } from '../accounts/index.ts';
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
  badColumns:
    'columns must be a JSON object naming, for some of our fields (title, price, category, image, ...), the ' +
    "file's column header that holds it.",
} as const;

/** A column mapping as a client sends it: our field → the file's header as written. */
export const CsvColumnMappingSchema = z
  .partialRecord(
    z.enum(Object.keys(CSV_COLUMNS) as [CsvField, ...CsvField[]]),
    z.string().trim().min(1).max(500),
  )
  .describe("Our field (title, price, category, image, sku, ...) → the file's column header that holds it");

/** The `columns` multipart field: the mapping as JSON; anything else is a 400 saying what it must be. */
export function readColumnMapping(value: unknown): CsvColumnMapping | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch {
    throw badRequest(IMPORT_MESSAGES.badColumns);
  }
  const r = CsvColumnMappingSchema.safeParse(parsed);
  if (!r.success) throw badRequest(IMPORT_MESSAGES.badColumns);
  return r.data;
}

export type ImportReview = {
  format: CsvFormat;
  rowCount: number;
  listings: Listing[];
  /** Image names without a host: the upload-images step asks for these files. */
  localImages: string[];
  warnings: CsvProblem[];
  /** The file's header row as written. */
  headers: string[];
  /** Our format: the header each of our fields was read from. */
  columns: CsvColumnMapping;
  /** How the columns were found: by their names, by the mapping sent, or by the one remembered from before. */
  columnsFrom: 'names' | 'request' | 'saved';
};

const missingColumns = (r: ParseProductCsvResult) => r.errors.some((e) => e.code === 'missing_columns');

/**
 * Read a product file for review. Any blocking problem is a 400 whose message is the first problem's (the
 * SPEC §5 sentence when there is one; any other said with its line and column) and whose details list every
 * problem with its line and column.
 *
 * Columns whose headers are not our names are read through a mapping (our field → the file's header): the one
 * sent, remembered for the merchant once the file reads without a problem (users.settings.csv_columns), else
 * the remembered one, tried only when the file's own headers miss a required column. Without either, the missing-columns problem carries
 * the headers and the columns matched so far, for the wizard's column-mapping step.
 */
export async function reviewProductCsv(opts: {
  db: Db;
  ownerId: string;
  text: string;
  currency?: string;
  columns?: CsvColumnMapping;
}): Promise<ImportReview> {
  const currency = opts.currency || undefined;
  let columnsFrom: ImportReview['columnsFrom'] = opts.columns ? 'request' : 'names';
  let result = parseProductCsv(opts.text, { currency, columns: opts.columns });
  if (!opts.columns && missingColumns(result)) {
    const saved = (await loadUserSettings(opts.db, opts.ownerId)).settings.csv_columns;
    if (saved) {
      const again = parseProductCsv(opts.text, { currency, columns: saved as CsvColumnMapping });
      // The remembered mapping helps only when it finds every required column; else the step starts from it.
      if (!missingColumns(again)) columnsFrom = 'saved';
      result = again;
    }
  }
  if (result.errors.length > 0) throw badRequest(locatedEnglish(result.errors[0]!), result.errors);
  const listings = result.listings.map(storableListing);
  // Remembered once it read the file: a request that fails changes nothing.
  if (opts.columns && result.format === 'catalog-builder') {
    // What the mapping found, as the file writes those headers; entries naming no header of this file are dropped.
    const used = Object.fromEntries(
      Object.keys(opts.columns).flatMap((field) => {
        const header = result.columns[field as CsvField];
        return header ? [[field, header]] : [];
      }),
    );
    if (Object.keys(used).length > 0)
      await saveUserSettings({ db: opts.db, userId: opts.ownerId, changes: { csv_columns: used } });
  }
  return {
    format: result.format,
    rowCount: result.rowCount,
    listings,
    localImages: result.localImages,
    warnings: result.warnings,
    headers: result.headers,
    columns: result.columns,
    columnsFrom,
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
