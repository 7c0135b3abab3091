import { isProductElement, type Catalog, type Product, type ProductElement } from '../model/index.ts';
import { reflowProducts, slotProducts } from './auto-layout.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import { replacePage } from './util.ts';

export const SORT_KEYS = [
  'title',
  'title-desc',
  'price-asc',
  'price-desc',
  'sku',
  'category',
  'vendor',
  'brand',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

function collator(language: string): Intl.Collator {
  try {
    return new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  } catch {
    return new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  }
}

const blank = (v: unknown): boolean => v === null || v === undefined || v === '';

/** Compare two values; missing values go last whatever the direction. */
function compareValues<T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number): number {
  if (blank(a) || blank(b)) return Number(blank(a)) - Number(blank(b));
  return cmp(a as T, b as T);
}

/** A comparator of products for a sort key; ties keep the current order (the sort is stable). */
export function productComparator(by: SortKey, language = 'en'): (a: Product, b: Product) => number {
  const text = collator(language).compare;
  const byTitle = (a: Product, b: Product) => compareValues(a.title, b.title, text);
  switch (by) {
    case 'title':
      return byTitle;
    case 'title-desc':
      return (a, b) => compareValues(a.title, b.title, (x, y) => text(y, x));
    case 'price-asc':
      return (a, b) => compareValues(a.price, b.price, (x, y) => x - y);
    case 'price-desc':
      return (a, b) => compareValues(a.price, b.price, (x, y) => y - x);
    case 'sku':
      return (a, b) => compareValues(a.sku, b.sku, text);
    case 'category':
    case 'vendor':
    case 'brand':
      return (a, b) => compareValues(a[by], b[by], text) || byTitle(a, b);
  }
}

export interface SortProductsOptions extends CommandOptions {
  by: SortKey;
}

/**
 * Sort the catalog's products and lay them out again (a requested sort applies automatic page layout
 * whatever reorganize_automatically says). Flow pages are sorted among themselves and keep how many
 * products each holds, for pagination to rebalance.
 */
export function sortProducts(catalog: Catalog, options: SortProductsOptions): CommandResult {
  const cmp = productComparator(options.by, catalog.settings.language);
  const byProduct = (a: ProductElement, b: ProductElement) => cmp(a.properties, b.properties);
  let doc = catalog;
  const flowIndexes = catalog.pages.flatMap((p, i) => (p.kind === 'flow' ? [i] : []));
  const flowSorted = flowIndexes
    .flatMap((i) => catalog.pages[i]!.elements.filter(isProductElement))
    .sort(byProduct);
  for (const i of flowIndexes) {
    const page = doc.pages[i]!;
    const elements = page.elements.map((e) => (isProductElement(e) ? flowSorted.shift()! : e));
    if (elements.some((e, j) => e !== page.elements[j])) doc = replacePage(doc, i, { ...page, elements });
  }
  return reflowProducts(doc, slotProducts(doc).sort(byProduct), options);
}
