import type { CustomField, ListingInput } from '../../core/model/index.ts';
import {
  decimal,
  fieldKey,
  finishListing,
  namedRefs,
  optionsOf,
  salePrices,
  summarizeVariations,
  text,
  tierPricesMetafield,
  wholeNumber,
  type PricedVariation,
} from '../shared/index.ts';
import type { StoreListing } from '../types.ts';

/** A product of GET /api/v3/{storeId}/products (fields we read). */
export type EcwidProduct = {
  id: number;
  name: string;
  sku?: string | null;
  description?: string | null;
  price?: number | null;
  defaultDisplayedPrice?: number | null;
  compareToPrice?: number | null;
  wholesalePrices?: EcwidWholesalePrice[] | null;
  quantity?: number | null;
  unlimited?: boolean | null;
  enabled?: boolean | null;
  url?: string | null;
  thumbnailUrl?: string | null;
  imageUrl?: string | null;
  originalImageUrl?: string | null;
  hdThumbnailUrl?: string | null;
  media?: { images?: EcwidImage[] | null } | null;
  categoryIds?: number[] | null;
  defaultCategoryId?: number | null;
  attributes?: EcwidAttribute[] | null;
  options?: { name: string; choices?: { text: string }[] | null }[] | null;
  combinations?: EcwidCombination[] | null;
  createTimestamp?: number | null;
  updateTimestamp?: number | null;
};

export type EcwidWholesalePrice = { quantity: number; price: number };
export type EcwidImage = {
  id?: string;
  isMain?: boolean | null;
  orderBy?: number | null;
  imageOriginalUrl?: string | null;
  image1500pxUrl?: string | null;
  image800pxUrl?: string | null;
  image160pxUrl?: string | null;
};
/** type: CUSTOM, UPC, BRAND, GENDER, AGE_GROUP...; show: DESCR, PRICE, NOTSHOW. */
export type EcwidAttribute = {
  id?: number;
  name: string;
  value?: string | null;
  type?: string;
  show?: string;
};

export type EcwidCombination = {
  id: number;
  options?: { name: string; value: string }[] | null;
  sku?: string | null;
  quantity?: number | null;
  unlimited?: boolean | null;
  price?: number | null;
  defaultDisplayedPrice?: number | null;
  compareToPrice?: number | null;
  wholesalePrices?: EcwidWholesalePrice[] | null;
  attributes?: EcwidAttribute[] | null;
  imageUrl?: string | null;
  originalImageUrl?: string | null;
  hdThumbnailUrl?: string | null;
};

export type EcwidMapContext = { currency: string | null; categories: ReadonlyMap<string, string> };

/** Ecwid's price is what the customer pays; compareToPrice, when above it, the regular price it is sold under. */
function ecwidPrices(price: number | null, compareTo: number | null) {
  return compareTo !== null && price !== null && compareTo > price
    ? salePrices(compareTo, price)
    : salePrices(price, null);
}

/** Unlimited stock is not counted (null); otherwise the quantity. */
const ecwidStock = (unlimited: boolean | null | undefined, quantity: unknown) =>
  unlimited ? null : wholeNumber(quantity);

const barcodeOf = (attributes: readonly EcwidAttribute[] | null | undefined) =>
  text((attributes ?? []).find((a) => a.type === 'UPC')?.value);

const tiersOf = (prices: readonly EcwidWholesalePrice[] | null | undefined) =>
  tierPricesMetafield((prices ?? []).map((w) => ({ min_quantity: w.quantity, price: w.price })));

/**
 * An Ecwid product as our listing. Combinations are the variations (their own SKU, UPC attribute as barcode,
 * price, compare-to price, stock and picture), named by the product's options in the product's order. Wholesale
 * prices (product and combination) are kept as tier prices, for line sheets. The BRAND attribute is the brand,
 * the UPC one the barcode, other attributes shown on the storefront are custom fields (NOTSHOW ones stay
 * private). Disabled products are drafts.
 */
export function mapEcwidProduct(p: EcwidProduct, ctx: EcwidMapContext): StoreListing {
  const images: string[] = [];
  const gallery = [...(p.media?.images ?? [])].sort(
    (a, b) => Number(!!b.isMain) - Number(!!a.isMain) || (a.orderBy ?? 0) - (b.orderBy ?? 0),
  );
  for (const img of gallery) {
    const url = text(img.imageOriginalUrl) ?? text(img.image1500pxUrl) ?? text(img.image800pxUrl);
    if (url && !images.includes(url)) images.push(url);
  }
  if (images.length === 0) {
    const url = text(p.originalImageUrl) ?? text(p.hdThumbnailUrl) ?? text(p.imageUrl);
    if (url) images.push(url);
  }
  const categoryIds = [
    ...(p.defaultCategoryId ? [p.defaultCategoryId] : []),
    ...(p.categoryIds ?? []).filter((id) => id !== p.defaultCategoryId),
  ];
  const categories = namedRefs(categoryIds, ctx.categories);
  const customfields: CustomField[] = [];
  let brand: string | null = null;
  for (const a of p.attributes ?? []) {
    if (a.type === 'BRAND') brand ??= text(a.value);
    else if (a.type !== 'UPC' && a.show !== 'NOTSHOW' && text(a.value))
      customfields.push({ key: fieldKey(a.name), name: a.name, value: a.value! });
  }
  const tiers = tiersOf(p.wholesalePrices);
  const price = decimal(p.price) ?? decimal(p.defaultDisplayedPrice);
  const enabled = p.enabled !== false;

  const listing: ListingInput = {
    title: p.name,
    description: p.description ?? '',
    brand,
    category: categories[0]?.title ?? null,
    status: enabled ? 'ACTIVE' : 'DRAFT',
    online: enabled,
    sku: text(p.sku),
    barcode: barcodeOf(p.attributes),
    url: text(p.url),
    thumbnail_image: text(p.thumbnailUrl),
    customfields,
    metafields: tiers ? [tiers] : [],
    ...ecwidPrices(price, decimal(p.compareToPrice)),
    stock: ecwidStock(p.unlimited, p.quantity),
  };
  if (ctx.currency) listing.iso_currency_code = ctx.currency;

  const combinations = p.combinations ?? [];
  // The product's options and choices in its order; a combination may name one it no longer lists.
  const { options, valuesOf } = optionsOf(
    combinations.map((c) => c.options ?? []),
    (p.options ?? []).map((o) => ({ name: o.name, values: (o.choices ?? []).map((c) => c.text) })),
  );
  listing.options = options;
  if (combinations.length) {
    const variations: PricedVariation[] = combinations.map((c) => {
      const values = valuesOf(c.options ?? []);
      const image = text(c.originalImageUrl) ?? text(c.hdThumbnailUrl) ?? text(c.imageUrl);
      if (image && !images.includes(image)) images.push(image);
      const tiersOfCombination = tiersOf(c.wholesalePrices);
      return {
        id: String(c.id),
        title: values.filter(Boolean).join(' / '),
        sku: text(c.sku),
        barcode: barcodeOf(c.attributes),
        ...ecwidPrices(
          decimal(c.price) ?? decimal(c.defaultDisplayedPrice) ?? price,
          decimal(c.compareToPrice),
        ),
        stock: ecwidStock(c.unlimited, c.quantity),
        image,
        options: values,
        metafields: tiersOfCombination ? [tiersOfCombination] : [],
      };
    });
    summarizeVariations(listing, variations);
  }
  return finishListing(listing, {
    pictures: images,
    external_id: String(p.id),
    source: 'ecwid',
    external_created_at: p.createTimestamp ? new Date(p.createTimestamp * 1000).toISOString() : null,
    categories,
  });
}
