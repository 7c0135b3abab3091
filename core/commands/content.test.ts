import { describe, expect, it } from 'vitest';
import { createPage, createVoidElement, getDefaultLayout, sequentialIds } from '../layouts/index.ts';
import type { Page } from '../model/index.ts';
import { addImage, addProduct, removeCell, removeElement } from './index.ts';
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

const withHeaders = (page: Page): Page => ({
  ...page,
  header: { properties: { html: '<p>Shoes</p>' } },
  footer: { properties: { html: '<p>PAGE_NUMBER</p>' } },
});

describe('addProduct', () => {
  it('fills the first empty or void product cell of the current page', () => {
    const page = productPage('a', [makeProduct(1), makeProduct(2), makeProduct(3)]);
    page.elements[1] = createVoidElement('gone');
    const c = deepFreeze(makeCatalog([coverPage(), page]));
    const r = addProduct(c, { product: makeProduct(9), currentPage: 1, newId: sequentialIds('n') });
    expect(pageContents(r.catalog)[1]).toEqual(['p1', 'p9', 'p3', '-']);
    expect(r.currentPage).toBe(1);
    expect(r.selection).toEqual({ pageIndex: 1, elementIndex: 1 });
    expect(r.catalog.pages[1]!.elements[1]).toMatchObject({ id: 'n1', type: 'application/product' });
    expect(r.catalog.pages[0]).toBe(c.pages[0]);
  });

  it('appends to a flow page', () => {
    const flow = createPage({
      layout: getDefaultLayout('products'),
      kind: 'flow',
      id: 'f',
      newId: sequentialIds(),
    });
    const c = makeCatalog([flow]);
    const once = addProduct(c, { product: makeProduct(1), newId: sequentialIds('x') }).catalog;
    const r = addProduct(once, { product: makeProduct(2), newId: sequentialIds('y') });
    expect(productIds(r.catalog)).toEqual(['p1', 'p2']);
    expect(r.selection).toEqual({ pageIndex: 0, elementIndex: 1 });
  });

  it('opens a copy of a full products page, header and footer included, after it and makes it current', () => {
    const full = withHeaders(
      productPage(
        'a',
        [1, 2].map((n) => makeProduct(n)),
        2,
      ),
    );
    const c = makeCatalog([coverPage(), full, backCoverPage()]);
    const r = addProduct(c, { product: makeProduct(3), currentPage: 1, newId: sequentialIds('n') });
    expect(r.currentPage).toBe(2);
    expect(pageContents(r.catalog)).toEqual([
      ['-', 'text/html', 'text/html'],
      ['p1', 'p2'],
      ['p3', '-'],
      ['-', 'text/html'],
    ]);
    const added = r.catalog.pages[2]!;
    expect(added.layout).toEqual(full.layout);
    expect(added.header.properties.html).toBe('<p>Shoes</p>');
    expect(added.footer.properties.html).toBe('<p>PAGE_NUMBER</p>');
    expect(r.selection).toEqual({ pageIndex: 2, elementIndex: 0 });
  });

  it('uses the default products layout, without copying headers, after a page that is not a grid', () => {
    const c = makeCatalog([withHeaders(coverPage())], { settings: { nbProductsPage: 6 } });
    const r = addProduct(c, { product: makeProduct(1), currentPage: 0, newId: sequentialIds('n') });
    expect(r.currentPage).toBe(1);
    expect(r.catalog.pages[1]!.layout._id).toBe('default-products-6');
    expect(r.catalog.pages[1]!.header.properties.html).toBe('');
    expect(productIds(r.catalog)).toEqual(['p1']);
  });

  it('starts an empty catalog with a products page', () => {
    const r = addProduct(makeCatalog([]), { product: makeProduct(1), newId: sequentialIds('n') });
    expect(r.catalog.pages.map((p) => p.layout._id)).toEqual(['default-products-9']);
    expect(productIds(r.catalog)).toEqual(['p1']);
  });

  it('in automatic mode takes the next free cell from the current page on, else a page before the back cover', () => {
    const c = makeCatalog(
      [
        coverPage(),
        productPage('a', [makeProduct(1), makeProduct(2)], 2),
        productPage('b', [makeProduct(3)], 2),
        backCoverPage(),
      ],
      { settings: { automaticMode: true } },
    );
    const r1 = addProduct(c, { product: makeProduct(4), currentPage: 1, newId: sequentialIds('n') });
    expect(pageContents(r1.catalog)[2]).toEqual(['p3', 'p4']);
    expect(r1.currentPage).toBe(1);
    const r2 = addProduct(r1.catalog, { product: makeProduct(5), currentPage: 3, newId: sequentialIds('m') });
    expect(r2.catalog.pages.map((p) => p.id)).toEqual(['front', 'a', 'b', 'm2', 'back']);
    expect(r2.currentPage).toBe(3);
    // Automatic mode uses the default layout, as automatic page layout does, not a copy of the page.
    expect(r2.catalog.pages[3]!.layout._id).toBe('default-products-9');
    expect(productIds(r2.catalog)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });
});

describe('addImage', () => {
  it('fills the first empty cell that accepts images', () => {
    const c = makeCatalog([coverPage()]);
    const r = addImage(c, { src: 'https://cdn.example.com/hero.png', newId: sequentialIds('i') });
    expect(r.catalog.pages[0]!.elements[0]).toMatchObject({
      id: 'i1',
      type: 'image/png',
      properties: { src: 'https://cdn.example.com/hero.png' },
    });
    expect(r.currentPage).toBe(0);
  });

  it('opens a new page when the current page has no free image cell', () => {
    const c = makeCatalog([makePage(getDefaultLayout('full-text'), [], 'text')]);
    const r = addImage(c, { src: 'a.jpg', currentPage: 0, newId: sequentialIds('i') });
    expect(r.currentPage).toBe(1);
    expect(r.catalog.pages[1]!.layout._id).toBe('default-images-1');
    expect(r.selection).toEqual({ pageIndex: 1, elementIndex: 0 });
  });
});

describe('removeElement', () => {
  it('turns a product into a void element with empty properties and the same id', () => {
    const c = deepFreeze(makeCatalog([productPage('a', [makeProduct(1), makeProduct(2)])]));
    const r = removeElement(c, { pageIndex: 0, elementIndex: 0 });
    expect(r.catalog.pages[0]!.elements[0]).toEqual(createVoidElement('e-p1'));
    expect(productIds(r.catalog)).toEqual(['p2']);
  });

  it('takes a product out of a flow page list', () => {
    const flow = createPage({ layout: getDefaultLayout('products'), kind: 'flow', id: 'f' });
    let c = makeCatalog([flow]);
    for (const n of [1, 2, 3]) c = addProduct(c, { product: makeProduct(n) }).catalog;
    expect(productIds(removeElement(c, { pageIndex: 0, elementIndex: 1 }).catalog)).toEqual(['p1', 'p3']);
  });

  it('leaves void elements and bad indices alone', () => {
    const c = makeCatalog([productPage('a', [makeProduct(1)])]);
    expect(removeElement(c, { pageIndex: 0, elementIndex: 3 }).catalog).toBe(c);
    expect(removeElement(c, { pageIndex: 4, elementIndex: 0 }).catalog).toBe(c);
  });
});

describe('removeCell', () => {
  it('moves the product of the removed cell to the first free product cell', () => {
    const page = productPage('a', [makeProduct(1), makeProduct(2)]);
    const c = deepFreeze(makeCatalog([page]));
    const r = removeCell(c, { pageIndex: 0, cellIndex: 0 });
    expect(r.catalog.pages[0]!.layout.cells).toHaveLength(3);
    expect(r.catalog.pages[0]!.layout.cells[0]).toEqual(page.layout.cells[1]);
    expect(pageContents(r.catalog)).toEqual([['p2', 'p1', '-']]);
    expect(r.selection).toEqual({ pageIndex: 0, elementIndex: 1 });
  });

  it('moves the product to a new page after it when no cell is free', () => {
    const c = makeCatalog([
      productPage(
        'a',
        [1, 2, 3, 4].map((n) => makeProduct(n)),
      ),
      backCoverPage(),
    ]);
    const r = removeCell(c, { pageIndex: 0, cellIndex: 3, currentPage: 1, newId: sequentialIds('n') });
    expect(pageContents(r.catalog).slice(0, 2)).toEqual([
      ['p1', 'p2', 'p3'],
      ['p4', '-', '-'],
    ]);
    expect(r.currentPage).toBe(2);
    expect(productIds(r.catalog)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('drops a text cell with its text', () => {
    const c = makeCatalog([coverPage()]);
    const r = removeCell(c, { pageIndex: 0, cellIndex: 2 });
    expect(pageContents(r.catalog)).toEqual([['-', 'text/html']]);
  });
});
