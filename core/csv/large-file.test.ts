import { describe, expect, it } from 'vitest';
import { parseProductCsv } from './index.ts';

/**
 * DESIGN §13: 10,000 rows validated and stored within 5 s. Timing belongs to `npm run bench`; this test
 * checks that a file of that size comes back whole and that positions stay exact deep into it.
 */
function generate(rows: number): { text: string; lineOfRow: number[] } {
  const lines = [
    'title,description,price,category,image,sku,stock,variation_title,variation_values,variation_prices',
  ];
  const lineOfRow: number[] = [];
  let line = 2;
  for (let i = 0; i < rows; i++) {
    lineOfRow.push(line);
    // Every 100th product has a two-line description, shifting every later line number by one.
    const description = i % 100 === 0 ? `"Product ${i}\nsecond line, with a comma"` : `Product ${i}`;
    const variations = i % 10 === 0 ? `Size,S;M;L,$${i % 50}.00;;${(i % 50) + 1}.50` : ',,';
    const image =
      i % 3 === 0 ? `img-${i}.jpg` : `https://cdn.example.com/${i}.jpg;https://cdn.example.com/${i}-b.jpg`;
    lines.push(
      `Product ${i},${description},${(i % 1000) + 0.99},Cat ${i % 25},${image},SKU-${i},${i % 7},${variations}`,
    );
    line += i % 100 === 0 ? 2 : 1;
  }
  return { text: lines.join('\r\n'), lineOfRow };
}

describe('a 10,000-row file', () => {
  const { text, lineOfRow } = generate(10_000);

  it('reads every product once with its fields', () => {
    const r = parseProductCsv(text);
    expect(r.errors).toEqual([]);
    expect(r.rowCount).toBe(10_000);
    expect(r.listings).toHaveLength(10_000);
    expect(new Set(r.listings.map((l) => l.external_id)).size).toBe(10_000);
    expect(r.localImages).toHaveLength(3334);
    expect(r.localImages[1]).toBe('img-3.jpg');
    expect(r.listings.reduce((n, l) => n + (l.variations?.length ?? 0), 0)).toBe(3000);
    expect(r.listings[9_990]).toMatchObject({
      title: 'Product 9990',
      price: 990.99,
      category: 'Cat 15',
      sku: 'SKU-9990',
      stock: 1,
      main_image: 'img-9990.jpg',
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    });
    expect(r.listings[9_990].variations?.map((v) => v.price)).toEqual([40, 990.99, 41.5]);
    expect(r.listings[9_900].description).toBe('Product 9900\nsecond line, with a comma');
    expect(r.listings[9_998].images).toEqual([
      { original: 'https://cdn.example.com/9998.jpg' },
      { original: 'https://cdn.example.com/9998-b.jpg' },
    ]);
  });

  it('points at the right line near the end and still finds a duplicate far from its first', () => {
    // Records are joined by CRLF and multi-line cells use LF, so this splits records, not lines.
    const lines = text.split('\r\n');
    const at = 9_876 + 1;
    lines[at] = lines[at].replace('Product 9876,Product 9876,876.99', 'Product 9876,Product 9876,oops');
    const copyOfFirst = lines[1 + 1];
    lines.push(copyOfFirst);
    const r = parseProductCsv(lines.join('\r\n'));
    expect(r.errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['duplicate_title', lineOfRow[9_999] + 1, 1],
      ['invalid_price', lineOfRow[9_876], 3],
    ]);
    // Row 9876 follows the header and 99 two-line rows (0, 100, ..., 9800).
    expect(lineOfRow[9_876]).toBe(9_876 + 2 + 99);
    expect(r.errors[0].hint).toBe('first on line 4');
  });
});
