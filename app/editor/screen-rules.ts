// The editor screen's small rules, apart from its components so they are tested alone.
import { cellAccepts } from '../../core/layouts/index.ts';
import type { Cell } from '../../core/model/index.ts';

/**
 * What an empty cell takes, which decides the hint it shows on the page and in the sidebar (SPEC §5): products
 * and pictures, products only, pictures only (a case SPEC does not name), or neither (a text cell: no hint).
 */
export function emptyCellTakes(cell: Pick<Cell, 'accepts'>): 'both' | 'products' | 'images' | null {
  const images = cell.accepts.some((a) => a.startsWith('image/'));
  const products = cellAccepts(cell, 'application/product');
  return products ? (images ? 'both' : 'products') : images ? 'images' : null;
}

/**
 * Which pages a click on a thumbnail picks (SPEC §2.2): ctrl or meta toggles the page in the selection, shift
 * picks the range from the current page, a plain click picks that page alone and goes to it.
 */
export function thumbnailSelection(
  pageIds: string[],
  selected: string[],
  currentPageId: string | null,
  clicked: string,
  keys: { toggle: boolean; range: boolean },
): { selected: string[]; goTo: boolean } {
  if (keys.toggle) {
    const base = selected.length ? selected : currentPageId ? [currentPageId] : [];
    return {
      selected: base.includes(clicked) ? base.filter((id) => id !== clicked) : [...base, clicked],
      goTo: false,
    };
  }
  if (keys.range && currentPageId) {
    const a = pageIds.indexOf(currentPageId);
    const b = pageIds.indexOf(clicked);
    const [from, to] = a < b ? [a, b] : [b, a];
    return { selected: pageIds.slice(Math.max(0, from), to + 1), goTo: false };
  }
  return { selected: [clicked], goTo: true };
}

/** The last-saved label (SPEC §4 Save): seconds under a minute, else minutes, refreshed every 15 s. */
export function savedAgo(
  lastSavedAt: number | null,
  now: number,
): { unit: 'seconds' | 'minutes'; count: number } | null {
  if (lastSavedAt === null) return null;
  const seconds = Math.max(0, Math.round((now - lastSavedAt) / 1000));
  return seconds < 60
    ? { unit: 'seconds', count: seconds }
    : { unit: 'minutes', count: Math.floor(seconds / 60) };
}

/**
 * Which observed elements are near view now, from one callback of the observer all thumbnails share: for each
 * element, the last of its entries. One callback may carry several for the same element when the page was busy
 * (a resize, a fast scroll of the strip): out then back in. The first of them would leave a thumbnail in view a
 * blank box until it left and came back.
 */
export function nearNowByTarget<T>(
  entries: readonly { target: T; isIntersecting: boolean }[],
): Map<T, boolean> {
  const near = new Map<T, boolean>();
  for (const entry of entries) near.set(entry.target, entry.isIntersecting);
  return near;
}

/** The zoom steps of the top bar's − and +, as shares of the page's printed size. */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/**
 * The next zoom step from the scale the page is drawn at now (a fit lands between steps): the first step past
 * it, up or down, or null at either end. A hair's difference is no step, so 100 % zoomed in gives 125 %.
 */
export function stepZoom(scale: number, direction: 1 | -1): number | null {
  const next =
    direction === 1
      ? ZOOM_STEPS.find((z) => z > scale + 0.005)
      : ZOOM_STEPS.findLast((z) => z < scale - 0.005);
  return next ?? null;
}

/** Where this browser keeps the merchant's last zoom choice. */
export const ZOOM_STORAGE_KEY = 'cb.editor.zoom';

/** A zoom kept in the browser, or null when there is none or it is not one the editor offers. */
export function readZoom(stored: string | null): 'page' | 'width' | number | null {
  if (stored === 'page' || stored === 'width') return stored;
  const n = Number(stored);
  return stored && Number.isFinite(n) && n >= ZOOM_STEPS[0] && n <= ZOOM_STEPS.at(-1)! ? n : null;
}

/**
 * Where the editor goes once its catalog is deleted (SPEC §2.2): its back address (the catalogs list, or the app's
 * home inside the Shopify admin, with the admin's query kept), saying which catalog went.
 */
export function afterDeleteUrl(backUrl: string, title: string): string {
  const [path, query = ''] = backUrl.split('?');
  const params = new URLSearchParams(query);
  params.set('deleted', title);
  return `${path}?${params}`;
}
