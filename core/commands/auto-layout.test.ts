import { describe, expect, it } from 'vitest';
import { createImageElement, createVoidElement, getDefaultLayout, sequentialIds } from '../layouts/index.ts';
import { addProducts, autoLayout, sortProducts } from './index.ts';
import {
  backCoverPage,
  coverPage,
  deepFreeze,
  makeCatalog,
  makePage,
  makeProduct,
  pageContents,
  productIds,
  productPage,
} from './fixtures.ts';

const on = { settings: { reorganize_automatically: true, nbProductsPage: 2 } } as const;

describe('autoLayout', () => {
  it('does nothing unless reorganize_automatically is on or it is forced', () => {
    const a = productPage('a', [makeProduct(1)]);
    a.elements[0] = createVoidElement('v');
    const c = makeCatalog([a, productPage('b', [makeProduct(2)])]);
    expect(autoLayout(c).catalog).toBe(c);
    expect(pageContents(autoLayout(c, { force: true }).catalog)).toEqual([['p2', '-', '-', '-']]);
  });

  it('flows products into the product cells in order and removes product pages left empty', () => {
    const a = productPage(
      'a',
      [1, 2, 3].map((n) => makeProduct(n)),
    );
    a.elements[1] = createVoidElement('hole');
    const c = deepFreeze(
      makeCatalog(
        [
          coverPage(),
          a,
          productPage(
            'b',
            [4, 5].map((n) => makeProduct(n)),
          ),
          productPage('c', []),
          backCoverPage(),
        ],
        on,
      ),
    );
    const r = autoLayout(c, { currentPage: 4, newId: sequentialIds('n') });
    expect(r.catalog.pages.map((p) => p.id)).toEqual(['front', 'a', 'back']);
    expect(pageContents(r.catalog)[1]).toEqual(['p1', 'p3', 'p4', 'p5']);
    // The editor stays on the back cover it was showing.
    expect(r.currentPage).toBe(2);
  });

  it('adds pages with the default layout before the back cover when cells run out', () => {
    const a = makePage(getDefaultLayout('products', 1), [makeProduct(1)], 'a');
    const c = makeCatalog(
      [coverPage(), { ...a, footer: { properties: { html: 'f' } } }, backCoverPage()],
      on,
    );
    const r = addProducts(c, { products: [2, 3, 4].map((n) => makeProduct(n)), newId: sequentialIds('n') });
    expect(r.catalog.pages.map((p) => p.id)).toEqual(['front', 'a', 'n4', 'n7', 'back']);
    expect(r.catalog.pages[2]!.layout._id).toBe('default-products-2');
    expect(r.catalog.pages[2]!.footer.properties.html).toBe('f');
    expect(pageContents(r.catalog).slice(1, 4)).toEqual([['p1'], ['p2', 'p3'], ['p4', '-']]);
  });

  it('adds products one by one like addProduct when automatic layout is off', () => {
    const c = makeCatalog([coverPage(), productPage('a', [makeProduct(1)], 2), backCoverPage()]);
    const r = addProducts(c, {
      products: [2, 3].map((n) => makeProduct(n)),
      currentPage: 1,
      newId: sequentialIds('n'),
    });
    expect(pageContents(r.catalog).slice(1, 3)).toEqual([
      ['p1', 'p2'],
      ['p3', '-'],
    ]);
    expect(r.currentPage).toBe(2);
  });

  it('keeps covers, text, table pages and cells holding images or text', () => {
    const a = productPage(
      'a',
      [1, 2].map((n) => makeProduct(n)),
    );
    a.elements[0] = createImageElement('img', 'x.jpg');
    const contract = makePage(getDefaultLayout('wholesale-contract'), [], 'w');
    const c = makeCatalog(
      [coverPage(), contract, a, makePage(getDefaultLayout('table'), [], 't'), backCoverPage()],
      on,
    );
    const r = autoLayout(c, { newId: sequentialIds('n') });
    expect(r.catalog.pages.map((p) => p.id)).toEqual(['front', 'w', 'a', 't', 'back']);
    expect(pageContents(r.catalog)[2]).toEqual(['image/jpeg', 'p2', '-', '-']);
  });

  it('returns the same document when everything is already in place', () => {
    const c = makeCatalog(
      [
        coverPage(),
        productPage(
          'a',
          [1, 2].map((n) => makeProduct(n)),
        ),
        backCoverPage(),
      ],
      on,
    );
    expect(autoLayout(c).catalog).toBe(c);
  });
});

describe('sortProducts', () => {
  const catalog = () =>
    makeCatalog([
      coverPage(),
      productPage('a', [
        makeProduct(1, { title: 'banana', price: 3, category: 'Fruit' }),
        makeProduct(2, { title: 'Apple 10', price: null, category: 'Fruit' }),
      ]),
      productPage('b', [
        makeProduct(3, { title: 'apple 9', price: 1, category: null }),
        makeProduct(4, { title: 'Carrot', price: 2, category: 'Vegetable' }),
      ]),
      backCoverPage(),
    ]);

  it('sorts by title with natural, case-insensitive order and lays products out again', () => {
    const r = sortProducts(catalog(), { by: 'title', newId: sequentialIds('n') });
    expect(productIds(r.catalog)).toEqual(['p3', 'p2', 'p1', 'p4']);
    expect(r.catalog.pages.map((p) => p.id)).toEqual(['front', 'a', 'back']);
  });

  it('sorts by price both ways with missing prices last', () => {
    expect(productIds(sortProducts(catalog(), { by: 'price-asc' }).catalog)).toEqual([
      'p3',
      'p4',
      'p1',
      'p2',
    ]);
    expect(productIds(sortProducts(catalog(), { by: 'price-desc' }).catalog)).toEqual([
      'p1',
      'p4',
      'p3',
      'p2',
    ]);
  });

  it('sorts by category, then title, with products without a category last', () => {
    expect(productIds(sortProducts(catalog(), { by: 'category' }).catalog)).toEqual(['p2', 'p1', 'p4', 'p3']);
    expect(productIds(sortProducts(catalog(), { by: 'title-desc' }).catalog)).toEqual([
      'p4',
      'p1',
      'p2',
      'p3',
    ]);
    expect(productIds(sortProducts(catalog(), { by: 'sku' }).catalog)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });
});
