import { INDEXED_TEXT_MAX } from '../model/bounds.ts';
import { lowestPrice, totalStock } from './catalog-builder-format.ts';
import type { ListingInput, Metafield, VariationInput } from './model-types.ts';
import { CSV_MESSAGES } from './problems.ts';
import type { CsvRow } from './read-rows.ts';
import { pushUnique, type Sheet } from './sheet.ts';
import { boundedKey } from './values.ts';

interface Group {
  handle: string;
  rows: CsvRow[];
}

const STATUSES = { active: 'ACTIVE', draft: 'DRAFT', archived: 'ARCHIVED' } as const;
const OPTION_INDEXES = [1, 2, 3] as const;
/** Newer exports name metafield columns "Label (product.metafields.namespace.key)". */
const METAFIELD_HEADER = /\(product\.metafields\.([^.()]+)\.([^()]+)\)\s*$/i;

export interface ShopifyOptions {
  currency?: string;
}

/**
 * Shopify's product CSV: one row per variant or extra image; the rows of a product share its Handle, and a
 * row without a Handle or Title continues the product above. Rows of one handle need not be adjacent
 * (Shopify's own importer groups them the same way).
 */
export function mapShopifyRows(sheet: Sheet, opts: ShopifyOptions): ListingInput[] {
  const col = {
    handle: sheet.column('Handle'),
    title: sheet.column('Title'),
    body: sheet.column('Body (HTML)', 'Body HTML', 'Description'),
    vendor: sheet.column('Vendor'),
    type: sheet.column('Type'),
    category: sheet.column('Product Category'),
    tags: sheet.column('Tags'),
    published: sheet.column('Published', 'Published on online store'),
    status: sheet.column('Status'),
    sku: sheet.column('Variant SKU'),
    qty: sheet.column('Variant Inventory Qty'),
    tracker: sheet.column('Variant Inventory Tracker'),
    price: sheet.column('Variant Price'),
    compareAt: sheet.column('Variant Compare At Price'),
    barcode: sheet.column('Variant Barcode'),
    imageSrc: sheet.column('Image Src'),
    imagePosition: sheet.column('Image Position'),
    variantImage: sheet.column('Variant Image'),
    optionName: OPTION_INDEXES.map((n) => sheet.column(`Option${n} Name`)),
    optionValue: OPTION_INDEXES.map((n) => sheet.column(`Option${n} Value`)),
  };
  const metafieldColumns = sheet.headers.flatMap((h, i) => {
    const m = METAFIELD_HEADER.exec(h);
    return m ? [{ col: i, namespace: m[1], key: m[2].trim() }] : [];
  });

  const groups = new Map<string, Group>();
  let current: Group | null = null;
  for (const row of sheet.table.rows) {
    let handle = sheet.text(row, col.handle);
    if (handle === '' && current && sheet.text(row, col.title) === '') handle = current.handle;
    if (handle === '') handle = sheet.text(row, col.title).toLowerCase().replace(/\s+/g, '-');
    let group = groups.get(handle);
    if (!group) groups.set(handle, (group = { handle, rows: [] }));
    group.rows.push(row);
    current = group;
  }

  const listings: ListingInput[] = [];
  for (const { handle, rows } of groups.values()) {
    const head = rows.find((r) => sheet.text(r, col.title) !== '') ?? rows[0];
    const title = sheet.text(head, col.title);
    if (title === '') {
      sheet.error('empty_title', CSV_MESSAGES.emptyShopifyTitle(handle), head, col.title);
      continue;
    }
    const optionNames = col.optionName
      .map((c) => sheet.text(head, c))
      .filter((name, i) => name !== '' && col.optionValue[i] !== undefined);

    const variations: VariationInput[] = [];
    const images: { src: string; position: number; order: number }[] = [];
    const variantImages: string[] = [];
    rows.forEach((row, order) => {
      const src = sheet.images(row, col.imageSrc, [sheet.text(row, col.imageSrc)])[0];
      if (src) {
        const position = Number(sheet.text(row, col.imagePosition));
        images.push({
          src,
          position: Number.isFinite(position) && position > 0 ? position : Infinity,
          order,
        });
      }
      const values = optionNames.map((_, i) => sheet.text(row, col.optionValue[i]));
      const isVariant =
        values.some((v) => v !== '') || sheet.text(row, col.sku) !== '' || sheet.text(row, col.price) !== '';
      if (!isVariant) return;
      const image = sheet.images(row, col.variantImage, [sheet.text(row, col.variantImage)])[0] ?? null;
      if (image) variantImages.push(image);
      const sku = sheet.text(row, col.sku) || null;
      const variationTitle = values.filter((v) => v !== '').join(' / ');
      variations.push({
        id: sku ?? variationTitle,
        title: variationTitle,
        sku,
        barcode: sheet.text(row, col.barcode) || null,
        price: sheet.price(row, col.price),
        compare_at_price: sheet.price(row, col.compareAt),
        // An empty tracker is inventory tracking off: the quantity Shopify exports means nothing ([STOCK] prints
        // nothing); without the column (older or trimmed exports) the quantity is the stock.
        stock:
          col.tracker === undefined || sheet.text(row, col.tracker) !== ''
            ? sheet.wholeNumber(row, col.qty)
            : null,
        image,
        options: values,
      });
    });

    images.sort((a, b) => a.position - b.position || a.order - b.order);
    const imageList: string[] = [];
    const seen = new Set<string>();
    for (const img of images) pushUnique(imageList, seen, img.src);
    for (const img of variantImages) pushUnique(imageList, seen, img);

    const listing: ListingInput = {
      source: 'csv',
      external_id: boundedKey('shopify:', handle, INDEXED_TEXT_MAX),
      title,
      description: sheet.text(head, col.body),
      vendor: sheet.text(head, col.vendor) || null,
      category: sheet.text(head, col.type) || sheet.text(head, col.category) || null,
      main_image: imageList[0] ?? null,
      images: imageList.map((original) => ({ original })),
    };
    if (opts.currency) listing.iso_currency_code = opts.currency;
    sheet.origin(listing, head, {
      title: col.title,
      external_id: sheet.text(head, col.handle) ? col.handle : col.title,
      vendor: col.vendor,
      category: sheet.text(head, col.type) ? col.type : col.category,
      sku: col.sku,
      stock: col.qty,
    });
    readStatus(sheet, head, col.status, col.published, listing);
    const tags = sheet.text(head, col.tags);
    listing.customfields = tags ? [{ key: 'tags', name: 'Tags', value: tags }] : [];
    listing.metafields = metafieldColumns
      .map(({ col: c, namespace, key }): Metafield | null => {
        const value = sheet.text(head, c);
        return value === ''
          ? null
          : { namespace, key, value, description: null, type: null, value_type: 'string' };
      })
      .filter((m): m is Metafield => m !== null);

    const isDefaultOnly =
      variations.length <= 1 &&
      (optionNames.length === 0 ||
        (optionNames.length === 1 &&
          optionNames[0] === 'Title' &&
          variations[0]?.options?.[0] === 'Default Title'));
    applyVariations(listing, variations, isDefaultOnly ? null : optionNames);
    listings.push(listing);
  }
  return listings;
}

function readStatus(
  sheet: Sheet,
  row: CsvRow,
  statusCol: number | undefined,
  publishedCol: number | undefined,
  listing: ListingInput,
): void {
  const status = sheet.text(row, statusCol);
  if (status) {
    const s = STATUSES[status.toLowerCase() as keyof typeof STATUSES];
    if (s) listing.status = s;
    else sheet.error('invalid_status', CSV_MESSAGES.invalidStatus(status), row, statusCol, status);
  }
  const published = sheet.text(row, publishedCol).toLowerCase();
  if (published === 'true') listing.online = true;
  else if (published === 'false') listing.online = false;
}

/**
 * A product with only Shopify's "Default Title" variant is a plain product: its variant's fields are the
 * product's. Otherwise the product shows its lowest price ("from"), like Shopify's storefront, with that
 * variant's compare-at price, and the stock of all variants together.
 */
function applyVariations(
  listing: ListingInput,
  variations: VariationInput[],
  optionNames: string[] | null,
): void {
  if (optionNames === null) {
    const v = variations[0];
    listing.price = v?.price ?? null;
    listing.compare_at_price = v?.compare_at_price ?? null;
    listing.sku = v?.sku ?? null;
    listing.barcode = v?.barcode ?? null;
    listing.stock = v?.stock ?? null;
    return;
  }
  listing.options = optionNames.map((name, i) => {
    const values: string[] = [];
    const seen = new Set<string>();
    for (const v of variations) pushUnique(values, seen, v.options?.[i]);
    return { name, values };
  });
  listing.variations = variations;
  const low = lowestPrice(variations);
  const cheapest = variations.find((v) => v.price === low);
  listing.price = low;
  listing.compare_at_price = cheapest?.compare_at_price ?? null;
  listing.stock = totalStock(variations);
  // A product-level SKU or barcode would name one variant among several: only a lone variant lends its own.
  listing.sku = variations.length === 1 ? (variations[0].sku ?? null) : null;
  listing.barcode = variations.length === 1 ? (variations[0].barcode ?? null) : null;
}
