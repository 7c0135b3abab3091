import { describe, expect, it } from 'vitest';
import { LAYOUT_GRID_FRACTION } from '../constants.ts';
import { PageLayoutSchema, type Cell, type LayoutType, type PageLayout } from '../model/index.ts';
import { sanitizeHtml } from '../sanitize/index.ts';
import {
  CATALOG_TITLE_TOKEN,
  DEFAULT_LAYOUTS,
  getDefaultLayout,
  getLayoutById,
  pageKindForLayout,
  type DefaultLayoutType,
} from './index.ts';

const byId = (id: string): PageLayout => {
  const l = DEFAULT_LAYOUTS.find((x) => x._id === id);
  if (!l) throw new Error(`missing ${id}`);
  return l;
};
const onGrid = (v: number) =>
  Math.abs(v / LAYOUT_GRID_FRACTION - Math.round(v / LAYOUT_GRID_FRACTION)) < 1e-9;
const overlapArea = (a: Cell, b: Cell) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
const distinct = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

describe('DEFAULT_LAYOUTS', () => {
  it('has stable ids for every kind of page', () => {
    expect(DEFAULT_LAYOUTS.map((l) => l._id)).toEqual([
      'default-front-cover',
      'default-products-1',
      'default-products-2',
      'default-products-4',
      'default-products-6',
      'default-products-8',
      'default-products-9',
      'default-products-12',
      'default-images-1',
      'default-images-4',
      'default-wholesale-contract',
      'default-wholesale-order-form',
      'default-table-of-contents',
      'default-summary',
      'default-full-text',
      'default-profile',
      'default-table',
      'default-back-cover',
    ]);
  });

  it('are valid layouts that parse to themselves', () => {
    for (const l of DEFAULT_LAYOUTS) expect(PageLayoutSchema.parse(l), l._id!).toEqual(l);
  });

  it('keep every cell inside the inner area, on the 1.25 % grid and without overlaps', () => {
    for (const l of DEFAULT_LAYOUTS) {
      for (const c of l.cells) {
        for (const v of [c.x, c.y, c.width, c.height]) expect(onGrid(v), `${l._id} ${v}`).toBe(true);
        expect(c.width).toBeGreaterThan(0);
        expect(c.height).toBeGreaterThan(0);
        expect(c.x + c.width).toBeLessThanOrEqual(1 + 1e-9);
        expect(c.y + c.height).toBeLessThanOrEqual(1 + 1e-9);
      }
      l.cells.forEach((a, i) =>
        l.cells.slice(i + 1).forEach((b) => expect(overlapArea(a, b), l._id!).toBeLessThan(1e-9)),
      );
    }
  });

  it('list product cells in reading order', () => {
    for (const l of DEFAULT_LAYOUTS.filter((x) => x.type === 'products')) {
      const order = l.cells.map((c) => [c.y, c.x]);
      const sorted = [...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
      expect(order, l._id!).toEqual(sorted);
    }
  });

  it.each([
    [1, 1, 1],
    [2, 1, 2],
    [4, 2, 2],
    [6, 2, 3],
    [8, 2, 4],
    [9, 3, 3],
    [12, 3, 4],
  ])('lays %i products per page out as %i columns by %i rows', (n, cols, rows) => {
    const l = byId(`default-products-${n}`);
    expect(l.type).toBe('products');
    expect(l.nbProductsPage).toBe(n);
    expect(l.cells).toHaveLength(n);
    expect(l.cells.every((c) => c.accepts.includes('application/product'))).toBe(true);
    expect(distinct(l.cells.map((c) => c.x))).toHaveLength(cols);
    expect(distinct(l.cells.map((c) => c.y))).toHaveLength(rows);
    // Equal cells: one width and one height per grid.
    expect(distinct(l.cells.map((c) => c.width))).toHaveLength(1);
    expect(distinct(l.cells.map((c) => c.height))).toHaveLength(1);
  });

  it('tiles the 3 × 3 grid edge to edge with a one-step outer margin', () => {
    const l = byId('default-products-9');
    expect(distinct(l.cells.map((c) => c.x))).toEqual([0.0125, 0.3375, 0.6625]);
    expect(distinct(l.cells.map((c) => c.y))).toEqual([0.0125, 0.3375, 0.6625]);
    expect(l.cells[0]).toMatchObject({ width: 0.325, height: 0.325 });
    expect(l.margin).toBe(10);
  });

  it('gives covers the full page and no headers, and a title cell the renderer fills', () => {
    for (const id of ['default-front-cover', 'default-back-cover']) {
      expect(byId(id).show_headers_footers).toBe(false);
    }
    const front = byId('default-front-cover');
    expect(front.cells.map((c) => c.accepts)).toEqual([['image/*'], ['text/html'], ['text/html']]);
    expect(front.cells[1]!.properties.default).toBe(
      `<h1 style="text-align:center">${CATALOG_TITLE_TOKEN}</h1>`,
    );
    expect(CATALOG_TITLE_TOKEN).toBe('{{CATALOG_TITLE}}');
    expect(byId('default-back-cover').cells[1]!.properties.default).toContain(CATALOG_TITLE_TOKEN);
  });

  it('ships a usable wholesale terms template with signature lines', () => {
    const [title, terms, signatures] = byId('default-wholesale-contract').cells.map(
      (c) => c.properties.default,
    );
    expect(title).toBe('<h2>Wholesale terms and conditions</h2>');
    for (const heading of ['Orders', 'Payment', 'Shipping', 'Damages and returns', 'Cancellations']) {
      expect(terms).toContain(heading);
    }
    expect(terms).toContain('minimum opening order');
    expect(signatures).toContain('Signature: ');
    expect(signatures).toContain('Retailer');
    expect(signatures).toContain('Supplier');
  });

  it('has default HTML the sanitizer keeps as authored', () => {
    for (const l of DEFAULT_LAYOUTS) {
      for (const c of l.cells) {
        const d = c.properties.default;
        if (d) expect(sanitizeHtml(d), l._id!).toBe(d);
      }
    }
  });

  it('puts the table cells of special pages first-accepting application/table', () => {
    const tables = (id: string) =>
      byId(id)
        .cells.map((c, i) => (c.accepts[0] === 'application/table' ? i : -1))
        .filter((i) => i >= 0);
    expect(tables('default-wholesale-order-form')).toEqual([2]);
    expect(tables('default-summary')).toEqual([1]);
    expect(tables('default-table-of-contents')).toEqual([1]);
    expect(tables('default-table')).toEqual([1]);
  });
});

describe('getDefaultLayout', () => {
  it('picks the product grid by products per page, 9 by default', () => {
    expect(getDefaultLayout('products', 12)._id).toBe('default-products-12');
    expect(getDefaultLayout('products', 1)._id).toBe('default-products-1');
    expect(getDefaultLayout('products')._id).toBe('default-products-9');
    expect(getDefaultLayout('products', 5)._id).toBe('default-products-9');
  });

  it('picks image layouts by image count and the only layout of other types', () => {
    expect(getDefaultLayout('images', 4)._id).toBe('default-images-4');
    expect(getDefaultLayout('images')._id).toBe('default-images-1');
    const types: [DefaultLayoutType, string][] = [
      ['front cover', 'default-front-cover'],
      ['back cover', 'default-back-cover'],
      ['wholesale-contract', 'default-wholesale-contract'],
      ['wholesale-order-form', 'default-wholesale-order-form'],
      ['table-of-contents', 'default-table-of-contents'],
      ['summary', 'default-summary'],
      ['full-text', 'default-full-text'],
      ['profile', 'default-profile'],
      ['table', 'default-table'],
    ];
    for (const [type, id] of types) expect(getDefaultLayout(type)._id).toBe(id);
  });

  it('returns a copy, so editing it never changes the defaults', () => {
    const l = getDefaultLayout('products', 4);
    l.cells[0]!.x = 0.5;
    expect(byId('default-products-4').cells[0]!.x).toBe(0.0125);
    const m = getLayoutById('default-summary')!;
    m.title = 'changed';
    expect(byId('default-summary').title).toBe('Summary');
    expect(getLayoutById('nope')).toBeUndefined();
  });
});

describe('pageKindForLayout', () => {
  it('maps layout types to page kinds', () => {
    const expected: Record<LayoutType, string> = {
      'front cover': 'product',
      'back cover': 'product',
      products: 'product',
      images: 'product',
      custom: 'product',
      'wholesale-contract': 'wholesale_contract',
      'wholesale-order-form': 'wholesale_order_form',
      'table-of-contents': 'table_of_contents',
      summary: 'summary',
      'full-text': 'full_text',
      profile: 'profile',
      table: 'table',
    };
    for (const [type, kind] of Object.entries(expected)) {
      expect(pageKindForLayout({ type: type as LayoutType })).toBe(kind);
    }
  });
});
