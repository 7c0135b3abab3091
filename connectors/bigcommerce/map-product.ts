import type { ListingInput } from '../../core/model/index.ts';
import {
  decimal,
  fieldKey,
  finishListing,
  namedRefs,
  optionsOf,
  positiveMoney,
  salePrices,
  summarizeVariations,
  text,
  tierPricesMetafield,
  wholeNumber,
  type PricedVariation,
  type TierPrice,
} from '../shared/index.ts';
import type { StoreListing } from '../types.ts';

/** A product of GET /v3/catalog/products with include=variants,images,custom_fields,bulk_pricing_rules. */
export type BcProduct = {
  id: number;
  name: string;
  type?: string;
  sku?: string | null;
  description?: string | null;
  price?: number | null;
  sale_price?: number | null;
  retail_price?: number | null;
  calculated_price?: number | null;
  categories?: number[] | null;
  brand_id?: number | null;
  inventory_level?: number | null;
  /** none: not counted; product: one count for the product; variant: one count per variant. */
  inventory_tracking?: 'none' | 'product' | 'variant' | null;
  is_visible?: boolean | null;
  availability?: string | null;
  upc?: string | null;
  gtin?: string | null;
  mpn?: string | null;
  date_created?: string | null;
  date_modified?: string | null;
  custom_url?: { url?: string | null } | null;
  variants?: BcVariant[] | null;
  images?: BcImage[] | null;
  custom_fields?: { id?: number; name: string; value: string }[] | null;
  bulk_pricing_rules?: BcBulkPricingRule[] | null;
};

export type BcVariant = {
  id: number;
  sku?: string | null;
  price?: number | null;
  sale_price?: number | null;
  retail_price?: number | null;
  calculated_price?: number | null;
  inventory_level?: number | null;
  upc?: string | null;
  gtin?: string | null;
  mpn?: string | null;
  image_url?: string | null;
  purchasing_disabled?: boolean | null;
  option_values?: { id?: number; label: string; option_id?: number; option_display_name: string }[] | null;
};

export type BcImage = {
  id?: number;
  is_thumbnail?: boolean | null;
  sort_order?: number | null;
  url_zoom?: string | null;
  url_standard?: string | null;
  url_thumbnail?: string | null;
};

/** price: so much off each unit; percent: so many percent off; fixed: the unit price itself. */
export type BcBulkPricingRule = {
  quantity_min: number;
  quantity_max?: number;
  type: 'price' | 'percent' | 'fixed';
  amount: number | string;
};

export type BcMapContext = {
  currency: string | null;
  /** The storefront's address (GET /v2/store secure_url): product URLs are custom_url.url under it. */
  storeUrl: string | null;
  brands: ReadonlyMap<string, string>;
  categories: ReadonlyMap<string, string>;
};

const cents = (n: number) => Math.round(n * 100) / 100;

/** Bulk pricing rules as unit prices from each quantity on (rules of other kinds are computed from the price). */
export function bulkTiers(rules: readonly BcBulkPricingRule[], price: number | null): TierPrice[] {
  const tiers: TierPrice[] = [];
  for (const r of rules) {
    const amount = decimal(r.amount);
    if (amount === null || !Number.isFinite(r.quantity_min)) continue;
    const unit =
      r.type === 'fixed'
        ? amount
        : price === null
          ? null
          : r.type === 'percent'
            ? price * (1 - amount / 100)
            : price - amount;
    if (unit !== null) tiers.push({ min_quantity: Math.max(1, r.quantity_min), price: cents(unit) });
  }
  return tiers;
}

/**
 * A BigCommerce product as our listing. A product whose only variant is its base variant (no option values) is a
 * plain product; otherwise each variant is a variation named by its option values. Prices: the sale price while
 * it is below the price, retail_price as the suggested retail price (0 means none in BigCommerce), bulk pricing
 * rules as tier prices. Stock follows inventory_tracking (none: not counted, null). Hidden products are drafts.
 */
export function mapBigcommerceProduct(p: BcProduct, ctx: BcMapContext): StoreListing {
  const images: string[] = [];
  let thumbnail: string | null = null;
  const sorted = [...(p.images ?? [])].sort(
    (a, b) =>
      Number(!!b.is_thumbnail) - Number(!!a.is_thumbnail) || (a.sort_order ?? 0) - (b.sort_order ?? 0),
  );
  for (const img of sorted) {
    const url = text(img.url_zoom) ?? text(img.url_standard);
    if (url && !images.includes(url)) images.push(url);
    if (img.is_thumbnail) thumbnail ??= text(img.url_thumbnail);
  }
  const tracking = p.inventory_tracking ?? 'none';
  const regular = decimal(p.price);
  const categories = namedRefs(p.categories ?? [], ctx.categories);
  const customfields = (p.custom_fields ?? []).map((f) => ({
    key: fieldKey(f.name),
    name: f.name,
    value: f.value ?? '',
  }));
  if (text(p.mpn)) customfields.push({ key: 'mpn', name: 'MPN', value: p.mpn! });
  const tiers = tierPricesMetafield(bulkTiers(p.bulk_pricing_rules ?? [], regular));
  const visible = p.is_visible !== false;

  const listing: ListingInput = {
    title: p.name,
    description: p.description ?? '',
    brand: p.brand_id ? (ctx.brands.get(String(p.brand_id)) ?? null) : null,
    category: categories[0]?.title ?? null,
    status: visible ? 'ACTIVE' : 'DRAFT',
    online: visible && p.availability !== 'disabled',
    sku: text(p.sku),
    barcode: text(p.gtin) ?? text(p.upc),
    url: ctx.storeUrl && text(p.custom_url?.url) ? `${ctx.storeUrl}${p.custom_url!.url}` : null,
    thumbnail_image: thumbnail,
    customfields,
    metafields: tiers ? [tiers] : [],
    suggested_retail_price: positiveMoney(p.retail_price),
    ...salePrices(regular, positiveMoney(p.sale_price)),
    stock: tracking === 'none' ? null : wholeNumber(p.inventory_level),
  };
  if (ctx.currency) listing.iso_currency_code = ctx.currency;

  const variants = p.variants ?? [];
  const hasOptions = variants.some((v) => (v.option_values ?? []).length > 0);
  if (hasOptions) {
    const named = variants.map((v) => ({
      v,
      pairs: (v.option_values ?? []).map((o) => ({ name: o.option_display_name, value: o.label })),
    }));
    const { options, valuesOf } = optionsOf(named.map((n) => n.pairs));
    listing.options = options;
    const variations: PricedVariation[] = named.map(({ v, pairs }) => {
      const values = valuesOf(pairs);
      // A variant without its own price takes the product's, sale included.
      const own = decimal(v.price);
      const prices = salePrices(
        own ?? regular,
        positiveMoney(v.sale_price) ?? (own === null ? positiveMoney(p.sale_price) : null),
      );
      const image = text(v.image_url);
      if (image && !images.includes(image)) images.push(image);
      return {
        id: String(v.id),
        title: values.filter(Boolean).join(' / '),
        sku: text(v.sku),
        barcode: text(v.gtin) ?? text(v.upc),
        ...prices,
        suggested_retail_price: positiveMoney(v.retail_price) ?? positiveMoney(p.retail_price),
        stock: tracking === 'variant' ? wholeNumber(v.inventory_level) : null,
        image,
        options: values,
      };
    });
    const productStock = listing.stock;
    summarizeVariations(listing, variations);
    // Counted per product, the variants share one stock.
    if (tracking === 'product') listing.stock = productStock;
  } else {
    const base = variants[0];
    listing.sku ??= text(base?.sku);
    listing.barcode ??= text(base?.gtin) ?? text(base?.upc);
    const image = text(base?.image_url);
    if (image && !images.includes(image)) images.push(image);
  }
  return finishListing(listing, {
    pictures: images,
    external_id: String(p.id),
    source: 'bigcommerce',
    external_created_at: text(p.date_created),
    categories,
  });
}
