/**
 * Problems found in a product file, each pinned to a line and a column of the file so the CLI can print
 * "file:line:column: message" and the API can answer 400 with the SPEC §5 text.
 */

export type CsvProblemCode =
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
  | 'invalid_url'
  | 'invalid_image'
  | 'invalid_status'
  | 'invalid_currency'
  | 'variation_count_mismatch'
  | 'variation_option_mismatch'
  | 'missing_parent'
  | 'unknown_column'
  | 'duplicate_column';

export interface CsvProblem {
  code: CsvProblemCode;
  /** English text; the SPEC §5 sentence for the three file-level rules. */
  message: string;
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
}

/** The texts of SPEC §5 'CSV import' (tests and the API compare them verbatim) and the row-level texts. */
export const CSV_MESSAGES = {
  notEnoughLines: "The file doesn't have enough lines",
  missingColumns: (columns: readonly string[]) => `The following columns are missing: ${columns.join(', ')}`,
  duplicateTitle: "You can't have two products with the same name in your CSV file.",
  unclosedQuote: 'A quoted value is never closed: add the missing closing quote (")',
  malformedQuote: 'A quote inside a quoted value must be doubled ("")',
  tooManyValues: (count: number, columns: number) =>
    `This row has ${count} values but the header has ${columns} columns`,
  emptyTitle: 'The product title is empty',
  invalidPrice: (value: string) => `"${value}" is not a price`,
  negativePrice: (value: string) => `The price "${value}" is negative`,
  invalidWholeNumber: (value: string) => `"${value}" is not a whole number`,
  invalidUrl: (value: string) => `"${value}" is not a valid web address (http:// or https://)`,
  invalidImage: (value: string) => `"${value}" is not a valid image address`,
  invalidStatus: (value: string) => `The status "${value}" is not one of active, draft, archived`,
  invalidCurrency: (value: string) =>
    `The currency "${value}" is not a three-letter ISO code such as USD or EUR`,
  variationCountMismatch: (column: string, count: number, expected: number) =>
    `${column} has ${count} values but there are ${expected} variations`,
  variationOptionMismatch: (value: string, expected: number) =>
    `The variation "${value}" should have ${expected} values separated by " / "`,
  missingParent: (parent: string) => `The parent product "${parent}" of this variation is not in the file`,
  unknownColumn: (name: string) => `The column "${name}" is not known and is ignored`,
  duplicateColumn: (name: string) =>
    `The column "${name}" appears more than once; only the first one is used`,
  emptyShopifyTitle: (handle: string) => `The product "${handle}" has no Title`,
} as const;

const FILE_LEVEL_ORDER: Partial<Record<CsvProblemCode, number>> = {
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
