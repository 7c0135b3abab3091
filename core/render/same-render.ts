import type { Page } from '../model/index.ts';
import type { RenderContext } from './context.ts';
import { isListKind } from './list-model.ts';

/**
 * Whether a page's drawing reads other pages: generated lists (index, contents, tables, order forms,
 * summaries) and table elements list the products placed elsewhere in the catalog.
 */
export function readsOtherPages(page: Page): boolean {
  return isListKind(page.kind) || page.elements.some((e) => e?.type === 'application/table');
}

/**
 * Whether page `pageIndex` draws the same under two contexts made with the same options: the same page object
 * at the same place, nothing else of the catalog changed but its other pages, and the page reads no other
 * page. Editing commands keep the pages they do not touch, so after a drop the editor redraws one page, not
 * every thumbnail.
 */
export function samePageRender(a: RenderContext, b: RenderContext, pageIndex: number): boolean {
  if (a === b) return true;
  const page = b.catalog.pages[pageIndex];
  if (!page || a.catalog.pages[pageIndex] !== page || readsOtherPages(page)) return false;
  if (
    a.format !== b.format ||
    a.mode !== b.mode ||
    a.watermark !== b.watermark ||
    a.language !== b.language ||
    a.locale !== b.locale ||
    a.scopeClass !== b.scopeClass
  )
    return false;
  const keys = new Set([...Object.keys(a.catalog), ...Object.keys(b.catalog)]) as Set<
    keyof RenderContext['catalog']
  >;
  for (const key of keys) if (key !== 'pages' && a.catalog[key] !== b.catalog[key]) return false;
  return true;
}
