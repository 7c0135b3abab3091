/**
 * Reading a price written as text. One function for every place text becomes a price: the model's
 * PriceSchema (API bodies, store payloads), the v0→v1 migration of old documents and the CSV import, so
 * the same text never reads as two different numbers.
 *
 * The rules, in order:
 * - White space around the text is ignored; "(12.50)" is the accountant's -12.50.
 * - SPEC §5: a leading and a trailing non-digit mark is stripped. Merchants write symbols and codes
 *   ("$", "€", "USD", "US$", "CHF"), so a mark is up to three characters, on either side, with or without a
 *   space. A minus may stand before or after the leading mark ("-$5", "$-5").
 * - When both "." and "," appear, the last one is the decimal separator and the other groups thousands:
 *   "1,234.50" and "1.234,50" are both 1234.5.
 * - A separator that appears more than once groups thousands: "1.234.567", "1,234,567".
 * - A separator that appears once is decimal ("12,50", "12.5", "0.125", "1234.567"), except when it
 *   follows a 1-3 digit number not starting with 0 and is followed by exactly three digits: "1,234" and
 *   "1.234" are one thousand two hundred thirty-four. Both readings are possible there; prices with three
 *   decimals are rare (a few currencies), while "1.234" for 1234 is everyday writing in most of Europe, so
 *   the thousands reading wins, for "," and "." alike. Write "1.2340" or "1234.000" for three decimals.
 * - Spaces (also no-break and narrow no-break) and apostrophes group thousands too ("1 299,99",
 *   "1'234.50"), but only in groups of three: "12 50" is not a price rather than a wrong 1250.
 * Anything else is unreadable (null), never a guessed number.
 */

export interface PriceText {
  /** The amount, negative when written with a minus or in parentheses. */
  value: number;
  /** ISO code from the mark: a three-letter code or an unambiguous symbol (€ £ ¥ ₹); never from "$". */
  currency: string | null;
}

const CURRENCY_SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };
const MINUS = /^[-\u2212]/;
const LEAD_MARK = /^([^\d.,\s+\-\u2212()]{1,3})\s*/;
const TRAIL_MARK = /\s*([^\d.,\s\-\u2212()]{1,3})$/;

function currencyOf(mark: string): string | null {
  if (/^[A-Z]{3}$/.test(mark)) return mark;
  return CURRENCY_SYMBOLS[mark] ?? null;
}

/** The digits of an integer part, plain or grouped by threes with one separator kind; null otherwise. */
function integerDigits(int: string, group: '.' | ',' | null): string | null {
  if (/^\d*$/.test(int)) return int;
  const m = /^\d{1,3}([ '.,])\d{3}(?:\1\d{3})*$/.exec(int);
  if (!m) return null;
  // "." and "," group only when the other one (or none) is the decimal separator.
  if ((m[1] === '.' || m[1] === ',') && m[1] !== group) return null;
  return int.replace(/\D/g, '');
}

/** The number of a price body with the marks and sign already taken off. */
function readAmount(body: string): number | null {
  const s = body.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2019/g, "'");
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  let int = s;
  let frac: string | null = null;
  let group: '.' | ',' | null = null;
  if (dots > 0 && commas > 0) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    group = decimal === '.' ? ',' : '.';
    const at = s.lastIndexOf(decimal);
    int = s.slice(0, at);
    frac = s.slice(at + 1);
    if (int.includes(decimal)) return null;
  } else if (dots + commas > 1) {
    group = dots > 0 ? '.' : ',';
  } else if (dots + commas === 1) {
    const sep = dots > 0 ? '.' : ',';
    const at = s.indexOf(sep);
    const head = s.slice(0, at);
    const tail = s.slice(at + 1);
    if (/^[1-9]\d{0,2}$/.test(head) && /^\d{3}$/.test(tail)) group = sep;
    else {
      int = head;
      frac = tail;
    }
  }
  const digits = integerDigits(int, group);
  if (digits === null || (frac !== null && !/^\d*$/.test(frac))) return null;
  if (digits === '' && !frac) return null;
  const n = Number(`${digits || '0'}.${frac || '0'}`);
  return Number.isFinite(n) ? n : null;
}

/** A price from its text (see the rules above); null when the text is empty or not a price. */
export function parsePriceText(text: string): PriceText | null {
  let s = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  const takeMinus = (): boolean => {
    if (!MINUS.test(s)) return true;
    if (negative) return false;
    negative = true;
    s = s.slice(1).trimStart();
    return true;
  };
  if (!takeMinus()) return null;
  let mark = '';
  const lead = LEAD_MARK.exec(s);
  if (lead) {
    mark = lead[1];
    s = s.slice(lead[0].length);
    if (!takeMinus()) return null;
  }
  const trail = TRAIL_MARK.exec(s);
  if (trail) {
    mark ||= trail[1];
    s = s.slice(0, s.length - trail[0].length);
  }
  const amount = readAmount(s);
  if (amount === null) return null;
  return { value: negative && amount !== 0 ? -amount : amount, currency: currencyOf(mark) };
}
