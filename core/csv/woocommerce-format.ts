import { INDEXED_TEXT_MAX } from '../model/bounds.ts';
import { totalStock } from './catalog-builder-format.ts';
import type { CustomField, ListingInput, Metafield, VariationInput } from './model-types.ts';
import { CSV_MESSAGES } from './problems.ts';
import type { CsvRow } from './read-rows.ts';
import { pushUnique, type Sheet } from './sheet.ts';
import { boundedKey, splitEscapedCommaList, titleKey } from './values.ts';

interface Attribute {
  name: string;
  values: string[];
}

interface Prices {
  price: number | null;
  original_price: number | null;
  compare_at_price: number | null;
  sale_price: number | null;
}

interface Product {
  listing: ListingInput;
  attributes: Attribute[];
  variations: { variation: VariationInput; attributes: Attribute[]; sale: number | null }[];
}

export interface WooCommerceOptions {
  currency?: string;
}

/**
 * WooCommerce's product CSV export: one row per product, plus one 'variation' row per variation naming its
 * parent by "id:<ID>" or by SKU (before or after the parent). Simple, grouped and external products become
 * listings; variations become the variations of their variable parent.
 *
 * Prices follow WooCommerce's own 'price': the sale price when there is one, else the regular price;
 * original_price is the regular price, compare_at_price the regular price while on sale (the struck-through
 * one), sale_price the sale price. Sale dates are not applied: the file does not say when it will be read.
 */
export function mapWooCommerceRows(sheet: Sheet, opts: WooCommerceOptions): ListingInput[] {
  const col = {
    id: sheet.column('ID'),
    type: sheet.column('Type'),
    sku: sheet.column('SKU'),
    name: sheet.column('Name'),
    published: sheet.column('Published'),
    visibility: sheet.column('Visibility in catalog'),
    short: sheet.column('Short description'),
    description: sheet.column('Description'),
    inStock: sheet.column('In stock?'),
    stock: sheet.column('Stock'),
    sale: sheet.column('Sale price'),
    regular: sheet.column('Regular price'),
    categories: sheet.column('Categories'),
    tags: sheet.column('Tags'),
    images: sheet.column('Images'),
    parent: sheet.column('Parent'),
    grouped: sheet.column('Grouped products'),
    url: sheet.column('External URL'),
    brand: sheet.column('Brands', 'Brand'),
    barcode: sheet.column('GTIN, UPC, EAN, or ISBN', 'GTIN', 'EAN', 'Barcode'),
  };
  const attributeColumns: { name: number; value: number }[] = [];
  for (let n = 1; ; n++) {
    const name = sheet.column(`Attribute ${n} name`);
    const value = sheet.column(`Attribute ${n} value(s)`);
    if (name === undefined || value === undefined) break;
    attributeColumns.push({ name, value });
  }
  const metaColumns = sheet.headers.flatMap((h, i) => {
    const m = /^meta:\s*(.+)$/i.exec(h.trim());
    // Keys starting with "_" are WordPress internals, not product information.
    return m && !m[1].startsWith('_') ? [{ col: i, key: m[1] }] : [];
  });

  const products: Product[] = [];
  const byId = new Map<string, Product>();
  const bySku = new Map<string, Product>();
  const pending: { row: CsvRow; variation: VariationInput; attributes: Attribute[]; sale: number | null }[] =
    [];

  for (const row of sheet.table.rows) {
    const text = (c: number | undefined) => sheet.text(row, c);
    const types = text(col.type)
      .toLowerCase()
      .split(',')
      .map((t) => t.trim());
    const id = text(col.id);
    const sku = text(col.sku) || null;
    const attributes = attributeColumns
      .map(({ name, value }) => ({ name: text(name), values: splitEscapedCommaList(text(value)) }))
      .filter((a) => a.name !== '');
    const prices = readPrices(sheet, row, col.regular, col.sale);
    const images = sheet.images(row, col.images, splitEscapedCommaList(text(col.images)));
    const stock = readStock(sheet, row, col.stock, col.inStock);
    const barcode = text(col.barcode) || null;

    if (types.includes('variation')) {
      pending.push({
        row,
        attributes,
        sale: prices.sale_price,
        variation: {
          id: id || sku || '',
          sku,
          barcode,
          price: prices.price,
          original_price: prices.original_price,
          compare_at_price: prices.compare_at_price,
          stock,
          image: images[0] ?? null,
        },
      });
      continue;
    }

    const name = text(col.name);
    if (name === '') {
      sheet.error('empty_title', CSV_MESSAGES.emptyTitle, row, col.name);
      continue;
    }
    const published = text(col.published);
    const customfields: CustomField[] = [];
    const tags = text(col.tags);
    if (tags) customfields.push({ key: 'tags', name: 'Tags', value: tags });
    const grouped = text(col.grouped);
    if (grouped) customfields.push({ key: 'grouped_products', name: 'Grouped products', value: grouped });
    const listing: ListingInput = {
      source: 'csv',
      external_id: boundedKey(
        'woocommerce:',
        id || (sku ? `sku:${sku}` : `name:${titleKey(name)}`),
        INDEXED_TEXT_MAX,
      ),
      title: name,
      description: unescapeNewlines(text(col.description) || text(col.short)),
      category: splitEscapedCommaList(text(col.categories))[0] ?? null,
      brand: splitEscapedCommaList(text(col.brand))[0] ?? null,
      sku,
      barcode,
      stock,
      ...prices,
      status: published === '1' || published === '' ? 'ACTIVE' : 'DRAFT',
      online: published !== '0' && published !== '-1' && text(col.visibility).toLowerCase() !== 'hidden',
      url: col.url === undefined ? null : sheet.webAddress(row, col.url),
      main_image: images[0] ?? null,
      images: images.map((original) => ({ original })),
      customfields,
      metafields: metaColumns
        .map(({ col: c, key }): Metafield | null => {
          const value = text(c);
          return value === ''
            ? null
            : { namespace: 'woocommerce', key, value, description: null, type: null, value_type: 'string' };
        })
        .filter((m): m is Metafield => m !== null),
    };
    if (opts.currency) listing.iso_currency_code = opts.currency;
    sheet.origin(listing, row, {
      title: col.name,
      external_id: id ? col.id : sku ? col.sku : col.name,
      category: col.categories,
      brand: col.brand,
      sku: col.sku,
      stock: col.stock,
    });
    const product: Product = { listing, attributes, variations: [] };
    products.push(product);
    if (id) byId.set(id, product);
    if (sku) bySku.set(sku, product);
  }

  for (const p of pending) {
    const ref = sheet.text(p.row, col.parent);
    const idRef = /^id:\s*(\d+)$/i.exec(ref);
    const parent = idRef ? byId.get(idRef[1]) : (bySku.get(ref) ?? byId.get(ref));
    if (!parent) {
      sheet.error('missing_parent', CSV_MESSAGES.missingParent(ref), p.row, col.parent, ref);
      continue;
    }
    parent.variations.push(p);
  }

  for (const product of products) finishProduct(product);
  return products.map((p) => p.listing);
}

function readPrices(sheet: Sheet, row: CsvRow, regularCol?: number, saleCol?: number): Prices {
  const regular = sheet.price(row, regularCol);
  const sale = sheet.price(row, saleCol);
  return {
    price: sale ?? regular,
    original_price: regular,
    compare_at_price: sale !== null ? regular : null,
    sale_price: sale,
  };
}

/** An empty Stock with "In stock?" 0 still means none left: the out-of-stock filter must see it. */
function readStock(sheet: Sheet, row: CsvRow, stockCol?: number, inStockCol?: number): number | null {
  const stock = sheet.wholeNumber(row, stockCol);
  if (stock !== null) return stock;
  return sheet.text(row, inStockCol) === '0' ? 0 : null;
}

/** WooCommerce writes line breaks inside descriptions as the two characters "\n". */
function unescapeNewlines(text: string): string {
  return text.replace(/\\n/g, '\n');
}

const keyOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * Attributes the variations vary by become options (values as the parent lists them); an attribute value
 * left empty on a variation means "any", kept as '' so options stay aligned. Other attributes, and those of
 * simple products, are information: custom fields.
 */
function finishProduct({ listing, attributes, variations }: Product): void {
  const varying = new Set<string>();
  for (const v of variations) for (const a of v.attributes) varying.add(a.name.toLowerCase());
  const options = attributes.filter((a) => varying.has(a.name.toLowerCase()));
  // A hand-edited file may give a variation an attribute its parent does not list: still an option.
  const known = new Set(attributes.map((a) => a.name.toLowerCase()));
  for (const v of variations)
    for (const a of v.attributes) {
      if (known.has(a.name.toLowerCase())) continue;
      known.add(a.name.toLowerCase());
      options.push({ name: a.name, values: [] });
    }
  for (const a of attributes) {
    if (!varying.has(a.name.toLowerCase()))
      listing.customfields!.push({ key: keyOf(a.name), name: a.name, value: a.values.join(', ') });
  }
  if (variations.length === 0) return;

  listing.options = options.map((o) => {
    const values = [...o.values];
    const seen = new Set(values);
    for (const v of variations) {
      const own = v.attributes.find((a) => a.name.toLowerCase() === o.name.toLowerCase());
      pushUnique(values, seen, own?.values[0]);
    }
    return { name: o.name, values };
  });
  const images = (listing.images ?? []).map((i) => i.original);
  const seenImages = new Set(images);
  listing.variations = variations.map(({ variation, attributes: own }) => {
    const values = options.map(
      (o) => own.find((a) => a.name.toLowerCase() === o.name.toLowerCase())?.values[0] ?? '',
    );
    pushUnique(images, seenImages, variation.image);
    return { ...variation, title: values.filter((v) => v !== '').join(' / '), options: values };
  });
  listing.images = images.map((original) => ({ original }));
  listing.main_image ??= images[0] ?? null;

  let cheapest: (typeof variations)[number] | null = null;
  for (const v of variations) {
    const p = v.variation.price;
    if (typeof p === 'number' && (cheapest === null || p < (cheapest.variation.price as number)))
      cheapest = v;
  }
  if (listing.price === null && cheapest) {
    listing.price = cheapest.variation.price;
    listing.original_price = cheapest.variation.original_price;
    listing.compare_at_price = cheapest.variation.compare_at_price;
    listing.sale_price = cheapest.sale;
  }
  listing.stock = totalStock(listing.variations) ?? listing.stock;
}
