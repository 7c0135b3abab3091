import Papa from 'papaparse';
import { CSV_MESSAGES, csvEnglish, type CsvProblem } from './problems.ts';

/** One record of the file with where it starts, so every problem can name a line. */
export interface CsvRow {
  cells: string[];
  /** 1-based line on which the record starts. */
  line: number;
  /** Offset of the record in the normalised text (see readRows). */
  offset: number;
}

export interface CsvTable {
  header: CsvRow | null;
  rows: CsvRow[];
  delimiter: string;
  problems: CsvProblem[];
  /** 1-based line on which cell `index` of `row` starts; differs from row.line after a multi-line cell. */
  cellLine(row: CsvRow, index: number): number;
}

/**
 * The delimiter is read from the header line only: a French Excel writes ';', but our own format also uses
 * ';' inside cells (image lists, variations), which would fool a guess over the whole file. The one the header
 * uses most wins (a French header such as "Prix (€, TTC)" holds a comma between its semicolons); on a tie,
 * ',' then ';' then tab.
 */
export function detectDelimiter(text: string): string {
  const end = text.indexOf('\n');
  const first = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  let best = ',';
  let most = 0;
  for (const d of [',', ';', '\t']) {
    const count = first.split(d).length - 1;
    if (count > most) {
      best = d;
      most = count;
    }
  }
  return best;
}

function isBlank(cells: string[]): boolean {
  for (const c of cells) if (c.trim() !== '') return false;
  return true;
}

/**
 * Splits CSV text into records with papaparse. Line endings are normalised to \n first: exports mix
 * CRLF between records with LF inside quoted cells, and a record separated by a stray LF must still be a
 * record. Each of \r\n, \r and \n counts as one line, as in any editor, so line numbers are unchanged.
 */
export function readRows(input: string, delimiterOverride?: string): CsvTable {
  const text = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).replace(/\r\n?/g, '\n');
  const delimiter = delimiterOverride ?? detectDelimiter(text);
  const problems: CsvProblem[] = [];
  const records: CsvRow[] = [];

  const lineAt = lineIndex(text);

  let start = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
    step(result) {
      const cells = result.data;
      for (const e of result.errors) {
        const at = typeof e.index === 'number' ? Math.max(start, e.index - 1) : start;
        const unclosed = e.code === 'MissingQuotes';
        const words = unclosed ? CSV_MESSAGES.unclosedQuote : CSV_MESSAGES.malformedQuote;
        problems.push({
          code: unclosed ? 'unclosed_quote' : 'malformed_quote',
          message: csvEnglish(words),
          text: words,
          line: lineAt(at),
          column: columnAt(text, start, at, delimiter) + 1,
          // Known once the header is: see parseProductCsv.
          columnName: null,
        });
      }
      const offset = start;
      start = result.meta.cursor;
      if (!isBlank(cells)) records.push({ cells, offset, line: lineAt(offset) });
    },
  });

  const [header, ...rows] = records;
  return {
    header: header ?? null,
    rows,
    delimiter,
    problems,
    cellLine: (row, index) => lineAt(cellOffset(text, row.offset, index, delimiter)),
  };
}

/** offset → 1-based line, by binary search over the line starts (problems can be many: no rescans). */
function lineIndex(text: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push(i);
  return (offset) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (breaks[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** Where cell `index` of the record at `offset` starts, scanning quotes as papaparse does (only at a cell start). */
function cellOffset(text: string, offset: number, index: number, delimiter: string): number {
  let pos = offset;
  for (let cell = 0; cell < index; cell++) {
    if (text[pos] === '"') {
      pos++;
      for (;;) {
        const q = text.indexOf('"', pos);
        if (q === -1) return text.length;
        if (text[q + 1] === '"') {
          pos = q + 2;
          continue;
        }
        pos = q + 1;
        break;
      }
    }
    const d = text.indexOf(delimiter, pos);
    const n = text.indexOf('\n', pos);
    if (d === -1 || (n !== -1 && n < d)) return pos;
    pos = d + delimiter.length;
  }
  return pos;
}

/** Index of the cell of the record at `offset` that contains the character at `target`. */
function columnAt(text: string, offset: number, target: number, delimiter: string): number {
  let cell = 0;
  for (;;) {
    const next = cellOffset(text, offset, cell + 1, delimiter);
    if (next > target || next >= text.length || next === cellOffset(text, offset, cell, delimiter))
      return cell;
    cell++;
  }
}

/**
 * Where a value first appears in a file, as a cell or one entry of a ';'-separated list cell (a picture
 * name in the image column): its line and 1-based column number, or null when no cell holds it. Lets a
 * reader of the listings point a later finding (a picture file that is missing) at the cell it came from.
 */
export function locateCellValue(text: string, value: string): { line: number; column: number } | null {
  const table = readRows(text);
  const wanted = value.trim();
  for (const row of table.rows) {
    const index = row.cells.findIndex((cell) => cell.split(';').some((entry) => entry.trim() === wanted));
    if (index >= 0) return { line: table.cellLine(row, index), column: index + 1 };
  }
  return null;
}
