import { ListingSchema, type ListingInput, type Metafield, type Variation } from '../../core/model/index.ts';
import { escapeHtml } from '../../core/sanitize/index.ts';
import { ConnectorError, type ProductFailure, type ProductPage, type StoreListing } from '../types.ts';
import { WORDS } from './wording.ts';

/*
 * What the adapters share when they map a platform's product to our listing: reading loose values, the price
 * rules every platform follows, options, tier prices, the checks that make a product a failure rather than a
 * listing (SPEC §8: skipped and reported, never stopping a page), and the page and cursor helpers.
 */

// Loose values

/** Text with something in it, else null. */
export const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A number from a number or numeric text ("12.50", as most platforms send prices); null otherwise. */
export const decimal = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '' || typeof v === 'boolean') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** A price that means "none" when zero (BigCommerce's sale_price and retail_price, Ecwid's compareToPrice). */
export const positiveMoney = (v: unknown): number | null => {
  const n = decimal(v);
  return n !== null && n !== 0 ? n : null;
};

/** Rounded to cents (tax-derived prices such as 2.63158); null stays null. */
export const cents = (n: number | null): number | null => (n === null ? null : Math.round(n * 100) / 100);

/** A whole number of items (stock), from a number or numeric text. */
export const wholeNumber = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : null;
};

/** A stock count from a platform that says whether it counts: untracked (unlimited) is null. */
export const trackedStock = (tracked: boolean, quantity: unknown): number | null =>
  tracked ? wholeNumber(quantity) : null;

/** An array from a value that is an array, one object, or absent (XML and Lightspeed R-Series relations). */
export const asArray = <T>(v: T | T[] | null | undefined): T[] =>
  v === null || v === undefined ? [] : Array.isArray(v) ? v : [v];

/** Add a URL once, keeping the order. */
export function addImage(images: string[], url: unknown): void {
  const u = text(url);
  if (u && !images.includes(u)) images.push(u);
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

// Prices, variations and options

/**
 * A price and its sale, as our listing keeps them (the same rules as the WooCommerce CSV import): `price` is what
 * the customer pays (the sale price while on sale), `original_price` the regular price, `compare_at_price` the
 * struck-through price (the regular one while on sale, else the platform's own compare-at), `sale_price` the sale
 * price.
 */
export function salePrices(
  regular: number | null,
  sale: number | null,
  compareAt: number | null = null,
): {
  price: number | null;
  original_price: number | null;
  compare_at_price: number | null;
  sale_price: number | null;
} {
  const onSale = sale !== null && (regular === null || sale < regular);
  return {
    price: onSale ? sale : regular,
    original_price: regular,
    compare_at_price: onSale ? regular : compareAt,
    sale_price: onSale ? sale : null,
  };
}

/** A variation with its sale price beside it (our Variation has no sale_price; the listing takes the cheapest's). */
export type PricedVariation = Partial<Variation> & { sale_price?: number | null };

/**
 * A product with variations (`variations`, else the listing's own) shows its lowest price ("from") with that
 * variation's regular, compare-at, sale and retail prices, and the stock of all variations together (null when
 * none is counted), as the CSV imports and the Shopify mapping do.
 */
export function summarizeVariations(
  listing: ListingInput,
  variations: PricedVariation[] = (listing.variations ?? []) as PricedVariation[],
): void {
  listing.variations = variations.map(({ sale_price: _s, ...v }) => v);
  let cheapest: PricedVariation | null = null;
  for (const v of variations)
    if (typeof v.price === 'number' && (cheapest === null || v.price < (cheapest.price as number)))
      cheapest = v;
  if (cheapest) {
    listing.price = cheapest.price ?? null;
    listing.original_price = cheapest.original_price ?? null;
    listing.compare_at_price = cheapest.compare_at_price ?? null;
    listing.sale_price = cheapest.sale_price ?? null;
    listing.suggested_retail_price ??= cheapest.suggested_retail_price ?? null;
  }
  let stock: number | null = null;
  for (const v of variations) if (typeof v.stock === 'number') stock = (stock ?? 0) + v.stock;
  listing.stock = stock;
}

export type OptionValue = { name: string; value: string };

/**
 * The options of a product's variations: `seed` first (the product's own list, in its order, with its values),
 * then the names and values the variations show, in the order they first appear. `valuesOf` gives a variation's
 * value for each option, in that order ('' where it has none).
 */
export function optionsOf(
  variations: readonly (readonly OptionValue[])[],
  seed: readonly { name: string; values?: readonly string[] | null }[] = [],
): { options: { name: string; values: string[] }[]; valuesOf: (pairs: readonly OptionValue[]) => string[] } {
  const options = seed.map((o) => ({ name: o.name, values: [...new Set(o.values ?? [])] }));
  for (const pairs of variations)
    for (const { name, value } of pairs) {
      let option = options.find((o) => o.name === name);
      if (!option) options.push((option = { name, values: [] }));
      if (value !== '' && !option.values.includes(value)) option.values.push(value);
    }
  return {
    options,
    valuesOf: (pairs) => options.map((o) => pairs.find((x) => x.name === o.name)?.value ?? ''),
  };
}

/** A key for a custom field from its name: "Net weight" is net_weight. */
export const fieldKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '') || name;

/** Ids and names to `{ external_id, title }` references, skipping ids the names do not know. */
export function namedRefs(
  ids: readonly (string | number)[],
  names: ReadonlyMap<string, string>,
): { external_id: string; title: string }[] {
  const out: { external_id: string; title: string }[] = [];
  for (const id of ids) {
    const key = String(id);
    const title = names.get(key);
    if (title !== undefined && !out.some((r) => r.external_id === key)) out.push({ external_id: key, title });
  }
  return out;
}

// Tier prices

/** One quantity break: from `min_quantity` units on, each costs `price`. */
export type TierPrice = { min_quantity: number; price: number; customer_group?: string };

/** Where tier (wholesale, bulk) prices go, for every platform: one metafield line sheets and templates read. */
export const TIER_PRICES_METAFIELD = { namespace: 'pricing', key: 'tier_prices' } as const;

/**
 * The tier prices as a metafield of type json (its value the JSON text, as Shopify keeps json metafields):
 * `[{"min_quantity":2,"price":9},...]`, by quantity. Null when there are none.
 */
export function tierPricesMetafield(tiers: TierPrice[]): Metafield | null {
  const valid = tiers
    .filter((t) => Number.isFinite(t.min_quantity) && Number.isFinite(t.price))
    .sort((a, b) => a.min_quantity - b.min_quantity);
  if (valid.length === 0) return null;
  return {
    ...TIER_PRICES_METAFIELD,
    type: 'json',
    value_type: null,
    description: 'Price per unit from a quantity on',
    value: JSON.stringify(valid),
  };
}

// The listing, checked

const PRICE_FIELDS = [
  'price',
  'original_price',
  'compare_at_price',
  'sale_price',
  'suggested_retail_price',
] as const;

/** Where a listing is wrong in a way the store cannot mean: no title, a negative price. */
function problemOf(listing: ListingInput): string | null {
  const words = WORDS;
  if (!text(listing.title)) return words.noTitle;
  const negative = (where: string, record: Record<string, unknown>) => {
    for (const f of PRICE_FIELDS) {
      const v = record[f];
      if (typeof v === 'number' && v < 0) return words.negativePrice(`${where}${f}`, v);
    }
    return null;
  };
  const own = negative('', listing as Record<string, unknown>);
  if (own) return own;
  for (const [i, v] of (listing.variations ?? []).entries()) {
    const bad = negative(`variations.${i}.`, v as Record<string, unknown>);
    if (bad) return bad;
  }
  return null;
}

export type StoreExtras = Pick<
  StoreListing,
  'external_id' | 'source' | 'external_created_at' | 'collections' | 'categories'
> & {
  /** The product's pictures in order: `images`, and the first as `main_image`. */
  pictures?: readonly string[];
};

/**
 * The mapped listing checked and completed: throws (the product is then a failure, SPEC §8) when it has no title,
 * a negative price or a value our listings cannot hold.
 */
export function finishListing(listing: ListingInput, extras: StoreExtras): StoreListing {
  if (extras.pictures) {
    listing.images = extras.pictures.map((original) => ({ original }));
    listing.main_image = extras.pictures[0] ?? null;
  }
  const problem = problemOf(listing);
  if (problem) throw new Error(problem);
  const parsed = ListingSchema.safeParse({
    ...listing,
    source: extras.source,
    external_id: extras.external_id,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'product'}: ${issue.message}`);
  }
  const out: StoreListing = { ...parsed.data, external_id: extras.external_id, source: extras.source };
  out.external_created_at = extras.external_created_at ?? null;
  if (extras.collections) out.collections = extras.collections;
  if (extras.categories) out.categories = extras.categories;
  return out;
}

// Pages of products

export type MappedProduct = { listing: StoreListing } | { failure: ProductFailure };

/**
 * One product mapped; an error becomes the product's failure, with its id and title (`identify`: what the
 * product says it is), instead of stopping the page.
 */
export function mapSafely<P>(
  product: P,
  map: (product: P) => StoreListing,
  identify: (product: P) => { id: unknown; title: unknown },
): MappedProduct {
  try {
    return { listing: map(product) };
  } catch (err) {
    let id: { id: unknown; title: unknown } = { id: '', title: null };
    try {
      id = identify(product);
    } catch {
      // A product too broken to name itself is still reported.
    }
    return {
      failure: {
        external_id: id.id === null || id.id === undefined ? '' : String(id.id),
        title: typeof id.title === 'string' ? id.title : null,
        error: (err as Error).message,
      },
    };
  }
}

/** Sort mapped products into a page's listings and failures. */
export function pageOf(items: readonly MappedProduct[], nextCursor: string | null): ProductPage {
  const page: ProductPage = { listings: [], failures: [], nextCursor };
  for (const item of items) {
    if ('listing' in item) page.listings.push(item.listing);
    else page.failures.push(item.failure);
  }
  return page;
}

/** Map a page of products one by one (mapSafely): a product that cannot be mapped never stops the page. */
export function mapProducts<P>(
  products: readonly P[],
  map: (product: P) => StoreListing,
  identify: (product: P) => { id: unknown; title: unknown },
): Pick<ProductPage, 'listings' | 'failures'> {
  const { listings, failures } = pageOf(
    products.map((p) => mapSafely(p, map, identify)),
    null,
  );
  return { listings, failures };
}

/**
 * One product mapped, for getProduct: a product that cannot be mapped is the store answering something we cannot
 * use (`invalid_response`, with why).
 */
export function mapOne<P>(product: P, map: (product: P) => StoreListing): StoreListing {
  try {
    return map(product);
  } catch (err) {
    throw new ConnectorError('invalid_response', (err as Error).message);
  }
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
