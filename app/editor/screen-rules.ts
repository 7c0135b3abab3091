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
 * Whether the observed element is near view now: the last of the entries. One callback may carry several for
 * the same element when the page was busy (a resize, a fast scroll of the strip): out then back in. The first
 * of them would leave a thumbnail in view a blank box until it left and came back.
 */
export function isNearNow(entries: readonly Pick<IntersectionObserverEntry, 'isIntersecting'>[]): boolean {
  return !!entries[entries.length - 1]?.isIntersecting;
}
