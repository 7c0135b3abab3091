/**
 * The tokens a caption or description template may use (SPEC §5 'Caption and description tokens'): what the
 * parser recognises, which forms each accepts, and the list the editor offers as keywords.
 */
import type { Symbology } from '../barcodes/index.ts';
import descriptions from '../i18n/locales/en/caption-tokens.json';

export type TokenGroup = 'product' | 'price' | 'barcode' | 'variants' | 'formula' | 'field' | 'page';

export type TokenInfo = {
  /** The token as written between the brackets, form included: "PRICE(INT)". */
  name: string;
  group: TokenGroup;
  /** Its description's key in the `captionTokens` i18n namespace: the name with dots made underscores. */
  key: string;
  /** Its description in English (the editor shows the merchant's language through `key`). */
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

const t = (name: string, group: TokenGroup, example = `[${name}]`): TokenInfo => {
  const key = name.replaceAll('.', '_');
  const description = (descriptions as Record<string, string>)[key];
  if (!description) throw new Error(`No description for the caption token ${name}`);
  return { name, group, key, description, example };
};

const priceTokens = (name: PriceToken): TokenInfo[] => [
  t(name, 'price'),
  t(`${name}_FULL`, 'price'),
  t(`${name}(INT)`, 'price'),
  t(`${name}(DECIMAL)`, 'price'),
];

/** The keyword list of the caption and description editors. */
export const TOKENS: readonly TokenInfo[] = [
  t('TITLE', 'product'),
  t('ID', 'product'),
  t('SKU', 'product'),
  t('CATEGORY', 'product'),
  t('BRAND', 'product'),
  t('VENDOR', 'product'),
  t('STATUS', 'product'),
  t('URL', 'product'),
  t('DESCRIPTION', 'product'),
  t('DESCRIPTION_RAW', 'product'),
  t('MAIN_IMAGE', 'product'),
  t('STOCK', 'product'),
  t('CURRENCY', 'price'),
  t('CURRENCY(SYMBOL)', 'price'),
  ...priceTokens('PRICE'),
  ...priceTokens('MSRP'),
  ...priceTokens('COMPARE_AT_PRICE'),
  ...priceTokens('SALE_PRICE'),
  t('OP', 'formula', '[OP[PRICE*0.9]]'),
  t('OP_ROUND', 'formula', '[OP_ROUND[PRICE*1.2]]'),
  t('OP_FULL', 'formula', '[OP_FULL[PRICE*0.9]]'),
  t('BARCODE', 'barcode'),
  t('BARCODE(EAN13)', 'barcode'),
  t('BARCODE(EAN8)', 'barcode'),
  t('BARCODE(UPCA)', 'barcode'),
  t('BARCODE(UPCE)', 'barcode'),
  t('BARCODE(ITF14)', 'barcode'),
  t('BARCODE(39)', 'barcode'),
  t('BARCODE(128)', 'barcode'),
  t('BARCODE_DATA', 'barcode'),
  t('QRCODE', 'barcode'),
  t('VARIANTS', 'variants', '[VARIANTS]'),
  t('VARIANTS(TABLE)', 'variants', '[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE_FULL)]'),
  t('LISTING.CUSTOM_key', 'field', '[LISTING.CUSTOM_key]'),
  t('LISTING.namespace.key', 'field', '[LISTING.namespace.key]'),
  t('VARIANT.namespace.key', 'field', '[VARIANT.namespace.key]'),
  t('PAGE_NUMBER', 'page'),
];
