import {
  cellAccepts,
  createDefaultElement,
  createPage,
  pageKindForLayout,
  type IdGenerator,
} from '../layouts/index.ts';
import {
  isImageType,
  isProductElement,
  isVoidElement,
  type Catalog,
  type Element,
  type Page,
  type PageLayout,
  type ProductElement,
} from '../model/index.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import {
  firstFreeCell,
  followPage,
  idGenerator,
  insertPages,
  overflowTemplate,
  putElement,
  replacePage,
  result,
} from './util.ts';

export interface ChangeLayoutOptions extends CommandOptions {
  pageIndex: number;
  layout: PageLayout;
}

/** New pages after `page` holding `products` in order, built like the pages that take addProduct's overflow. */
export function overflowPages(
  catalog: Catalog,
  page: Page,
  products: ProductElement[],
  newId: IdGenerator,
): Page[] {
  const pages: Page[] = [];
  let pending = [...products];
  while (pending.length) {
    let next = createPage({ ...overflowTemplate(catalog, page, 'application/product'), newId });
    const before = pending.length;
    pending = pending.filter((product) => {
      const cell = firstFreeCell(next, product.type);
      if (cell < 0) return true;
      next = putElement(next, cell, product, newId);
      return false;
    });
    // A template without product cells would loop forever; the default products layout always has some.
    if (pending.length === before) throw new Error('Overflow page layout has no product cell');
    pages.push(next);
  }
  return pages;
}

/**
 * Give a page another layout (SPEC §4): element i stays in cell i when the cell accepts its type (image
 * types match by the image/ prefix); other cells get their default element. Products and images that lose
 * their cell move to the first free cell that accepts them, and products that still do not fit go to new
 * pages after this one, so a layout with fewer cells never silently drops products.
 */
export function changeLayout(catalog: Catalog, options: ChangeLayoutOptions): CommandResult {
  const current = options.currentPage ?? options.pageIndex;
  const page = catalog.pages[options.pageIndex];
  if (!page) return result(catalog, current);
  const newId = idGenerator(options);
  const layout = structuredClone(options.layout);
  const byIndex = page.kind !== 'flow';

  const slots: (Element | null)[] = layout.cells.map((cell, i) => {
    const old = byIndex ? page.elements[i] : undefined;
    return old && !isVoidElement(old) && cellAccepts(cell, old.type) ? old : null;
  });
  const kept = new Set(slots);
  const movable = page.elements.filter((e) => !kept.has(e) && (isProductElement(e) || isImageType(e.type)));
  const unplaced: ProductElement[] = [];
  for (const element of movable) {
    const free = slots.findIndex((s, i) => s === null && cellAccepts(layout.cells[i]!, element.type));
    if (free >= 0) slots[free] = element;
    else if (isProductElement(element)) unplaced.push(element);
  }

  const sameHeaderRule = page.layout.show_headers_footers === layout.show_headers_footers;
  const changed: Page = {
    ...page,
    kind: pageKindForLayout(layout),
    layout,
    elements: slots.map((s, i) => s ?? createDefaultElement(layout.cells[i]!, layout, newId())),
    // A cover and a grid page differ in whether they have headers; within one family the merchant's choice stays.
    showHeadersFooters: sameHeaderRule ? page.showHeadersFooters : layout.show_headers_footers,
    pagination: null,
  };
  const doc = replacePage(catalog, options.pageIndex, changed);
  if (!unplaced.length) return result(doc, current);
  const next = insertPages(doc, options.pageIndex + 1, overflowPages(doc, changed, unplaced, newId));
  return result(next, followPage(doc, next, current));
}
