import { describe, expect, it } from 'vitest';
import { getDefaultLayout, sequentialIds } from '../layouts/index.ts';
import {
  addPage,
  addProduct,
  applyPageDiff,
  diffPages,
  movePageDown,
  removePage,
  removePages,
  updateSettings,
} from './index.ts';
import { coverPage, deepFreeze, makeCatalog, makeProduct, pageContents, productPage } from './fixtures.ts';

const ids = (c: { pages: { id: string }[] }) => c.pages.map((p) => p.id);

describe('updateSettings and removePages', () => {
  it('changes settings and fields, and is no step when nothing changes', () => {
    const c = deepFreeze(makeCatalog([coverPage()]));
    const r = updateSettings(c, { settings: { nbProductsPage: 4 }, fields: { title: 'Fall' } });
    expect(r.catalog.settings.nbProductsPage).toBe(4);
    expect(r.catalog.title).toBe('Fall');
    expect(updateSettings(r.catalog, { settings: { nbProductsPage: 4 } }).catalog).toBe(r.catalog);
  });

  it("changes the catalog's brand (theme, fonts, CSS, styles) and leaves its pages alone", () => {
    const c = deepFreeze(makeCatalog([coverPage()]));
    const theme = { ...c.theme, h1: { 'font-size': '48px' } };
    const r = updateSettings(c, {
      fields: {
        theme,
        custom_css: '.price { color: red }',
        fonts: [{ family: 'Brand', weight: 400, style: 'normal', url: '/files/fonts/u/a.woff2' }],
        priceTemplateStyle: { ...c.priceTemplateStyle, anchor: 'right' },
      },
    });
    expect(r.catalog.theme.h1).toEqual({ 'font-size': '48px' });
    expect(r.catalog.custom_css).toBe('.price { color: red }');
    expect(r.catalog.fonts[0]!.family).toBe('Brand');
    expect(r.catalog.priceTemplateStyle.anchor).toBe('right');
    expect(r.catalog.pages).toBe(c.pages);
    expect(updateSettings(r.catalog, { fields: { theme } }).catalog).toBe(r.catalog);
  });

  it('removes several pages in one step', () => {
    const c = makeCatalog([coverPage('f'), productPage('a', []), productPage('b', []), productPage('c', [])]);
    const r = removePages(c, { pageIndices: [1, 3], currentPage: 2 });
    expect(ids(r.catalog)).toEqual(['f', 'b']);
    expect(r.currentPage).toBe(1);
  });
});

describe('diffPages and applyPageDiff (undo and redo done again on a newer copy)', () => {
  it('turns one state into the other', () => {
    const a = makeCatalog([coverPage('f'), productPage('a', [makeProduct(1)]), productPage('b', [])]);
    let b = addProduct(a, { product: makeProduct(2), currentPage: 1, newId: sequentialIds('n') }).catalog;
    b = movePageDown(b, { pageIndex: 1 }).catalog;
    b = addPage(b, { layout: getDefaultLayout('images'), currentPage: 0, newId: sequentialIds('q') }).catalog;
    b = removePage(b, { pageIndex: 3 }).catalog;
    const diff = diffPages(a, b);
    expect(applyPageDiff(a, diff).catalog).toEqual(b);
    // And back: the diff from b to a is what an undo did.
    expect(applyPageDiff(b, diffPages(b, a)).catalog).toEqual(a);
  });

  it('keeps what the newer copy added or changed elsewhere', () => {
    const base = makeCatalog([coverPage('f'), productPage('a', []), productPage('b', [])]);
    // Here: a product added on page a.
    const mine = addProduct(base, { product: makeProduct(1), currentPage: 1 }).catalog;
    // Elsewhere: page b got a product and a new page came after it.
    let theirs = addProduct(base, { product: makeProduct(2), currentPage: 2 }).catalog;
    theirs = addPage(theirs, {
      layout: getDefaultLayout('images'),
      currentPage: 2,
      newId: () => 'z',
    }).catalog;
    const merged = applyPageDiff(theirs, diffPages(base, mine)).catalog;
    expect(ids(merged)).toEqual(['f', 'a', 'b', 'z']);
    expect(pageContents(merged).slice(1, 3)).toEqual([
      ['p1', '-', '-', '-'],
      ['p2', '-', '-', '-'],
    ]);
  });
});
