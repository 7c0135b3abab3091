import { describe, expect, it, vi } from 'vitest';
import { barcodeSvg } from '../barcodes/index.ts';
import { filledVariantColumns, renderTemplate, usesVariantColumns, type CaptionContext } from './index.ts';
import { product, TEE } from './test-products.ts';

const render = (source: string, p = TEE, ctx: CaptionContext = { language: 'en' }) =>
  renderTemplate(source, p, ctx);

const table = (head: string[] | null, rows: string[][]) =>
  '<table class="catalog-variants catalog-variants-table">' +
  (head ? `<thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead>` : '') +
  `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;

const sameprice = product({
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variations: [
    { title: 'S', sku: 'A-S', price: 10, options: ['S'] },
    { title: 'M', sku: 'A-M', price: 10, options: ['M'] },
  ],
});

describe('VARIANTS', () => {
  it('lists options and price by default', () => {
    expect(render('[VARIANTS]')).toBe(
      '<ul class="catalog-variants catalog-variants-list">' +
        '<li>S – White – $1,234.50</li><li>M – White – $1,234.50</li><li>M – Black – $1,299.00</li></ul>',
    );
  });

  it('labels list values with SHOW_HEADERS', () => {
    expect(render('[VARIANTS(SHOW_HEADERS, OPTIONS, SKU)]', sameprice)).toBe(
      '<ul class="catalog-variants catalog-variants-list">' +
        '<li><span class="catalog-variant-label">Size:</span> S – <span class="catalog-variant-label">SKU:</span> A-S</li>' +
        '<li><span class="catalog-variant-label">Size:</span> M – <span class="catalog-variant-label">SKU:</span> A-M</li></ul>',
    );
  });

  it('draws a table with the columns asked for, in order', () => {
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE, STOCK)]')).toBe(
      table(
        ['Size', 'Color', 'SKU', 'Price', 'Stock'],
        [
          ['S', 'White', 'TEE-01-S-W', '1,234.50', '500'],
          ['M', 'White', 'TEE-01-M-W', '1,234.50', '0'],
          ['M', 'Black', 'TEE-01-M-B', '1,299.00', '750'],
        ],
      ),
    );
    expect(render('[VARIANTS(TABLE, SKU)]', sameprice)).toBe(table(null, [['A-S'], ['A-M']]));
  });

  it('translates headers', () => {
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS, SKU, PRICE_FULL)]', TEE, { language: 'fr' })).toContain(
      '<thead><tr><th>Réf.</th><th>Prix</th></tr></thead>',
    );
  });

  it('hides a price column when every variation costs the same, except in STRICT_TABLE', () => {
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, PRICE_FULL)]', sameprice)).toBe(
      table(['Size'], [['S'], ['M']]),
    );
    expect(render('[VARIANTS(SHOW_HEADERS, OPTIONS, PRICE)]', sameprice)).not.toContain('10.00');
    expect(render('[VARIANTS(STRICT_TABLE, SHOW_HEADERS, OPTIONS, PRICE_FULL)]', sameprice)).toBe(
      table(
        ['Size', 'Price'],
        [
          ['S', '$10.00'],
          ['M', '$10.00'],
        ],
      ),
    );
  });

  it('compares the prices themselves, not how a form prints them', () => {
    const p = product({
      variations: [
        { title: 'A', price: 12.1 },
        { title: 'B', price: 12.9 },
      ],
    });
    expect(render('[VARIANTS(TABLE, PRICE(INT))]', p)).toBe(table(null, [['12'], ['12']]));
  });

  it('LOOSE_TABLE drops columns empty for every variation; TABLE keeps them', () => {
    expect(render('[VARIANTS(LOOSE_TABLE, SKU, BARCODE_DATA)]', sameprice)).toBe(
      table(null, [['A-S'], ['A-M']]),
    );
    expect(render('[VARIANTS(TABLE, SKU, BARCODE_DATA)]', sameprice)).toBe(
      table(null, [
        ['A-S', ''],
        ['A-M', ''],
      ]),
    );
    expect(render('[VARIANTS(STRICT_TABLE, SKU, BARCODE_DATA)]', sameprice)).toBe(
      table(null, [
        ['A-S', ''],
        ['A-M', ''],
      ]),
    );
  });

  it('shows variation metafields, barcodes and images per row', () => {
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS, TITLE, VARIANT.custom.fit)]')).toBe(
      table(
        ['Variant', 'Fit'],
        [
          ['S / White', 'Slim'],
          ['M / White', 'Regular'],
          ['M / Black', ''],
        ],
      ),
    );
    expect(render('[VARIANTS(TABLE, BARCODE(EAN13))]')).toBe(
      table(null, [[barcodeSvg('4006381333931', 'ean13', { moduleSize: 0.33 })], [''], ['']]),
    );
    const withImage = product({
      title: 'P',
      variations: [{ title: 'A', image: 'https://c/a.jpg' }, { title: 'B' }],
    });
    expect(render('[VARIANTS(TABLE, MAIN_IMAGE)]', withImage)).toBe(
      table(null, [['<img class="catalog-main-image" src="https://c/a.jpg" alt="P A">'], ['']]),
    );
  });

  it('reads product fields in a column too', () => {
    expect(
      render('[VARIANTS(TABLE, SKU, LISTING.CUSTOM_care)]', {
        ...sameprice,
        customfields: [{ key: 'care', name: '', value: 'Wash' }],
      }),
    ).toBe(
      table(null, [
        ['A-S', 'Wash'],
        ['A-M', 'Wash'],
      ]),
    );
  });

  it('uses the variation title when the product declares no options', () => {
    const p = product({
      variations: [
        { title: 'Small', price: 1 },
        { title: 'Large', price: 2 },
      ],
    });
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS)]', p)).toBe(
      table(['Variant'], [['Small'], ['Large']]),
    );
  });

  it('splits "Small / Red" titles when variations carry no option values', () => {
    const p = product({
      options: [
        { name: 'Size', values: [] },
        { name: 'Color', values: [] },
      ],
      variations: [{ title: 'Small / Red' }, { title: 'Large / Blue' }],
    });
    expect(render('[VARIANTS(TABLE, OPTIONS)]', p)).toBe(
      table(null, [
        ['Small', 'Red'],
        ['Large', 'Blue'],
      ]),
    );
  });

  it("prints nothing for products without variations or with only Shopify's Default Title", () => {
    expect(render('[VARIANTS]', product())).toBe('');
    const simple = product({
      options: [{ name: 'Title', values: ['Default Title'] }],
      variations: [{ title: 'Default Title', price: 5, options: ['Default Title'] }],
    });
    expect(render('[VARIANTS(STRICT_TABLE, OPTIONS, PRICE)]', simple)).toBe('');
  });

  it('escapes option names and values', () => {
    const p = product({
      options: [{ name: '<i>Size</i>', values: [] }],
      variations: [{ title: 'x', options: ['<b>S</b>'] }],
    });
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS)]', p)).toBe(
      table(['&lt;i&gt;Size&lt;/i&gt;'], [['&lt;b&gt;S&lt;/b&gt;']]),
    );
  });

  it('refuses to sit inside a tag', () => {
    const log = vi.fn();
    expect(render('<p title="[VARIANTS]">', TEE, { language: 'en', log })).toBe('<p title="">');
    expect(log).toHaveBeenCalledWith(
      'Caption template, product tee-01: [VARIANTS]: a VARIANTS block cannot sit inside an HTML tag',
      undefined,
    );
  });
});

describe('VARIANTS tables with the catalog’s variant table columns (SPEC §3 table configuration)', () => {
  const col = (key: string, title: string, kind: 'field' | 'option' | 'custom' = 'field') => ({
    key,
    title,
    is_option: kind === 'option',
    is_custom: kind === 'custom',
  });
  const columns = [
    col('Color', 'Colour', 'option'),
    col('sku', 'Ref.'),
    col('compare_at_price', 'Was'),
    col('custom.fit', 'Fit'),
    col('care', 'Care', 'custom'),
    col('Material', 'Material', 'option'),
    col('price', 'Price'),
  ];
  const ctx: CaptionContext = { language: 'en', variantColumns: columns };

  it('shows the chosen columns in their order under their titles, option columns per variation', () => {
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS)]', TEE, ctx)).toBe(
      table(
        ['Colour', 'Ref.', 'Fit', 'Care', 'Price'],
        [
          ['White', 'TEE-01-S-W', 'Slim', 'Machine wash cold', '$1,234.50'],
          ['White', 'TEE-01-M-W', 'Regular', 'Machine wash cold', '$1,234.50'],
          ['Black', 'TEE-01-M-B', '', 'Machine wash cold', '$1,299.00'],
        ],
      ),
    );
  });

  it('leaves out a column no variation has a value for, and the equal prices, except in STRICT_TABLE', () => {
    const strict = render('[VARIANTS(STRICT_TABLE, SHOW_HEADERS)]', sameprice, ctx);
    expect(strict).toContain('<th>Colour</th><th>Ref.</th><th>Was</th><th>Fit</th><th>Care</th>');
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS)]', sameprice, ctx)).toBe(
      table(['Ref.'], [['A-S'], ['A-M']]),
    );
  });

  it('escapes the titles merchants type', () => {
    const typed: CaptionContext = { language: 'en', variantColumns: [col('sku', '<b onclick=x()>Ref</b>')] };
    expect(render('[VARIANTS(TABLE, SHOW_HEADERS)]', sameprice, typed)).toContain(
      '<th>&lt;b onclick=x()&gt;Ref&lt;/b&gt;</th>',
    );
  });

  it('keeps blocks that name their columns, lists, and catalogs without a choice as they were', () => {
    expect(render('[VARIANTS(TABLE, SKU)]', sameprice, ctx)).toBe(table(null, [['A-S'], ['A-M']]));
    expect(render('[VARIANTS]', sameprice, ctx)).toBe(render('[VARIANTS]', sameprice));
    expect(render('[VARIANTS(TABLE)]', TEE, { language: 'en', variantColumns: [] })).toBe(
      render('[VARIANTS(TABLE)]', TEE),
    );
  });
});

describe('what the table editor reads of variant table columns', () => {
  const columns = [
    { key: 'Size', title: 'Size', is_option: true, is_custom: false },
    { key: 'barcode', title: 'Barcode', is_option: false, is_custom: false },
    { key: 'Material', title: 'Material', is_option: true, is_custom: false },
  ];
  it('tells the columns some variation fills from those none does', () => {
    expect(filledVariantColumns(columns, [sameprice], 'en').map((c) => c.title)).toEqual(['Size']);
    expect(filledVariantColumns(columns, [sameprice, TEE], 'en').map((c) => c.title)).toEqual([
      'Size',
      'Barcode',
    ]);
  });
  it('finds the VARIANTS tables that take the catalog’s columns', () => {
    expect(usesVariantColumns('<p>[TITLE]</p>[VARIANTS(TABLE, SHOW_HEADERS)]')).toBe(true);
    expect(usesVariantColumns('[VARIANTS(LOOSE_TABLE)]')).toBe(true);
    expect(usesVariantColumns('[VARIANTS(TABLE, SKU)]')).toBe(false);
    expect(usesVariantColumns('[VARIANTS]')).toBe(false);
    expect(usesVariantColumns('[TITLE]')).toBe(false);
  });
});
