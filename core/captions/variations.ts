import type { Product, Variation } from '../model/index.ts';

/**
 * The variations a caption lists. A product whose only variation is Shopify's placeholder "Default Title"
 * has no real variations: listing it would print "Default Title" under every simple product.
 */
export function visibleVariations(product: Product): Variation[] {
  const all = Array.isArray(product?.variations)
    ? product.variations.filter((v) => v && typeof v === 'object')
    : [];
  if (all.length === 1 && all[0].title === 'Default Title') return [];
  return all;
}

/** The variation's value for each product option, in option order. */
export function optionValues(product: Product, variation: Variation): string[] {
  const names = Array.isArray(product.options) ? product.options : [];
  const own = Array.isArray(variation.options) ? variation.options : [];
  if (own.length) return names.map((_, i) => own[i] ?? '');
  // Some stores only give the title, "Small / Red", in option order.
  const parts = typeof variation.title === 'string' ? variation.title.split(' / ') : [];
  return parts.length === names.length ? parts : names.map(() => '');
}
