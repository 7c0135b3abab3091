import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductSchema, type TableColumn } from '../model/index.ts';
import { CatalogPageView } from '../render/index.ts';
import { CatalogBuilder, product } from '../render/test-fixtures.ts';
import { addColumn, columnChoices, columnProblem, moveColumn, removeColumn, renameColumn } from './index.ts';

const col = (key: string, title = key, over: Partial<TableColumn> = {}): TableColumn => ({
  key,
  title,
  is_custom: false,
  is_option: false,
  ...over,
});
const headers = (html: string) => [...html.matchAll(/<th class="[^"]*">([^<]*)<\/th>/g)].map((m) => m[1]);

describe('table columns the editor offers', () => {
  it('lists the built-in fields, then each custom field, option and metafield of the products once', () => {
    const products = [
      ProductSchema.parse({
        ...product(0),
        customfields: [{ key: 'material', name: 'Material', value: 'Linen' }],
        options: [{ name: 'Size', values: ['S'] }],
        metafields: [{ namespace: 'specs', key: 'weight', description: 'Weight', value: '2 kg' }],
      }),
      ProductSchema.parse({
        ...product(1),
        customfields: [{ key: 'material', name: 'Material', value: 'Oak' }],
        options: [{ name: 'size', values: ['M'] }],
        metafields: [{ namespace: '', key: 'loose', value: 'x' }],
      }),
    ];
    const choices = columnChoices(products, (k) => `T:${k}`);
    expect(choices[0]).toMatchObject({ key: 'main_image', title: 'T:main_image', source: 'field' });
    expect(choices.filter((c) => c.source !== 'field')).toEqual([
      { key: 'material', title: 'Material', is_custom: true, is_option: false, source: 'custom' },
      { key: 'Size', title: 'Size', is_custom: false, is_option: true, source: 'option' },
      { key: 'specs.weight', title: 'Weight', is_custom: false, is_option: false, source: 'metafield' },
    ]);
  });
});

describe('editing the table configuration', () => {
  const start = [col('title', 'Product'), col('sku', 'SKU'), col('price', 'Price')];

  it('adds a column at the end, refusing an empty key or title and a column already there', () => {
    expect(addColumn(start, col('stock', ' Stock '))).toEqual([...start, col('stock', 'Stock')]);
    expect(columnProblem(start, col(' ', 'x'))).toBe('emptyKey');
    expect(columnProblem(start, col('stock', ' '))).toBe('emptyTitle');
    expect(columnProblem(start, col('SKU', 'Code'))).toBe('duplicate');
    // The same key as a custom field is another column.
    expect(columnProblem(start, col('sku', 'Code', { is_custom: true }))).toBeNull();
    expect(addColumn(start, col('sku', 'again'))).toBe(start);
  });

  it('moves, renames and removes columns without changing the list it was given', () => {
    expect(moveColumn(start, 2, -1).map((c) => c.key)).toEqual(['title', 'price', 'sku']);
    expect(moveColumn(start, 0, 1).map((c) => c.key)).toEqual(['sku', 'title', 'price']);
    expect(moveColumn(start, 0, -1)).toBe(start);
    expect(moveColumn(start, 2, 1)).toBe(start);
    expect(renameColumn(start, 1, ' Code ')[1]).toEqual(col('sku', 'Code'));
    expect(renameColumn(start, 1, '  ')).toBe(start);
    expect(removeColumn(start, 0).map((c) => c.key)).toEqual(['sku', 'price']);
    expect(start.map((c) => c.key)).toEqual(['title', 'sku', 'price']);
  });

  it('draws the table as edited: chosen order and titles, a custom column, empty columns hidden (SPEC §5)', () => {
    const b = new CatalogBuilder();
    b.grid([product(0, { customfields: [{ key: 'material', name: 'Material', value: 'Linen' }] })], 1);
    b.page('table');
    let columns = addColumn(start, col('material', 'Material', { is_custom: true }));
    columns = addColumn(columns, col('vendor', 'Vendor'));
    columns = moveColumn(columns, 3, -1);
    columns = renameColumn(columns, 0, 'Name');
    const html = renderToStaticMarkup(
      <CatalogPageView catalog={b.build({ table_configuration: { columns } })} pageIndex={1} />,
    );
    // No product has a vendor: its column is hidden.
    expect(headers(html)).toEqual(['Name', 'SKU', 'Material', 'Price']);
    expect(html).toContain('>Linen</td>');
  });
});
