import { describe, expect, it } from 'vitest';
import { INDEXED_TEXT_MAX } from '../model/bounds.ts';
import { ListingSchema } from '../model/product.ts';
import { decodeCsvBytes, formatCsvProblem, locatedEnglish, parseProductCsv } from './index.ts';

/** Text as Excel on Windows saves a "CSV (séparateur : point-virgule)": one byte per character, € as 0x80. */
function windows1252(text: string): Uint8Array {
  const special: Record<string, number> = { '€': 0x80, Œ: 0x8c, '’': 0x92, œ: 0x9c };
  return Uint8Array.from([...text].map((ch) => special[ch] ?? ch.charCodeAt(0)));
}

/** Our template as a French Excel saves it again: semicolons, CRLF, decimal commas, Windows-1252. */
const FRENCH_TEMPLATE = windows1252(
  [
    'title;price;compare_at_price;category;image;stock;description',
    'Chemise lin;12,50 €;"15,00 €";Chemises;https://cdn.example.fr/chemise.jpg;1.000;"Lin lavé; coupe droite"',
    'Manteau laine;"1.234,56";1 499,00;Manteaux;"https://cdn.example.fr/m1.jpg;https://cdn.example.fr/m2.jpg";12;Laine et cachemire',
    'Bol à café;3,5;;Cuisine;https://cdn.example.fr/bol.jpg;-2;"Œuvre d’un potier, 250 ml"',
    '',
  ].join('\r\n'),
);

/** A merchant's own spreadsheet (not our column names), French Excel: needs the column-mapping step. */
const FRENCH_OWN_HEADERS = windows1252(
  [
    'Référence;Désignation;Prix TTC (€, par unité);Rayon;Visuel;Quantité en stock',
    'CH-01;Chemise lin;12,50;Chemises;https://cdn.example.fr/chemise.jpg;1.200',
    'MA-02;Manteau laine;1.234,56;Manteaux;https://cdn.example.fr/manteau.jpg;3',
    '',
  ].join('\r\n'),
);

/** A Google Sheets "Tab-separated values" download: commas and semicolons are plain characters there. */
const TSV = [
  'title\tprice\tcategory\timage\tdescription',
  'Linen shirt\t1,234.50\tShirts, linen\thttps://cdn.example.com/a.jpg;https://cdn.example.com/b.jpg\tWashed; straight cut, "relaxed"',
  'Wool coat\t12,50 €\tCoats\thttps://cdn.example.com/c.jpg\t',
  '',
].join('\n');

describe('files from European spreadsheets', () => {
  it('reads a French Excel export: semicolons, decimal commas, thousands dots, CRLF, Windows-1252', () => {
    const r = parseProductCsv(decodeCsvBytes(FRENCH_TEMPLATE));
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(
      r.listings.map((l) => [l.title, l.price, l.compare_at_price, l.stock, l.iso_currency_code]),
    ).toEqual([
      ['Chemise lin', 12.5, 15, 1000, 'EUR'],
      ['Manteau laine', 1234.56, 1499, 12, undefined],
      ['Bol à café', 3.5, null, -2, undefined],
    ]);
    expect(r.listings[0]!.description).toBe('Lin lavé; coupe droite');
    expect(r.listings[1]!.images).toEqual([
      { original: 'https://cdn.example.fr/m1.jpg' },
      { original: 'https://cdn.example.fr/m2.jpg' },
    ]);
    expect(r.listings[2]!.description).toBe('Œuvre d’un potier, 250 ml');
    for (const l of r.listings) expect(() => ListingSchema.parse(l)).not.toThrow();
  });

  it('reads a tab-separated file, commas and semicolons in its values included', () => {
    const r = parseProductCsv(TSV);
    expect(r.errors).toEqual([]);
    expect(r.listings.map((l) => [l.title, l.price, l.category, l.images?.length])).toEqual([
      ['Linen shirt', 1234.5, 'Shirts, linen', 2],
      ['Wool coat', 12.5, 'Coats', 1],
    ]);
    expect(r.listings[0]!.description).toBe('Washed; straight cut, "relaxed"');
  });

  it('takes the delimiter the header uses most, so a comma inside a French header does not split it', () => {
    const r = parseProductCsv(decodeCsvBytes(FRENCH_OWN_HEADERS));
    expect(r.headers).toEqual([
      'Référence',
      'Désignation',
      'Prix TTC (€, par unité)',
      'Rayon',
      'Visuel',
      'Quantité en stock',
    ]);
  });

  it('without a mapping, names the missing columns (SPEC §5) with the headers to map them from', () => {
    const r = parseProductCsv(decodeCsvBytes(FRENCH_OWN_HEADERS));
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({
      code: 'missing_columns',
      message: 'The following columns are missing: title, price, category, image',
      headers: r.headers,
      // None of its headers is one of our names.
      columns: {},
    });
  });

  it('reads the columns the mapping names, values as a French spreadsheet writes them', () => {
    const r = parseProductCsv(decodeCsvBytes(FRENCH_OWN_HEADERS), {
      columns: {
        title: 'Désignation',
        price: 'Prix TTC (€, par unité)',
        category: 'rayon',
        image: 'Visuel',
        stock: 'Quantité en stock',
        sku: 'Référence',
        // A header this file does not have: ignored.
        brand: 'Marque',
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.listings.map((l) => [l.sku, l.title, l.price, l.category, l.main_image, l.stock])).toEqual([
      ['CH-01', 'Chemise lin', 12.5, 'Chemises', 'https://cdn.example.fr/chemise.jpg', 1200],
      ['MA-02', 'Manteau laine', 1234.56, 'Manteaux', 'https://cdn.example.fr/manteau.jpg', 3],
    ]);
    // The price column's header says the currency the prices are written without.
    expect(r.listings.map((l) => l.iso_currency_code)).toEqual(['EUR', 'EUR']);
    expect(r.columns).toEqual({
      sku: 'Référence',
      title: 'Désignation',
      price: 'Prix TTC (€, par unité)',
      category: 'Rayon',
      image: 'Visuel',
      stock: 'Quantité en stock',
    });
  });

  it('lets a mapped column win over a column named like one of ours', () => {
    const r = parseProductCsv('Name,Nom du produit,price,category,image\nOld,Chemise,1,X,a.jpg\n', {
      columns: { title: 'Nom du produit' },
    });
    expect(r.listings[0]!.title).toBe('Chemise');
    expect(r.warnings.map((w) => [w.code, w.columnName])).toEqual([['duplicate_column', 'Name']]);
  });

  it('reads UTF-16 saved without a byte order mark', () => {
    const text = 'title;price;category;image\r\nThé vert;4,20;Thés;https://x.example/t.jpg\r\n';
    const le = new Uint8Array(text.length * 2);
    [...text].forEach((ch, i) => (le[i * 2] = ch.charCodeAt(0)));
    expect(parseProductCsv(decodeCsvBytes(le)).listings[0]).toMatchObject({ title: 'Thé vert', price: 4.2 });
  });
});

describe('a file that is not text', () => {
  /** The first bytes of a real JPEG (SOI, APP0 JFIF, a quantization table) and then compressed data. */
  const JPEG = Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x48,
    0x00,
    0x48,
    0x00,
    0x00,
    0xff,
    0xdb,
    0x00,
    0x43,
    0x00,
    0x08,
    0x06,
    0x06,
    0x07,
    0x06,
    0x05,
    0x08,
    0x07,
    0x07,
    0x07,
    0x09,
    ...Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256),
    0xff,
    0xd9,
  ]);
  /** An .xlsx (a zip) renamed .csv: local file header, then deflated XML. */
  const XLSX = Uint8Array.from([
    0x50,
    0x4b,
    0x03,
    0x04,
    0x14,
    0x00,
    0x06,
    0x00,
    0x08,
    0x00,
    0x00,
    0x00,
    0x21,
    0x00,
    ...new TextEncoder().encode('[Content_Types].xml'),
    ...Array.from({ length: 2000 }, (_, i) => (i * 31 + 7) % 256),
  ]);

  it.each([
    ['a JPEG renamed .csv', JPEG],
    ['an Excel workbook renamed .csv', XLSX],
  ])('%s is one problem, "This file is not a CSV file", not lines of mojibake', (_, bytes) => {
    const r = parseProductCsv(decodeCsvBytes(bytes));
    expect(r.errors).toEqual([
      {
        code: 'not_csv',
        message: 'This file is not a CSV file',
        text: { key: 'notCsv' },
        line: 1,
        column: null,
        columnName: null,
      },
    ]);
    expect(r.listings).toEqual([]);
    expect(formatCsvProblem(r.errors[0]!, 'photo.csv')).toBe('photo.csv:1:1: This file is not a CSV file');
  });

  it('still reads text with a stray control character or two', () => {
    const r = parseProductCsv('title,price,category,image\nShirt\u0001,1,X,a.jpg\n');
    expect(r.errors).toEqual([]);
  });
});

describe('a value over its column limit (core/model/bounds.ts)', () => {
  const long = 'A'.repeat(INDEXED_TEXT_MAX + 1);

  it('is one sentence naming its line and column, not a validation dump', () => {
    const r = parseProductCsv(`title;price;category;image\nShort;1;X;a.jpg\n${long};2;X;b.jpg\n`);
    expect(r.errors).toEqual([
      expect.objectContaining({
        code: 'too_long',
        message: 'This value has 801 characters; at most 800 fit in this column',
        text: { key: 'tooLong', params: { length: 801, max: 800 } },
        line: 3,
        column: 1,
        columnName: 'title',
      }),
    ]);
    expect(locatedEnglish(r.errors[0]!)).toBe(
      'Line 3, column title: This value has 801 characters; at most 800 fit in this column',
    );
    expect(formatCsvProblem(r.errors[0]!, 'p.csv')).toBe(
      'p.csv:3:1: This value has 801 characters; at most 800 fit in this column (column title)',
    );
  });

  it('keeps the key made from a title within its column, so a title of the full length imports', () => {
    const full = 'B'.repeat(INDEXED_TEXT_MAX);
    const r = parseProductCsv(`title,price,category,image\n${full},1,X,a.jpg\n${full}C,1,X,a.jpg\n`);
    // The second title is over the limit by itself; the first, at the limit, is fine and so is its key.
    expect(r.errors.map((e) => [e.code, e.line, e.columnName])).toEqual([['too_long', 3, 'title']]);
    expect(r.listings[0]!.external_id!.length).toBeLessThanOrEqual(INDEXED_TEXT_MAX);
    expect(() => ListingSchema.parse(r.listings[0])).not.toThrow();
  });

  it('names the category, SKU or Shopify title column that is too long', () => {
    const ours = parseProductCsv(`title,price,category,image,sku\nA,1,${long},a.jpg,${long}\n`);
    expect(ours.errors.map((e) => [e.code, e.line, e.columnName])).toEqual([
      ['too_long', 2, 'category'],
      ['too_long', 2, 'sku'],
    ]);
    const shopify = parseProductCsv(`Handle,Title,Variant Price,Variant SKU\nlong-one,${long},10,S1\n`);
    expect(shopify.errors.map((e) => [e.code, e.line, e.columnName])).toEqual([['too_long', 2, 'Title']]);
  });

  it('refuses a stock the database cannot hold, at its cell', () => {
    const r = parseProductCsv('title,price,category,image,stock\nA,1,X,a.jpg,99999999999\n');
    expect(r.errors.map((e) => [e.code, e.line, e.column, e.message])).toEqual([
      [
        'number_out_of_range',
        2,
        5,
        'The number "99999999999" is out of range: it must be between -2147483648 and 2147483647',
      ],
    ]);
  });
});
