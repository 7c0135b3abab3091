import { describe, expect, it } from 'vitest';
import { coverPage, makeCatalog, makeProduct, productPage } from '../../core/commands/fixtures.ts';
import { clampBound, DEFAULT_DEV_FILTER, DEV_RANGES, devFilteredPageIds } from './dev-mode.ts';

const shirts = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) => makeProduct(from + i, { category: 'Shirts' }));

describe('developer mode page filter (SPEC §6, §9: page 0 to 50, section 0 to 500)', () => {
  const catalog = makeCatalog([
    coverPage(),
    productPage('a', shirts(4, 1)),
    productPage('b', shirts(1, 10)),
    productPage('c', [makeProduct(20, { category: 'Bags' }), makeProduct(21, { category: 'Bags' })]),
  ]);

  it('keeps every page with the full ranges', () => {
    expect(devFilteredPageIds(catalog, DEFAULT_DEV_FILTER)).toEqual(['front', 'a', 'b', 'c']);
  });

  it('filters by the products on the page and in its section', () => {
    expect(devFilteredPageIds(catalog, { ...DEFAULT_DEV_FILTER, page: [2, 50] })).toEqual(['a', 'c']);
    // Shirts: 5 products over pages a and b; bags: 2.
    expect(devFilteredPageIds(catalog, { ...DEFAULT_DEV_FILTER, section: [5, 500] })).toEqual(['a', 'b']);
    expect(devFilteredPageIds(catalog, { page: [0, 1], section: [1, 500] })).toEqual(['b']);
  });

  it('keeps typed bounds inside their ranges', () => {
    expect(clampBound('80', DEV_RANGES.page, 50)).toBe(50);
    expect(clampBound('-3', DEV_RANGES.section, 0)).toBe(0);
    expect(clampBound('abc', DEV_RANGES.section, 500)).toBe(500);
    expect(clampBound('7.4', DEV_RANGES.page, 0)).toBe(7);
  });
});
