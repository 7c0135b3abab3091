import { ListingSchema, type ListingInput, type Metafield, type Variation } from '../../core/model/index.ts';
import { ConnectorError, type ProductFailure, type ProductPage, type StoreListing } from '../types.ts';

/*
 * What the REST adapters share when they map a platform's product to our listing: reading loose values, the
 * price rules every platform follows, tier prices, and the checks that make a product a failure rather than a
 * listing.
 */

/** Text with something in it, else null. */
export const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A price from a number or a numeric string ("12.50"); null when absent or not a number. */
export const money = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '' || typeof v === 'boolean') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** A price that means "none" when zero (BigCommerce's sale_price and retail_price, Ecwid's compareToPrice). */
export const positiveMoney = (v: unknown): number | null => {
  const n = money(v);
  return n !== null && n !== 0 ? n : null;
};

export const wholeNumber = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : null;
};

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
 * A product with variations shows its lowest price ("from") with that variation's regular, compare-at and sale
 * prices, and the stock of all variations together (null when none is counted), as the CSV imports do.
 */
export function summarizeVariations(listing: ListingInput, variations: PricedVariation[]): void {
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

const PRICE_FIELDS = [
  'price',
  'original_price',
  'compare_at_price',
  'sale_price',
  'suggested_retail_price',
] as const;

/** Where a listing is wrong in a way the store cannot mean: no title, a negative price. */
function problemOf(listing: ListingInput): string | null {
  if (!text(listing.title)) return 'The product title is empty';
  const negative = (where: string, record: Record<string, unknown>) => {
    for (const f of PRICE_FIELDS) {
      const v = record[f];
      if (typeof v === 'number' && v < 0) return `${where}${f}: The price "${v}" is negative`;
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

/**
 * Map a page of products one by one: a product that cannot be mapped becomes a failure with its id and title,
 * and never stops the page.
 */
export function mapProducts<P>(
  products: readonly P[],
  map: (product: P) => StoreListing,
  identify: (product: P) => { id: unknown; title: unknown },
): Pick<ProductPage, 'listings' | 'failures'> {
  const page: Pick<ProductPage, 'listings' | 'failures'> = { listings: [], failures: [] };
  for (const product of products) {
    try {
      page.listings.push(map(product));
    } catch (err) {
      let id: { id: unknown; title: unknown } = { id: '', title: null };
      try {
        id = identify(product);
      } catch {
        // A product too broken to name itself is still reported.
      }
      const failure: ProductFailure = {
        external_id: id.id === null || id.id === undefined ? '' : String(id.id),
        title: typeof id.title === 'string' ? id.title : null,
        error: (err as Error).message,
      };
      page.failures.push(failure);
    }
  }
  return page;
}

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

/** A stock count from a platform that says whether it counts: untracked (unlimited) is null. */
export const trackedStock = (tracked: boolean, quantity: unknown): number | null =>
  tracked ? wholeNumber(quantity) : null;
