import { isObject, parseLegacyPrice, toId, toNumber, toText, type RawObject } from './legacy-values.ts';

const PRICE_FIELDS = ['price', 'original_price', 'compare_at_price', 'sale_price', 'suggested_retail_price'];
const STATUSES = ['ACTIVE', 'DRAFT', 'ARCHIVED'];
// Store statuses of older imports that mean a product is on sale (WooCommerce "publish").
const ACTIVE_ALIASES = ['PUBLISH', 'PUBLISHED', 'ENABLED'];

function migratePrices(target: RawObject): void {
  for (const field of PRICE_FIELDS) {
    if (field in target) target[field] = parseLegacyPrice(target[field]);
  }
}

/** One variation in today's shape from a legacy variant (Shopify-like option1..3, inventory_quantity). */
function migrateVariant(raw: unknown, index: number): RawObject {
  const v: RawObject = isObject(raw) ? { ...raw } : {};
  const optionValues = Array.isArray(v.options)
    ? v.options.map(toText).filter((o): o is string => o !== null)
    : [v.option1, v.option2, v.option3].map(toText).filter((o): o is string => o !== null);
  const image = isObject(v.image) ? toText(v.image.src ?? v.image.url) : toText(v.image ?? v.image_url);
  const variation: RawObject = {
    id: toId(v.id ?? v._id) ?? String(index + 1),
    title: toText(v.title) ?? optionValues.join(' / '),
    sku: toText(v.sku),
    barcode: toText(v.barcode),
    stock: toNumber(v.stock ?? v.inventory_quantity),
    quantity: toNumber(v.quantity),
    image,
    metafields: Array.isArray(v.metafields) ? v.metafields : [],
    options: optionValues,
  };
  for (const field of PRICE_FIELDS) variation[field] = parseLegacyPrice(v[field]);
  return variation;
}

/**
 * Older documents grouped variations by option: { title: 'Size', options: [{ id, title: 'S', sku, price }] }.
 * Today a variation is one sellable item whose `options` hold its option values, and the product's
 * `options` name them.
 */
function flattenGroupedVariations(product: RawObject, groups: RawObject[]): RawObject[] {
  const productOptions = Array.isArray(product.options) ? [...product.options] : [];
  const variations = groups.flatMap((group) => {
    const items = (group.options as unknown[]).filter(isObject);
    const name = toText(group.title) ?? 'Option';
    const values = items.map((item) => toText(item.title) ?? '');
    if (!productOptions.some((o) => isObject(o) && o.name === name)) productOptions.push({ name, values });
    return items.map((item) => ({ ...item, options: [toText(item.title) ?? ''] }));
  });
  product.options = productOptions;
  return variations;
}

/** A product of an older document in today's shape; `fallbackId` names it when it has no id. */
export function migrateLegacyProduct(raw: unknown, fallbackId: string): RawObject {
  const product: RawObject = isObject(raw) ? { ...raw } : {};
  product.id = toId(product.id) ?? toId(product._id) ?? toId(product.listing_id) ?? fallbackId;
  if ('_id' in product) delete product._id;
  migratePrices(product);
  for (const field of ['stock', 'quantity']) if (field in product) product[field] = toNumber(product[field]);
  for (const field of ['title', 'description']) if (product[field] === null) delete product[field];
  for (const field of ['sku', 'barcode', 'category', 'brand', 'vendor']) {
    if (field in product) product[field] = toText(product[field]);
  }
  if (product.iso_currency_code == null || product.iso_currency_code === '') delete product.iso_currency_code;

  if (typeof product.status === 'string') {
    const status = product.status.toUpperCase();
    if (STATUSES.includes(status)) product.status = status;
    else if (ACTIVE_ALIASES.includes(status)) product.status = 'ACTIVE';
    else delete product.status;
  } else delete product.status;

  let variations = Array.isArray(product.variations) ? product.variations : [];
  const legacyVariants = Array.isArray(product.variants) ? product.variants : [];
  if (variations.length === 0 && legacyVariants.length > 0) variations = legacyVariants;
  delete product.variants;
  const groups = variations.filter(isObject);
  if (groups.some((g) => Array.isArray(g.options) && g.options.some(isObject))) {
    variations = flattenGroupedVariations(product, groups);
  }
  product.variations = variations.map(migrateVariant);

  if (Array.isArray(product.images)) {
    product.images = product.images.flatMap((img) => {
      if (typeof img === 'string') return img ? [{ original: img }] : [];
      if (!isObject(img)) return [];
      const original = toText(img.original ?? img.src ?? img.url);
      return original ? [{ ...img, original }] : [];
    });
  }
  return product;
}
