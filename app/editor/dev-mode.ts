import { getSections } from '../../core/commands/index.ts';
import { isProductElement, type Catalog } from '../../core/model/index.ts';

/*
 * Developer mode (SPEC §2.2 Ctrl+Shift+D, §6, §9): the thumbnails show only the pages whose product count, and
 * whose section's product count, lie in the ranges chosen (page 0 to 50, section 0 to 500); shift-click ranges
 * then take only the pages shown.
 */

export const DEV_RANGES = { page: { min: 0, max: 50 }, section: { min: 0, max: 500 } } as const;

export type DevFilter = { page: [number, number]; section: [number, number] };

export const DEFAULT_DEV_FILTER: DevFilter = {
  page: [DEV_RANGES.page.min, DEV_RANGES.page.max],
  section: [DEV_RANGES.section.min, DEV_RANGES.section.max],
};

/** A typed bound kept inside its range (SPEC §9), whole; what is not a number is the range's own end. */
export function clampBound(
  value: string | number,
  range: { min: number; max: number },
  fallback: number,
): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return fallback;
  return Math.max(range.min, Math.min(range.max, Math.round(n)));
}

/** The ids of the pages the filter keeps, in page order. */
export function devFilteredPageIds(catalog: Catalog, filter: DevFilter): string[] {
  const sectionCount = new Map<number, number>();
  for (const s of getSections(catalog))
    for (let i = s.firstPage; i <= s.lastPage; i += 1) sectionCount.set(i, s.productCount);
  return catalog.pages
    .filter((page, i) => {
      const onPage = page.elements.filter(isProductElement).length;
      const inSection = sectionCount.get(i) ?? 0;
      return (
        onPage >= filter.page[0] &&
        onPage <= filter.page[1] &&
        inSection >= filter.section[0] &&
        inSection <= filter.section[1]
      );
    })
    .map((p) => p.id);
}
