import { isProductElement, type Catalog } from '../model/index.ts';

/** Products in a catalog as plan limits count them: product elements across all pages (flow pages too). */
export function countProducts(catalog: Pick<Catalog, 'pages'>): number {
  return catalog.pages.reduce((n, page) => n + page.elements.filter(isProductElement).length, 0);
}

/** Pages in a catalog, covers and special pages included. */
export function countPages(catalog: Pick<Catalog, 'pages'>): number {
  return catalog.pages.length;
}
