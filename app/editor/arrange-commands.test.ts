import { describe, expect, it } from 'vitest';
import {
  backCoverPage,
  coverPage,
  makeCatalog,
  makeProduct,
  pageContents,
  productPage,
} from '../../core/commands/fixtures.ts';
import { createPage, getDefaultLayout } from '../../core/layouts/index.ts';
import { keepUnchanged } from './dom-settle.ts';
import { createEditorStore } from './store.ts';

const ids = (s: ReturnType<typeof createEditorStore>) => s.getState().catalog.pages.map((p) => p.id);

describe('the editor commands of issue 13 §2 (flow, automatic layout, organizer)', () => {
  it('with reorganize_automatically on, removing a product lays the others out again in one undo step', () => {
    const catalog = makeCatalog(
      [
        coverPage(),
        productPage('a', [makeProduct(1), makeProduct(2)], 2),
        productPage('b', [makeProduct(3)], 2),
        backCoverPage(),
      ],
      { settings: { reorganize_automatically: true, nbProductsPage: 2 } },
    );
    const store = createEditorStore({ catalog, revision: 1 });
    store.getState().dispatch({ name: 'removeElement', args: { pageId: 'a', elementIndex: 0 } });
    expect(ids(store)).toEqual(['front', 'a', 'back']);
    expect(pageContents(store.getState().catalog)[1]).toEqual(['p2', 'p3']);
    store.getState().undo();
    expect(ids(store)).toEqual(['front', 'a', 'b', 'back']);
    expect(pageContents(store.getState().catalog)[1]).toEqual(['p1', 'p2']);
  });

  it('with reorganize_automatically off, removing a product leaves a void cell (SPEC §4)', () => {
    const catalog = makeCatalog([productPage('a', [makeProduct(1), makeProduct(2)], 2)]);
    const store = createEditorStore({ catalog, revision: 1 });
    store.getState().dispatch({ name: 'removeElement', args: { pageId: 'a', elementIndex: 0 } });
    expect(pageContents(store.getState().catalog)[0]).toEqual(['-', 'p2']);
  });

  it('moves several pages in one undo step and replays the move by page ids', () => {
    const catalog = makeCatalog(['a', 'b', 'c', 'd'].map((id) => productPage(id, [])));
    const store = createEditorStore({ catalog, revision: 1 });
    store.getState().dispatch({ name: 'movePages', args: { pageIds: ['c', 'd'], beforePageId: 'a' } });
    expect(ids(store)).toEqual(['c', 'd', 'a', 'b']);
    expect(store.getState().pending.map((e) => e.command.name)).toEqual(['movePages']);
    store.getState().undo();
    expect(ids(store)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('adds a flow page after the current one and runs the settle step on it', () => {
    const catalog = makeCatalog([productPage('a', [])], { settings: { flow_layout_columns: 3 } });
    const settled: string[][] = [];
    const store = createEditorStore({
      catalog,
      revision: 1,
      settle: (c) => {
        settled.push(c.pages.map((p) => p.kind));
        return c;
      },
    });
    store.getState().dispatch({ name: 'addFlowPage', args: { afterPageId: 'a' } });
    const pages = store.getState().catalog.pages;
    expect(pages.map((p) => [p.kind, p.columns])).toEqual([
      ['product', pages[0]!.columns],
      ['flow', 3],
    ]);
    expect(store.getState().currentPageId).toBe(pages[1]!.id);
    expect(settled).toEqual([['product', 'flow']]);
  });
});

describe('keepUnchanged', () => {
  it('keeps pages pagination rebuilt as they were, and the catalog when nothing changed', () => {
    const page = { ...createPage({ layout: getDefaultLayout('products', 4), id: 'f', kind: 'flow' }) };
    const before = makeCatalog([page]);
    const rebuilt = { ...before, pages: [{ ...before.pages[0]!, elements: [...before.pages[0]!.elements] }] };
    expect(keepUnchanged(before, rebuilt)).toBe(before);
    const paged = {
      ...before,
      pages: [{ ...before.pages[0]!, pagination: { start: 0, count: 0, columnBreaks: [] } }],
    };
    const kept = keepUnchanged(before, paged);
    expect(kept).not.toBe(before);
    expect(kept.pages[0]!.pagination).toEqual({ start: 0, count: 0, columnBreaks: [] });
  });
});
