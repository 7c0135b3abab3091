import { describe, expect, it } from 'vitest';
import { CatalogSchema, isProductElement, type Catalog } from '../model/index.ts';
import { adjustPrices, convertPrices, scalePrice, setCaptionTemplate } from './index.ts';

const product = (id: string, price: number | null, currency = 'USD') => ({
  id: `el-${id}`,
  type: 'application/product',
  properties: {
    id,
    title: id,
    price,
    compare_at_price: price === null ? null : price * 2,
    iso_currency_code: currency,
    variations: [{ id: `${id}-v`, price: price === null ? null : price + 1 }],
  },
});

const catalog = (): Catalog =>
  CatalogSchema.parse({
    _id: 'c',
    title: 'C',
    pages: [
      { id: 'p1', elements: [product('a', 19.99), product('b', null)] },
      {
        id: 'p2',
        elements: [product('c', 10, 'EUR'), { id: 'txt', type: 'text/html', properties: { html: 'x' } }],
      },
    ],
  });

const prices = (c: Catalog) =>
  c.pages.flatMap((p) =>
    p.elements.filter(isProductElement).map((e) => ({
      price: e.properties.price,
      compare: e.properties.compare_at_price,
      variation: e.properties.variations[0]?.price ?? null,
      currency: e.properties.iso_currency_code,
    })),
  );

describe('bulk price tools (SPEC §5: bulk price reduction rounds to 2 decimals)', () => {
  it('rounds a scaled price to 2 decimals', () => {
    expect(scalePrice(19.99, 0.85)).toBe(16.99);
    expect(scalePrice(1.005, 1)).toBe(1.01);
    expect(scalePrice(null, 2)).toBeNull();
  });

  it('reduces every selling price by a percentage and leaves compare-at prices, in one command', () => {
    const before = catalog();
    const done = adjustPrices(before, { percent: -15 });
    expect(done.count).toBe(2);
    expect(prices(done.catalog)).toEqual([
      { price: 16.99, compare: 39.98, variation: 17.84, currency: 'USD' },
      { price: null, compare: null, variation: null, currency: 'USD' },
      { price: 8.5, compare: 20, variation: 9.35, currency: 'EUR' },
    ]);
    // The text element and the first catalog are left as they were.
    expect(done.catalog.pages[1]!.elements[1]).toBe(before.pages[1]!.elements[1]);
    expect(prices(before)[0]!.price).toBe(19.99);
  });

  it('raises prices, and refuses nonsense percentages by changing nothing', () => {
    expect(prices(adjustPrices(catalog(), { percent: 10 }).catalog)[0]!.price).toBe(21.99);
    const c = catalog();
    expect(adjustPrices(c, { percent: -100 }).catalog).toBe(c);
    expect(adjustPrices(c, { percent: Number.NaN }).catalog).toBe(c);
    expect(adjustPrices(c, { percent: 0 }).catalog).toBe(c);
  });

  it('converts the prices of products in one currency to another, every price field, rounded', () => {
    const done = convertPrices(catalog(), { from: 'usd', to: 'EUR', rate: 0.9259 });
    expect(done.count).toBe(2);
    expect(prices(done.catalog)).toEqual([
      { price: 18.51, compare: 37.02, variation: 19.43, currency: 'EUR' },
      { price: null, compare: null, variation: null, currency: 'EUR' },
      { price: 10, compare: 20, variation: 11, currency: 'EUR' },
    ]);
    const c = catalog();
    expect(convertPrices(c, { from: 'USD', to: 'USD', rate: 1 }).catalog).toBe(c);
    expect(convertPrices(c, { from: 'USD', to: 'EUR', rate: 0 }).catalog).toBe(c);
  });
});

describe('a product’s own templates', () => {
  it('sets the description template of one element, and null goes back to the catalog’s', () => {
    const c = catalog();
    const set = setCaptionTemplate(c, {
      pageIndex: 0,
      elementIndex: 0,
      template: '<p>[SKU]</p>',
      which: 'description',
    });
    const el = set.catalog.pages[0]!.elements[0]!;
    expect(isProductElement(el) && el.description_template).toBe('<p>[SKU]</p>');
    expect(isProductElement(el) && el.price_template).toBeNull();
    const back = setCaptionTemplate(set.catalog, {
      pageIndex: 0,
      elementIndex: 0,
      template: null,
      which: 'description',
    });
    const again = back.catalog.pages[0]!.elements[0]!;
    expect(isProductElement(again) && again.description_template).toBeNull();
  });
});
