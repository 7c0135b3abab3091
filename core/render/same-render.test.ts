import { describe, expect, it } from 'vitest';
import { dropProduct, updateSettings } from '../commands/index.ts';
import { createRenderContext } from './context.ts';
import { readsOtherPages, samePageRender } from './same-render.ts';
import { everyKindCatalog, product } from './test-fixtures.ts';

const catalog = everyKindCatalog();
const at = (kind: string) => catalog.pages.findIndex((p) => p.kind === kind);
const grid = catalog.pages.findIndex((p) => p.kind === 'product' && p.layout.cells.length === 9);
const screen = { mode: 'screen' as const };

describe('samePageRender: which pages an edit leaves as they were drawn', () => {
  const dropped = dropProduct(catalog, { pageIndex: grid, cellIndex: 0, product: product(40) }).catalog;
  const before = createRenderContext(catalog, screen);
  const after = createRenderContext(dropped, screen);

  it('keeps the pages an edit did not touch and redraws the one it did', () => {
    expect(samePageRender(before, after, 0)).toBe(true);
    expect(samePageRender(before, after, at('flow'))).toBe(true);
    expect(samePageRender(before, after, grid)).toBe(false);
  });

  it('redraws pages that list other pages (contents, index, tables, summaries, order forms)', () => {
    for (const kind of ['table_of_contents', 'index', 'summary', 'table', 'wholesale_order_form'] as const) {
      expect(readsOtherPages(catalog.pages[at(kind)]!)).toBe(true);
      expect(samePageRender(before, after, at(kind))).toBe(false);
    }
    expect(readsOtherPages(catalog.pages[grid]!)).toBe(false);
  });

  it('redraws every page when something of the catalog beyond its pages changes', () => {
    const settled = updateSettings(catalog, {
      settings: { cropImages: !catalog.settings.cropImages },
    }).catalog;
    expect(samePageRender(before, createRenderContext(settled, screen), 0)).toBe(false);
  });

  it('redraws when the render options differ, and never claims a page that is not there', () => {
    expect(samePageRender(before, createRenderContext(catalog, { mode: 'screen', watermark: true }), 0)).toBe(
      false,
    );
    expect(samePageRender(before, createRenderContext(catalog, { mode: 'print' }), 0)).toBe(false);
    expect(samePageRender(before, after, catalog.pages.length + 3)).toBe(false);
  });
});
