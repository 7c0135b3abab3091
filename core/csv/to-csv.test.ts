import { describe, expect, it } from 'vitest';
import { readExtdata } from '../../scripts/testing/extdata.ts';
import { detectCsvFormat, parseProductCsv, resolveLocalImages, toCsv } from './index.ts';
import type { ListingInput } from './model-types.ts';

const HEADER =
  'id,title,description,price,compare_at_price,sale_price,original_price,suggested_retail_price,currency,category,brand,vendor,sku,barcode,stock,status,published,url,tags,image,variation_title,variation_values,variation_skus,variation_prices,variation_barcodes,variation_stocks,variation_images';

describe('toCsv', () => {
  it('writes our format, quoting where needed and defusing spreadsheet formulas', () => {
    const listing: ListingInput = {
      external_id: 'p-1',
      title: '=HYPERLINK("x")',
      description: 'Two\nlines, "quoted"',
      price: 12.5,
      iso_currency_code: 'EUR',
      category: 'Tops',
      stock: 3,
      status: 'ACTIVE',
      online: true,
      main_image: 'https://x.example/a.jpg',
      images: [{ original: 'https://x.example/a.jpg' }, { original: 'b.jpg' }],
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variations: [
        { sku: 'S-1', price: 12.5, options: ['S'], stock: 1 },
        { sku: 'M-1', price: 13, options: ['M'], stock: 2 },
      ],
      customfields: [{ key: 'material', name: 'material', value: 'cotton' }],
      metafields: [{ namespace: 'specs', key: 'weight', value: { g: 200 } }],
    };
    expect(toCsv([listing])).toBe(
      `${HEADER},custom:material,meta:specs.weight\r\n` +
        `p-1,"'=HYPERLINK(""x"")","Two\nlines, ""quoted""",12.5,,,,,EUR,Tops,,,,,3,active,true,,,https://x.example/a.jpg;b.jpg,Size,S;M,S-1;M-1,12.5;13,,1;2,,cotton,"{""g"":200}"`,
    );
    const back = parseProductCsv(toCsv([listing]));
    expect(back.errors).toEqual([]);
    expect(back.listings[0]).toMatchObject({
      external_id: 'p-1',
      title: '=HYPERLINK("x")',
      description: 'Two\nlines, "quoted"',
      price: 12.5,
      iso_currency_code: 'EUR',
      images: [{ original: 'https://x.example/a.jpg' }, { original: 'b.jpg' }],
      variations: [
        { sku: 'S-1', price: 12.5, options: ['S'], stock: 1 },
        { sku: 'M-1', price: 13, options: ['M'], stock: 2 },
      ],
      customfields: [{ key: 'material', value: 'cotton' }],
      metafields: [{ namespace: 'specs', key: 'weight', value: '{"g":200}' }],
    });
  });

  it('re-imports a Shopify export written out again with the same products, options and prices', () => {
    const text = readExtdata('shopify-partners-jewelery.csv');
    const first = parseProductCsv(text).listings;
    const again = parseProductCsv(toCsv(first));
    expect(again.format).toBe('catalog-builder');
    expect(again.errors).toEqual([]);
    const pick = (l: ListingInput) => ({
      external_id: l.external_id,
      title: l.title,
      description: l.description,
      price: l.price,
      compare_at_price: l.compare_at_price,
      stock: l.stock,
      category: l.category,
      images: l.images,
      options: l.options ?? [],
      variations: (l.variations ?? []).map((v) => [v.title, v.price, v.stock, v.image, v.options]),
    });
    expect(again.listings.map(pick)).toEqual(first.map(pick));
  });
});

describe('resolveLocalImages (upload-images step)', () => {
  it('swaps local names for uploaded addresses, ignoring folders and case, and lists what is missing', () => {
    const { listings } = parseProductCsv(
      'title,price,category,image,variation_values,variation_images\n' +
        'A,1,X,photos\\Shirt.JPG;https://x.example/b.jpg,S;M,small.png;\n' +
        'B,1,X,missing.jpg,,\n',
    );
    const out = resolveLocalImages(listings, {
      'shirt.jpg': 'https://files.example/1.jpg',
      'small.png': 'https://files.example/2.png',
    });
    expect(out.missing).toEqual(['missing.jpg']);
    expect(out.listings[0].main_image).toBe('https://files.example/1.jpg');
    expect(out.listings[0].images?.map((i) => i.original)).toEqual([
      'https://files.example/1.jpg',
      'https://x.example/b.jpg',
      'https://files.example/2.png',
    ]);
    expect(out.listings[0].variations?.map((v) => v.image)).toEqual(['https://files.example/2.png', null]);
    expect(listings[0].main_image).toBe('photos\\Shirt.JPG');
  });
});

describe('detectCsvFormat', () => {
  it.each([
    [['Handle', 'Title', 'Body (HTML)', 'Variant Price'], 'shopify'],
    [['handle', 'title', 'variant sku'], 'shopify'],
    [['ID', 'Type', 'SKU', 'Name', 'Regular price', 'Parent'], 'woocommerce'],
    [['Name', 'Sale price', 'In stock?'], 'woocommerce'],
    [['title', 'price', 'category', 'image'], 'catalog-builder'],
    [['name', 'price', 'sale_price', 'sku', 'category', 'image'], 'catalog-builder'],
    [['handle', 'title', 'price', 'category', 'image'], 'catalog-builder'],
    [[], 'catalog-builder'],
  ] as const)('%j is %s', (headers, format) => {
    expect(detectCsvFormat(headers)).toBe(format);
  });
});
