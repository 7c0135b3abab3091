import {
  cellAccepts,
  createDefaultElement,
  createPage,
  createProductElement,
  createVoidElement,
  type IdGenerator,
} from '../layouts/index.ts';
import {
  isProductElement,
  isVoidElement,
  type Catalog,
  type Element,
  type Page,
  type ProductElement,
  type ProductInput,
} from '../model/index.ts';
import { addProduct } from './content.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import {
  automaticPageTemplate,
  backCoverIndex,
  followPage,
  idGenerator,
  isCoverLayout,
  isFlowMode,
  result,
  withPages,
} from './util.ts';

const PRODUCT = 'application/product';

/** Pages whose product cells automatic layout fills: product pages other than covers (flow pages paginate themselves). */
export const takesPart = (page: Page): boolean => page.kind === 'product' && !isCoverLayout(page.layout);

/** A cell automatic layout may fill: it accepts products and holds nothing, a void element or a product. */
const isSlot = (page: Page, i: number): boolean => {
  const e = page.elements[i];
  return cellAccepts(page.layout.cells[i]!, PRODUCT) && (isVoidElement(e) || isProductElement(e));
};

const slotCount = (pages: Page[]): number =>
  pages.filter(takesPart).reduce((n, p) => n + p.layout.cells.filter((_, i) => isSlot(p, i)).length, 0);

/** The products automatic layout moves, in reading order (page by page, cell by cell). */
export function slotProducts(catalog: Catalog): ProductElement[] {
  return catalog.pages.filter(takesPart).flatMap((page) =>
    page.layout.cells.flatMap((_, i) => {
      const e = page.elements[i];
      return isSlot(page, i) && isProductElement(e) ? [e] : [];
    }),
  );
}

/** Product page left with no content at all; automatic layout removes it (never covers, text or table pages). */
const isEmptyProductPage = (page: Page): boolean =>
  takesPart(page) &&
  page.layout.cells.some((c) => cellAccepts(c, PRODUCT)) &&
  page.elements.every((e) => isVoidElement(e));

function fillPage(page: Page, queue: ProductElement[], newId: IdGenerator): Page {
  let changed = false;
  const elements: Element[] = page.layout.cells.map((cell, i) => {
    const existing = page.elements[i];
    if (!isSlot(page, i)) {
      if (existing) return existing;
      changed = true;
      return createDefaultElement(cell, page.layout, newId());
    }
    const next = queue.shift();
    if (next) {
      if (next !== existing) changed = true;
      return next;
    }
    if (existing && isVoidElement(existing)) return existing;
    changed = true;
    return createVoidElement(newId());
  });
  // Elements beyond the layout's cells are not the layout's business; keep them where they are.
  elements.push(...page.elements.slice(page.layout.cells.length));
  return changed ? { ...page, elements } : page;
}

/**
 * Lay `products` out in this order into the product cells of the catalog's product pages (SPEC §4
 * 'Automatic page layout'). Pages the products need beyond the existing cells use the default layout and
 * go before the back cover; product pages left empty are removed.
 */
export function reflowProducts(
  catalog: Catalog,
  products: ProductElement[],
  options: CommandOptions = {},
): CommandResult {
  const newId = idGenerator(options);
  const current = options.currentPage ?? 0;
  let pages = catalog.pages;
  const missing = products.length - slotCount(pages);
  if (missing > 0) {
    const at = backCoverIndex(catalog);
    const template = automaticPageTemplate(catalog, at);
    const perPage = template.layout.cells.filter((c) => cellAccepts(c, PRODUCT)).length;
    const extra = Array.from({ length: Math.ceil(missing / perPage) }, () =>
      createPage({ ...template, newId }),
    );
    pages = [...pages.slice(0, at), ...extra, ...pages.slice(at)];
  }
  const queue = [...products];
  const filled = pages
    .map((p) => (takesPart(p) ? fillPage(p, queue, newId) : p))
    .filter((p) => !isEmptyProductPage(p));
  const unchanged = filled.length === catalog.pages.length && filled.every((p, i) => p === catalog.pages[i]);
  const next = unchanged ? catalog : withPages(catalog, filled);
  return result(next, followPage(catalog, next, current));
}

export interface AutoLayoutOptions extends CommandOptions {
  /** Lay out even when settings.reorganize_automatically is off, as a requested sort does. */
  force?: boolean;
}

/**
 * Automatic page layout: products flow, in their current order, into the product cells of the product
 * pages. It applies only when settings.reorganize_automatically is on or `force` is set (SPEC §4); otherwise
 * the document comes back unchanged. Running it twice gives the same document as running it once.
 */
export function autoLayout(catalog: Catalog, options: AutoLayoutOptions = {}): CommandResult {
  if (!catalog.settings.reorganize_automatically && !options.force) {
    return result(catalog, options.currentPage ?? 0);
  }
  return reflowProducts(catalog, slotProducts(catalog), options);
}

export interface AddProductsOptions extends CommandOptions {
  products: ProductInput[];
}

/**
 * Add several products at once (the listings panel's bulk add). With reorganize_automatically on they
 * join the end of the automatic layout, taking new default pages before the back cover as needed;
 * otherwise, and always in flow mode (whose pages paginate themselves), each is added like addProduct,
 * from the current page on.
 */
export function addProducts(catalog: Catalog, options: AddProductsOptions): CommandResult {
  const newId = idGenerator(options);
  if (catalog.settings.reorganize_automatically && !isFlowMode(catalog)) {
    const added = options.products.map((p) => createProductElement(newId(), p));
    return reflowProducts(catalog, [...slotProducts(catalog), ...added], { ...options, newId });
  }
  let r: CommandResult = result(catalog, options.currentPage ?? 0);
  for (const product of options.products) {
    r = addProduct(r.catalog, { product, currentPage: r.currentPage, newId });
  }
  return { catalog: r.catalog, currentPage: r.currentPage };
}
