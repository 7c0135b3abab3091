import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseProductCsv, toCsv } from './index.ts';
import type { ListingInput } from './model-types.ts';
import { titleKey } from './values.ts';

const csvish = fc
  .array(
    fc.oneof(
      fc.constantFrom(',', ';', '"', '""', '\n', '\r\n', '\r', '\t', ' ', '\uFEFF', '$', '-', '.', '/'),
      fc.constantFrom(
        'title',
        'price',
        'category',
        'image',
        'Handle',
        'Variant Price',
        'Name',
        'Regular price',
        'Type',
        'Parent',
      ),
      fc.constantFrom(
        'variation_values',
        'variation_prices',
        'variable',
        'variation',
        'id:1',
        'https://x.example/a.jpg',
      ),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 80 },
  )
  .map((parts) => parts.join(''));

describe('parseProductCsv, whatever the input', () => {
  it('never throws, and every problem has a line inside the file and a SPEC-first order', () => {
    fc.assert(
      fc.property(fc.oneof(csvish, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
        const r = parseProductCsv(text);
        const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).length;
        for (const p of [...r.errors, ...r.warnings]) {
          expect(p.line).toBeGreaterThanOrEqual(1);
          expect(p.line).toBeLessThanOrEqual(lines);
          expect(p.message.length).toBeGreaterThan(0);
        }
        const spec = r.errors.findIndex((e) =>
          ['not_enough_lines', 'missing_columns', 'duplicate_title'].includes(e.code),
        );
        if (spec !== -1) expect(spec).toBe(0);
      }),
      { numRuns: 500 },
    );
    // 500 runs take about 5 s on a loaded 2-core machine: vitest's default 5 s would fail it for the load alone.
  }, 60_000);
});

/** Printable text with the characters CSV has to quote, but no ';' (the list separator of SPEC §5). */
const cellText = fc
  .string({ unit: fc.constantFrom(...'abcXYZ 019,"\n\'=+-@éü&<>'.split('')), minLength: 1, maxLength: 12 })
  .map((s) => s.trim())
  .filter((s) => s !== '');
const noSlash = cellText.map((s) => s.replace(/\//g, '')).filter((s) => s !== '');
const money = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100);

const listingArb = fc.record({
  title: cellText,
  description: fc.option(cellText, { nil: undefined }),
  price: money,
  category: fc.option(cellText, { nil: null }),
  sku: fc.option(cellText, { nil: null }),
  stock: fc.option(fc.integer({ min: -100, max: 1_000_000 }), { nil: null }),
  images: fc.uniqueArray(
    fc.oneof(
      fc.stringMatching(/^[a-z0-9]{1,8}$/).map((s) => `https://cdn.example.com/${s}.jpg`),
      fc.stringMatching(/^[a-z0-9]{1,8}$/).map((s) => `${s}.png`),
    ),
    { maxLength: 4 },
  ),
  option: fc.option(
    fc.record({
      name: noSlash,
      values: fc.uniqueArray(noSlash, { minLength: 1, maxLength: 4, selector: (v) => v }),
      prices: fc.array(money, { minLength: 4, maxLength: 4 }),
    }),
    { nil: null },
  ),
});

type GeneratedListing = typeof listingArb extends fc.Arbitrary<infer T> ? T : never;

function toListing(g: GeneratedListing): ListingInput {
  const l: ListingInput = {
    title: g.title,
    price: g.price,
    category: g.category,
    sku: g.sku,
    stock: g.stock,
    main_image: g.images[0] ?? null,
    images: g.images.map((original) => ({ original })),
  };
  if (g.description) l.description = g.description;
  if (g.option) {
    l.options = [{ name: g.option.name, values: g.option.values }];
    l.variations = g.option.values.map((v, i) => ({ title: v, price: g.option!.prices[i], options: [v] }));
  }
  return l;
}

describe('valid product rows', () => {
  it('come back once each with their fields (through toCsv)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(listingArb, { maxLength: 15, selector: (g) => titleKey(g.title) }),
        (generated) => {
          const listings = generated.map(toListing);
          const r = parseProductCsv(toCsv(listings));
          expect(r.errors).toEqual(
            listings.length === 0 ? [expect.objectContaining({ code: 'not_enough_lines' })] : [],
          );
          expect(r.listings).toHaveLength(listings.length);
          r.listings.forEach((got, i) => {
            const want = listings[i];
            expect(got.title).toBe(want.title);
            expect(got.external_id).toBe(`csv:${titleKey(want.title!)}`);
            expect(got.description ?? '').toBe(want.description ?? '');
            expect(got.price).toBe(want.price);
            expect(got.category).toBe(want.category);
            expect(got.sku).toBe(want.sku);
            expect(got.images).toEqual(want.images);
            expect(got.options ?? []).toEqual(want.options ?? []);
            expect((got.variations ?? []).map((v) => [v.title, v.price, v.options])).toEqual(
              (want.variations ?? []).map((v) => [v.title, v.price, v.options]),
            );
            const stock = want.variations?.length ? (want.stock ?? null) : want.stock;
            expect(got.stock ?? null).toBe(stock);
          });
          const local = listings
            .flatMap((l) => l.images!.map((i) => i.original))
            .filter((s) => !s.startsWith('https://'));
          expect(r.localImages).toEqual([...new Set(local)]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('come back once each when written by hand with price marks like "$12.50" and "12,50 €"', () => {
    const formats = [
      (p: number) => `$${p.toFixed(2)}`,
      (p: number) => `${p.toFixed(2).replace('.', ',')} €`,
      (p: number) => `${p}`,
    ];
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            // A leading "'" before a formula character is the spreadsheet escape, read as such.
            title: cellText.filter((t) => !/^'+[=+\-@]/.test(t)),
            price: money,
            format: fc.integer({ min: 0, max: 2 }),
          }),
          {
            minLength: 1,
            maxLength: 20,
            selector: (g) => titleKey(g.title),
          },
        ),
        (rows) => {
          const text = Papa.unparse({
            fields: ['Title', 'Price', 'Category', 'Image'],
            data: rows.map((g) => [g.title, formats[g.format](g.price), 'Cat', 'a.jpg']),
          });
          const r = parseProductCsv(text);
          expect(r.errors).toEqual([]);
          expect(r.listings.map((l) => [l.title, l.price])).toEqual(rows.map((g) => [g.title, g.price]));
        },
      ),
      { numRuns: 200 },
    );
  });
});
