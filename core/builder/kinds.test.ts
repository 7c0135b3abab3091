import { describe, expect, it } from 'vitest';
import { listProducts } from '../commands/index.ts';
import type { ListingInput } from '../model/index.ts';
import { renderCatalogHtml, tocEntries } from '../render/index.ts';
import { buildCatalog, buildCatalogOfKind, CATALOG_KINDS, captionFor, findProductLayout } from './index.ts';

const listing = (n: number, over: Partial<ListingInput> = {}): ListingInput => ({
  title: `Product ${n}`,
  price: n,
  external_id: `ext-${n}`,
  main_image: `https://cdn.test/${n}.jpg`,
  ...over,
});
const many = (from: number, count: number, over: Partial<ListingInput> = {}) =>
  Array.from({ length: count }, (_, i) => listing(from + i, over));

const layouts = (c: { pages: { layout: { _id?: string | null } }[] }) => c.pages.map((p) => p.layout._id);

describe('buildCatalog with sections', () => {
  it('starts each section on a page of its own, named in the header and the table of contents', () => {
    const catalog = buildCatalog({
      title: 'Spring',
      listings: [],
      sections: [
        { title: 'Shirts', listings: many(1, 5) },
        { title: 'Empty', listings: [] },
        { title: 'Scarves', listings: many(10, 2) },
      ],
      layout: findProductLayout('9 products per page'),
    });
    const body = catalog.pages.slice(1, -1);
    // 9 a page: five shirts fill one page, the scarves start a new one; the empty section has no page.
    expect(body.map((p) => p.section)).toEqual(['Shirts', 'Scarves']);
    expect(body.map((p) => p.headerElements[0])).toEqual(['<p>Shirts</p>', '<p>Scarves</p>']);
    expect(listProducts(catalog).map((e) => e.properties.title)).toEqual([
      ...many(1, 5).map((l) => l.title),
      'Product 10',
      'Product 11',
    ]);
    expect(tocEntries(catalog).map((e) => [e.title, e.page])).toEqual([
      ['Shirts', 2],
      ['Scarves', 3],
    ]);
  });
});

describe('buildCatalogOfKind (the new-catalog wizard)', () => {
  const sections = [
    { title: 'Shirts', listings: many(1, 7, { sku: 'SH', suggested_retail_price: 99 }) },
    { title: 'Scarves', listings: many(20, 3) },
  ];

  it('builds a catalog: cover, contents for several sections, 6 products a page, back cover', () => {
    const catalog = buildCatalogOfKind({ kind: 'catalog', purpose: 'print', title: 'Spring', sections });
    expect(layouts(catalog)).toEqual([
      'default-front-cover',
      'default-table-of-contents',
      'default-products-6',
      'default-products-6',
      'default-products-6',
      'default-back-cover',
    ]);
    expect(catalog.priceTemplate).toBe('<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>');
    expect(catalog.settings.products_link).toBe('none');
    expect(catalog.settings.showDescription).toBe(false);
    expect(listProducts(catalog)).toHaveLength(10);
  });

  it('reads online with descriptions and products linked to the store', () => {
    const catalog = buildCatalogOfKind({ kind: 'catalog', purpose: 'online', title: 'S', sections });
    expect(catalog.settings).toMatchObject({ showDescription: true, products_link: 'online_store' });
  });

  it('leaves the contents out for one section and keeps the CLI layout', () => {
    const one = [{ title: null, listings: many(1, 3) }];
    const catalog = buildCatalogOfKind({ kind: 'catalog', purpose: 'print', title: 'S', sections: one });
    expect(layouts(catalog)).toEqual(['default-front-cover', 'default-products-6', 'default-back-cover']);
  });

  it('builds a line sheet: dense product pages only, title in every header, SKU and MSRP in captions', () => {
    const catalog = buildCatalogOfKind({ kind: 'line_sheet', purpose: 'wholesale', title: 'FW26', sections });
    expect(layouts(catalog)).toEqual(['default-products-9', 'default-products-9']);
    expect(catalog.pages.map((p) => p.headerElements)).toEqual([
      ['<p><strong>FW26</strong></p>', '', '<p>Shirts</p>'],
      ['<p><strong>FW26</strong></p>', '', '<p>Scarves</p>'],
    ]);
    expect(catalog.priceTemplate).toBe(
      '<h6>[TITLE]</h6><p>[SKU]</p><p class="price">[PRICE_FULL]</p><p>MSRP [MSRP_FULL]</p>',
    );
  });

  it('never prints a bare label: SKU and MSRP lines only when some product has them', () => {
    const plain = many(1, 2);
    expect(captionFor('line_sheet', 'print', plain, (k) => k)).toBe(
      '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>',
    );
    expect(captionFor('catalog', 'wholesale', many(1, 1, { sku: 'A' }), (k) => k)).toContain('[SKU]');
  });

  it('builds a wholesale order form: the products, then the terms and the order form before the back cover', () => {
    const catalog = buildCatalogOfKind({
      kind: 'wholesale_order_form',
      purpose: 'wholesale',
      title: 'Trade',
      sections: [{ title: null, listings: many(1, 4) }],
    });
    expect(catalog.pages.map((p) => p.kind)).toEqual([
      'product',
      'product',
      'wholesale_contract',
      'wholesale_order_form',
      'product',
    ]);
    expect(catalog.pages.at(-1)!.layout.type).toBe('back cover');
  });

  it('builds a price list: a product table per section, between the covers', () => {
    const catalog = buildCatalogOfKind({ kind: 'price_list', purpose: 'print', title: 'Prices', sections });
    expect(catalog.pages.map((p) => p.kind)).toEqual(['product', 'table', 'table', 'product']);
    const tables = catalog.pages.slice(1, 3).map((p) => {
      const el = p.elements.find((e) => e.type === 'application/table')!;
      const props = el.properties as { title?: string; products: { title: string }[] };
      return [p.section, props.title, props.products.map((x) => x.title)];
    });
    expect(tables).toEqual([
      ['Shirts', 'Shirts', many(1, 7).map((l) => l.title)],
      ['Scarves', 'Scarves', many(20, 3).map((l) => l.title)],
    ]);
    // The renderer draws the list of the table's own products.
    const html = renderCatalogHtml(catalog, { pages: [1] });
    expect(html).toContain('Product 7');
    expect(html).not.toContain('Product 20');
  });

  it('writes generated text in the catalog language', () => {
    const catalog = buildCatalogOfKind({
      kind: 'catalog',
      purpose: 'wholesale',
      title: 'Printemps',
      language: 'fr',
      sections,
    });
    expect(catalog.settings.language).toBe('fr');
    expect(catalog.priceTemplate).toContain('PVC [MSRP_FULL]');
    expect(JSON.stringify(catalog.pages.at(-1))).toContain('Merci de l’intérêt');
  });

  it('builds every kind with no products at all (an empty document to fill in the editor)', () => {
    for (const kind of CATALOG_KINDS) {
      const catalog = buildCatalogOfKind({ kind, purpose: 'print', title: 'Empty', sections: [] });
      expect(catalog.pages.length, kind).toBeGreaterThan(0);
      expect(listProducts(catalog), kind).toHaveLength(0);
    }
  });

  it('is reproducible: the same input gives the same document', () => {
    const a = buildCatalogOfKind({ kind: 'catalog', purpose: 'print', title: 'A', sections });
    expect(buildCatalogOfKind({ kind: 'catalog', purpose: 'print', title: 'A', sections })).toEqual(a);
  });
});
