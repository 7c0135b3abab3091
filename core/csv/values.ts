/** Reading the text of one cell: prices, whole numbers, lists, web addresses and image references. */
import { parsePriceText } from '../model/price-text.ts';

/** "Compare_At-Price *" → "compare at price": header matching ignores case, separators and a required-mark. */
export function normalizeHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/\*+$/, '')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

export type PriceResult =
  { ok: true; value: number | null; currency: string | null } | { ok: false; negative: boolean };

/**
 * SPEC §5: price text is stripped of a leading and a trailing non-digit ("$12.50", "12.50€"), read by
 * core/model parsePriceText (marks of up to three characters, decimal commas, thousands separators: its
 * comment has the rules). Negative prices are refused with their own message.
 */
export function parsePrice(text: string): PriceResult {
  if (text.trim() === '') return { ok: true, value: null, currency: null };
  const r = parsePriceText(text);
  if (r === null) return { ok: false, negative: false };
  if (r.value < 0) return { ok: false, negative: true };
  return { ok: true, value: r.value, currency: r.currency };
}

const HEADER_SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };

/**
 * The currency a price column's header names, for prices written without one: "Prix TTC (€)", "Price (GBP)".
 * A symbol that says one currency, or a three-letter code in brackets; "$" and bare words ("TTC") say nothing.
 */
export function currencyInHeader(header: string): string | null {
  const symbol = /[€£¥₹]/.exec(header)?.[0];
  if (symbol) return HEADER_SYMBOLS[symbol]!;
  return /[([]\s*([A-Z]{3})\s*[)\]]/.exec(header)?.[1] ?? null;
}

export type WholeNumberResult = { ok: true; value: number | null } | { ok: false };

/**
 * Stock counts: "12", "-3" (oversold), "1,200", "12.0", and as European spreadsheets write them, "1.200",
 * "1 200" and "12,0". The separators read as in prices (core/model parsePriceText, so "1.234" is one thousand
 * two hundred thirty-four in a stock column as in a price column); the number must be whole.
 */
export function parseWholeNumber(text: string): WholeNumberResult {
  const s = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (s === '') return { ok: true, value: null };
  if (!/^[+-]?\d[\d.,']*$/.test(s)) return { ok: false };
  const r = parsePriceText(s.replace(/^\+/, ''));
  if (r === null || !Number.isSafeInteger(r.value)) return { ok: false };
  return { ok: true, value: r.value === 0 ? 0 : r.value };
}

/**
 * A key made from text that may be long (a title), kept within the length an indexed column holds: past
 * `max` characters it is cut and ends with a hash of the whole text, so two long titles that differ only at
 * their end still make two keys. FNV-1a, twice with different seeds: pure, the same in every runtime.
 */
export function boundedKey(prefix: string, text: string, max: number): string {
  const whole = `${prefix}${text}`;
  if (whole.length <= max) return whole;
  const hash = (seed: number) => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  const tail = `#${hash(0x811c9dc5)}${hash(0x01000193)}`;
  return `${whole.slice(0, max - tail.length)}${tail}`;
}

/** A ';'-separated list (SPEC §5), positions kept so variation lists line up ("a;;c" has three entries). */
export function splitList(text: string, separator = ';'): string[] {
  const s = text.trim();
  return s === '' ? [] : s.split(separator).map((v) => v.trim());
}

/** A WooCommerce list: comma-separated, with "\," for a comma inside a value. */
export function splitEscapedCommaList(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && text[i + 1] === ',') {
      current += ',';
      i++;
    } else if (ch === ',') {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  out.push(current.trim());
  return out.filter((v) => v !== '');
}

function parseWebUrl(text: string, protocols: readonly string[]): string | null {
  try {
    const url = new URL(text);
    if (!protocols.includes(url.protocol) || url.hostname === '') return null;
    return text;
  } catch {
    return null;
  }
}

/** A product page address; "www.shop.com/x" is what merchants paste, so https:// is assumed. */
export function parseWebAddress(text: string): { ok: true; value: string | null } | { ok: false } {
  const s = text.trim();
  if (s === '') return { ok: true, value: null };
  const full = /^www\./i.test(s) ? `https://${s}` : s;
  const value = parseWebUrl(full, ['http:', 'https:']);
  return value === null ? { ok: false } : { ok: true, value };
}

export type ImageRef =
  { kind: 'remote'; url: string } | { kind: 'local'; name: string } | { kind: 'invalid' };

/**
 * SPEC §5: a value with a host (https://, http://, ftp://) is an image on the web; anything else is a file
 * name the merchant uploads in the upload-images step.
 */
export function classifyImage(text: string): ImageRef {
  const s = text.trim();
  if (/^(?:https?|ftp):\/\//i.test(s)) {
    const url = parseWebUrl(s, ['http:', 'https:', 'ftp:']);
    return url === null ? { kind: 'invalid' } : { kind: 'remote', url };
  }
  // "www.shop.com/a.jpg" is an address pasted without its scheme; a picture on the web has a path after its host,
  // so "www.png" alone is a file of that name.
  if (s.startsWith('//') || /^www\.[^/]+\/./i.test(s)) {
    const url = parseWebUrl(`https:${s.startsWith('//') ? '' : '//'}${s}`, ['https:']);
    return url === null ? { kind: 'invalid' } : { kind: 'remote', url };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(s) && !/^[a-z]:[\\/]/i.test(s)) return { kind: 'invalid' };
  return { kind: 'local', name: s };
}

/**
 * toCsv prefixes text that a spreadsheet would run as a formula with "'" (CSV injection); reading our own
 * format takes the prefix off again so an export re-imports unchanged.
 */
export function unescapeFormula(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export function escapeFormula(text: string): string {
  // Text already looking escaped gets a prefix too, or reading it back would drop its own "'".
  return /^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Normalised form used to compare product names: case, accents composition and spacing do not matter. */
export function titleKey(title: string): string {
  return title.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}
