import { createPage } from '../layouts/index.ts';
import type { Catalog, PageKind, PageLayout } from '../model/index.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import {
  clampPage,
  headersOf,
  idGenerator,
  insertPages,
  isGridLayout,
  replacePage,
  result,
  withPages,
} from './util.ts';

export interface AddPageOptions extends CommandOptions {
  layout: PageLayout;
  /** Insertion index; defaults to just after the current page. */
  at?: number;
  /** 'flow' for a flow page (products in columns) on `layout`; default: the layout's own kind. */
  kind?: PageKind;
}

/**
 * Insert a new page on `layout` after the current page; it becomes current. Product and image pages take
 * the current page's header and footer so a catalog keeps one look as it grows. A new flow page has the
 * catalog's settings.flow_layout_columns columns.
 */
export function addPage(catalog: Catalog, options: AddPageOptions): CommandResult {
  const newId = idGenerator(options);
  const current = catalog.pages.length ? catalog.pages[clampPage(catalog, options.currentPage)] : undefined;
  const at = Math.max(
    0,
    Math.min(options.at ?? (current ? clampPage(catalog, options.currentPage) + 1 : 0), catalog.pages.length),
  );
  const copy = current && isGridLayout(options.layout) && isGridLayout(current.layout);
  const page = createPage({
    layout: options.layout,
    newId,
    ...(copy ? headersOf(current) : {}),
    ...(options.kind ? { kind: options.kind } : {}),
    ...(options.kind === 'flow' ? { columns: catalog.settings.flow_layout_columns } : {}),
  });
  return result(insertPages(catalog, at, [page]), at);
}

export interface PageIndexOptions extends CommandOptions {
  /** The page to act on; defaults to the current page. */
  pageIndex?: number;
}

const targetIndex = (catalog: Catalog, options: PageIndexOptions): number | null => {
  const index = options.pageIndex ?? options.currentPage ?? 0;
  return Number.isInteger(index) && index >= 0 && index < catalog.pages.length ? index : null;
};

/**
 * Insert a copy of a page after it, with fresh page and element ids; the copy becomes current. Its render
 * is dropped because the rendered file belongs to the original page.
 */
export function duplicatePage(catalog: Catalog, options: PageIndexOptions = {}): CommandResult {
  const index = targetIndex(catalog, options);
  if (index === null) return result(catalog, options.currentPage ?? 0);
  const newId = idGenerator(options);
  const source = catalog.pages[index]!;
  const copy = structuredClone(source);
  copy.id = newId();
  copy.elements = copy.elements.map((e) => ({ ...e, id: newId() }));
  copy.render = null;
  copy.url = null;
  return result(insertPages(catalog, index + 1, [copy]), index + 1);
}

/** Remove a page with what it holds; the editor stays on the page that takes its place. */
export function removePage(catalog: Catalog, options: PageIndexOptions = {}): CommandResult {
  const index = targetIndex(catalog, options);
  const current = options.currentPage ?? 0;
  if (index === null) return result(catalog, current);
  const next = withPages(
    catalog,
    catalog.pages.filter((_, i) => i !== index),
  );
  return result(next, current > index ? current - 1 : current);
}

function swap(catalog: Catalog, a: number, current: number): CommandResult {
  const b = a + 1;
  const pages = [...catalog.pages];
  [pages[a], pages[b]] = [pages[b]!, pages[a]!];
  const moved = current === a ? b : current === b ? a : current;
  return result(withPages(catalog, pages), moved);
}

/** Move a page one position towards the front; the editor follows the page it was showing. */
export function movePageUp(catalog: Catalog, options: PageIndexOptions = {}): CommandResult {
  const index = targetIndex(catalog, options);
  const current = options.currentPage ?? index ?? 0;
  if (index === null || index === 0) return result(catalog, current);
  return swap(catalog, index - 1, current);
}

/** Move a page one position towards the back; the editor follows the page it was showing. */
export function movePageDown(catalog: Catalog, options: PageIndexOptions = {}): CommandResult {
  const index = targetIndex(catalog, options);
  const current = options.currentPage ?? index ?? 0;
  if (index === null || index === catalog.pages.length - 1) return result(catalog, current);
  return swap(catalog, index, current);
}

/**
 * Show or hide a page's header and footer. Cells are fractions of the inner area, so the renderer grows
 * the inner height from 90 % to 100 % (covers: the full page) and no cell needs to move.
 */
export function toggleHeadersFooters(catalog: Catalog, options: PageIndexOptions = {}): CommandResult {
  const index = targetIndex(catalog, options);
  const current = options.currentPage ?? index ?? 0;
  if (index === null) return result(catalog, current);
  const page = catalog.pages[index]!;
  const on = !page.showHeadersFooters;
  // A footer shown for the first time starts as the catalog's default footer (the branding tab's setting).
  const footerEmpty = !page.footer.properties.html && page.footerElements.every((slot) => !slot);
  const footer =
    on && footerEmpty && catalog.default_footer
      ? { ...page.footer, properties: { ...page.footer.properties, html: catalog.default_footer } }
      : page.footer;
  return result(replacePage(catalog, index, { ...page, showHeadersFooters: on, footer }), current);
}
