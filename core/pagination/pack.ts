import { OVERFLOW_TOLERANCE_PX } from '../constants.ts';

export interface PackItem {
  height: number;
  /** Keep this item in the same column as the next one (a letter heading and its first entry). */
  keepWithNext?: boolean;
}

export interface PageCapacity {
  columns: number;
  /** Height of one column in px. */
  columnHeight: number;
}

export interface PackedPage {
  /** Index of the page's first item. */
  start: number;
  count: number;
  /** Offsets, relative to start, of the items that begin the second, third... column. */
  columnBreaks: number[];
}

/**
 * Greedy column filling, the way flow pages are drawn: items go into a column one at a time; one that would
 * overflow the column by more than the tolerance goes to the next column, and when a page's columns are full
 * the rest go to the following page. An item taller than an empty column is placed alone (it can never fit),
 * so packing always ends. Always returns at least one page.
 */
export function packColumns(
  items: readonly PackItem[],
  capacity: (pageIndex: number) => PageCapacity,
  tolerance: number = OVERFLOW_TOLERANCE_PX,
  options: { balanceLastPage?: boolean } = {},
): PackedPage[] {
  const pages: PackedPage[] = [];
  const n = items.length;
  let i = 0;
  do {
    const cap = capacity(pages.length);
    const columns = Math.max(1, Math.floor(cap.columns));
    const limit = cap.columnHeight + tolerance;
    const start = i;
    const breaks: number[] = [];
    for (let col = 0; col < columns && i < n; col++) {
      if (col > 0) breaks.push(i - start);
      let used = 0;
      let placed = 0;
      while (i < n) {
        let end = i;
        let groupHeight = items[i].height;
        while (end < n - 1 && items[end].keepWithNext) {
          end++;
          groupHeight += items[end].height;
        }
        if (used + groupHeight <= limit) {
          used += groupHeight;
          placed += end - i + 1;
          i = end + 1;
          continue;
        }
        if (placed === 0) {
          // Nothing fits whole in an empty column: place what fits of the group, at least one item.
          do {
            used += items[i].height;
            placed++;
            i++;
          } while (i <= end && used + items[i].height <= limit);
        }
        break;
      }
    }
    pages.push({ start, count: i - start, columnBreaks: breaks });
  } while (i < n);
  if (options.balanceLastPage) balanceLast(items, pages, capacity(pages.length - 1));
  return pages;
}

/**
 * Even out the columns of the last page (an index ending half way down its first column would leave the
 * others empty): the shortest column height that still holds the page's items in its columns.
 */
function balanceLast(items: readonly PackItem[], pages: PackedPage[], cap: PageCapacity): void {
  const last = pages[pages.length - 1];
  const sub = items.slice(last.start, last.start + last.count);
  if (sub.length < 2 || cap.columns < 2) return;
  const fits = (h: number) => packColumns(sub, () => ({ columns: cap.columns, columnHeight: h }), 0);
  let lo = Math.max(...sub.map((x) => x.height)) - 1;
  let hi = cap.columnHeight;
  if (fits(hi).length !== 1) return;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid).length === 1) hi = mid;
    else lo = mid;
  }
  last.columnBreaks = fits(hi)[0].columnBreaks;
}

/** Split a page's items into its columns using the page's column breaks. */
export function splitColumns<T>(
  items: readonly T[],
  columnBreaks: readonly number[],
  columns: number,
): T[][] {
  const out: T[][] = [];
  const cuts = [...columnBreaks].filter((b) => b > 0 && b < items.length).sort((a, b) => a - b);
  let from = 0;
  for (const cut of cuts) {
    if (out.length === columns - 1) break;
    out.push(items.slice(from, cut));
    from = cut;
  }
  out.push(items.slice(from));
  while (out.length < columns) out.push([]);
  return out;
}
