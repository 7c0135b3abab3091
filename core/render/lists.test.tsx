import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../model/index.ts';
import { indexEntries, tocEntries } from './catalog-data.ts';
import { CatalogPageView } from './index.ts';
import { CatalogBuilder, product } from './test-fixtures.ts';

const render = (catalog: Catalog, pageIndex: number) =>
  renderToStaticMarkup(<CatalogPageView catalog={catalog} pageIndex={pageIndex} />);
const headers = (html: string) => [...html.matchAll(/<th class="[^"]*">([^<]*)<\/th>/g)].map((m) => m[1]);

describe('table pages', () => {
  it('shows a column only when at least one product has a value for it', () => {
    const b = new CatalogBuilder();
    b.grid([product(0, { stock: null }), product(1, { stock: null })], 4);
    b.page('table');
    const without = render(b.build(), 1);
    expect(headers(without)).toEqual(['', 'Product', 'SKU', 'Price']);
    const b2 = new CatalogBuilder();
    b2.grid([product(0, { stock: null }), product(1, { stock: 12, barcode: '4006381333931' })], 4);
    b2.page('table');
    expect(headers(render(b2.build(), 1))).toEqual(['', 'Product', 'SKU', 'Barcode', 'Stock', 'Price']);
  });

  it('takes its columns from the catalog’s table configuration, custom fields and options included', () => {
    const b = new CatalogBuilder();
    b.grid(
      [
        product(0, {
          customfields: [{ key: 'material', name: 'Material', value: 'Linen' }],
          options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
        }),
      ],
      1,
    );
    b.page('table');
    const catalog = b.build({
      table_configuration: {
        columns: [
          { key: 'title', title: 'Name' },
          { key: 'material', title: 'Material', is_custom: true },
          { key: 'Size', title: 'Sizes', is_option: true },
          { key: 'vendor', title: 'Vendor' },
        ],
      },
    });
    const html = render(catalog, 1);
    expect(headers(html)).toEqual(['Name', 'Material', 'Sizes']);
    expect(html).toContain('>Linen</td>');
    expect(html).toContain('>S, M, L</td>');
  });
});

describe('index and table of contents', () => {
  it('lists products alphabetically with every page they appear on', () => {
    const b = new CatalogBuilder();
    b.cover();
    b.grid([product(2), product(0)], 4);
    b.grid([product(1), product(0, { id: 'p0-again' })], 4);
    const entries = indexEntries(b.build(), 'en');
    expect(entries).toEqual([
      { title: 'Ceramic Vase', pages: [3] },
      { title: 'Leather Tote', pages: [2] },
      { title: 'Linen Shirt', pages: [2, 3] },
    ]);
  });

  it('groups index entries under their letter, accents folded', () => {
    const b = new CatalogBuilder();
    b.grid(
      [
        product(0, { title: 'Écharpe' }),
        product(1, { title: 'Eventail' }),
        product(2, { title: '3D Puzzle' }),
      ],
      4,
    );
    b.page('table-of-contents', { kind: 'index' });
    const html = render(b.build(), 1);
    expect([...html.matchAll(/cb-index-letter">([^<]+)</g)].map((m) => m[1])).toEqual(['#', 'E']);
  });

  it('lists each section at the page it starts on, or every category when no page names a section', () => {
    const b = new CatalogBuilder();
    b.cover();
    b.grid([product(0)], 4, 'Apparel');
    b.grid([product(1)], 4, 'Apparel');
    b.grid([product(2)], 4, 'Home');
    b.page('summary', { section: 'Home' });
    expect(tocEntries(b.build())).toEqual([
      { title: 'Apparel', page: 2 },
      { title: 'Home', page: 4 },
    ]);
    const c = new CatalogBuilder();
    c.grid([product(0), product(1)], 4);
    c.grid([product(2), product(3)], 4);
    c.grid([product(4)], 4);
    // Page 1 holds Apparel and Home: both are listed there, Apparel once although page 2 has it again.
    expect(tocEntries(c.build())).toEqual([
      { title: 'Apparel', page: 1 },
      { title: 'Home', page: 1 },
      { title: 'Accessories', page: 2 },
      { title: 'Furniture', page: 3 },
    ]);
  });

  it('lists every category of a page of mixed products, not only its first product’s (the wizard’s catalog)', () => {
    // As the merchant journey leaves it: the wizard's one unnamed section sorted by title (the lamp first),
    // then a page the merchant added before it with the lamp dragged in, and a table of contents.
    const [shirt, oxford, scarf, lamp] = [
      product(0, { title: 'Linen Shirt', category: 'Shirts' }),
      product(1, { title: 'Oxford Shirt', category: 'Shirts' }),
      product(2, { title: 'Wool Scarf', category: 'Accessories' }),
      product(3, { title: 'Brass Lamp', category: 'Home' }),
    ];
    const b = new CatalogBuilder();
    b.cover();
    b.page('table-of-contents', { kind: 'table_of_contents' });
    b.grid([lamp], 2);
    b.grid([lamp, shirt, oxford, scarf], 6);
    b.page('back cover');
    const catalog = b.build();
    expect(tocEntries(catalog)).toEqual([
      { title: 'Home', page: 3 },
      { title: 'Shirts', page: 4 },
      { title: 'Accessories', page: 4 },
    ]);
    const html = render(catalog, 1);
    for (const title of ['Home', 'Shirts', 'Accessories']) expect(html).toContain(title);
  });
});

describe('summary and order form', () => {
  it('recaps the products of the section that ends just before the summary page, with their pages', () => {
    const b = new CatalogBuilder();
    b.grid([product(0), product(1)], 4, 'Apparel');
    b.grid([product(2), product(3)], 4, 'Home');
    b.grid([product(4)], 4, 'Home');
    b.page('summary', { section: 'Home' });
    const html = render(b.build(), 3);
    expect(html).not.toContain('Linen Shirt');
    expect(html).toMatch(/Leather Tote.*Wool Scarf.*Oak Side Table/);
    expect(html).toMatch(/Oak Side Table<\/div><\/td>.*<td class="cb-col-page cb-num">3<\/td>/);
  });

  it('gives every variation its own order line with SKU, price and boxes to fill in', () => {
    const b = new CatalogBuilder();
    b.grid(
      [
        product(0, {
          variations: [
            { id: 'v1', title: 'Small', sku: 'LS-S', price: 20 },
            { id: 'v2', title: 'Large', sku: 'LS-L', price: 22 },
          ],
        }),
        product(1),
      ],
      4,
    );
    b.page('wholesale-order-form');
    const html = render(b.build(), 1);
    expect(headers(html)).toEqual(['', 'SKU', 'Product', 'Price', 'Qty', 'Total']);
    expect((html.match(/<tr class="cb-row/g) ?? []).length).toBe(3);
    expect(html).toContain('LS-L');
    expect(html).toContain('$22.00');
    expect((html.match(/class="cb-fill-box"/g) ?? []).length).toBe(6);
  });

  it('writes generated text in the catalog’s language', () => {
    const b = new CatalogBuilder();
    b.grid([product(0)], 4);
    b.page('wholesale-order-form');
    const html = render(b.build({ settings: { language: 'fr' } }), 1);
    expect(headers(html)).toContain('Produit');
    expect(html).toContain('20,00');
  });

  it('says so when a list has nothing to show', () => {
    const b = new CatalogBuilder();
    b.page('table');
    expect(render(b.build(), 0)).toContain('No products yet.');
  });
});
