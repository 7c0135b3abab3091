import type { ListingInput } from '../../core/model/index.ts';
import { finishListing } from '../shared/index.ts';
import type { StoreListing } from '../types.ts';

/** A product as WooCommerce's REST API v3 answers it (GET /wp-json/wc/v3/products), the fields we read. */
export type WooProduct = {
  id: number;
  name?: string | null;
  slug?: string | null;
  permalink?: string | null;
  date_created_gmt?: string | null;
  type?: string | null;
  status?: string | null;
  catalog_visibility?: string | null;
  description?: string | null;
  short_description?: string | null;
  sku?: string | null;
  /** WooCommerce 9.2+: the GTIN, UPC, EAN or ISBN field of the product editor. */
  global_unique_id?: string | null;
  price?: string | null;
  regular_price?: string | null;
  sale_price?: string | null;
  on_sale?: boolean | null;
  manage_stock?: boolean | string | null;
  stock_quantity?: number | null;
  stock_status?: string | null;
  categories?: { id: number; name: string; slug?: string }[] | null;
  tags?: { id: number; name: string; slug?: string }[] | null;
  brands?: { id: number; name: string }[] | null;
  images?: { id?: number; src?: string | null; alt?: string | null }[] | null;
  attributes?: WooAttribute[] | null;
  variations?: number[] | null;
  meta_data?: { id?: number; key: string; value: unknown }[] | null;
};

export type WooAttribute = {
  id?: number;
  name: string;
  position?: number;
  visible?: boolean;
  variation?: boolean;
  options?: string[] | null;
};

/** A variation (GET /products/{id}/variations). */
export type WooVariation = {
  id: number;
  sku?: string | null;
  global_unique_id?: string | null;
  price?: string | null;
  regular_price?: string | null;
  sale_price?: string | null;
  on_sale?: boolean | null;
  status?: string | null;
  manage_stock?: boolean | string | null;
  stock_quantity?: number | null;
  image?: { src?: string | null } | null;
  attributes?: { id?: number; name: string; option?: string | null }[] | null;
  meta_data?: { key: string; value: unknown }[] | null;
};

/** Our external_id for a WooCommerce product: its numeric id, as text. */
export const wooProductId = (id: string | number): string => String(id).trim();

/** publish → ACTIVE; draft, pending and future → DRAFT; private (only the shop's staff see it) → ARCHIVED. */
const STATUS: Record<string, 'ACTIVE' | 'DRAFT' | 'ARCHIVED'> = {
  publish: 'ACTIVE',
  draft: 'DRAFT',
  pending: 'DRAFT',
  future: 'DRAFT',
  private: 'ARCHIVED',
};

/** The meta keys GTIN plugins write, for stores older than WooCommerce 9.2's own field. */
const GTIN_META_KEYS = [
  '_global_unique_id',
  '_wpm_gtin_code',
  '_alg_ean',
  '_ts_gtin',
  'hwp_product_gtin',
  '_gtin',
  'gtin',
  '_ean',
  'ean',
  '_upc',
  'upc',
  '_isbn',
];

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * WooCommerce prices are decimal text ("21.99"); "" means none. A negative one is kept for finishListing to
 * refuse in the shared words; text that is no number is refused here.
 */
function money(v: unknown, what: string): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isFinite(n)) throw new Error(`${what} "${String(v)}" is not a price`);
  return n;
}

const managed = (v: unknown) => v === true || v === 'parent';
const stockOf = (p: { manage_stock?: unknown; stock_quantity?: number | null }): number | null =>
  managed(p.manage_stock) && typeof p.stock_quantity === 'number' && Number.isFinite(p.stock_quantity)
    ? Math.trunc(p.stock_quantity)
    : null;

function gtinOf(p: {
  global_unique_id?: string | null;
  meta_data?: { key: string; value: unknown }[] | null;
}) {
  const own = text(p.global_unique_id);
  if (own) return own;
  const meta = new Map((p.meta_data ?? []).map((m) => [m.key, m.value]));
  for (const key of GTIN_META_KEYS) {
    const v = meta.get(key);
    const t = typeof v === 'number' ? String(v) : text(v);
    if (t) return t;
  }
  return null;
}

/** Current price, the regular price when on sale (compare-at), and the sale price. */
function prices(p: { price?: string | null; regular_price?: string | null; sale_price?: string | null }) {
  const regular = money(p.regular_price, 'Regular price');
  const sale = money(p.sale_price, 'Sale price');
  const price = money(p.price, 'Price') ?? sale ?? regular;
  const onSale = sale !== null && regular !== null && sale < regular;
  return {
    price,
    original_price: regular,
    compare_at_price: onSale ? regular : null,
    sale_price: onSale ? sale : null,
  };
}

/**
 * A WooCommerce product and its variations as our listing (SPEC §3): the current price (the sale price while on
 * sale) with the regular price as compare-at; SKU; the GTIN as barcode (WooCommerce's own field, else a GTIN
 * plugin's meta); stock when the store manages it; pictures; the attributes used for variations as options and
 * the others as custom fields; each variation with its own price, SKU, barcode, stock and picture; categories;
 * tags as a custom field; status; the permalink. A variable product shows its lowest variation price ("from").
 * Throws when the product cannot be a listing (no title, a negative or unreadable price; finishListing's shared
 * words): the sync skips it.
 */
export function mapProduct(
  product: WooProduct,
  variations: readonly WooVariation[],
  opts: { currency?: string | null } = {},
): StoreListing {
  const title = text(product.name) ?? '';
  const own = prices(product);
  const attributes = [...(product.attributes ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const variationAttributes = product.type === 'variable' ? attributes.filter((a) => a.variation) : [];
  const options = variationAttributes.map((a) => ({
    name: a.name,
    values: (a.options ?? []).filter(Boolean),
  }));
  const mappedVariations = variations.map((v) => {
    const p = prices(v);
    const values = variationAttributes.map((a) => {
      const chosen = (v.attributes ?? []).find((x) => x.name === a.name || (a.id && x.id === a.id));
      // A variation without a value for an attribute stands for any of its values.
      return text(chosen?.option) ?? `Any ${a.name}`;
    });
    return {
      id: String(v.id),
      title: values.join(' / '),
      sku: text(v.sku),
      barcode: gtinOf(v),
      price: p.price,
      original_price: p.original_price,
      compare_at_price: p.compare_at_price,
      stock: stockOf(v) ?? (v.manage_stock === 'parent' ? stockOf(product) : null),
      image: text(v.image?.src),
      options: values,
    };
  });
  // A variable product is sold at its variations' prices: the lowest one, with that variation's compare-at.
  const priced = mappedVariations.filter((v) => v.price !== null);
  const cheapest = priced.length ? priced.reduce((a, b) => (b.price! < a.price! ? b : a)) : null;
  const stocks = mappedVariations.map((v) => v.stock).filter((s): s is number => s !== null);
  const productStock = stockOf(product);
  const stock =
    productStock ?? (mappedVariations.length && stocks.length ? stocks.reduce((a, b) => a + b, 0) : null);
  const pictures = [
    ...(product.images ?? []).map((i) => text(i.src)),
    ...mappedVariations.map((v) => v.image),
  ].filter((s): s is string => !!s);
  const categories = (product.categories ?? []).filter((c) => text(c.name));
  const tags = (product.tags ?? []).map((t) => text(t.name)).filter((t): t is string => !!t);
  const customfields = [
    ...attributes
      .filter((a) => !variationAttributes.includes(a) && a.visible !== false && (a.options ?? []).length)
      .map((a) => ({ key: `attribute:${a.name}`, name: a.name, value: (a.options ?? []).join(', ') })),
    ...(tags.length ? [{ key: 'tags', name: 'Tags', value: tags.join(', ') }] : []),
  ];
  const listing: ListingInput = {
    source: 'woocommerce',
    external_id: wooProductId(product.id),
    title,
    description: text(product.description) ?? text(product.short_description) ?? '',
    category: categories[0]?.name ?? null,
    brand: text(product.brands?.[0]?.name),
    status: STATUS[product.status ?? ''] ?? 'DRAFT',
    sku: text(product.sku),
    barcode: gtinOf(product),
    stock,
    price: cheapest ? cheapest.price : own.price,
    original_price: cheapest ? cheapest.original_price : own.original_price,
    compare_at_price: cheapest ? cheapest.compare_at_price : own.compare_at_price,
    sale_price: cheapest ? (cheapest.compare_at_price !== null ? cheapest.price : null) : own.sale_price,
    iso_currency_code: opts.currency ?? undefined,
    url: text(product.permalink),
    options,
    variations: mappedVariations,
    customfields,
    online: product.status === 'publish' && product.catalog_visibility !== 'hidden',
  };
  return finishListing(listing, {
    source: 'woocommerce',
    external_id: wooProductId(product.id),
    external_created_at: text(product.date_created_gmt) ? `${product.date_created_gmt}Z` : null,
    collections: [],
    categories: categories.map((c) => ({ external_id: String(c.id), title: c.name })),
    pictures: [...new Set(pictures)],
  });
}
