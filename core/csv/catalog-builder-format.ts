import type { CustomField, ListingInput, Metafield, VariationInput } from './model-types.ts';
import {
  CSV_COLUMNS,
  CUSTOM_FIELD_PREFIXES,
  LIST_SEPARATOR,
  METAFIELD_PREFIXES,
  OPTION_SEPARATOR,
  REQUIRED_CSV_COLUMNS,
  type CsvColumnMapping,
  type CsvField,
} from './columns.ts';
import { INDEXED_TEXT_MAX } from '../model/bounds.ts';
import { CSV_MESSAGES } from './problems.ts';
import type { CsvRow } from './read-rows.ts';
import { pushUnique, type Sheet } from './sheet.ts';
import {
  boundedKey,
  currencyInHeader,
  normalizeHeader,
  splitList,
  titleKey,
  unescapeFormula,
} from './values.ts';

const FIELD_BY_ALIAS = new Map<string, CsvField>(
  (Object.entries(CSV_COLUMNS) as [CsvField, readonly string[]][]).flatMap(([field, aliases]) =>
    aliases.map((a) => [normalizeHeader(a), field] as const),
  ),
);

interface Layout {
  fields: Partial<Record<CsvField, number>>;
  imageColumns: number[];
  custom: { col: number; key: string }[];
  meta: { col: number; namespace: string; key: string }[];
}

function afterPrefix(header: string, prefixes: readonly string[]): string | null {
  const lower = header.toLowerCase();
  for (const p of prefixes) if (lower.startsWith(p)) return header.slice(p.length).trim();
  return null;
}

/**
 * The field each column of the header holds: the one the mapping names it for, else the one its header is a
 * name of. A header the mapping names wins over a header that is one of our names for the same field.
 */
function columnFields(sheet: Sheet, mapping: CsvColumnMapping): (CsvField | undefined)[] {
  const fields: (CsvField | undefined)[] = sheet.headers.map(() => undefined);
  const mapped = new Set<CsvField>();
  for (const [field, header] of Object.entries(mapping) as [CsvField, string | undefined][]) {
    if (!header || !(field in CSV_COLUMNS)) continue;
    const col = sheet.headers.findIndex(
      (h, i) => fields[i] === undefined && normalizeHeader(h) === normalizeHeader(header),
    );
    if (col === -1) continue;
    fields[col] = field;
    mapped.add(field);
  }
  sheet.headers.forEach((header, col) => {
    if (fields[col] !== undefined || isPrefixed(header)) return;
    const field = FIELD_BY_ALIAS.get(normalizeHeader(header));
    // The column the mapping chose holds this field; another one named like it would only be a second copy.
    if (field !== undefined && !(mapped.has(field) && field !== 'image')) fields[col] = field;
  });
  return fields;
}

const isPrefixed = (header: string) =>
  afterPrefix(header, CUSTOM_FIELD_PREFIXES) !== null || afterPrefix(header, METAFIELD_PREFIXES) !== null;

function readLayout(sheet: Sheet, mapping: CsvColumnMapping): Layout {
  const layout: Layout = { fields: {}, imageColumns: [], custom: [], meta: [] };
  const fields = columnFields(sheet, mapping);
  sheet.headers.forEach((header, col) => {
    if (header === '') return;
    const field = fields[col];
    const customKey = field === undefined ? afterPrefix(header, CUSTOM_FIELD_PREFIXES) : null;
    if (customKey) return void layout.custom.push({ col, key: customKey });
    const metaKey = field === undefined ? afterPrefix(header, METAFIELD_PREFIXES) : null;
    if (metaKey) {
      const dot = metaKey.lastIndexOf('.');
      return void layout.meta.push({
        col,
        namespace: dot === -1 ? '' : metaKey.slice(0, dot),
        key: dot === -1 ? metaKey : metaKey.slice(dot + 1),
      });
    }
    if (field === undefined) {
      const known = FIELD_BY_ALIAS.has(normalizeHeader(header));
      sheet.problem(
        'warning',
        known ? 'duplicate_column' : 'unknown_column',
        known ? CSV_MESSAGES.duplicateColumn(header) : CSV_MESSAGES.unknownColumn(header),
        sheet.table.header,
        col,
      );
    } else if (field === 'image') {
      layout.imageColumns.push(col);
    } else if (layout.fields[field] !== undefined) {
      sheet.problem(
        'warning',
        'duplicate_column',
        CSV_MESSAGES.duplicateColumn(header),
        sheet.table.header,
        col,
      );
    } else {
      layout.fields[field] = col;
    }
  });
  return layout;
}

/**
 * How the file's columns match ours: each field found → the header that holds it (the first, for image), by
 * the mapping or by name. What the column-mapping step starts from.
 */
export function matchedColumns(sheet: Sheet, mapping: CsvColumnMapping = {}): CsvColumnMapping {
  const out: CsvColumnMapping = {};
  columnFields(sheet, mapping).forEach((field, col) => {
    if (field !== undefined && out[field] === undefined) out[field] = sheet.headers[col];
  });
  return out;
}

/** Required columns absent from the header, by their SPEC names, in SPEC order. */
export function missingCatalogBuilderColumns(sheet: Sheet, mapping: CsvColumnMapping = {}): string[] {
  const present = new Set(columnFields(sheet, mapping));
  return REQUIRED_CSV_COLUMNS.filter((c) => !present.has(c));
}

const STATUSES = { active: 'ACTIVE', draft: 'DRAFT', archived: 'ARCHIVED' } as const;
const YES = new Set(['1', 'true', 'yes', 'y', 'oui', 'published', 'visible']);
const NO = new Set(['0', 'false', 'no', 'n', 'non', 'hidden', 'unpublished']);

export interface CatalogBuilderOptions {
  currency?: string;
  /** Columns whose headers are not our names: our field → the file's header. */
  mapping?: CsvColumnMapping;
}

/** Our own format: one row per product, variations as ';'-separated lists in the same row. */
export function mapCatalogBuilderRows(sheet: Sheet, opts: CatalogBuilderOptions): ListingInput[] {
  const layout = readLayout(sheet, opts.mapping ?? {});
  const f = layout.fields;
  const priceHeaderCurrency = f.price === undefined ? null : currencyInHeader(sheet.headers[f.price]!);
  const listings: ListingInput[] = [];
  const firstLineOfTitle = new Map<string, number>();

  for (const row of sheet.table.rows) {
    const text = (field: CsvField) => unescapeFormula(sheet.text(row, f[field]));
    const title = text('title');
    if (title === '') {
      sheet.error('empty_title', CSV_MESSAGES.emptyTitle, row, f.title);
      continue;
    }
    const key = titleKey(title);
    const firstLine = firstLineOfTitle.get(key);
    if (firstLine !== undefined) {
      sheet.problem('error', 'duplicate_title', CSV_MESSAGES.duplicateTitle, row, f.title, {
        value: title,
        hint: `first on line ${firstLine}`,
      });
      continue;
    }
    firstLineOfTitle.set(key, sheet.table.cellLine(row, f.title ?? 0));

    const listing: ListingInput = {
      source: 'csv',
      external_id: text('id') || boundedKey('csv:', key, INDEXED_TEXT_MAX),
      title,
    };
    sheet.origin(listing, row, {
      title: f.title,
      external_id: text('id') ? f.id : f.title,
      category: f.category,
      brand: f.brand,
      vendor: f.vendor,
      sku: f.sku,
      stock: f.stock ?? f.variation_stocks,
    });
    const price = sheet.priceWithCurrency(row, f.price);
    listing.price = price.value;
    for (const field of [
      'compare_at_price',
      'sale_price',
      'original_price',
      'suggested_retail_price',
    ] as const) {
      if (f[field] !== undefined) listing[field] = sheet.price(row, f[field]);
    }
    const currency =
      readCurrency(sheet, row, f.currency) ?? price.currency ?? priceHeaderCurrency ?? opts.currency;
    if (currency) listing.iso_currency_code = currency;

    const description = text('description');
    if (description) listing.description = description;
    for (const field of ['category', 'brand', 'vendor', 'sku', 'barcode'] as const) {
      listing[field] = text(field) || null;
    }
    if (f.stock !== undefined) listing.stock = sheet.wholeNumber(row, f.stock);
    if (f.url !== undefined) listing.url = sheet.webAddress(row, f.url);

    const status = text('status');
    if (status) {
      const s = STATUSES[status.toLowerCase() as keyof typeof STATUSES];
      if (s) listing.status = s;
      else sheet.error('invalid_status', CSV_MESSAGES.invalidStatus(status), row, f.status, status);
    }
    const published = text('published').toLowerCase();
    if (YES.has(published)) listing.online = true;
    else if (NO.has(published)) listing.online = false;

    const images: string[] = [];
    const seenImages = new Set<string>();
    for (const col of layout.imageColumns) {
      const values = splitList(sheet.text(row, col), LIST_SEPARATOR);
      for (const img of sheet.images(row, col, values)) pushUnique(images, seenImages, img);
    }

    readVariations(sheet, row, f, listing, images, seenImages);

    listing.images = images.map((original) => ({ original }));
    listing.main_image = images[0] ?? null;
    listing.customfields = readCustomFields(sheet, row, layout, text('tags'));
    listing.metafields = layout.meta
      .map(({ col, namespace, key }): Metafield | null => {
        const value = sheet.text(row, col);
        return value === ''
          ? null
          : { namespace, key, value, description: null, type: null, value_type: 'string' };
      })
      .filter((m): m is Metafield => m !== null);
    listings.push(listing);
  }
  return listings;
}

function readCurrency(sheet: Sheet, row: CsvRow, col: number | undefined): string | null {
  const value = sheet.text(row, col);
  if (value === '') return null;
  if (/^[a-z]{3}$/i.test(value)) return value.toUpperCase();
  sheet.error('invalid_currency', CSV_MESSAGES.invalidCurrency(value), row, col, value);
  return null;
}

function readCustomFields(sheet: Sheet, row: CsvRow, layout: Layout, tags: string): CustomField[] {
  const out: CustomField[] = [];
  if (tags) out.push({ key: 'tags', name: 'Tags', value: tags });
  for (const { col, key } of layout.custom) {
    const value = unescapeFormula(sheet.text(row, col));
    if (value !== '') out.push({ key, name: key, value });
  }
  return out;
}

/**
 * SPEC §5 variation columns: Values lists the variations; SKUs, Prices, Barcodes, Stocks and Images, when
 * given, have one entry per value (an empty entry keeps the position). A variation without its own price
 * costs the product price, which is what a merchant leaving the cell empty means.
 */
function readVariations(
  sheet: Sheet,
  row: CsvRow,
  f: Layout['fields'],
  listing: ListingInput,
  images: string[],
  seenImages: Set<string>,
): void {
  // toCsv defuses formulas cell by cell, so the whole cell is unescaped before it is split.
  const cell = (col: number | undefined) => unescapeFormula(sheet.text(row, col));
  const values = splitList(cell(f.variation_values), LIST_SEPARATOR);
  // "S;M;L;" is a spreadsheet habit, not a fourth, nameless variation.
  if (values.at(-1) === '') values.pop();
  const list = (field: CsvField): string[] | null => {
    const col = f[field];
    const entries = splitList(cell(col), LIST_SEPARATOR);
    if (entries.every((e) => e === '')) return null;
    if (entries.length === values.length + 1 && entries.at(-1) === '') entries.pop();
    if (entries.length !== values.length) {
      const name = sheet.headers[col!];
      sheet.error(
        'variation_count_mismatch',
        CSV_MESSAGES.variationCountMismatch(name, entries.length, values.length),
        row,
        col,
      );
      return null;
    }
    return entries;
  };
  const skus = list('variation_skus');
  const prices = list('variation_prices');
  const barcodes = list('variation_barcodes');
  const stocks = list('variation_stocks');
  const variationImages = list('variation_images');
  if (values.length === 0) return;

  const title = cell(f.variation_title);
  const names = title ? title.split(OPTION_SEPARATOR.trim()).map((n) => n.trim()) : ['Option'];
  const optionValues = names.map(() => [] as string[]);
  const optionSeen = names.map(() => new Set<string>());
  const variations: VariationInput[] = [];

  values.forEach((value, i) => {
    const parts = names.length === 1 ? [value] : value.split(OPTION_SEPARATOR.trim()).map((p) => p.trim());
    if (parts.length !== names.length) {
      sheet.error(
        'variation_option_mismatch',
        CSV_MESSAGES.variationOptionMismatch(value, names.length),
        row,
        f.variation_values,
        value,
      );
      return;
    }
    parts.forEach((p, k) => pushUnique(optionValues[k], optionSeen[k], p));
    const sku = skus?.[i] || null;
    const ownPrice = prices ? sheet.price(row, f.variation_prices, prices[i]) : null;
    const image = variationImages?.[i]
      ? (sheet.images(row, f.variation_images, [variationImages[i]])[0] ?? null)
      : null;
    pushUnique(images, seenImages, image);
    variations.push({
      id: sku ?? parts.join(OPTION_SEPARATOR),
      title: parts.join(OPTION_SEPARATOR),
      sku,
      barcode: barcodes?.[i] || null,
      price: ownPrice ?? (listing.price as number | null | undefined) ?? null,
      stock: stocks ? sheet.wholeNumber(row, f.variation_stocks, stocks[i]) : null,
      image,
      options: parts,
    });
  });

  listing.options = names.map((name, k) => ({ name, values: optionValues[k] }));
  listing.variations = variations;
  if (listing.price === null || listing.price === undefined) listing.price = lowestPrice(variations);
  if (listing.stock === null || listing.stock === undefined) listing.stock = totalStock(variations);
}

export function lowestPrice(variations: VariationInput[]): number | null {
  let low: number | null = null;
  for (const v of variations) {
    const p = v.price;
    if (typeof p === 'number' && (low === null || p < low)) low = p;
  }
  return low;
}

export function totalStock(variations: VariationInput[]): number | null {
  let total: number | null = null;
  for (const v of variations) if (typeof v.stock === 'number') total = (total ?? 0) + v.stock;
  return total;
}
