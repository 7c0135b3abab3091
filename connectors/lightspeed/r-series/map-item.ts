import type { ListingInput } from '../../../core/model/index.ts';
import {
  addImage,
  asArray,
  decimal,
  finishListing,
  summarizeVariations,
  text,
  wholeNumber,
} from '../../shared/index.ts';
import type { StoreListing } from '../../types.ts';

/** R-Series sends every value as text, and a relation holding one record as an object instead of an array. */
type One<T> = T | T[];
type ItemPrice = { amount?: string; useType?: string; useTypeID?: string };
type ItemShop = { shopID?: string; qoh?: string };
type Image = {
  imageID?: string;
  ordering?: string;
  publicID?: string;
  baseImageURL?: string;
  filename?: string;
};
type AttributeSet = { attributeName1?: string; attributeName2?: string; attributeName3?: string };
type Tag = { tagID?: string; name?: string };

type Common = {
  description?: string;
  archived?: string;
  itemType?: string;
  categoryID?: string;
  manufacturerID?: string;
  timeStamp?: string;
  Prices?: { ItemPrice?: One<ItemPrice> } | '';
  Category?: { categoryID?: string; name?: string; fullPathName?: string };
  Manufacturer?: { manufacturerID?: string; name?: string };
  Images?: { Image?: One<Image> } | '';
  ItemECommerce?: { longDescription?: string; shortDescription?: string; listOnStore?: string };
  CustomFieldValues?: { CustomFieldValue?: One<{ name?: string; value?: unknown }> } | '';
  TagRelations?: { TagRelation?: One<{ tagID?: string; Tag?: Tag }> } | '';
};

/** An Item of API V3 (Item.json with its relations): the fields we read. */
export type RItem = Common & {
  itemID: string;
  systemSku?: string;
  customSku?: string;
  manufacturerSku?: string;
  upc?: string;
  ean?: string;
  createTime?: string;
  itemMatrixID?: string;
  publishToEcom?: string;
  ItemShops?: { ItemShop?: One<ItemShop> } | '';
  ItemAttributes?: {
    attribute1?: string;
    attribute2?: string;
    attribute3?: string;
    ItemAttributeSet?: AttributeSet;
  };
};

/** An ItemMatrix: the parent of the items that are its variants. */
export type RMatrix = Common & {
  itemMatrixID: string;
  itemAttributeSetID?: string;
  ItemAttributeSet?: AttributeSet;
  attribute1Values?: string[];
  attribute2Values?: string[];
  attribute3Values?: string[];
};

/** A matrix's external id: ItemMatrix/<id> (an item's is its bare itemID). */
export const matrixExternalId = (id: string) => `ItemMatrix/${id}`;

const relation = <T>(holder: { [k: string]: One<T> | undefined } | '' | undefined, key: string): T[] =>
  holder && typeof holder === 'object' ? asArray(holder[key]) : [];

function prices(p: Common['Prices']) {
  const list = relation<ItemPrice>(p as { ItemPrice?: One<ItemPrice> }, 'ItemPrice');
  const of = (type: string) => decimal(list.find((x) => x.useType === type)?.amount);
  const msrp = of('MSRP');
  // An MSRP of 0 is "not set" in R-Series.
  return { price: of('Default'), msrp: msrp ? msrp : null };
}

function imagesOf(x: Common): string[] {
  const out: string[] = [];
  const images = relation<Image>(x.Images as { Image?: One<Image> }, 'Image').sort(
    (a, b) => (decimal(a.ordering) ?? 0) - (decimal(b.ordering) ?? 0),
  );
  for (const img of images)
    if (img.baseImageURL && img.publicID)
      addImage(out, `${img.baseImageURL.replace(/\/?$/, '/')}${img.publicID}.jpg`);
  return out;
}

/** Stock over all shops: the summary ItemShop of shop 0, else the shops added up; null when not tracked. */
function stockOf(item: RItem): number | null {
  if (item.itemType === 'non_inventory') return null;
  const shops = relation<ItemShop>(item.ItemShops as { ItemShop?: One<ItemShop> }, 'ItemShop');
  if (!shops.length) return null;
  const all = shops.find((s) => s.shopID === '0');
  if (all) return wholeNumber(all.qoh);
  return shops.reduce((sum, s) => sum + (wholeNumber(s.qoh) ?? 0), 0);
}

function common(x: Common) {
  const customfields = relation<{ name?: string; value?: unknown }>(
    x.CustomFieldValues as { CustomFieldValue?: One<{ name?: string; value?: unknown }> },
    'CustomFieldValue',
  ).flatMap((f) => {
    const value =
      typeof f.value === 'object' && f.value !== null ? (f.value as { name?: string }).name : f.value;
    return text(f.name) && text(value) ? [{ key: f.name!, name: f.name!, value: String(value) }] : [];
  });
  const collections = relation<{ tagID?: string; Tag?: Tag }>(
    x.TagRelations as { TagRelation?: One<{ tagID?: string; Tag?: Tag }> },
    'TagRelation',
  ).flatMap((r) => {
    const id = r.Tag?.tagID ?? r.tagID;
    return id && text(r.Tag?.name) ? [{ external_id: id, title: r.Tag!.name! }] : [];
  });
  const archived = x.archived === 'true';
  return {
    description: text(x.ItemECommerce?.longDescription) ?? text(x.ItemECommerce?.shortDescription) ?? '',
    category: text(x.Category?.fullPathName) ?? text(x.Category?.name) ?? null,
    brand: text(x.Manufacturer?.name),
    status: archived ? ('ARCHIVED' as const) : ('ACTIVE' as const),
    customfields,
    collections,
  };
}

const skuOf = (item: RItem) => text(item.customSku) ?? text(item.manufacturerSku) ?? text(item.systemSku);
const barcodeOf = (item: RItem) => text(item.upc) ?? text(item.ean);

/**
 * Map an item that is not in a matrix. Prices: Default is the price, MSRP the suggested retail price; the SKU is
 * the merchant's custom SKU (else the manufacturer's, else the system SKU), the barcode the UPC or EAN; stock is
 * the quantity on hand of all shops (ItemShop 0); Category, Manufacturer (the brand), Images, custom field values
 * and tags (collections) come from the loaded relations.
 */
export function mapRItem(item: RItem, opts: { currency?: string | null } = {}): StoreListing {
  const c = common(item);
  const { price, msrp } = prices(item.Prices);
  const images = imagesOf(item);
  const listing: ListingInput & { external_id: string; source: string } = {
    source: 'lightspeed',
    external_id: item.itemID,
    title: text(item.description)?.trim() ?? '',
    description: c.description,
    category: c.category,
    brand: c.brand,
    status: c.status,
    online: c.status === 'ACTIVE' && item.publishToEcom !== 'false',
    sku: skuOf(item),
    barcode: barcodeOf(item),
    price,
    suggested_retail_price: msrp,
    stock: stockOf(item),
    main_image: images[0] ?? null,
    images: images.map((original) => ({ original })),
    customfields: c.customfields,
  };
  if (opts.currency) listing.iso_currency_code = opts.currency;
  return finishListing(listing, {
    external_id: listing.external_id,
    source: listing.source,
    external_created_at: text(item.createTime),
    collections: c.collections,
  });
}

/**
 * Map a matrix with its items as variations: options named by the matrix's attribute set (attributeName1..3),
 * each item's ItemAttributes its values; every item keeps its SKU, barcode, prices and stock.
 */
export function mapRMatrix(
  matrix: RMatrix,
  items: RItem[],
  opts: { currency?: string | null } = {},
): StoreListing {
  const c = common(matrix);
  const set =
    matrix.ItemAttributeSet ??
    items.find((i) => i.ItemAttributes?.ItemAttributeSet)?.ItemAttributes?.ItemAttributeSet;
  const slots = ([1, 2, 3] as const).flatMap((n) => {
    const name = text(set?.[`attributeName${n}`]);
    return name ? [{ n, name }] : [];
  });
  const images = imagesOf(matrix);
  const { price, msrp } = prices(matrix.Prices);
  const listing: ListingInput & { external_id: string; source: string } = {
    source: 'lightspeed',
    external_id: matrixExternalId(matrix.itemMatrixID),
    title: text(matrix.description)?.trim() ?? '',
    description: c.description,
    category: c.category,
    brand: c.brand,
    status: c.status,
    online: c.status === 'ACTIVE',
    price,
    suggested_retail_price: msrp,
    customfields: c.customfields,
  };
  if (opts.currency) listing.iso_currency_code = opts.currency;
  const values = slots.map(({ n }) => [...(matrix[`attribute${n}Values`] ?? [])]);
  listing.variations = items.map((item) => {
    const options = slots.map(({ n }, i) => {
      const v = text(item.ItemAttributes?.[`attribute${n}`]) ?? '';
      if (v && !values[i]!.includes(v)) values[i]!.push(v);
      return v;
    });
    const own = prices(item.Prices);
    const image = imagesOf(item)[0] ?? null;
    if (image) addImage(images, image);
    return {
      id: item.itemID,
      title: options.filter(Boolean).join(' / ') || (text(item.description) ?? ''),
      sku: skuOf(item),
      barcode: barcodeOf(item),
      price: own.price,
      suggested_retail_price: own.msrp,
      stock: stockOf(item),
      image,
      options,
    };
  });
  listing.options = slots.map(({ name }, i) => ({ name, values: values[i]! }));
  if (items.length) summarizeVariations(listing);
  listing.main_image = images[0] ?? null;
  listing.images = images.map((original) => ({ original }));
  return finishListing(listing, {
    external_id: listing.external_id,
    source: listing.source,
    collections: c.collections,
  });
}
