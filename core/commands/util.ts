import {
  cellAccepts,
  createVoidElement,
  getDefaultLayout,
  randomId,
  type CreatePageOptions,
  type IdGenerator,
} from '../layouts/index.ts';
import {
  isProductElement,
  isVoidElement,
  type Catalog,
  type Element,
  type Page,
  type PageLayout,
  type ProductElement,
} from '../model/index.ts';
import type { CommandOptions, CommandResult } from './types.ts';

export const idGenerator = (options: CommandOptions | undefined): IdGenerator => options?.newId ?? randomId;

export const clampPage = (catalog: Catalog, index: number | undefined): number =>
  Math.max(0, Math.min(index ?? 0, catalog.pages.length - 1));

export const result = (
  catalog: Catalog,
  currentPage: number,
  extra: Partial<CommandResult> = {},
): CommandResult => ({
  catalog,
  currentPage: Math.max(0, Math.min(currentPage, catalog.pages.length - 1)),
  ...extra,
});

export const withPages = (catalog: Catalog, pages: Page[]): Catalog => ({ ...catalog, pages });

export const replacePage = (catalog: Catalog, index: number, page: Page): Catalog =>
  withPages(
    catalog,
    catalog.pages.map((p, i) => (i === index ? page : p)),
  );

export const insertPages = (catalog: Catalog, at: number, pages: Page[]): Catalog =>
  withPages(catalog, [...catalog.pages.slice(0, at), ...pages, ...catalog.pages.slice(at)]);

/** The index of a page id after an edit, or the clamped old index when the page is gone. */
export function followPage(before: Catalog, after: Catalog, currentPage: number): number {
  const id = before.pages[currentPage]?.id;
  const found = id === undefined ? -1 : after.pages.findIndex((p) => p.id === id);
  return found >= 0 ? found : Math.max(0, Math.min(currentPage, after.pages.length - 1));
}

export const isCoverLayout = (layout: Pick<PageLayout, 'type'>): boolean =>
  layout.type === 'front cover' || layout.type === 'back cover';

/** Pages whose layout and header/footer are copied to pages that take their overflow (SPEC §4). */
export const isGridLayout = (layout: Pick<PageLayout, 'type'>): boolean =>
  layout.type === 'products' || layout.type === 'images';

/** Product elements in document order with where they sit. */
export function listProducts(
  catalog: Catalog,
): (ProductElement & { at: { pageIndex: number; elementIndex: number } })[] {
  return catalog.pages.flatMap((page, pageIndex) =>
    page.elements.flatMap((e, elementIndex) =>
      isProductElement(e) ? [{ ...e, at: { pageIndex, elementIndex } }] : [],
    ),
  );
}

/** Index of the first cell of a (non-flow) page that accepts `type` and holds nothing or a void element. */
export function firstFreeCell(page: Page, type: string): number {
  return page.layout.cells.findIndex((cell, i) => cellAccepts(cell, type) && isVoidElement(page.elements[i]));
}

/** The page with `element` in cell `index`; missing elements before it are filled with void ones. */
export function putElement(page: Page, index: number, element: Element, newId: IdGenerator): Page {
  const elements = [...page.elements];
  while (elements.length < index) elements.push(createVoidElement(newId()));
  elements[index] = element;
  return { ...page, elements };
}

/** A page's header and footer, in the shape createPage takes, so new pages keep the catalog's look. */
export function headersOf(page: Page): {
  header: string;
  footer: string;
  headerElements: string[];
  footerElements: string[];
} {
  return {
    header: page.header.properties.html,
    footer: page.footer.properties.html,
    headerElements: [...page.headerElements],
    footerElements: [...page.footerElements],
  };
}

/**
 * Layout, header and footer for a new page that takes content which did not fit on `page`: a products or
 * images page is copied with its header and footer when its layout accepts the content (SPEC §4 'Adding
 * content'); otherwise the catalog's default layout for the content is used.
 */
export function overflowTemplate(
  catalog: Catalog,
  page: Page | undefined,
  elementType: string,
): {
  layout: PageLayout;
  header?: string;
  footer?: string;
  headerElements?: string[];
  footerElements?: string[];
} {
  const copyHeaders = !!page && isGridLayout(page.layout);
  const headers = copyHeaders ? headersOf(page) : {};
  if (copyHeaders && page.layout.cells.some((c) => cellAccepts(c, elementType))) {
    return { layout: structuredClone(page.layout), ...headers };
  }
  const layout =
    elementType === 'application/product'
      ? getDefaultLayout('products', catalog.settings.nbProductsPage)
      : getDefaultLayout('images');
  return { layout, ...headers };
}

/** Index before which automatic layout inserts new product pages: the back cover, else the end. */
export function backCoverIndex(catalog: Catalog): number {
  const last = catalog.pages.length - 1;
  return last >= 0 && catalog.pages[last]!.layout.type === 'back cover' ? last : catalog.pages.length;
}

/**
 * A page automatic layout adds before index `at`: the catalog's default products layout (SPEC §4), with
 * the header, footer and section of the last products page before it so the catalog keeps one look.
 */
export function automaticPageTemplate(
  catalog: Catalog,
  at: number,
): { layout: PageLayout; section?: string | null } & Partial<ReturnType<typeof headersOf>> {
  const layout = getDefaultLayout('products', catalog.settings.nbProductsPage);
  const model = catalog.pages.findLast(
    (p, i) => i < at && p.kind === 'product' && !isCoverLayout(p.layout) && isGridLayout(p.layout),
  );
  return model ? { layout, ...headersOf(model), section: model.section } : { layout };
}

/** Whether the catalog lays its products out on flow pages (settings.layout 'flow', SPEC §4 'flow mode'). */
export const isFlowMode = (catalog: Catalog): boolean => catalog.settings.layout === 'flow';

/**
 * A new flow page: settings.flow_layout_columns columns, the default products layout for its margins and
 * bands, and the header and footer of `page` when that is a products, images or flow page, so the catalog
 * keeps one look.
 */
export function flowPageTemplate(catalog: Catalog, page: Page | undefined): CreatePageOptions {
  const copyHeaders = !!page && (page.kind === 'flow' || isGridLayout(page.layout));
  return {
    layout: getDefaultLayout('products', catalog.settings.nbProductsPage),
    kind: 'flow',
    columns: catalog.settings.flow_layout_columns,
    ...(copyHeaders ? headersOf(page) : {}),
  };
}
