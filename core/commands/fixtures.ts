import {
  createPage,
  createProductElement,
  getDefaultLayout,
  sequentialIds,
  type IdGenerator,
} from '../layouts/index.ts';
import {
  CatalogSchema,
  isProductElement,
  type Catalog,
  type CatalogInput,
  type Page,
  type PageLayout,
  type ProductInput,
} from '../model/index.ts';

/*
 * Builders for tests of code that edits catalogs (commands, rules, renderer): small, readable documents
 * with predictable ids.
 */

export const makeProduct = (n: number, overrides: Partial<ProductInput> = {}): ProductInput => ({
  id: `p${n}`,
  title: `Product ${n}`,
  price: n,
  sku: `SKU-${n}`,
  ...overrides,
});

/** A page on `layout` whose first cells hold `products` (ids e-<product id>). */
export function makePage(
  layout: PageLayout,
  products: ProductInput[] = [],
  id?: string,
  newId?: IdGenerator,
): Page {
  const page = createPage({ layout, id, newId: newId ?? sequentialIds(`${id ?? 'page'}-e`) });
  products.forEach((p, i) => {
    page.elements[i] = createProductElement(`e-${p.id}`, p);
  });
  return page;
}

/** A products page of `nb` cells holding these products. */
export const productPage = (id: string, products: ProductInput[], nb = 4): Page =>
  makePage(getDefaultLayout('products', nb), products, id);

export const coverPage = (id = 'front'): Page => makePage(getDefaultLayout('front cover'), [], id);
export const backCoverPage = (id = 'back'): Page => makePage(getDefaultLayout('back cover'), [], id);

export const makeCatalog = (pages: Page[], input: Partial<CatalogInput> = {}): Catalog =>
  CatalogSchema.parse({ _id: 'cat', title: 'Spring', ...input, pages });

/** Product ids in document order. */
export const productIds = (catalog: Catalog): string[] =>
  catalog.pages.flatMap((p) => p.elements.filter(isProductElement).map((e) => e.properties.id));

/** Product ids page by page, '-' for a void or missing product cell, other element types by type. */
export const pageContents = (catalog: Catalog): string[][] =>
  catalog.pages.map((p) =>
    p.elements.map((e) =>
      isProductElement(e) ? e.properties.id : e.type === 'application/void' ? '-' : e.type,
    ),
  );

/** Freeze a document deeply, so a command that mutates its input throws in tests. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
