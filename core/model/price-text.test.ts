import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePrice } from '../csv/values.ts';
import { parseLegacyPrice } from '../migrations/legacy-values.ts';
import { parsePriceText } from './price-text.ts';
import { ListingSchema, PriceSchema, VariationSchema } from './product.ts';

describe('parsePriceText', () => {
  it.each([
    ['12.50', 12.5],
    ['3,50', 3.5],
    ['12,50 €', 12.5],
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    ['$1,234.50', 1234.5],
    ['1.234,50 €', 1234.5],
    ['USD 1,299.00', 1299],
    ['1.234.567', 1234567],
    ['1,234,567.8', 1234567.8],
    ['1 299,99', 1299.99],
    ['1\u00a0299,99\u00a0€', 1299.99],
    ['1\u202f234,5', 1234.5],
    ["1'234.50", 1234.5],
    ['CHF 1’234.50', 1234.5],
    ['.5', 0.5],
    ['12.', 12],
    ['7', 7],
    // One separator before exactly three digits groups thousands, for "," and "." alike...
    ['1,234', 1234],
    ['1.234', 1234],
    ['999.000', 999000],
    // ...but not after a leading 0 or more than three digits, nor before two or four digits.
    ['0.125', 0.125],
    ['1234.567', 1234.567],
    ['12,5', 12.5],
    ['1.2340', 1.234],
    ['-3.20', -3.2],
    ['$-5.00', -5],
    ['-$5', -5],
    ['(12.50)', -12.5],
  ])('%j reads as %j', (text, value) => {
    expect(parsePriceText(text)?.value).toBe(value);
  });

  it.each([
    '',
    ' ',
    'free',
    'N/A',
    '12.50.30,1,2',
    '1,2,3',
    '12 50',
    '1.23.456',
    '1,234,56',
    '12,345.6.7',
    '$$$$12',
    '--5',
    '.',
  ])('%j is not a price', (text) => {
    expect(parsePriceText(text)).toBeNull();
  });

  it('reads the currency from a code or an unambiguous symbol, never from $', () => {
    expect(parsePriceText('12,50 €')).toEqual({ value: 12.5, currency: 'EUR' });
    expect(parsePriceText('EUR 7')).toEqual({ value: 7, currency: 'EUR' });
    expect(parsePriceText('$7')).toEqual({ value: 7, currency: null });
  });

  it('reads back every amount Intl writes in English, German, French and Spanish, with and without the sign', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.constantFrom('en', 'de', 'fr', 'es', 'it', 'nl'),
        fc.constantFrom('EUR', 'USD', 'GBP'),
        (cents, locale, currency) => {
          const value = cents / 100;
          const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(value);
          const full = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
          expect(parsePriceText(plain)?.value).toBe(value);
          expect(parsePriceText(full)?.value).toBe(value);
        },
      ),
    );
  });
});

describe('one reading of price text everywhere', () => {
  const samples = ['3,50', '12,50 €', '1.234,50', '$1,234.50', '1,234', '1.234', '0.125', 'free', '12 50'];

  it('PriceSchema reads "3,50" as 3.5, "12,50 €" as 12.5 and "1.234,50" as 1234.5', () => {
    expect(PriceSchema.parse('3,50')).toBe(3.5);
    expect(PriceSchema.parse('12,50 €')).toBe(12.5);
    expect(PriceSchema.parse('1.234,50')).toBe(1234.5);
    expect(PriceSchema.parse('free')).toBeNull();
    expect(PriceSchema.parse('')).toBeNull();
    expect(PriceSchema.parse(4.2)).toBe(4.2);
    const listing = ListingSchema.parse({ title: 'Mug', price: '12,50 €', compare_at_price: '1.234,50' });
    expect([listing.price, listing.compare_at_price]).toEqual([12.5, 1234.5]);
    expect(VariationSchema.parse({ price: '3,50' }).price).toBe(3.5);
  });

  it.each(samples)('the model, the v0→v1 migration and the CSV import agree on %j', (text) => {
    const model = PriceSchema.parse(text);
    expect(parseLegacyPrice(text)).toBe(model);
    const csv = parsePrice(text);
    expect(csv.ok ? csv.value : null).toBe(model);
  });
});
