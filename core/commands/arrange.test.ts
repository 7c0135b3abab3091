import { describe, expect, it } from 'vitest';
import { createVoidElement, sequentialIds } from '../layouts/index.ts';
import { addFlowPage, movePages, setArrangement } from './index.ts';
import {
  backCoverPage,
  coverPage,
  deepFreeze,
  makeCatalog,
  makeProduct,
  pageContents,
  productPage,
} from './fixtures.ts';

describe('addFlowPage', () => {
  it('inserts an empty flow page of flow_layout_columns columns after the current page, made current', () => {
    const c = deepFreeze(
      makeCatalog([coverPage(), productPage('a', [makeProduct(1)])], {
        settings: { flow_layout_columns: 3 },
      }),
    );
    const r = addFlowPage(c, { currentPage: 0, newId: sequentialIds('n') });
    expect(r.currentPage).toBe(1);
    const page = r.catalog.pages[1]!;
    expect(page.kind).toBe('flow');
    expect(page.columns).toBe(3);
    expect(page.elements).toEqual([]);
    expect(r.catalog.pages.map((p) => p.id)).toEqual(['front', page.id, 'a']);
  });

  it('makes the first page of an empty catalog', () => {
    const r = addFlowPage(makeCatalog([]), { newId: sequentialIds('n') });
    expect(r.catalog.pages.map((p) => p.kind)).toEqual(['flow']);
  });
});

describe('setArrangement', () => {
  const holey = () => {
    const a = productPage('a', [makeProduct(1), makeProduct(2)]);
    a.elements[0] = createVoidElement('hole');
    return deepFreeze(
      makeCatalog([coverPage(), a, productPage('b', [makeProduct(3)]), backCoverPage()], {
        settings: { nbProductsPage: 4 },
      }),
    );
  };

  it('turns automatic mode on without moving anything (it decides where added products go)', () => {
    const c = holey();
    const r = setArrangement(c, { automaticMode: true });
    expect(r.catalog.settings.automaticMode).toBe(true);
    expect(r.catalog.settings.reorganize_automatically).toBe(false);
    expect(r.catalog.pages).toBe(c.pages);
  });

  it('turning reorganize_automatically on lays the products out in the same step', () => {
    const r = setArrangement(holey(), { reorganize: true });
    expect(r.catalog.settings.reorganize_automatically).toBe(true);
    expect(r.catalog.pages.map((p) => p.id)).toEqual(['front', 'a', 'back']);
    expect(pageContents(r.catalog)[1]).toEqual(['p2', 'p3', '-', '-']);
  });

  it('switches the layout to flow and back, and changes nothing when asked for what is set', () => {
    const c = holey();
    const flow = setArrangement(c, { layout: 'flow' }).catalog;
    expect(flow.settings.layout).toBe('flow');
    expect(setArrangement(flow, { layout: 'grid' }).catalog.settings.layout).toBe('grid');
    expect(setArrangement(c, { layout: 'grid', reorganize: false }).catalog).toBe(c);
  });
});

describe('movePages', () => {
  const c = deepFreeze(makeCatalog(['a', 'b', 'c', 'd', 'e'].map((id) => productPage(id, []))));
  const ids = (r: ReturnType<typeof movePages>) => r.catalog.pages.map((p) => p.id);

  it('moves several pages together before another, keeping their order, the first made current', () => {
    const r = movePages(c, { pageIndices: [3, 1], before: 0 });
    expect(ids(r)).toEqual(['b', 'd', 'a', 'c', 'e']);
    expect(r.currentPage).toBe(0);
    expect(ids(movePages(c, { pageIndices: [0, 2], before: 5 }))).toEqual(['b', 'd', 'e', 'a', 'c']);
    expect(ids(movePages(c, { pageIndices: [0, 1], before: 3 }))).toEqual(['c', 'a', 'b', 'd', 'e']);
  });

  it('returns the same document when nothing moves or nothing is picked', () => {
    expect(movePages(c, { pageIndices: [1, 2], before: 1 }).catalog).toBe(c);
    expect(movePages(c, { pageIndices: [1, 2], before: 3 }).catalog).toBe(c);
    expect(movePages(c, { pageIndices: [9], before: 0 }).catalog).toBe(c);
  });
});
