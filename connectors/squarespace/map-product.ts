import type { ListingInput } from '../../core/model/index.ts';
import {
  decimal,
  finishListing,
  optionsOf,
  salePrices,
  summarizeVariations,
  text,
  wholeNumber,
  type PricedVariation,
} from '../shared/index.ts';
import type { StoreListing } from '../types.ts';

/** `value` is a decimal string ("15.00"). */
export type SqMoney = { currency?: string | null; value?: string | number | null };
export type SqPricing = { basePrice?: SqMoney | null; salePrice?: SqMoney | null; onSale?: boolean | null };
export type SqImage = {
  id?: string;
  altText?: string | null;
  url?: string | null;
  originalSize?: { width?: number; height?: number } | null;
  availableFormats?: string[] | null;
};

/** A product of the Products API (1.1): PHYSICAL products have variants; DIGITAL ones may have one price. */
export type SqProduct = {
  id: string;
  type?: string;
  storePageId?: string | null;
  name: string;
  description?: string | null;
  url?: string | null;
  urlSlug?: string | null;
  tags?: string[] | null;
  isVisible?: boolean | null;
  variantAttributes?: string[] | null;
  variants?: SqVariant[] | null;
  images?: SqImage[] | null;
  pricing?: SqPricing | null;
  createdOn?: string | null;
  modifiedOn?: string | null;
};

export type SqVariant = {
  id: string;
  sku?: string | null;
  pricing?: SqPricing | null;
  /** When unlimited is true, quantity is meaningless. */
  stock?: { quantity?: number | null; unlimited?: boolean | null } | null;
  attributes?: Record<string, string> | null;
  image?: SqImage | null;
};

export type SqMapContext = {
  currency: string | null;
  /** Store Pages by id: a product's store page is its collection. */
  storePages: ReadonlyMap<string, string>;
};

const pricesOf = (pricing: SqPricing | null | undefined) =>
  salePrices(decimal(pricing?.basePrice?.value), pricing?.onSale ? decimal(pricing.salePrice?.value) : null);

const stockOf = (stock: SqVariant['stock']) =>
  !stock || stock.unlimited ? null : wholeNumber(stock.quantity);

/**
 * A Squarespace product as our listing. A product whose only variant has no attributes is plain; otherwise each
 * variant is a variation named by its attribute values in `variantAttributes` order. A variant on sale is sold at
 * its sale price under its base price. Unlimited stock is null. Tags are a custom field, the Store Page the
 * product's collection; Squarespace's API has no barcodes, brands or categories. Hidden products are drafts.
 */
export function mapSquarespaceProduct(p: SqProduct, ctx: SqMapContext): StoreListing {
  const images: string[] = [];
  for (const img of p.images ?? []) {
    const url = text(img.url);
    if (url && !images.includes(url)) images.push(url);
  }
  const tags = (p.tags ?? []).filter((t) => typeof t === 'string' && t.trim() !== '');
  const visible = p.isVisible !== false;
  const variants = p.variants ?? [];
  const currency =
    text(variants[0]?.pricing?.basePrice?.currency) ?? text(p.pricing?.basePrice?.currency) ?? ctx.currency;

  const listing: ListingInput = {
    title: p.name,
    description: p.description ?? '',
    status: visible ? 'ACTIVE' : 'DRAFT',
    online: visible,
    url: text(p.url),
    customfields: tags.length ? [{ key: 'tags', name: 'Tags', value: tags.join(', ') }] : [],
  };
  if (currency) listing.iso_currency_code = currency;

  const pairsOf = (v: SqVariant) =>
    Object.entries(v.attributes ?? {}).map(([name, value]) => ({ name, value }));
  const { options, valuesOf } = optionsOf(
    variants.map(pairsOf),
    (p.variantAttributes ?? []).map((name) => ({ name })),
  );
  if (variants.length > 1 || options.length > 0) {
    listing.options = options;
    const variations: PricedVariation[] = variants.map((v) => {
      const values = valuesOf(pairsOf(v));
      const image = text(v.image?.url);
      if (image && !images.includes(image)) images.push(image);
      return {
        id: v.id,
        title: values.filter(Boolean).join(' / '),
        sku: text(v.sku),
        ...pricesOf(v.pricing),
        stock: stockOf(v.stock),
        image,
        options: values,
      };
    });
    summarizeVariations(listing, variations);
  } else {
    const only = variants[0];
    Object.assign(listing, pricesOf(only?.pricing ?? p.pricing));
    listing.sku = text(only?.sku);
    listing.stock = stockOf(only?.stock);
  }
  const page = p.storePageId ? ctx.storePages.get(p.storePageId) : undefined;
  return finishListing(listing, {
    pictures: images,
    external_id: p.id,
    source: 'squarespace',
    external_created_at: text(p.createdOn),
    collections: p.storePageId ? [{ external_id: p.storePageId, title: page ?? '' }] : [],
  });
}
