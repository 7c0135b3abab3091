import { checkListingBounds } from './bounds.ts';
import {
  matchedColumns,
  missingCatalogBuilderColumns,
  mapCatalogBuilderRows,
} from './catalog-builder-format.ts';
import type { CsvColumnMapping } from './columns.ts';
import { isBinaryText } from './decode.ts';
import { detectCsvFormat, type CsvFormat } from './detect.ts';
import type { ListingInput } from './model-types.ts';
import { CSV_MESSAGES, csvEnglish, sortProblems, type CsvProblem } from './problems.ts';
import { readRows } from './read-rows.ts';
import { Sheet } from './sheet.ts';
import { mapShopifyRows } from './shopify-format.ts';
import { mapWooCommerceRows } from './woocommerce-format.ts';

export interface ParseProductCsvOptions {
  /** ISO code for prices when the file names none (Shopify and WooCommerce exports never do). */
  currency?: string;
  /** Cell delimiter; by default read from the header line (',', ';' or tab). */
  delimiter?: string;
  /** Skip detection, e.g. when the merchant picked the format. */
  format?: CsvFormat;
  /**
   * Our format only: the columns whose headers are not our names (our field → the file's header as written),
   * from the import's column-mapping step. Entries naming a header the file does not have are ignored.
   */
  columns?: CsvColumnMapping;
}

export interface ParseProductCsvResult {
  format: CsvFormat;
  /** Every product read, to review; ListingSchema.parse fills in the defaults. */
  listings: ListingInput[];
  /** Image values without a host, in file order, once each: the upload-images step asks for these files. */
  localImages: string[];
  /** Problems that block the import; the SPEC §5 message, when there is one, comes first. */
  errors: CsvProblem[];
  /** Problems worth showing that do not block (an unknown column that is ignored). */
  warnings: CsvProblem[];
  /** Data rows read (blank lines excluded). */
  rowCount: number;
  /** The header row as written. */
  headers: string[];
  /** Our format: the header each field was read from (by its name or by `columns`); {} for the others. */
  columns: CsvColumnMapping;
}

/**
 * Reads a product file: our own format, or a Shopify or WooCommerce product export, detected from the
 * header. Never throws on bad input: whatever is wrong comes back in `errors`, with its line and column.
 */
export function parseProductCsv(text: string, opts: ParseProductCsvOptions = {}): ParseProductCsvResult {
  // A picture or a spreadsheet renamed .csv would read as pages of mojibake problems: one sentence instead.
  if (isBinaryText(text)) return notACsvFile();
  const table = readRows(text, opts.delimiter);
  const sheet = new Sheet(table);
  const format = opts.format ?? detectCsvFormat(sheet.headers);
  const result = (listings: ListingInput[]): ParseProductCsvResult => ({
    format,
    listings,
    localImages: [...sheet.localImages],
    errors: sortProblems([
      ...table.problems.map((p) => ({
        ...p,
        columnName: p.column === null ? null : (sheet.headers[p.column - 1] ?? null),
      })),
      ...sheet.errors,
    ]),
    warnings: sortProblems(sheet.warnings),
    rowCount: table.rows.length,
    headers: sheet.headers,
    columns: format === 'catalog-builder' ? matchedColumns(sheet, opts.columns) : {},
  });

  if (table.rows.length === 0) {
    sheet.problem('error', 'not_enough_lines', CSV_MESSAGES.notEnoughLines, null, null);
    return result([]);
  }
  const missing =
    format === 'catalog-builder'
      ? missingCatalogBuilderColumns(sheet, opts.columns)
      : format === 'shopify'
        ? ['Handle', 'Title'].filter((c) => !sheet.has(c))
        : ['Name'].filter((c) => !sheet.has(c));
  if (missing.length > 0) {
    sheet.problem('error', 'missing_columns', CSV_MESSAGES.missingColumns(missing), table.header, null, {
      headers: sheet.headers,
      columns: format === 'catalog-builder' ? matchedColumns(sheet, opts.columns) : {},
      sample: sheet.headers.map((_, i) => (table.rows[0]?.cells[i] ?? '').trim().slice(0, 200)),
    });
    return result([]);
  }

  checkRowLengths(sheet);
  const currency = opts.currency?.toUpperCase();
  const listings =
    format === 'shopify'
      ? mapShopifyRows(sheet, { currency })
      : format === 'woocommerce'
        ? mapWooCommerceRows(sheet, { currency })
        : mapCatalogBuilderRows(sheet, { currency, mapping: opts.columns });
  checkListingBounds(sheet, listings);
  return result(listings);
}

function notACsvFile(): ParseProductCsvResult {
  const words = CSV_MESSAGES.notCsv;
  return {
    format: 'catalog-builder',
    listings: [],
    localImages: [],
    errors: [
      { code: 'not_csv', message: csvEnglish(words), text: words, line: 1, column: null, columnName: null },
    ],
    warnings: [],
    rowCount: 0,
    headers: [],
    columns: {},
  };
}

/** A row longer than the header usually means an unquoted delimiter shifted every value after it. */
function checkRowLengths(sheet: Sheet): void {
  const width = sheet.headers.length;
  for (const row of sheet.table.rows) {
    if (row.cells.length <= width) continue;
    let extra = false;
    for (let i = width; i < row.cells.length; i++) if (row.cells[i].trim() !== '') extra = true;
    if (extra)
      sheet.error('too_many_values', CSV_MESSAGES.tooManyValues(row.cells.length, width), row, width);
  }
}
