import { normalizeHeader } from './values.ts';

export type CsvFormat = 'catalog-builder' | 'shopify' | 'woocommerce';

const WOOCOMMERCE_MARKERS = [
  'type',
  'parent',
  'in stock?',
  'visibility in catalog',
  'tax status',
  'attribute 1 name',
];
const SHOPIFY_MARKERS = ['variant price', 'variant sku', 'option1 name', 'option1 value', 'body (html)'];

/**
 * The format is read from the header row. Shopify: a Handle column and one of its variant or body columns.
 * WooCommerce: Name and Regular or Sale price, with one of its product-type, parent or catalog columns.
 * Anything else is our own format (and gets its SPEC column checks).
 */
export function detectCsvFormat(headers: readonly string[]): CsvFormat {
  const h = new Set(headers.map(normalizeHeader));
  if (h.has('handle') && SHOPIFY_MARKERS.some((m) => h.has(m))) return 'shopify';
  if (
    h.has('name') &&
    (h.has('regular price') || h.has('sale price')) &&
    WOOCOMMERCE_MARKERS.some((m) => h.has(m))
  )
    return 'woocommerce';
  return 'catalog-builder';
}
