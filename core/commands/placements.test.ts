import { describe, expect, it } from 'vitest';
import { coverPage, makeCatalog, makeProduct, productPage } from './fixtures.ts';
import { countPlacements } from './placements.ts';

describe('countPlacements', () => {
  it('counts placements and distinct products apart, and each product’s placements', () => {
    const catalog = makeCatalog([
      coverPage(),
      productPage('a', [makeProduct(1), makeProduct(2), makeProduct(1)]),
      productPage('b', [makeProduct(1), makeProduct(3)]),
    ]);
    const counted = countPlacements(catalog);
    expect(counted).toMatchObject({ placements: 5, products: 3 });
    expect(Object.fromEntries(counted.byId)).toEqual({ p1: 3, p2: 1, p3: 1 });
  });

  it('tells products without an id apart by their title, and counts nothing in an empty catalog', () => {
    const catalog = makeCatalog([
      productPage('a', [makeProduct(1, { id: '' }), makeProduct(2, { id: '' }), makeProduct(3, { id: '' })]),
    ]);
    expect(countPlacements(catalog)).toMatchObject({ placements: 3, products: 3 });
    expect(countPlacements(makeCatalog([coverPage()]))).toMatchObject({ placements: 0, products: 0 });
  });
});
