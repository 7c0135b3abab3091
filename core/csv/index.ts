/**
 * Product files (issue 3 §7): our own product CSV format (SPEC §4/§5 'CSV import') and the product CSV
 * exports of Shopify and WooCommerce, read into Listings with every problem pinned to a line and column.
 * Pure: runs in the browser editor, the worker, the API and the CLI alike.
 */
export { decodeCsvBytes, isBinaryText } from './decode.ts';
export { parseProductCsv } from './parse-product-csv.ts';
export { locateCellValue } from './read-rows.ts';
export type { ParseProductCsvOptions, ParseProductCsvResult } from './parse-product-csv.ts';
export { detectCsvFormat } from './detect.ts';
export type { CsvFormat } from './detect.ts';
export { CSV_MESSAGES, csvEnglish, formatCsvProblem, locatedEnglish } from './problems.ts';
export type { CsvProblem, CsvProblemCode, CsvText } from './problems.ts';
export {
  CSV_COLUMNS,
  CUSTOM_FIELD_PREFIXES,
  LIST_SEPARATOR,
  METAFIELD_PREFIXES,
  OPTION_SEPARATOR,
  REQUIRED_CSV_COLUMNS,
} from './columns.ts';
export type { CsvColumnMapping, CsvField } from './columns.ts';
export { toCsv } from './to-csv.ts';
export { localImageKey, resolveLocalImages } from './local-images.ts';
export type { ResolvedLocalImages } from './local-images.ts';
export { parsePrice, parseWholeNumber, classifyImage } from './values.ts';
export { tableCsv } from './table-csv.ts';
