import { describe, expect, it } from 'vitest';
import { ListingSchema } from '../model/product.ts';
import { readExtdata } from '../../scripts/testing/extdata.ts';
import { parseProductCsv } from './index.ts';

const fixture = readExtdata;

describe('Shopify product CSV: shopify-partners-apparel.csv', () => {
  const r = parseProductCsv(fixture('shopify-partners-apparel.csv'));

  it('is detected and read without problems, every product present once', () => {
    expect(r.format).toBe('shopify');
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.localImages).toEqual([]);
    expect(r.rowCount).toBe(22);
    expect(r.listings).toHaveLength(20);
    expect(new Set(r.listings.map((l) => l.external_id)).size).toBe(20);
    expect(r.listings[0].title).toBe('Ocean Blue Shirt');
    expect(r.listings[19].title).toBe('LED High Tops');
    expect(r.listings.reduce((n, l) => n + (l.variations?.length ?? 0), 0)).toBe(3);
    expect(() => r.listings.map((l) => ListingSchema.parse(l))).not.toThrow();
  });

  it('turns a Default Title product into a plain product', () => {
    expect(r.listings[0]).toEqual({
      source: 'csv',
      external_id: 'shopify:ocean-blue-shirt',
      title: 'Ocean Blue Shirt',
      description:
        'Ocean blue cotton shirt with a narrow collar and buttons down the front and long sleeves. Comfortable fit and tiled kalidoscope patterns.',
      vendor: 'partners-demo',
      category: null,
      main_image: 'https://burst.shopifycdn.com/photos/young-man-in-bright-fashion_925x.jpg',
      images: [{ original: 'https://burst.shopifycdn.com/photos/young-man-in-bright-fashion_925x.jpg' }],
      online: true,
      customfields: [{ key: 'tags', name: 'Tags', value: 'men' }],
      metafields: [],
      price: 50,
      compare_at_price: null,
      sku: null,
      barcode: null,
      // The export's quantity (1) with inventory tracking off ('Variant Inventory Tracker' empty): no stock.
      stock: null,
    });
  });

  it('reads the rows without a Title as the variants of the product above', () => {
    const top = r.listings.find((l) => l.external_id === 'shopify:classic-varsity-top')!;
    expect(top.options).toEqual([{ name: 'Size', values: ['Small', 'Medium', 'Large'] }]);
    expect(top.variations?.map((v) => [v.title, v.price, v.stock, v.options])).toEqual([
      ['Small', 60, null, ['Small']],
      ['Medium', 60, null, ['Medium']],
      ['Large', 60, null, ['Large']],
    ]);
    expect(top.price).toBe(60);
    expect(top.stock).toBeNull();
  });
});

describe('Shopify product CSV: inventory tracking', () => {
  const head =
    'Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Tracker,Variant Inventory Qty';
  it('keeps the stock of tracked variants and none for untracked ones, whatever quantity is exported', () => {
    const r = parseProductCsv(
      [
        head,
        'mug,Mug,Title,Default Title,12,shopify,0',
        'tote,Tote,Title,Default Title,15,,1',
        'cap,Cap,Size,S,20,shopify,4',
        'cap,,Size,M,20,shopify,3',
        'hat,Hat,Size,S,20,,1',
        'hat,,Size,M,20,,1',
      ].join('\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.listings.map((l) => [l.title, l.stock])).toEqual([
      ['Mug', 0],
      ['Tote', null],
      ['Cap', 7],
      ['Hat', null],
    ]);
  });
});

describe('Shopify product CSV: shopify-partners-jewelery.csv (CRLF, quoted newlines)', () => {
  const text = fixture('shopify-partners-jewelery.csv');
  const r = parseProductCsv(text, { currency: 'usd' });

  it('reads every product and variant', () => {
    expect(r.format).toBe('shopify');
    expect(r.errors).toEqual([]);
    expect(r.rowCount).toBe(41);
    expect(r.listings).toHaveLength(20);
    expect(r.listings.map((l) => l.variations?.length ?? 0).reduce((a, b) => a + b, 0)).toBe(6);
    expect(r.listings.map((l) => l.images?.length ?? 0).reduce((a, b) => a + b, 0)).toBe(41);
    expect(r.listings.every((l) => l.iso_currency_code === 'USD')).toBe(true);
    expect(r.listings.at(-1)?.title).toBe('Stylish Summer Necklace');
  });

  it('keeps quoted multi-line HTML descriptions whole', () => {
    const gem = r.listings.find((l) => l.external_id === 'shopify:gemstone')!;
    expect(gem.description).toBe(
      '<p>Gemstone pendant, housed in sterling silver, with sterling silver chain.</p>\n<ul>\n<li>Sterling silver chain, 14 inches</li>\n<li>Turquoise or Quartz</li>\n<li>Boho Chic</li>\n<li>Made in USA</li>\n</ul>',
    );
    expect(gem.category).toBe('Necklace');
    expect(gem.customfields).toEqual([
      { key: 'tags', name: 'Tags', value: 'Blue, Gem, Purple, Silver, Turquoise' },
    ]);
    expect(gem.options).toEqual([{ name: 'Colour', values: ['Blue', 'Purple'] }]);
    expect(gem.images).toHaveLength(4);
    expect(gem.variations?.map((v) => [v.title, v.price, v.compare_at_price, v.stock])).toEqual([
      ['Blue', 27.99, 29.99, null],
      ['Purple', 27.99, 29.99, null],
    ]);
  });

  it('shows the lowest variant price with its compare-at price, and every variant image', () => {
    const anchor = r.listings.find((l) => l.external_id === 'shopify:leather-anchor')!;
    expect(anchor).toMatchObject({
      title: 'Anchor Bracelet Mens',
      price: 55,
      compare_at_price: 85,
      stock: null,
    });
    expect(anchor.images?.map((i) => i.original)).toEqual([
      'https://burst.shopifycdn.com/photos/anchor-bracelet-mens_925x.jpg',
      'https://burst.shopifycdn.com/photos/anchor-bracelet-for-men_925x.jpg',
      'https://burst.shopifycdn.com/photos/leather-anchor-bracelet-for-men_925x.jpg',
    ]);
    const chain = r.listings.find((l) => l.external_id === 'shopify:chain-bracelet')!;
    expect(chain.variations?.map((v) => v.image)).toEqual([
      'https://burst.shopifycdn.com/photos/navy-blue-chakra-bracelet_925x.jpg',
      'https://burst.shopifycdn.com/photos/7-chakra-bracelet_925x.jpg',
    ]);
  });

  it('points at the file line of a bad cell below multi-line descriptions', () => {
    // Line 36 of the file is the Purple gemstone variant (lines 14-21 and 29-35 hold multi-line cells).
    const lineIndex = 35;
    expect(text.split(/\r\n|\n/)[lineIndex].startsWith('gemstone,,,,,,,,Purple')).toBe(true);
    const physical = text.split(/\r\n|\n/);
    physical[lineIndex] = physical[lineIndex].replace(',27.99,29.99,', ',abc,29.99,');
    const broken = parseProductCsv(physical.join('\r\n'));
    expect(broken.errors).toEqual([
      {
        code: 'invalid_price',
        message: '"abc" is not a price',
        text: { key: 'invalidPrice', params: { value: 'abc' } },
        line: 36,
        column: 20,
        columnName: 'Variant Price',
        value: 'abc',
      },
    ]);
  });
});

describe('Shopify product CSV: rules', () => {
  const header =
    'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Variant Barcode,Image Src,Image Position,Status,Color (product.metafields.shopify.color-pattern)';

  it('reads two options, images by position, status, metafields, and non-adjacent rows of a handle', () => {
    const r = parseProductCsv(
      [
        header,
        'tee,Tee,<p>Hi</p>,Acme,Shirts,"a, b",false,Color,Red,Size,S,T-R-S,10.00,12.00,3,111,https://x.example/2.jpg,2,draft,red',
        'cap,Cap,,Acme,Hats,,true,Title,Default Title,,,C-1,5,,,999,https://x.example/c.jpg,1,active,',
        'tee,,,,,,,,Red,,M,T-R-M,11,,4,,https://x.example/1.jpg,1,,',
        'tee,,,,,,,,Blue,,S,T-B-S,9.5,,,,,,,',
      ].join('\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.listings.map((l) => l.title)).toEqual(['Tee', 'Cap']);
    const [tee, cap] = r.listings;
    expect(tee).toMatchObject({
      status: 'DRAFT',
      online: false,
      category: 'Shirts',
      price: 9.5,
      compare_at_price: null,
      stock: 7,
      sku: null,
      main_image: 'https://x.example/1.jpg',
      options: [
        { name: 'Color', values: ['Red', 'Blue'] },
        { name: 'Size', values: ['S', 'M'] },
      ],
      metafields: [
        {
          namespace: 'shopify',
          key: 'color-pattern',
          value: 'red',
          description: null,
          type: null,
          value_type: 'string',
        },
      ],
    });
    expect(tee.images?.map((i) => i.original)).toEqual([
      'https://x.example/1.jpg',
      'https://x.example/2.jpg',
    ]);
    expect(
      tee.variations?.map((v) => [v.id, v.title, v.sku, v.price, v.compare_at_price, v.barcode, v.stock]),
    ).toEqual([
      ['T-R-S', 'Red / S', 'T-R-S', 10, 12, '111', 3],
      ['T-R-M', 'Red / M', 'T-R-M', 11, null, null, 4],
      ['T-B-S', 'Blue / S', 'T-B-S', 9.5, null, null, null],
    ]);
    expect(cap).toMatchObject({
      status: 'ACTIVE',
      online: true,
      price: 5,
      sku: 'C-1',
      barcode: '999',
      stock: null,
    });
    expect(cap.variations).toBeUndefined();
  });

  it('requires a Title column and a title for each handle', () => {
    expect(parseProductCsv('Handle,Variant Price\nx,1').errors[0].message).toBe(
      'The following columns are missing: Title',
    );
    const r = parseProductCsv('Handle,Title,Variant Price\nx,,1\ny,Y,2');
    expect(r.errors).toEqual([
      {
        code: 'empty_title',
        message: 'The product "x" has no Title',
        text: { key: 'emptyShopifyTitle', params: { handle: 'x' } },
        line: 2,
        column: 2,
        columnName: 'Title',
      },
    ]);
    expect(r.listings.map((l) => l.title)).toEqual(['Y']);
  });
});
