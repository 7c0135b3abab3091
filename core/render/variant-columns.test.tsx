import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CatalogPageView } from './index.ts';
import { CatalogBuilder, product } from './test-fixtures.ts';

/** A shirt in two sizes, one colour, with SKUs and no barcodes, captioned with a VARIANTS table. */
function catalog(columns: { key: string; title: string; is_option?: boolean }[]) {
  const b = new CatalogBuilder();
  b.grid(
    [
      product(0, {
        title: 'Linen Shirt',
        price: 49,
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Sand'] },
        ],
        variations: [
          { id: 'v1', title: 'S / Sand', sku: 'LS-S', price: 49, options: ['S', 'Sand'] },
          { id: 'v2', title: 'M / Sand', sku: 'LS-M', price: 52, options: ['M', 'Sand'] },
        ],
      }),
    ],
    1,
  );
  return b.build({
    priceTemplate: '<p>[TITLE]</p>[VARIANTS(TABLE, SHOW_HEADERS)]',
    variants_table_configuration: { columns },
  });
}
const page = (c: ReturnType<typeof catalog>) =>
  renderToStaticMarkup(<CatalogPageView catalog={c} pageIndex={0} />);
const heads = (html: string) => [...html.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1]);

describe('VARIANTS tables on the page take the catalog’s variant table columns', () => {
  it('draws the chosen columns under their titles, leaving out those no variation fills', () => {
    const html = page(
      catalog([
        { key: 'Size', title: 'Taille', is_option: true },
        { key: 'barcode', title: 'EAN' },
        { key: 'sku', title: 'Ref.' },
        { key: 'price', title: 'Price' },
      ]),
    );
    expect(heads(html)).toEqual(['Taille', 'Ref.', 'Price']);
    expect(html).toContain('<td>S</td><td>LS-S</td><td>$49.00</td>');
  });

  it('keeps the options and the price when the catalog chose no columns', () => {
    expect(heads(page(catalog([])))).toEqual(['Size', 'Colour', 'Price']);
  });
});
