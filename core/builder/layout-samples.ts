/**
 * A layout drawn as a real page (issue 26: the layout manager's thumbnails, its editor's page, the staff style
 * playground): one page per layout, its product cells holding sample products in turn and its picture cells
 * their pictures, so core/render draws the page as a merchant would see it filled.
 */
import { createImageElement, createPage, createProductElement, sequentialIds } from '../layouts/index.ts';
import {
  CatalogSchema,
  type Catalog,
  type CatalogInput,
  type ListingInput,
  type PageLayout,
} from '../model/index.ts';
import { mainImageUrl } from '../render/index.ts';
import { listingToProduct } from './build-catalog.ts';

export interface LayoutSamplesOptions {
  layouts: readonly PageLayout[];
  /** The products the cells show, used in turn (and again from the first when a page holds more). */
  listings: readonly ListingInput[];
  title: string;
  id?: string;
  /** Catalog fields drawn with the pages: theme, custom CSS, caption template, settings (the playground). */
  catalog?: Pick<CatalogInput, 'theme' | 'custom_css' | 'priceTemplate' | 'descriptionTemplate' | 'settings'>;
}

export function layoutSampleCatalog(options: LayoutSamplesOptions): Catalog {
  const newId = sequentialIds('sample');
  const products = options.listings.map(listingToProduct);
  let next = 0;
  const product = () => products[next++ % products.length]!;
  const pages = options.layouts.map((layout) => {
    const page = createPage({ layout, newId });
    if (products.length === 0) return page;
    page.layout.cells.forEach((cell, i) => {
      if (cell.accepts.includes('application/product')) {
        page.elements[i] = createProductElement(newId(), product());
      } else if (cell.accepts.some((a) => a.startsWith('image/'))) {
        const src = mainImageUrl(product());
        if (src) page.elements[i] = createImageElement(newId(), src);
      }
    });
    return page;
  });
  return CatalogSchema.parse({
    ...options.catalog,
    _id: options.id ?? 'layout-samples',
    title: options.title,
    pages,
  });
}
