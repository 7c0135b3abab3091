import { describe, expect, it } from 'vitest';
import { ListingSchema } from '../model/product.ts';
import { readExtdata } from '../../scripts/testing/extdata.ts';
import { parseProductCsv } from './index.ts';

const text = readExtdata('woocommerce-sample_products.csv');
const IMG = 'https://woocommercecore.mystagingwebsite.com/wp-content/uploads/2017/12/';

describe('WooCommerce product CSV: woocommerce-sample_products.csv', () => {
  const r = parseProductCsv(text);
  const byTitle = (title: string) => r.listings.find((l) => l.title === title)!;

  it('is detected despite the byte order mark and read without problems', () => {
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(r.format).toBe('woocommerce');
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.rowCount).toBe(25);
    expect(() => r.listings.map((l) => ListingSchema.parse(l))).not.toThrow();
  });

  it('has every product once and every variation under its parent', () => {
    expect(r.listings.map((l) => l.external_id)).toEqual(
      [44, 45, 46, 47, 48, 58, 60, 62, 64, 66, 68, 70, 73, 75, 83, 85, 87, 89].map(
        (id) => `woocommerce:${id}`,
      ),
    );
    expect(r.listings.reduce((n, l) => n + (l.variations?.length ?? 0), 0)).toBe(7);
    expect(byTitle('V-Neck T-Shirt').variations?.map((v) => v.id)).toEqual(['76', '77', '78']);
    expect(byTitle('Hoodie').variations?.map((v) => v.id)).toEqual(['79', '80', '81', '90']);
  });

  it('makes the attributes the variations vary by into options, "any" left empty', () => {
    const tee = byTitle('V-Neck T-Shirt');
    expect(tee.options).toEqual([
      { name: 'Color', values: ['Blue', 'Green', 'Red'] },
      { name: 'Size', values: ['Large', 'Medium', 'Small'] },
    ]);
    expect(tee.variations?.map((v) => [v.title, v.options, v.sku, v.price])).toEqual([
      ['Red', ['Red', ''], 'woo-vneck-tee-red', 20],
      ['Green', ['Green', ''], 'woo-vneck-tee-green', 20],
      ['Blue', ['Blue', ''], 'woo-vneck-tee-blue', 15],
    ]);
    expect(tee).toMatchObject({
      price: 15,
      category: 'Clothing > Tshirts',
      sku: 'woo-vneck-tee',
      customfields: [],
    });
    expect(tee.images?.map((i) => i.original)).toEqual([
      `${IMG}vneck-tee-2.jpg`,
      `${IMG}vnech-tee-green-1.jpg`,
      `${IMG}vnech-tee-blue-1.jpg`,
    ]);
  });

  it('prices a variable product at its cheapest variation, sale prices included', () => {
    const hoodie = byTitle('Hoodie');
    expect(hoodie).toMatchObject({ price: 42, original_price: 45, compare_at_price: 45, sale_price: 42 });
    expect(hoodie.options).toEqual([
      { name: 'Color', values: ['Blue', 'Green', 'Red'] },
      { name: 'Logo', values: ['Yes', 'No'] },
    ]);
    expect(hoodie.variations?.[0]).toEqual({
      id: '79',
      title: 'Red / No',
      sku: 'woo-hoodie-red',
      barcode: null,
      price: 42,
      original_price: 45,
      compare_at_price: 45,
      stock: null,
      image: `${IMG}hoodie-2.jpg`,
      options: ['Red', 'No'],
    });
    expect(hoodie.variations?.[3]).toMatchObject({ title: 'Blue / Yes', price: 45, compare_at_price: null });
  });

  it('reads simple products with regular and sale prices', () => {
    expect(byTitle('Beanie')).toMatchObject({
      sku: 'woo-beanie',
      price: 18,
      original_price: 20,
      compare_at_price: 20,
      sale_price: 18,
      category: 'Clothing > Accessories',
      main_image: `${IMG}beanie-2.jpg`,
      customfields: [{ key: 'color', name: 'Color', value: 'Red' }],
    });
    expect(byTitle('Sunglasses')).toMatchObject({
      price: 90,
      original_price: 90,
      compare_at_price: null,
      sale_price: null,
    });
  });

  it('reads downloadable, grouped, external and hidden products', () => {
    expect(byTitle('Album')).toMatchObject({
      category: 'Music',
      price: 15,
      description: expect.stringMatching(/^Lorem ipsum/),
    });
    expect(byTitle('Logo Collection')).toMatchObject({
      price: null,
      customfields: [
        {
          key: 'grouped_products',
          name: 'Grouped products',
          value: 'woo-hoodie-with-logo, woo-tshirt, woo-beanie',
        },
      ],
    });
    expect(byTitle('Logo Collection').images?.map((i) => i.original)).toEqual([
      `${IMG}logo-1.jpg`,
      `${IMG}beanie-with-logo-1.jpg`,
      `${IMG}t-shirt-with-logo-1.jpg`,
      `${IMG}hoodie-with-logo-2.jpg`,
    ]);
    expect(byTitle('WordPress Pennant')).toMatchObject({
      price: 11.05,
      category: 'Decor',
      url: 'https://mercantile.wordpress.org/product/wordpress-pennant/',
    });
    expect(byTitle('Hoodie with Pocket')).toMatchObject({ status: 'ACTIVE', online: false });
    expect(byTitle('Hoodie with Zipper')).toMatchObject({ status: 'ACTIVE', online: true });
  });
});

describe('WooCommerce product CSV: rules', () => {
  const header =
    'ID,Type,SKU,Name,Published,Visibility in catalog,Description,In stock?,Stock,Sale price,Regular price,Categories,Tags,Images,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 2 name,Attribute 2 value(s),Meta: material,Meta: _internal';

  it('finds a parent by "id:<ID>" even after its variations, sums stock and unescapes line breaks', () => {
    const r = parseProductCsv(
      [
        header,
        '11,variation,,Mug - Red,1,visible,,1,4,,9,,,,id:10,Color,Red,,,,',
        '12,variation,,Mug - Blue,1,visible,,0,,,9.5,,,https://x.example/blue.jpg,id:10,Color,Blue,,,,',
        '10,variable,,Mug,-1,visible,Line one\\nLine two,1,,,,"Kitchen > Mugs, Gifts",mug,https://x.example/mug.jpg,,Color,"Red, Blue",Material,Stone,stoneware,x',
      ].join('\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.listings).toHaveLength(1);
    expect(r.listings[0]).toMatchObject({
      external_id: 'woocommerce:10',
      title: 'Mug',
      description: 'Line one\nLine two',
      status: 'DRAFT',
      online: false,
      category: 'Kitchen > Mugs',
      price: 9,
      stock: 4,
      options: [{ name: 'Color', values: ['Red', 'Blue'] }],
      customfields: [
        { key: 'tags', name: 'Tags', value: 'mug' },
        { key: 'material', name: 'Material', value: 'Stone' },
      ],
      metafields: [
        {
          namespace: 'woocommerce',
          key: 'material',
          value: 'stoneware',
          description: null,
          type: null,
          value_type: 'string',
        },
      ],
    });
    expect(r.listings[0].variations?.map((v) => [v.id, v.title, v.stock, v.image])).toEqual([
      ['11', 'Red', 4, null],
      ['12', 'Blue', 0, 'https://x.example/blue.jpg'],
    ]);
    expect(r.listings[0].images?.map((i) => i.original)).toEqual([
      'https://x.example/mug.jpg',
      'https://x.example/blue.jpg',
    ]);
  });

  it('makes an attribute only the variations name an option too', () => {
    const r = parseProductCsv(
      [
        header,
        '10,variable,mug,Mug,1,visible,,1,,,,,,,,Color,"Red, Blue",,,,',
        '11,variation,,Mug - Red L,1,visible,,1,,,9,,,,mug,Color,Red,Size,L,,',
        '12,variation,,Mug - Blue,1,visible,,1,,,9,,,,mug,Color,Blue,,,,',
      ].join('\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.listings[0].options).toEqual([
      { name: 'Color', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['L'] },
    ]);
    expect(r.listings[0].variations?.map((v) => [v.title, v.options])).toEqual([
      ['Red / L', ['Red', 'L']],
      ['Blue', ['Blue', '']],
    ]);
  });

  it('reports a variation whose parent is not in the file, at its Parent cell', () => {
    const r = parseProductCsv(
      [header, '11,variation,,Mug - Red,1,visible,,1,4,,9,,,,woo-mug,Color,Red,,,,'].join('\n'),
    );
    expect(r.errors).toEqual([
      {
        code: 'missing_parent',
        message: 'The parent product "woo-mug" of this variation is not in the file',
        text: { key: 'missingParent', params: { parent: 'woo-mug' } },
        line: 2,
        column: 15,
        columnName: 'Parent',
        value: 'woo-mug',
      },
    ]);
  });
});
