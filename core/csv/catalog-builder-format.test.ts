import { describe, expect, it } from 'vitest';
import { ListingSchema } from '../model/product.ts';
import { CSV_MESSAGES, csvEnglish, formatCsvProblem, parseProductCsv } from './index.ts';

const csv = (...lines: string[]) => lines.join('\n');
const HEADER = 'title,price,category,image';

describe('SPEC §5 file rules, with their exact messages', () => {
  it.each([
    ['an empty file', ''],
    ['a header alone', HEADER],
    ['a header and blank lines', `${HEADER}\r\n\r\n  \r\n`],
  ])('refuses %s: "The file doesn\'t have enough lines"', (_, text) => {
    const r = parseProductCsv(text);
    expect(r.errors).toEqual([
      {
        code: 'not_enough_lines',
        message: "The file doesn't have enough lines",
        text: { key: 'notEnoughLines' },
        line: 1,
        column: null,
        columnName: null,
      },
    ]);
    expect(r.listings).toEqual([]);
  });

  it('lists the missing required columns in SPEC order', () => {
    const r = parseProductCsv(csv('Image,Name,Description', 'a.jpg,Shirt,Nice'));
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ code: 'missing_columns', line: 1, column: null });
    expect(r.errors[0].message).toBe('The following columns are missing: price, category');
    expect(parseProductCsv(csv('sku', '1')).errors[0].message).toBe(
      'The following columns are missing: title, price, category, image',
    );
    expect(csvEnglish(CSV_MESSAGES.missingColumns(['image']))).toBe(
      'The following columns are missing: image',
    );
  });

  it('matches the required columns case-insensitively', () => {
    const r = parseProductCsv(csv('TITLE,Price,CATEGORY,Image', 'Shirt,10,Tops,a.jpg'));
    expect(r.errors).toEqual([]);
    expect(r.listings).toHaveLength(1);
  });

  it('refuses two products with the same name, first among the problems, pointing at the second', () => {
    const r = parseProductCsv(
      csv(HEADER, 'Blue Shirt,abc,Tops,a.jpg', 'Red Shirt,5,Tops,b.jpg', 'blue  shirt,7,Tops,c.jpg'),
    );
    expect(r.errors.map((e) => e.code)).toEqual(['duplicate_title', 'invalid_price']);
    expect(r.errors[0]).toEqual({
      code: 'duplicate_title',
      message: "You can't have two products with the same name in your CSV file.",
      text: { key: 'duplicateTitle' },
      line: 4,
      column: 1,
      columnName: 'title',
      value: 'blue  shirt',
      hint: 'first on line 2',
    });
    expect(formatCsvProblem(r.errors[0], 'shop.csv')).toBe(
      'shop.csv:4:1: You can\'t have two products with the same name in your CSV file. (column title; "blue  shirt"; first on line 2)',
    );
  });
});

describe('our format: reading a product', () => {
  const full = csv(
    'ID,Title,Description,Price,Compare At Price,sale_price,MSRP,Currency,Category,Brand,Vendor,SKU,Barcode,Stock,Status,Published,URL,Tags,Image,custom:Material,meta:specs.weight',
    'p-1,Linen Shirt,"Soft linen.\nMade in Portugal.",$49.90,59.90€,45,65,eur,Shirts,Acme,Acme Ltd,LS-1,4006381333931,12,draft,no,www.example.com/linen,"summer, linen",https://cdn.example.com/linen.jpg; linen-back.jpg ;https://cdn.example.com/linen.jpg,Linen,200g',
  );

  it('maps every column to the listing', () => {
    const r = parseProductCsv(full);
    expect(r.format).toBe('catalog-builder');
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.localImages).toEqual(['linen-back.jpg']);
    expect(r.listings).toEqual([
      {
        source: 'csv',
        external_id: 'p-1',
        title: 'Linen Shirt',
        description: 'Soft linen.\nMade in Portugal.',
        price: 49.9,
        compare_at_price: 59.9,
        sale_price: 45,
        suggested_retail_price: 65,
        iso_currency_code: 'EUR',
        category: 'Shirts',
        brand: 'Acme',
        vendor: 'Acme Ltd',
        sku: 'LS-1',
        barcode: '4006381333931',
        stock: 12,
        status: 'DRAFT',
        online: false,
        url: 'https://www.example.com/linen',
        main_image: 'https://cdn.example.com/linen.jpg',
        images: [{ original: 'https://cdn.example.com/linen.jpg' }, { original: 'linen-back.jpg' }],
        customfields: [
          { key: 'tags', name: 'Tags', value: 'summer, linen' },
          { key: 'Material', name: 'Material', value: 'Linen' },
        ],
        metafields: [
          {
            namespace: 'specs',
            key: 'weight',
            value: '200g',
            description: null,
            type: null,
            value_type: 'string',
          },
        ],
      },
    ]);
    expect(() => r.listings.map((l) => ListingSchema.parse(l))).not.toThrow();
  });

  it('keys a product without an id by its title, so a re-import updates it', () => {
    const r = parseProductCsv(csv(HEADER, '  Linen   Shirt ,1,Shirts,a.jpg'));
    expect(r.listings[0]).toMatchObject({ title: 'Linen   Shirt', external_id: 'csv:linen shirt' });
  });

  it('takes the currency from the price when no column names it, else from the options', () => {
    const r = parseProductCsv(csv(HEADER, 'A,12.50 GBP,X,a.jpg', 'B,3,X,b.jpg'), { currency: 'cad' });
    expect(r.listings.map((l) => l.iso_currency_code)).toEqual(['GBP', 'CAD']);
  });

  it('reads a semicolon-delimited file (French Excel)', () => {
    const r = parseProductCsv(
      csv('titre;title;price;category;image', 'x;Shirt;"12,50 €";Tops;"a.jpg;b.jpg"'),
    );
    expect(r.errors).toEqual([]);
    expect(r.listings[0]).toMatchObject({
      title: 'Shirt',
      price: 12.5,
      images: [{ original: 'a.jpg' }, { original: 'b.jpg' }],
    });
  });

  it('lists local image names once each, in file order, for the upload-images step', () => {
    const r = parseProductCsv(
      csv(HEADER, 'A,1,X,b.jpg;a.jpg', 'B,1,X,https://x.example/c.jpg;a.jpg', 'C,1,X,', 'D,1,X,photos/d.png'),
    );
    expect(r.localImages).toEqual(['b.jpg', 'a.jpg', 'photos/d.png']);
    expect(r.listings[2]).toMatchObject({ main_image: null, images: [] });
  });

  it('warns about unknown and repeated columns without blocking', () => {
    const r = parseProductCsv(csv('title,price,category,image,Discription,Price', 'A,1,X,a.jpg,hello,2'));
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => [w.code, w.line, w.column, w.columnName])).toEqual([
      ['unknown_column', 1, 5, 'Discription'],
      ['duplicate_column', 1, 6, 'Price'],
    ]);
    expect(r.listings[0].price).toBe(1);
  });
});

describe('our format: variations (SPEC §5 Title, Values, SKUs, Prices, Barcodes, Stocks)', () => {
  const header = `${HEADER},Variation Title,Variation Values,Variation SKUs,Variation Prices,Variation Barcodes,Variation Stocks`;

  it('reads ;-separated lists into options and variations, a missing price being the product price', () => {
    const r = parseProductCsv(
      csv(header, 'Tee,$10,Tops,t.jpg,Size,S;M;L,T-S;T-M;T-L,;$12;13€,111;;333,5;0;2'),
    );
    expect(r.errors).toEqual([]);
    const l = r.listings[0];
    expect(l.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(l.variations).toEqual([
      { id: 'T-S', title: 'S', sku: 'T-S', barcode: '111', price: 10, stock: 5, image: null, options: ['S'] },
      { id: 'T-M', title: 'M', sku: 'T-M', barcode: null, price: 12, stock: 0, image: null, options: ['M'] },
      { id: 'T-L', title: 'L', sku: 'T-L', barcode: '333', price: 13, stock: 2, image: null, options: ['L'] },
    ]);
    expect(l.stock).toBe(7);
    expect(l.price).toBe(10);
  });

  it('reads several options written "Color / Size"', () => {
    const r = parseProductCsv(
      csv(
        `${HEADER},Variation Title,Variation Values`,
        'Tee,10,Tops,t.jpg,Color / Size,Red / S;Red / M;Blue / S',
      ),
    );
    expect(r.listings[0].options).toEqual([
      { name: 'Color', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['S', 'M'] },
    ]);
    expect(r.listings[0].variations?.map((v) => [v.title, v.options])).toEqual([
      ['Red / S', ['Red', 'S']],
      ['Red / M', ['Red', 'M']],
      ['Blue / S', ['Blue', 'S']],
    ]);
  });

  it('reports lists whose length differs from the values, at their cell', () => {
    const r = parseProductCsv(csv(header, 'Tee,10,Tops,t.jpg,Size,S;M;L,A;B,,,'));
    expect(r.errors).toEqual([
      {
        code: 'variation_count_mismatch',
        message: 'Variation SKUs has 2 values but there are 3 variations',
        text: { key: 'variationCountMismatch', params: { column: 'Variation SKUs', found: 2, expected: 3 } },
        line: 2,
        column: 7,
        columnName: 'Variation SKUs',
      },
    ]);
  });

  it('reports a variation price that is not a price', () => {
    const r = parseProductCsv(csv(header, 'Tee,10,Tops,t.jpg,Size,S;M,,1;two,,'));
    expect(r.errors).toEqual([
      {
        code: 'invalid_price',
        message: '"two" is not a price',
        text: { key: 'invalidPrice', params: { value: 'two' } },
        line: 2,
        column: 8,
        columnName: 'Variation Prices',
        value: 'two',
      },
    ]);
  });
});

describe('our format: row problems carry line, column and header', () => {
  it('points at the cell, on the line where the cell starts after multi-line cells', () => {
    const r = parseProductCsv(
      csv(
        'title,description,price,category,image,stock,url,status,currency',
        'A,"line one\nline two\nline three",abc,X,a.jpg,1.5,not a url,sold,euro',
        ',,1,X,b.jpg,,,,',
      ),
    );
    expect(r.errors.map((e) => [e.code, e.line, e.column, e.columnName, e.message])).toEqual([
      ['invalid_price', 4, 3, 'price', '"abc" is not a price'],
      ['invalid_number', 4, 6, 'stock', '"1.5" is not a whole number'],
      ['invalid_url', 4, 7, 'url', '"not a url" is not a valid web address (http:// or https://)'],
      ['invalid_status', 4, 8, 'status', 'The status "sold" is not one of active, draft, archived'],
      [
        'invalid_currency',
        4,
        9,
        'currency',
        'The currency "euro" is not a three-letter ISO code such as USD or EUR',
      ],
      ['empty_title', 5, 1, 'title', 'The product title is empty'],
    ]);
    expect(formatCsvProblem(r.errors[0], 'p.csv')).toBe('p.csv:4:3: "abc" is not a price (column price)');
  });

  it('refuses a negative price and an invalid image address', () => {
    const r = parseProductCsv(csv(HEADER, 'A,-4,X,https://'));
    expect(r.errors.map((e) => [e.code, e.column, e.message])).toEqual([
      ['negative_price', 2, 'The price "-4" is negative'],
      ['invalid_image', 4, '"https://" is not a valid image address'],
    ]);
  });

  it('refuses a row with more values than columns (an unquoted comma shifts every value)', () => {
    const r = parseProductCsv(csv(HEADER, 'Shirt,10,Tops,a.jpg', 'Big, red shirt,10,Tops,b.jpg'));
    expect(r.errors.map((e) => [e.code, e.line, e.column, e.columnName, e.message])).toEqual([
      ['invalid_price', 3, 2, 'price', '"red shirt" is not a price'],
      ['too_many_values', 3, 5, null, 'This row has 5 values but the header has 4 columns'],
    ]);
  });

  it('reports an unclosed quote on its line', () => {
    const r = parseProductCsv(csv(HEADER, 'A,1,X,a.jpg', '"B,1,X,b.jpg', 'C,1,X,c.jpg'));
    expect(r.errors[0]).toMatchObject({ code: 'unclosed_quote', line: 3, column: 1, columnName: 'title' });
  });
});
