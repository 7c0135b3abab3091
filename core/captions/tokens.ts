/**
 * The tokens a caption or description template may use (SPEC §5 'Caption and description tokens'): what the
 * parser recognises, which forms each accepts, and the list the editor offers as keywords.
 */
import type { Symbology } from '../barcodes/index.ts';

export type TokenGroup = 'product' | 'price' | 'barcode' | 'variants' | 'formula' | 'field' | 'page';

export type TokenInfo = {
  /** The token as written between the brackets, form included: "PRICE(INT)". */
  name: string;
  group: TokenGroup;
  description: string;
  /** Text to insert in a template. */
  example: string;
};

/** Barcode forms as written in templates; [BARCODE] alone is Code 128. */
export const BARCODE_FORMS: Record<string, Symbology> = {
  '39': 'code39',
  EAN8: 'ean8',
  EAN13: 'ean13',
  UPCA: 'upca',
  UPCE: 'upce',
  ITF14: 'itf14',
  '128': 'code128',
};

export const PRICE_TOKENS = {
  PRICE: 'price',
  MSRP: 'suggested_retail_price',
  COMPARE_AT_PRICE: 'compare_at_price',
  SALE_PRICE: 'sale_price',
} as const;
export type PriceToken = keyof typeof PRICE_TOKENS;

type Spec = {
  /** Forms accepted in parentheses; an empty list means the token takes none. */
  forms: readonly string[];
  /** Whether the token may be a column of a VARIANTS block, where it reads the variation's value. */
  column: boolean;
};

const NO_FORM: Spec = { forms: [], column: false };
const PRICE_SPEC: Spec = { forms: ['INT', 'DECIMAL'], column: true };
const BARCODE_SPEC: Spec = { forms: Object.keys(BARCODE_FORMS), column: true };

/** Every simple token name the parser knows. Anything else in square brackets is printed as typed. */
export const TOKEN_SPECS: Record<string, Spec> = {
  ID: { forms: [], column: true },
  MAIN_IMAGE: { forms: [], column: true },
  TITLE: { forms: [], column: true },
  CATEGORY: NO_FORM,
  BRAND: NO_FORM,
  VENDOR: NO_FORM,
  STATUS: NO_FORM,
  URL: NO_FORM,
  DESCRIPTION: NO_FORM,
  DESCRIPTION_RAW: NO_FORM,
  SKU: { forms: [], column: true },
  QRCODE: NO_FORM,
  BARCODE: BARCODE_SPEC,
  BARCODE_DATA: BARCODE_SPEC,
  STOCK: { forms: [], column: true },
  CURRENCY: { forms: ['SYMBOL'], column: true },
  PRICE: PRICE_SPEC,
  MSRP: PRICE_SPEC,
  COMPARE_AT_PRICE: PRICE_SPEC,
  SALE_PRICE: PRICE_SPEC,
  PRICE_FULL: { forms: [], column: true },
  MSRP_FULL: { forms: [], column: true },
  COMPARE_AT_PRICE_FULL: { forms: [], column: true },
  SALE_PRICE_FULL: { forms: [], column: true },
  PAGE_NUMBER: NO_FORM,
  VARIANTS: NO_FORM,
};

/** Words a VARIANTS block takes besides its column tokens. */
export const VARIANTS_FLAGS = [
  'LIST',
  'TABLE',
  'LOOSE_TABLE',
  'STRICT_TABLE',
  'SHOW_HEADERS',
  'OPTIONS',
] as const;

const t = (name: string, group: TokenGroup, description: string, example = `[${name}]`): TokenInfo => ({
  name,
  group,
  description,
  example,
});

const priceTokens = (name: PriceToken, what: string): TokenInfo[] => [
  t(name, 'price', `${what}, without currency symbol (1,234.50)`),
  t(`${name}_FULL`, 'price', `${what} with its currency symbol ($1,234.50, 1 234,50 € in French)`),
  t(`${name}(INT)`, 'price', `Whole part of the ${what.toLowerCase()} (1,234 for 1,234.50)`),
  t(`${name}(DECIMAL)`, 'price', `Decimal part of the ${what.toLowerCase()} (50 for 1,234.50)`),
];

/** The keyword list of the caption and description editors. */
export const TOKENS: readonly TokenInfo[] = [
  t('TITLE', 'product', 'Product title'),
  t('ID', 'product', 'Product id'),
  t('SKU', 'product', 'Product SKU'),
  t('CATEGORY', 'product', 'Category (product type)'),
  t('BRAND', 'product', 'Brand'),
  t('VENDOR', 'product', 'Vendor'),
  t('STATUS', 'product', 'Status: ACTIVE, DRAFT or ARCHIVED'),
  t('URL', 'product', 'Address of the product page, as text (use it in a link: <a href="[URL]">)'),
  t('DESCRIPTION', 'product', 'Description with its formatting'),
  t('DESCRIPTION_RAW', 'product', 'Description as plain text'),
  t('MAIN_IMAGE', 'product', 'Main product image'),
  t('STOCK', 'product', 'Stock (sum of the variations when the product has none)'),
  t('CURRENCY', 'price', 'Currency code (USD)'),
  t('CURRENCY(SYMBOL)', 'price', 'Currency symbol ($)'),
  ...priceTokens('PRICE', 'Price'),
  ...priceTokens('MSRP', 'Suggested retail price'),
  ...priceTokens('COMPARE_AT_PRICE', 'Compare-at price'),
  ...priceTokens('SALE_PRICE', 'Sale price'),
  t('OP', 'formula', 'Price formula with 2 decimals', '[OP[PRICE*0.9]]'),
  t('OP_ROUND', 'formula', 'Price formula rounded to a whole number', '[OP_ROUND[PRICE*1.2]]'),
  t('OP_FULL', 'formula', 'Price formula with the currency symbol', '[OP_FULL[PRICE*0.9]]'),
  t('BARCODE', 'barcode', 'Barcode of the product barcode, Code 128'),
  t('BARCODE(EAN13)', 'barcode', 'EAN-13 barcode (check digit added when missing)'),
  t('BARCODE(EAN8)', 'barcode', 'EAN-8 barcode'),
  t('BARCODE(UPCA)', 'barcode', 'UPC-A barcode'),
  t('BARCODE(UPCE)', 'barcode', 'UPC-E barcode'),
  t('BARCODE(ITF14)', 'barcode', 'ITF-14 barcode'),
  t('BARCODE(39)', 'barcode', 'Code 39 barcode'),
  t('BARCODE(128)', 'barcode', 'Code 128 barcode'),
  t('BARCODE_DATA', 'barcode', 'The barcode number as text'),
  t('QRCODE', 'barcode', 'QR code of the product page address'),
  t('VARIANTS', 'variants', 'Variations as a list: options and price', '[VARIANTS]'),
  t(
    'VARIANTS(TABLE)',
    'variants',
    'Variations as a table with headers',
    '[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE_FULL)]',
  ),
  t('LISTING.CUSTOM_key', 'field', 'A custom field, by key', '[LISTING.CUSTOM_key]'),
  t('LISTING.namespace.key', 'field', 'A metafield, by namespace and key', '[LISTING.namespace.key]'),
  t('VARIANT.namespace.key', 'field', 'A variation metafield (a VARIANTS column)', '[VARIANT.namespace.key]'),
  t('PAGE_NUMBER', 'page', 'Page number'),
];
