import { describe, expect, it } from 'vitest';
import { isProductElement, type Catalog } from '../model/index.ts';
import { contentBoxPx } from '../render/geometry.ts';
import { createRenderContext, measureDocumentHtml, renderCatalogHtml } from '../render/index.ts';
import { CatalogBuilder, product } from '../render/test-fixtures.ts';
import { needsPagination, paginateCatalog, paginateCatalogSync, type MeasureBlock } from './index.ts';

/** A measure that knows each product's height by id, and gives every other block `other` px. */
function fakeMeasure(heights: Record<string, number>, other = 20) {
  return (blocks: MeasureBlock[]) =>
    blocks.map((b) => {
      const id = /data-product-id="([^"]+)"/.exec(b.html)?.[1];
      return id && heights[id] !== undefined ? heights[id] : other;
    });
}

const productIds = (catalog: Catalog, pageIndex: number) =>
  catalog.pages[pageIndex].elements.filter(isProductElement).map((e) => e.properties.id);

function flowCatalog(pages: number[][]) {
  const b = new CatalogBuilder();
  b.cover();
  for (const ids of pages)
    b.flow(
      ids.map((i) => product(i)),
      'Kitchen',
    );
  b.page('back cover');
  return b.build();
}

const columnHeight = (catalog: Catalog, pageIndex: number) =>
  contentBoxPx(catalog.pages[pageIndex], catalog, 'A4').height;

describe('flow pagination', () => {
  it('moves an overflowing product to the next column, then to a new flow page after the last one', () => {
    const catalog = flowCatalog([[0, 1, 2, 3, 4]]);
    const h = columnHeight(catalog, 1) / 2 - 1;
    const out = paginateCatalogSync(catalog, fakeMeasure({ p0: h, p1: h, p2: h, p3: h, p4: h }));
    expect(out.pages.map((p) => p.kind)).toEqual(['product', 'flow', 'flow', 'product']);
    expect(productIds(out, 1)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(out.pages[1].pagination).toEqual({ start: 0, count: 4, columnBreaks: [2] });
    expect(productIds(out, 2)).toEqual(['p4']);
    const added = out.pages[2];
    expect(added.id).toBe(`${catalog.pages[1].id}-2`);
    expect(added.headerElements).toEqual(catalog.pages[1].headerElements);
    expect(added.section).toBe('Kitchen');
    // The input is left as it was.
    expect(productIds(catalog, 1)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
  });

  it('treats an overflow of up to 10 px as fitting, and more as overflowing', () => {
    const catalog = flowCatalog([[0, 1, 2]]);
    const column = columnHeight(catalog, 1);
    const fits = paginateCatalogSync(catalog, fakeMeasure({ p0: column / 2, p1: column / 2 + 10, p2: 50 }));
    expect(fits.pages[1].pagination?.columnBreaks).toEqual([2]);
    const moves = paginateCatalogSync(
      catalog,
      fakeMeasure({ p0: column / 2, p1: column / 2 + 10.5, p2: 50 }),
    );
    expect(moves.pages[1].pagination?.columnBreaks).toEqual([1]);
  });

  it('fills an existing following flow page first, keeping its id and its own products after', () => {
    const catalog = flowCatalog([[0, 1, 2, 3, 4], [5]]);
    const h = columnHeight(catalog, 1) / 2 - 1;
    const out = paginateCatalogSync(catalog, fakeMeasure({ p0: h, p1: h, p2: h, p3: h, p4: h, p5: h }));
    expect(out.pages).toHaveLength(4);
    expect(out.pages[2].id).toBe(catalog.pages[2].id);
    expect(productIds(out, 2)).toEqual(['p4', 'p5']);
  });

  it('pulls products back and drops flow pages left empty', () => {
    const catalog = flowCatalog([[0, 1], [2], [3]]);
    const out = paginateCatalogSync(catalog, fakeMeasure({}, 100));
    expect(out.pages.map((p) => p.kind)).toEqual(['product', 'flow', 'product']);
    expect(productIds(out, 1)).toEqual(['p0', 'p1', 'p2', 'p3']);
  });

  it('never loses or duplicates a product', () => {
    const ids = Array.from({ length: 40 }, (_, i) => i);
    const catalog = flowCatalog([ids.slice(0, 25), ids.slice(25)]);
    const heights = Object.fromEntries(ids.map((i) => [`p${i}`, 80 + ((i * 37) % 300)]));
    const out = paginateCatalogSync(catalog, fakeMeasure(heights));
    const all = out.pages.flatMap((_, i) => productIds(out, i));
    expect(all).toEqual(ids.map((i) => `p${i}`));
  });

  it('draws each column of a paginated flow page with its own products', () => {
    const catalog = flowCatalog([[0, 1, 2]]);
    const column = columnHeight(catalog, 1);
    const out = paginateCatalogSync(catalog, fakeMeasure({ p0: column - 5, p1: 40, p2: 40 }));
    const html = renderCatalogHtml(out, { pages: [1] });
    const columns = html.split('class="cb-flow-column"').slice(1);
    expect(columns).toHaveLength(2);
    expect(columns[0]).toContain('data-product-id="p0"');
    expect(columns[0]).not.toContain('data-product-id="p1"');
    expect(columns[1]).toContain('data-product-id="p1"');
    expect(columns[1]).toContain('data-product-id="p2"');
  });
});

describe('list splitting', () => {
  function indexCatalog(products: number) {
    const b = new CatalogBuilder();
    b.cover();
    for (let i = 0; i < products; i += 12) {
      b.grid(
        Array.from({ length: Math.min(12, products - i) }, (_, k) => product(i + k)),
        12,
      );
    }
    const index = b.page('table-of-contents', { kind: 'index' });
    index.elements[0] = { ...index.elements[0], properties: { html: '<h2>Index</h2>' } };
    b.page('back cover');
    return b.build();
  }

  it('splits the index over as many pages as its entries need, every entry once and in order', () => {
    const catalog = indexCatalog(120);
    expect(needsPagination(catalog)).toBe(true);
    const out = paginateCatalogSync(catalog, fakeMeasure({}, 40));
    expect(needsPagination(out)).toBe(false);
    const indexPages = out.pages.map((p, i) => ({ p, i })).filter(({ p }) => p.kind === 'index');
    expect(indexPages.length).toBeGreaterThan(1);
    // Continuation pages follow the first one and take up where it stopped.
    let next = 0;
    for (const { p } of indexPages) {
      expect(p.pagination?.start).toBe(next);
      next += p.pagination?.count ?? 0;
    }
    expect(out.pages[out.pages.length - 1].layout.type).toBe('back cover');
    const html = renderCatalogHtml(out, { pages: indexPages.map(({ i }) => i) });
    for (let i = 0; i < 120; i++) {
      const title = product(i).title as string;
      expect(count(html, `<span class="cb-leader-label">${title}</span>`), title).toBe(1);
    }
  });

  it('shows entries added since pagination on the last page rather than losing them', () => {
    const out = paginateCatalogSync(indexCatalog(12), fakeMeasure({}, 40));
    const grown = { ...out, pages: [...out.pages] };
    const grid = grown.pages[1];
    grown.pages[1] = {
      ...grid,
      elements: grid.elements.map((e, i) =>
        i === 0 && isProductElement(e) ? { ...e, properties: { ...e.properties, title: 'Zebra Rug' } } : e,
      ),
    };
    const index = grown.pages.findIndex((p) => p.kind === 'index');
    expect(renderCatalogHtml(grown, { pages: [index], paginate: false })).toContain('Zebra Rug');
  });

  it('gives pages back when the list shrinks', () => {
    const long = paginateCatalogSync(indexCatalog(120), fakeMeasure({}, 40));
    const pagesBefore = long.pages.filter((p) => p.kind === 'index').length;
    const shorter = {
      ...long,
      pages: long.pages.filter((p, i) => i < 3 || p.kind !== 'product' || p.layout.type !== 'products'),
    };
    const out = paginateCatalogSync(shorter, fakeMeasure({}, 40));
    expect(out.pages.filter((p) => p.kind === 'index').length).toBeLessThan(pagesBefore);
  });

  it('splits a long order form, continuing its title, buyer and totals cells on each page', () => {
    const b = new CatalogBuilder();
    b.grid(
      Array.from({ length: 12 }, (_, i) => product(i)),
      12,
    );
    b.grid(
      Array.from({ length: 12 }, (_, i) => product(i + 12)),
      12,
    );
    b.page('wholesale-order-form');
    const out = paginateCatalogSync(b.build(), fakeMeasure({}, 60));
    const forms = out.pages.filter((p) => p.kind === 'wholesale_order_form');
    expect(forms.length).toBe(3);
    const ids = out.pages.flatMap((p) => p.elements.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    const html = renderCatalogHtml(out, { pages: [2, 3, 4] });
    expect(count(html, '<tr class="cb-row')).toBe(24);
    expect(count(html, 'Wholesale order form</h2>')).toBe(3);
  });

  it('paginates the same with an asynchronous measure', async () => {
    const catalog = indexCatalog(60);
    const sync = paginateCatalogSync(catalog, fakeMeasure({}, 40));
    const measure = fakeMeasure({}, 40);
    const async = await paginateCatalog(catalog, async (blocks) => measure(blocks));
    expect(async).toEqual(sync);
  });

  it('refuses a measure that does not answer for every block', () => {
    expect(() => paginateCatalogSync(indexCatalog(12), () => [1, 2])).toThrow(/measure returned 2 heights/);
  });
});

describe('measure documents', () => {
  it('lays every block out in the catalog scope at its width, in order, for a browser to measure', () => {
    const catalog = flowCatalog([[0, 1]]);
    const blocks: MeasureBlock[] = [];
    paginateCatalogSync(catalog, (b) => {
      blocks.push(...b);
      return b.map(() => 10);
    });
    const html = measureDocumentHtml(createRenderContext(catalog), blocks);
    expect(html).toContain('<style>');
    const containers = [
      ...html.matchAll(/<div class="cb-page cb-c-cat-1" data-cb-measure="(\d+)" style="width:([\d.]+)px/g),
    ];
    expect(containers.map((m) => Number(m[1]))).toEqual(blocks.map((_, i) => i));
    expect(Number(containers[0][2])).toBeCloseTo(blocks[0].width, 3);
    expect(html.indexOf('data-product-id="p0"')).toBeLessThan(html.indexOf('data-product-id="p1"'));
  });
});

function count(s: string, sub: string) {
  return s.split(sub).length - 1;
}
