import { z } from 'zod';
import { ListingSchema } from '../../core/model/index.ts';
import { decodeCsvBytes } from '../../core/csv/index.ts';
import { badRequest, tooLarge, formFiles, readMultipart } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';
import {
  CsvColumnMappingSchema,
  IMAGE_UPLOAD_MAX_REQUEST_BYTES,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MESSAGES,
  readColumnMapping,
  reviewProductCsv,
  storeListingImages,
} from '../../server/listings/index.ts';

const ProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  text: z
    .object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })
    .describe("The message's words: a key of the csv i18n namespace and the values it names"),
  line: z.number(),
  column: z.number().nullable(),
  columnName: z.string().nullable(),
  value: z.string().optional(),
  hint: z.string().optional(),
  headers: z
    .array(z.string())
    .optional()
    .describe("Missing columns only: the file's header row, to map its columns to ours"),
  columns: CsvColumnMappingSchema.optional().describe(
    'Missing columns only: the columns matched so far (by name, or by the mapping sent or remembered)',
  ),
  sample: z
    .array(z.string())
    .optional()
    .describe("Missing columns only: the first product row's values, one per header"),
});

export const importListingsEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/listings/import',
    summary:
      'Read a product CSV (multipart field file: our format, or a Shopify or WooCommerce export, comma, ' +
      'semicolon or tab separated; optional fields currency and columns) and answer its listings for review; ' +
      'nothing is stored. A file that cannot be imported is a 400 with the SPEC §5 message (a file that is ' +
      'not text: "This file is not a CSV file") and every problem, with its line and column, in details. ' +
      "When the required columns are missing under our names, the problem lists the file's headers: send the " +
      'file again with columns, a JSON object of our field → header ({"title":"Désignation","price":"Prix"}). ' +
      'A mapping that finds the required columns is remembered for the user and applied to the next file ' +
      'whose headers are not ours (columnsFrom: saved).',
    tags: ['listings'],
    auth: 'user',
    rawBody: true,
    multipart: z.object({
      file: z.file(),
      currency: z.string().optional(),
      columns: z
        .string()
        .optional()
        .describe(
          "JSON object: our field (title, price, category, image, description, sku, stock, ...) → the file's " +
            'column header that holds it, for columns not named as ours',
        ),
    }),
    response: z.object({
      format: z.enum(['catalog-builder', 'shopify', 'woocommerce']),
      rowCount: z.number(),
      listings: z.array(ListingSchema),
      localImages: z.array(z.string()),
      warnings: z.array(ProblemSchema),
      headers: z.array(z.string()).describe("The file's header row as written"),
      columns: CsvColumnMappingSchema.describe('Our format: the header each of our fields was read from'),
      columnsFrom: z
        .enum(['names', 'request', 'saved'])
        .describe('How the columns were found: by their names, the mapping sent, or the remembered one'),
    }),
    errors: [413],
  },
  async ({ request, user, runtime }) => {
    const form = await readMultipart(request, {
      maxBytes: IMPORT_MAX_FILE_BYTES + 64 * 1024,
      tooLargeMessage: IMPORT_MESSAGES.fileTooLarge,
    });
    const [file] = formFiles(form, 'file');
    if (!file) throw badRequest(IMPORT_MESSAGES.noFile);
    if (file.size > IMPORT_MAX_FILE_BYTES) throw tooLarge(IMPORT_MESSAGES.fileTooLarge);
    const currency = form.get('currency');
    return reviewProductCsv({
      db: runtime.db,
      ownerId: user.id,
      text: decodeCsvBytes(new Uint8Array(await file.arrayBuffer())),
      currency: typeof currency === 'string' ? currency.trim() : undefined,
      columns: readColumnMapping(form.get('columns')),
    });
  },
);

export const importListingImagesEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/listings/import/images',
    summary:
      'The upload-images step: store pictures (multipart field files, each at most 10 MB) and answer the ' +
      'address of each by its file name, to replace the local names of the CSV',
    tags: ['listings'],
    auth: 'user',
    rawBody: true,
    multipart: z.object({ files: z.array(z.file()) }),
    response: z.object({ data: z.array(z.object({ name: z.string(), url: z.string() })) }),
    errors: [413],
  },
  async ({ request, user, runtime }) => {
    const form = await readMultipart(request, {
      maxBytes: IMAGE_UPLOAD_MAX_REQUEST_BYTES,
      tooLargeMessage: IMPORT_MESSAGES.imagesTooLarge,
    });
    return {
      data: await storeListingImages({
        db: runtime.db,
        storage: runtime.storage,
        ownerId: user.id,
        files: formFiles(form, 'files'),
      }),
    };
  },
);
