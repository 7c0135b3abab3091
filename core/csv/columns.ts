/**
 * The columns of our own product CSV format (SPEC §4/§5 'CSV import'). Headers match case-insensitively and
 * ignore spaces, '_' and '-' ("Compare At Price" = "compare_at_price"); the first name is what toCsv writes.
 */
export const CSV_COLUMNS = {
  id: ['id', 'external id', 'product id'],
  title: ['title', 'name', 'product name', 'product title'],
  description: ['description', 'body', 'body html', 'body (html)'],
  price: ['price', 'unit price'],
  compare_at_price: ['compare_at_price', 'compare price'],
  sale_price: ['sale_price'],
  original_price: ['original_price'],
  suggested_retail_price: ['suggested_retail_price', 'msrp', 'srp', 'rrp', 'retail price'],
  currency: ['currency', 'iso currency code', 'currency code'],
  category: ['category', 'product type', 'categories'],
  brand: ['brand'],
  vendor: ['vendor', 'supplier', 'manufacturer'],
  sku: ['sku', 'reference'],
  barcode: ['barcode', 'ean', 'upc', 'gtin', 'isbn'],
  stock: ['stock', 'inventory', 'quantity', 'qty', 'stock quantity', 'inventory quantity'],
  status: ['status'],
  published: ['published', 'online'],
  url: ['url', 'link', 'product url'],
  tags: ['tags'],
  image: ['image', 'images', 'image url', 'image urls', 'image src', 'main image', 'photo', 'photos'],
  variation_title: ['variation_title', 'variations title', 'variant title', 'option name'],
  variation_values: ['variation_values', 'variant values', 'option values', 'values'],
  variation_skus: ['variation_skus', 'variant skus', 'skus'],
  variation_prices: ['variation_prices', 'variant prices', 'prices'],
  variation_barcodes: ['variation_barcodes', 'variant barcodes', 'barcodes'],
  variation_stocks: ['variation_stocks', 'variant stocks', 'stocks'],
  variation_images: ['variation_images', 'variant images'],
} as const satisfies Record<string, readonly string[]>;

export type CsvField = keyof typeof CSV_COLUMNS;

/**
 * Which of the file's columns holds each of our fields, when its headers are not our names (a merchant's own
 * spreadsheet): our field → the file's header as written. The import's column-mapping step makes one.
 */
export type CsvColumnMapping = Partial<Record<CsvField, string>>;

/** SPEC §5 required columns, in the order the "missing" message lists them. */
export const REQUIRED_CSV_COLUMNS = ['title', 'price', 'category', 'image'] as const;

/** "custom:<key>" (or "custom.<key>") holds a custom field; LISTING.CUSTOM_<key> shows it in captions. */
export const CUSTOM_FIELD_PREFIXES = ['custom:', 'custom.'] as const;
/** "meta:<namespace>.<key>" holds a metafield; LISTING.<namespace>.<key> shows it in captions. */
export const METAFIELD_PREFIXES = ['meta:', 'metafield:'] as const;

/** Separator of images and variation lists inside one cell (SPEC §5). */
export const LIST_SEPARATOR = ';';
/** Separator of option names and values when a product varies along several options ("Color / Size"). */
export const OPTION_SEPARATOR = ' / ';
