/** Readers for the loosely typed values of older documents: strings for numbers, Mongo-style ids and dates. */
import { parsePriceText } from '../model/price-text.ts';

export type RawObject = Record<string, unknown>;

export const isObject = (v: unknown): v is RawObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A number from a number or a numeric string; null for anything else. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A boolean from a boolean or the strings "true"/"false" (any case); undefined for anything else. */
export function toBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
  return undefined;
}

/** An id from a string, a number or a Mongo extended-JSON ObjectId ({ $oid }); null when there is none. */
export function toId(v: unknown): string | null {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (isObject(v) && typeof v.$oid === 'string') return v.$oid;
  return null;
}

/** An ISO date from a string or a Mongo extended-JSON date ({ $date }); undefined otherwise. */
export function toDateString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (isObject(v)) {
    const d = v.$date;
    if (typeof d === 'string') return d;
    if (typeof d === 'number') return new Date(d).toISOString();
    if (isObject(d) && typeof d.$numberLong === 'string')
      return new Date(Number(d.$numberLong)).toISOString();
  }
  return undefined;
}

/** A text value, or null for missing or empty values; numbers become text (SKUs and barcodes were numbers). */
export function toText(v: unknown): string | null {
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/**
 * A price stored by older documents, as a number or as text ("$1,234.50", "1.234,50 €", "12,50"), read by
 * core/model parsePriceText like every other price text. Unreadable prices become null rather than a wrong
 * number.
 */
export function parseLegacyPrice(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  return parsePriceText(v)?.value ?? null;
}

/** Give `id` a suffix when it is taken, and mark the result taken. */
export function claimId(id: string, taken: Set<string>): string {
  let unique = id;
  for (let n = 2; taken.has(unique); n++) unique = `${id}-${n}`;
  taken.add(unique);
  return unique;
}
