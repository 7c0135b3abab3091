import { INT32_MAX, INT32_MIN } from '../model/bounds.ts';
import type { ListingInput } from './model-types.ts';
import { CSV_MESSAGES, csvEnglish, type CsvProblem, type CsvProblemCode, type CsvText } from './problems.ts';
import type { CsvRow, CsvTable } from './read-rows.ts';
import { classifyImage, normalizeHeader, parsePrice, parseWebAddress, parseWholeNumber } from './values.ts';

/**
 * A parsed table with its header and the problems found so far; the format mappers read cells through it so
 * every problem gets the same precise position.
 */
export class Sheet {
  readonly headers: string[];
  readonly errors: CsvProblem[] = [];
  readonly warnings: CsvProblem[] = [];
  readonly localImages = new Set<string>();
  private readonly byName = new Map<string, number>();
  /** Where each listing was read from: its row and the column of each field (see checkListingBounds). */
  readonly origins = new Map<ListingInput, ListingOrigin>();

  constructor(readonly table: CsvTable) {
    this.headers = (table.header?.cells ?? []).map((h) => h.trim());
    this.headers.forEach((h, i) => {
      const key = normalizeHeader(h);
      if (!this.byName.has(key)) this.byName.set(key, i);
    });
  }

  /** Index of the first column whose header matches one of `names` (normalised), in the order given. */
  column(...names: string[]): number | undefined {
    for (const n of names) {
      const i = this.byName.get(normalizeHeader(n));
      if (i !== undefined) return i;
    }
    return undefined;
  }

  has(name: string): boolean {
    return this.byName.has(normalizeHeader(name));
  }

  text(row: CsvRow, col: number | undefined): string {
    return col === undefined ? '' : (row.cells[col] ?? '').trim();
  }

  problem(
    severity: 'error' | 'warning',
    code: CsvProblemCode,
    words: CsvText,
    row: CsvRow | null,
    col: number | undefined | null,
    extra: Pick<CsvProblem, 'value' | 'hint' | 'headers' | 'columns' | 'sample'> = {},
  ): void {
    const withColumn = col !== undefined && col !== null;
    const problem: CsvProblem = {
      code,
      message: csvEnglish(words),
      text: words,
      line: row === null ? 1 : withColumn ? this.table.cellLine(row, col) : row.line,
      column: withColumn ? col + 1 : null,
      columnName: withColumn ? (this.headers[col] ?? null) : null,
      ...extra,
    };
    (severity === 'error' ? this.errors : this.warnings).push(problem);
  }

  error(code: CsvProblemCode, words: CsvText, row: CsvRow, col?: number, value?: string): void {
    this.problem('error', code, words, row, col, value === undefined ? {} : { value });
  }

  /** A price cell; reports what is wrong and reads as null then. */
  price(row: CsvRow, col: number | undefined, text = this.text(row, col)): number | null {
    return this.priceWithCurrency(row, col, text).value;
  }

  priceWithCurrency(
    row: CsvRow,
    col: number | undefined,
    text = this.text(row, col),
  ): { value: number | null; currency: string | null } {
    const r = parsePrice(text);
    if (r.ok) return r;
    if (r.negative) this.error('negative_price', CSV_MESSAGES.negativePrice(text), row, col, text);
    else this.error('invalid_price', CSV_MESSAGES.invalidPrice(text), row, col, text);
    return { value: null, currency: null };
  }

  /** A stock or quantity: a whole number the database's integer column holds. */
  wholeNumber(row: CsvRow, col: number | undefined, text = this.text(row, col)): number | null {
    const r = parseWholeNumber(text);
    if (!r.ok) {
      this.error('invalid_number', CSV_MESSAGES.invalidWholeNumber(text), row, col, text);
      return null;
    }
    if (r.value !== null && (r.value < INT32_MIN || r.value > INT32_MAX)) {
      const words = CSV_MESSAGES.numberOutOfRange(text, INT32_MIN, INT32_MAX);
      this.error('number_out_of_range', words, row, col, text);
      return null;
    }
    return r.value;
  }

  /** Remembers where a listing comes from, so a value found wrong later is reported at its cell. */
  origin(listing: ListingInput, row: CsvRow, columns: ListingOrigin['columns']): void {
    this.origins.set(listing, { row, columns });
  }

  webAddress(row: CsvRow, col: number | undefined, text = this.text(row, col)): string | null {
    const r = parseWebAddress(text);
    if (r.ok) return r.value;
    this.error('invalid_url', CSV_MESSAGES.invalidUrl(text), row, col, text);
    return null;
  }

  /** Image references of one cell; local file names are remembered for the upload-images step. */
  images(row: CsvRow, col: number | undefined, values: string[]): string[] {
    const out: string[] = [];
    for (const v of values) {
      if (v === '') continue;
      const ref = classifyImage(v);
      if (ref.kind === 'invalid') this.error('invalid_image', CSV_MESSAGES.invalidImage(v), row, col, v);
      else if (ref.kind === 'remote') out.push(ref.url);
      else {
        this.localImages.add(ref.name);
        out.push(ref.name);
      }
    }
    return out;
  }
}

/** A listing's row and the column each of its fields was read from (undefined: not from one column). */
export interface ListingOrigin {
  row: CsvRow;
  columns: Partial<Record<keyof ListingInput, number | undefined>>;
}

/** Adds `value` to `list` unless already there; the Set keeps large image lists linear. */
export function pushUnique(list: string[], seen: Set<string>, value: string | null | undefined): void {
  if (!value || seen.has(value)) return;
  seen.add(value);
  list.push(value);
}
