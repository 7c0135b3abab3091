import english from '../i18n/locales/en/csv.json';
import type { CsvField } from './columns.ts';

/**
 * Problems found in a product file, each pinned to a line and a column of the file so the CLI can print
 * "file:line:column: message" and the API can answer 400 with the SPEC §5 text.
 */

export type CsvProblemCode =
  | 'not_csv'
  | 'not_enough_lines'
  | 'missing_columns'
  | 'duplicate_title'
  | 'unclosed_quote'
  | 'malformed_quote'
  | 'too_many_values'
  | 'empty_title'
  | 'invalid_price'
  | 'negative_price'
  | 'invalid_number'
  | 'number_out_of_range'
  | 'too_long'
  | 'invalid_url'
  | 'invalid_image'
  | 'invalid_status'
  | 'invalid_currency'
  | 'variation_count_mismatch'
  | 'variation_option_mismatch'
  | 'missing_parent'
  | 'unknown_column'
  | 'duplicate_column';

/**
 * A problem's words: a key of the `csv` i18n namespace (core/i18n/locales/<lang>/csv.json) and the values it
 * names, so each client says it in its merchant's language; `csvEnglish` gives the English sentence.
 */
export interface CsvText {
  key: keyof typeof english;
  params?: Record<string, string | number>;
}

export interface CsvProblem {
  code: CsvProblemCode;
  /** English text (the API's and the CLI's); the SPEC §5 sentence for the three file-level rules. */
  message: string;
  /** The same words as a key and values, for a client that speaks another language. */
  text: CsvText;
  /** 1-based line in the file as an editor shows it; for a cell, the line where the cell starts. */
  line: number;
  /** 1-based column index, or null when the problem is about the whole file or row. */
  column: number | null;
  /** The header of that column as written in the file. */
  columnName: string | null;
  /** The offending text, when there is one (a duplicate title, a price that is not a number). */
  value?: string;
  /** Extra context for people, e.g. where the first of two duplicates is. */
  hint?: string;
  /**
   * Missing columns only: the file's header row as written, and how its columns match ours so far (our field →
   * the file's header: by name, or by the mapping the import was given or remembered), for a column-mapping step.
   */
  headers?: string[];
  columns?: Partial<Record<CsvField, string>>;
  /** Missing columns only: the first product row's values, under the headers, to recognise each column by. */
  sample?: string[];
}

/**
 * The texts of SPEC §5 'CSV import' (tests and the API compare them verbatim) and the row-level texts, as keys
 * and values; their English is core/i18n's `csv` namespace, which also holds every other language's.
 */
export const CSV_MESSAGES = {
  notCsv: { key: 'notCsv' },
  notEnoughLines: { key: 'notEnoughLines' },
  missingColumns: (columns: readonly string[]) => ({
    key: 'missingColumns',
    params: { columns: columns.join(', ') },
  }),
  duplicateTitle: { key: 'duplicateTitle' },
  unclosedQuote: { key: 'unclosedQuote' },
  malformedQuote: { key: 'malformedQuote' },
  tooManyValues: (found: number, columns: number) => ({ key: 'tooManyValues', params: { found, columns } }),
  emptyTitle: { key: 'emptyTitle' },
  invalidPrice: (value: string) => ({ key: 'invalidPrice', params: { value } }),
  negativePrice: (value: string) => ({ key: 'negativePrice', params: { value } }),
  invalidWholeNumber: (value: string) => ({ key: 'invalidWholeNumber', params: { value } }),
  numberOutOfRange: (value: string, min: number, max: number) => ({
    key: 'numberOutOfRange',
    params: { value, min, max },
  }),
  tooLong: (length: number, max: number) => ({ key: 'tooLong', params: { length, max } }),
  invalidUrl: (value: string) => ({ key: 'invalidUrl', params: { value } }),
  invalidImage: (value: string) => ({ key: 'invalidImage', params: { value } }),
  invalidStatus: (value: string) => ({ key: 'invalidStatus', params: { value } }),
  invalidCurrency: (value: string) => ({ key: 'invalidCurrency', params: { value } }),
  variationCountMismatch: (column: string, found: number, expected: number) => ({
    key: 'variationCountMismatch',
    params: { column, found, expected },
  }),
  variationOptionMismatch: (value: string, expected: number) => ({
    key: 'variationOptionMismatch',
    params: { value, expected },
  }),
  missingParent: (parent: string) => ({ key: 'missingParent', params: { parent } }),
  unknownColumn: (name: string) => ({ key: 'unknownColumn', params: { name } }),
  duplicateColumn: (name: string) => ({ key: 'duplicateColumn', params: { name } }),
  emptyShopifyTitle: (handle: string) => ({ key: 'emptyShopifyTitle', params: { handle } }),
} as const satisfies Record<string, CsvText | ((...args: never[]) => CsvText)>;

/** The English sentence of a problem's words. */
export function csvEnglish(text: CsvText): string {
  return english[text.key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(text.params?.[name] ?? ''));
}

const FILE_LEVEL_ORDER: Partial<Record<CsvProblemCode, number>> = {
  not_csv: 0,
  not_enough_lines: 0,
  missing_columns: 1,
  duplicate_title: 2,
};

/** SPEC messages first (the API answers with the first one), then in file order. */
export function sortProblems(problems: CsvProblem[]): CsvProblem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort(
      (a, b) =>
        (FILE_LEVEL_ORDER[a.p.code] ?? 9) - (FILE_LEVEL_ORDER[b.p.code] ?? 9) ||
        a.p.line - b.p.line ||
        (a.p.column ?? 0) - (b.p.column ?? 0) ||
        a.i - b.i,
    )
    .map(({ p }) => p);
}

/** The SPEC §5 sentences, said exactly as SPEC words them; every other problem can be said with its place. */
const SPEC_SENTENCES: ReadonlySet<CsvProblemCode> = new Set([
  'not_csv',
  'not_enough_lines',
  'missing_columns',
  'duplicate_title',
]);

/**
 * A problem as one English sentence that says where it is ("Line 4, column price: "abc" is not a price"), for
 * an answer that carries one message; the SPEC §5 file-level sentences stay exactly as SPEC words them.
 */
export function locatedEnglish(problem: CsvProblem): string {
  if (SPEC_SENTENCES.has(problem.code)) return problem.message;
  const column = problem.columnName || (problem.column === null ? null : String(problem.column));
  return csvEnglish(
    column === null
      ? { key: 'problemAtLine', params: { line: problem.line, message: problem.message } }
      : { key: 'problemAt', params: { line: problem.line, column, message: problem.message } },
  );
}

/** A value quoted in a message may hold line breaks (a multi-line cell): shown as \n, one problem per line. */
const oneLine = (text: string): string => text.replace(/\r\n|\r|\n/g, '\\n');

/**
 * "products.csv:12:3: message (column price)", the compiler form, so editors can jump to the spot. Always
 * line and column: a problem about the whole file or row is at its line's column 1.
 */
export function formatCsvProblem(problem: CsvProblem, fileName: string): string {
  const extra: string[] = [];
  if (problem.columnName) extra.push(`column ${problem.columnName}`);
  if (problem.code === 'duplicate_title' && problem.value !== undefined) extra.push(`"${problem.value}"`);
  if (problem.hint) extra.push(problem.hint);
  const text = `${problem.message}${extra.length ? ` (${extra.join('; ')})` : ''}`;
  return `${fileName}:${problem.line}:${problem.column ?? 1}: ${oneLine(text)}`;
}
