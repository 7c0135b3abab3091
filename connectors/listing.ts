import { ListingSchema, type ListingInput } from '../core/model/index.ts';
import { escapeHtml } from '../core/sanitize/index.ts';
import type { ProductFailure, StoreListing } from './types.ts';

/**
 * What the adapters share when they turn a platform's product into our listing: reading loose values, the
 * summary a product with variations shows, and the checks that make a product a failure (SPEC §8: skipped and
 * reported, never aborting a page).
 */

export type MappedProduct = { listing: StoreListing } | { failure: ProductFailure };

/** Text, or null when empty. */
export const text = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v : null;
};

/** A number from a number or numeric text ("12.50", as Lightspeed and eBay send them); null otherwise. */
export const decimal = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isFinite(n) ? n : null;
};

/** Rounded to cents (tax-derived prices such as 2.63158); null stays null. */
export const cents = (n: number | null): number | null => (n === null ? null : Math.round(n * 100) / 100);

/** A whole number of items (stock), from a number or numeric text. */
export const wholeNumber = (v: unknown): number | null => {
  const n = decimal(v);
  return n === null ? null : Math.trunc(n);
};

/** An array from a value that is an array, one object, or absent (XML and Lightspeed R-Series relations). */
export const asArray = <T>(v: T | T[] | null | undefined): T[] =>
  v === null || v === undefined ? [] : Array.isArray(v) ? v : [v];

/** Add a URL once, keeping the order. */
export function addImage(images: string[], url: unknown): void {
  const u = text(url);
  if (u && !images.includes(u)) images.push(u);
}

/**
 * A product with variations shows its lowest price ("from") with that variation's compare-at price, and the
 * stock of all its variations together (null when none is tracked), as the Shopify mapping does.
 */
export function summarizeVariations(listing: ListingInput): void {
  const variations = listing.variations ?? [];
  if (!variations.length) return;
  let low: number | null = null;
  for (const v of variations)
    if (typeof v.price === 'number' && (low === null || v.price < low)) low = v.price;
  listing.price = low;
  const lowest = variations.find((v) => v.price === low);
  listing.compare_at_price = (lowest?.compare_at_price as number | null | undefined) ?? null;
  if (listing.suggested_retail_price === undefined || listing.suggested_retail_price === null)
    listing.suggested_retail_price = (lowest?.suggested_retail_price as number | null | undefined) ?? null;
  const stocks = variations.map((v) => v.stock).filter((s): s is number => typeof s === 'number');
  listing.stock = stocks.length ? stocks.reduce((a, b) => a + b, 0) : null;
}

const PRICE_FIELDS = [
  'price',
  'original_price',
  'compare_at_price',
  'sale_price',
  'suggested_retail_price',
] as const;

/**
 * The listing, checked: a product needs a title and no negative price, and must fit ListingSchema. Throws an
 * Error whose message says what is wrong (the failure's `error`).
 */
export function toStoreListing(
  input: ListingInput & { external_id: string; source: string },
  extra: { collections?: StoreListing['collections']; external_created_at?: string | null } = {},
): StoreListing {
  if (!text(input.title)?.trim()) throw new Error('title: the product has no title');
  const check = (where: string, item: Record<string, unknown>) => {
    for (const field of PRICE_FIELDS) {
      const v = item[field];
      if (typeof v === 'number' && v < 0) throw new Error(`${where}${field}: ${v} is negative`);
    }
  };
  check('', input as Record<string, unknown>);
  (input.variations ?? []).forEach((v, i) => check(`variations.${i}.`, v as Record<string, unknown>));
  const parsed = ListingSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'product'}: ${issue.message}`);
  }
  return {
    ...parsed.data,
    external_id: input.external_id,
    source: input.source,
    external_created_at: extra.external_created_at ?? null,
    ...(extra.collections ? { collections: extra.collections } : {}),
  };
}

/** Map one product; an error becomes the product's failure instead of aborting the page. */
export function mapSafely(ref: { id: unknown; title: unknown }, map: () => StoreListing): MappedProduct {
  try {
    return { listing: map() };
  } catch (err) {
    return {
      failure: {
        external_id: String(ref.id ?? ''),
        title: text(ref.title),
        error: (err as Error).message,
      },
    };
  }
}

/** Sort mapped products into a page's listings and failures. */
export function pageOf(items: MappedProduct[], nextCursor: string | null) {
  const page = { listings: [] as StoreListing[], failures: [] as ProductFailure[], nextCursor };
  for (const item of items) {
    if ('listing' in item) page.listings.push(item.listing);
    else page.failures.push(item.failure);
  }
  return page;
}

/** Our cursor for multi-part listings: JSON, opaque to the sync. Null or empty: the start. */
export function readCursor<T extends object>(cursor: string | null | undefined): T | null {
  if (!cursor) return null;
  let v: unknown;
  try {
    v = JSON.parse(cursor);
  } catch {
    v = null;
  }
  // Only this adapter writes its cursors: another value is a caller's mistake, never "start again".
  if (!v || typeof v !== 'object') throw new Error(`Unreadable cursor: ${cursor.slice(0, 80)}`);
  return v as T;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decode the HTML character references a platform leaves in plain text (Etsy titles: "Women&#39;s"). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Plain text (line breaks, no markup) as the HTML our descriptions hold. */
export function plainTextToHtml(value: string): string {
  return escapeHtml(value.replace(/\r\n?/g, '\n').trim()).replace(/\n/g, '<br>');
}
