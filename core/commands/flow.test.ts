import { describe, expect, it } from 'vitest';
import { createPage, getDefaultLayout, sequentialIds } from '../layouts/index.ts';
import type { Page } from '../model/index.ts';
import { addPage, addProduct, addProducts } from './index.ts';
import { coverPage, deepFreeze, makeCatalog, makeProduct, productIds, productPage } from './fixtures.ts';

const flowPage = (id: string, columns = 2): Page => ({
  ...createPage({ layout: getDefaultLayout('products'), kind: 'flow', id, newId: sequentialIds(`${id}-`) }),
  columns,
});

const FLOW = { layout: 'flow', flow_layout_columns: 3 } as const;

describe('flow mode (settings.layout flow) and flow_layout_columns', () => {
  it('appends a product to the current flow page, even when it could fill a grid cell elsewhere', () => {
    const c = deepFreeze(makeCatalog([coverPage(), flowPage('f'), productPage('g', [])], { settings: FLOW }));
    const r = addProduct(c, { product: makeProduct(1), currentPage: 1, newId: sequentialIds('n') });
    const again = addProduct(r.catalog, { product: makeProduct(2), currentPage: r.currentPage });
    expect(again.catalog.pages[1]!.elements.map((e) => e.type)).toEqual([
      'application/product',
      'application/product',
    ]);
    expect(productIds(again.catalog)).toEqual(['p1', 'p2']);
    expect(again.currentPage).toBe(1);
    expect(again.selection).toEqual({ pageIndex: 1, elementIndex: 1 });
  });

  it('opens a flow page of flow_layout_columns columns after a page that is not one, then keeps to it', () => {
    const grid = { ...productPage('g', []), headerElements: ['<p>Shoes</p>', '', ''] };
    const c = deepFreeze(makeCatalog([coverPage(), grid], { settings: FLOW }));
    // Not into the grid page's free cells: flow mode puts products on flow pages.
    const r = addProduct(c, { product: makeProduct(1), currentPage: 1, newId: sequentialIds('n') });
    expect(r.catalog.pages).toHaveLength(3);
    expect(r.currentPage).toBe(2);
    const added = r.catalog.pages[2]!;
    expect(added).toMatchObject({ kind: 'flow', columns: 3, headerElements: ['<p>Shoes</p>', '', ''] });
    expect(r.selection).toEqual({ pageIndex: 2, elementIndex: 0 });
    const next = addProducts(r.catalog, {
      products: [makeProduct(2), makeProduct(3)],
      currentPage: r.currentPage,
      newId: sequentialIds('m'),
    });
    expect(next.catalog.pages).toHaveLength(3);
    expect(productIds(next.catalog)).toEqual(['p1', 'p2', 'p3']);
  });

  it('starts an empty catalog with a flow page', () => {
    const r = addProduct(makeCatalog([], { settings: FLOW }), { product: makeProduct(1) });
    expect(r.catalog.pages.map((p) => [p.kind, p.columns])).toEqual([['flow', 3]]);
  });

  it('keeps grid behaviour outside flow mode, also with reorganize_automatically', () => {
    const c = makeCatalog([coverPage(), productPage('g', [])], { settings: { flow_layout_columns: 3 } });
    const r = addProduct(c, { product: makeProduct(1), currentPage: 1 });
    expect(r.catalog.pages).toHaveLength(2);
    expect(r.catalog.pages[1]!.kind).toBe('product');
    // In flow mode a bulk add ignores reorganize_automatically: it would pour products into grid cells.
    const auto = makeCatalog([coverPage(), flowPage('f')], {
      settings: { ...FLOW, reorganize_automatically: true },
    });
    const bulk = addProducts(auto, { products: [makeProduct(1), makeProduct(2)], currentPage: 1 });
    expect(bulk.catalog.pages.map((p) => [p.kind, p.elements.length])).toEqual([
      ['product', 3],
      ['flow', 2],
    ]);
  });

  it('gives a flow page added with addPage the catalog’s flow_layout_columns (default 2)', () => {
    const layout = getDefaultLayout('products');
    const three = addPage(makeCatalog([coverPage()], { settings: { flow_layout_columns: 3 } }), {
      layout,
      kind: 'flow',
      currentPage: 0,
    });
    expect(three.catalog.pages[1]).toMatchObject({ kind: 'flow', columns: 3, elements: [] });
    const byDefault = addPage(makeCatalog([coverPage()]), { layout, kind: 'flow', currentPage: 0 });
    expect(byDefault.catalog.pages[1]!.columns).toBe(2);
    expect(addPage(makeCatalog([coverPage()]), { layout, currentPage: 0 }).catalog.pages[1]!.kind).toBe(
      'product',
    );
  });
});
