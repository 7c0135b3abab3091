import * as prettier from 'prettier';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { estimateMeasure, paginateCatalogSync } from '../pagination/index.ts';
import { CatalogPageView, createRenderContext, renderCatalogHtml } from './index.ts';
import { everyKindCatalog } from './test-fixtures.ts';

/**
 * Goldens are stored as the repository's formatter writes HTML: readable diffs, and `prettier --check`
 * agrees with the files the snapshots write.
 */
async function formatHtml(html: string): Promise<string> {
  const config = (await prettier.resolveConfig(new URL(import.meta.url))) ?? {};
  return prettier.format(html, { ...config, parser: 'html' });
}

const catalog = everyKindCatalog();
const paginated = paginateCatalogSync(catalog, estimateMeasure(catalog));
const ctx = createRenderContext(paginated);

// Golden file name → page index in the paginated fixture (the order form needs two pages).
const GOLDEN_PAGES: [string, number][] = [
  ['front-cover', 0],
  ['table-of-contents', 1],
  ['product-grid', 2],
  ['summary', 3],
  ['flow', 4],
  ['table', 5],
  ['wholesale-order-form', 6],
  ['wholesale-order-form-continued', 7],
  ['wholesale-contract', 8],
  ['full-text', 9],
  ['profile', 10],
  ['index', 11],
  ['back-cover', 12],
];

describe('golden pages', () => {
  it('keeps the fixture in page-kind order, the order form continued on a second page', () => {
    expect(paginated.pages.map((p) => p.kind)).toEqual([
      'product',
      'table_of_contents',
      'product',
      'summary',
      'flow',
      'table',
      'wholesale_order_form',
      'wholesale_order_form',
      'wholesale_contract',
      'full_text',
      'profile',
      'index',
      'product',
    ]);
  });

  GOLDEN_PAGES.forEach(([name, i]) => {
    it(`renders the ${name} page`, async () => {
      const html = renderToStaticMarkup(<CatalogPageView catalog={paginated} pageIndex={i} context={ctx} />);
      await expect(await formatHtml(html)).toMatchFileSnapshot(`./__golden__/${name}.html`);
    });
  });

  it('renders the whole document (styles, every page) for print', async () => {
    const html = renderCatalogHtml(paginated, { format: 'A4' });
    await expect(await formatHtml(html)).toMatchFileSnapshot('./__golden__/document.html');
  });
});
