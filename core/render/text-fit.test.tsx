import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { gridCells } from '../layouts/index.ts';
import { CellSchema, type Catalog } from '../model/index.ts';
import { CAPTION_BESIDE_RATIO } from './caption-rows.ts';
import { CatalogPageView, createRenderContext } from './index.ts';
import { CatalogBuilder, product } from './test-fixtures.ts';
import { MIN_TEXT_SCALE, textFitScale } from './text-fit.ts';

const pageHtml = (catalog: Catalog, i: number, format: string) =>
  renderToStaticMarkup(
    <CatalogPageView catalog={catalog} pageIndex={i} context={createRenderContext(catalog, { format })} />,
  );

/** The title cell (first cell) of a page: its style and its text block's style. */
function titleCell(html: string): { cell: string; text: string | null } {
  const m =
    /<div class="cb-cell cb-cell--text" style="([^"]*)"[^>]*><div class="cb-cell-body"><div class="cb-text"(?: style="([^"]*)")?>/.exec(
      html,
    );
  if (!m) throw new Error('no text cell');
  return { cell: m[1], text: m[2] ?? null };
}

describe('text cells fit their type to the cell (Letter_booklet title bands)', () => {
  const b = new CatalogBuilder();
  for (const type of [
    'table',
    'table-of-contents',
    'summary',
    'wholesale-order-form',
    'wholesale-contract',
  ] as const)
    b.page(type);
  const catalog = b.build();

  it('on a booklet page, the ~27 px title band keeps a small gutter and shrinks its 32 px heading to fit', () => {
    catalog.pages.forEach((page, i) => {
      const { cell, text } = titleCell(pageHtml(catalog, i, 'Letter_booklet'));
      // 7.5 % of the 367 px inner area is 27.6 px: a 10 px gutter each side would leave 7.6 px.
      expect(cell, page.layout.type).toContain('padding:4.1px 10px');
      expect(text, page.layout.type).toBe('zoom:0.5');
    });
  });

  it('on A4 and Letter the same title bands are left as the layout says', () => {
    for (const format of ['A4', 'Letter']) {
      catalog.pages.forEach((page, i) => {
        const { cell, text } = titleCell(pageHtml(catalog, i, format));
        expect(cell, `${format} ${page.layout.type}`).toContain('padding:10px');
        expect(text, `${format} ${page.layout.type}`).toBeNull();
      });
    }
  });

  it('shrinks a cover title that would overflow its cell, and only as much as needed', () => {
    const cover = (title: string, format: string) => {
      const c = new CatalogBuilder();
      c.cover();
      return /<div class="cb-text"(?: style="([^"]*)")?><h1 style="text-align:center">/.exec(
        pageHtml(c.build({ title }), 0, format),
      )?.[1];
    };
    expect(cover('Spring Collection 2026', 'A4')).toBeUndefined();
    expect(cover('Spring Collection 2026', 'Letter_booklet')).toBe('zoom:0.79');
    // Three lines of 40 px type in a 112 px cell: shrunk until it fits on two.
    expect(
      cover('The Complete Spring and Summer Collection of Handmade Linen and Stoneware 2026', 'A4'),
    ).toBe('zoom:0.73');
  });

  it('never shrinks below half size, and leaves text that fits alone', () => {
    const ctx = createRenderContext(catalog);
    expect(textFitScale('<h2>Price list</h2>', { width: 700, height: 60 }, ctx)).toBe(1);
    expect(textFitScale('<h2>Price list</h2>', { width: 700, height: 30 }, ctx)).toBe(0.72);
    expect(
      textFitScale(`<p>${'Terms and conditions. '.repeat(400)}</p>`, { width: 300, height: 40 }, ctx),
    ).toBe(MIN_TEXT_SCALE);
  });
});

describe('product cells much wider than tall put the caption beside the pictures', () => {
  it('on a booklet page the grid captions go beside, picture first; on A4 they stay below', () => {
    const b = new CatalogBuilder();
    b.grid([product(0), product(1)], 9);
    const catalog = b.build();
    const booklet = pageHtml(catalog, 0, 'Letter_booklet');
    expect(booklet.match(/class="cb-product [^"]*"/g)).toEqual([
      'class="cb-product cb-product--horizontal"',
      'class="cb-product cb-product--horizontal"',
    ]);
    // Beside, the caption takes its share of the width and reserves no row height.
    expect(booklet).toContain('class="cb-caption-box" style="flex-basis:40%"');
    expect(booklet).not.toContain('min-height:max(');
    const a4 = pageHtml(catalog, 0, 'A4');
    expect(a4.match(/class="cb-product [^"]*"/g)).toEqual([
      'class="cb-product cb-product--vertical"',
      'class="cb-product cb-product--vertical"',
    ]);
  });

  it('goes by the cell’s shape: a full-width row on A4 too, never a square cell or an inside caption', () => {
    const b = new CatalogBuilder();
    const page = b.grid([product(0), product(1), product(2), product(3)], 4);
    // One column of four rows: 754 × 232 px cells, wider than CAPTION_BESIDE_RATIO times their height.
    page.layout.cells = gridCells({ cols: 1, rows: 4, accepts: ['application/product', 'image/*'] }).map(
      (c) => CellSchema.parse(c),
    );
    expect(754 / 232).toBeGreaterThan(CAPTION_BESIDE_RATIO);
    expect(pageHtml(b.build(), 0, 'A4')).toContain('class="cb-product cb-product--horizontal"');
    const inside = b.build({ priceTemplateStyle: { position: 'inside' } });
    expect(pageHtml(inside, 0, 'Letter_booklet')).not.toContain('cb-product--horizontal');
  });
});
