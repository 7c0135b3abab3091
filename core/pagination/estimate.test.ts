import { describe, expect, it } from 'vitest';
import { isProductElement } from '../model/index.ts';
import { createRenderContext } from '../render/context.ts';
import { listModel } from '../render/list-model.ts';
import { flowItemBlock, listBlock } from '../render/measure-markup.tsx';
import { CatalogBuilder, everyKindCatalog, product } from '../render/test-fixtures.ts';
import { catalogMetrics, estimateHeight, estimateMeasure } from './estimate.ts';

const metrics = catalogMetrics(null);

describe('estimateHeight', () => {
  it('grows with the text and with a narrower width', () => {
    const short = estimateHeight('<p>Linen shirt</p>', 300, metrics);
    const long = estimateHeight(
      `<p>${'Linen shirt with mother of pearl buttons. '.repeat(8)}</p>`,
      300,
      metrics,
    );
    const narrow = estimateHeight(
      `<p>${'Linen shirt with mother of pearl buttons. '.repeat(8)}</p>`,
      150,
      metrics,
    );
    expect(long).toBeGreaterThan(short);
    expect(narrow).toBeGreaterThan(long);
  });

  it('counts fixed-height boxes (pictures) once, whatever they contain', () => {
    const withBox = estimateHeight(
      '<div data-cb-h="150"><p>ignored text</p></div><p>Caption</p>',
      300,
      metrics,
    );
    const without = estimateHeight('<p>Caption</p>', 300, metrics);
    expect(withBox - without).toBeGreaterThanOrEqual(150);
    expect(withBox - without).toBeLessThan(160);
  });

  it('sizes text by its tag, its theme size and inline font sizes', () => {
    const h1 = estimateHeight('<h1>Title</h1>', 300, metrics);
    const p = estimateHeight('<p>Title</p>', 300, metrics);
    const big = estimateHeight('<div style="font-size:30px">Title</div>', 300, metrics);
    expect(h1).toBeGreaterThan(p);
    expect(big).toBeGreaterThan(p);
  });

  it('is deterministic', () => {
    const html =
      '<div class="cb-flow-item"><div data-cb-h="150"></div><h6>A</h6><p class="price">$1</p></div>';
    expect(estimateHeight(html, 345, metrics)).toBe(estimateHeight(html, 345, metrics));
  });
});

describe('estimateMeasure', () => {
  // Heights Chromium measured for these blocks with Open Sans loaded (the worker's fonts); estimates must stay
  // close and err on the tall side, so a page the CLI paginates never clips in print.
  it('stays within 15 % above what Chromium measures for flow products and list rows', () => {
    const catalog = everyKindCatalog();
    const ctx = createRenderContext(catalog);
    const flowPage = catalog.pages.findIndex((p) => p.kind === 'flow');
    const el = catalog.pages[flowPage].elements.filter(isProductElement)[0];
    const flow = flowItemBlock(ctx, el, flowPage + 1, 345);
    const table = listModel(
      ctx,
      catalog.pages.findIndex((p) => p.kind === 'table'),
    );
    const index = listModel(
      ctx,
      catalog.pages.findIndex((p) => p.kind === 'index'),
    );
    const toc = listModel(
      ctx,
      catalog.pages.findIndex((p) => p.kind === 'table_of_contents'),
    );
    const entry = index.blocks.findIndex((b) => b.type === 'entry');
    const blocks = [
      { block: flow, chromium: 208.7 },
      { block: listBlock(ctx, table, table.blocks[0]), chromium: 51 },
      { block: listBlock(ctx, index, index.blocks[0]), chromium: 33.2 },
      { block: listBlock(ctx, index, index.blocks[entry]), chromium: 19.3 },
      { block: listBlock(ctx, toc, toc.blocks[0]), chromium: 30.8 },
    ];
    const estimates = estimateMeasure(catalog)(blocks.map((b) => b.block));
    blocks.forEach((b, i) => {
      expect(estimates[i]).toBeGreaterThanOrEqual(b.chromium);
      expect(estimates[i]).toBeLessThanOrEqual(b.chromium * 1.15);
    });
  });

  it('estimates wider fonts taller', () => {
    const b = new CatalogBuilder();
    b.flow([product(0, { title: 'A product title long enough to wrap in a narrow column of a flow page' })]);
    const base = b.build();
    const wide = b.build({ theme: { ...base.theme, body: { 'font-family': 'Montserrat, sans-serif' } } });
    const ctx = createRenderContext(base);
    const el = base.pages[0].elements.filter(isProductElement)[0];
    const block = flowItemBlock(ctx, el, 1, 160);
    expect(estimateMeasure(wide)([block])[0]).toBeGreaterThan(estimateMeasure(base)([block])[0]);
  });
});
