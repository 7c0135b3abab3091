import {
  ProductSchema,
  type ListingInput,
  type Product,
  type ProductImage,
  type Variation,
} from '../model/index.ts';

/** SPEC §4 'Synchronize': what a catalog's products can be refreshed with. */
export const SYNC_KINDS = ['images', 'prices', 'information'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

const PRICE_FIELDS = [
  'price',
  'original_price',
  'compare_at_price',
  'sale_price',
  'suggested_retail_price',
  'iso_currency_code',
] as const;
const VARIATION_PRICE_FIELDS = [
  'price',
  'original_price',
  'compare_at_price',
  'suggested_retail_price',
] as const;
const INFORMATION_FIELDS = [
  'title',
  'description',
  'category',
  'brand',
  'vendor',
  'status',
  'sku',
  'barcode',
  'stock',
  'quantity',
  'url',
  'options',
  'customfields',
  'metafields',
  'online',
] as const;

/**
 * A product element's properties refreshed from its listing, for the chosen kinds only: 'prices' (prices and
 * currency, also of each variation), 'images' (main picture and gallery, variation pictures) and 'information'
 * (texts, codes, stock, options, fields and the list of variations). What the merchant set on the page stays:
 * hidden pictures stay hidden, compressed copies stay while their picture is unchanged, and the product keeps
 * its id and source. Variations are matched by id.
 */
export function refreshProduct(product: Product, listing: ListingInput, kinds: readonly SyncKind[]): Product {
  const fresh = ProductSchema.parse({ ...listing, id: product.id, source: product.source });
  const has = (k: SyncKind) => kinds.includes(k);
  const next: Record<string, unknown> = { ...product };
  if (has('prices')) for (const f of PRICE_FIELDS) next[f] = fresh[f];
  if (has('information')) for (const f of INFORMATION_FIELDS) next[f] = fresh[f];
  if (has('images')) {
    const before = new Map(product.images.map((i) => [i.original, i]));
    next.images = fresh.images.map((i): ProductImage => {
      const old = before.get(i.original);
      return old ? { ...i, hide: old.hide, compressed: old.compressed, thumbnail: old.thumbnail } : i;
    });
    next.main_image = fresh.main_image;
    if (fresh.main_image !== product.main_image) {
      // Derived from the old picture: the image queue makes new ones.
      next.compressed_image = null;
      next.thumbnail_image = null;
    }
  }

  const oldById = new Map(product.variations.map((v) => [v.id, v]));
  const freshById = new Map(fresh.variations.map((v) => [v.id, v]));
  const base = has('information') ? fresh.variations : product.variations;
  next.variations = base.map((v): Variation => {
    const old = oldById.get(v.id);
    const src = freshById.get(v.id);
    const out: Record<string, unknown> = { ...v };
    // A kind that was not asked for keeps the page's values, whichever list the variations come from.
    const keepFrom = has('information') ? old : undefined;
    const takeFrom = has('information') ? undefined : src;
    for (const f of VARIATION_PRICE_FIELDS) {
      if (has('prices') && takeFrom) out[f] = takeFrom[f];
      if (!has('prices') && keepFrom) out[f] = keepFrom[f];
    }
    if (has('images') && takeFrom) out.image = takeFrom.image;
    if (!has('images') && keepFrom) out.image = keepFrom.image;
    return out as Variation;
  });
  return ProductSchema.parse(next);
}

/** Whether two products differ (after a refresh: whether the page needs saving). */
export const productsDiffer = (a: Product, b: Product): boolean => JSON.stringify(a) !== JSON.stringify(b);
