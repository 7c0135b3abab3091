import { describe, expect, it } from 'vitest';
import { finishListing, mapProducts, salePrices, tierPricesMetafield } from './listing.ts';

describe('mapping rules shared by the adapters', () => {
  it('keeps a sale as price, regular, compare-at and sale prices', () => {
    expect(salePrices(10, 8)).toEqual({ price: 8, original_price: 10, compare_at_price: 10, sale_price: 8 });
    expect(salePrices(10, null, 12)).toEqual({
      price: 10,
      original_price: 10,
      compare_at_price: 12,
      sale_price: null,
    });
    // A "sale" above the regular price is no sale.
    expect(salePrices(10, 11).price).toBe(10);
  });

  it('makes an untitled or negatively priced product a failure, without stopping the others', () => {
    const page = mapProducts(
      [
        { id: 1, title: 'Tee', price: 5 },
        { id: 2, title: '  ', price: 5 },
        { id: 3, title: 'Mug', price: -1 },
      ],
      (p) => finishListing({ title: p.title, price: p.price }, { external_id: String(p.id), source: 'test' }),
      (p) => ({ id: p.id, title: p.title }),
    );
    expect(page.listings.map((l) => l.external_id)).toEqual(['1']);
    expect(page.failures).toEqual([
      { external_id: '2', title: '  ', error: 'The product title is empty' },
      { external_id: '3', title: 'Mug', error: 'price: The price "-1" is negative' },
    ]);
  });

  it('keeps tier prices as one json metafield, by quantity', () => {
    expect(
      tierPricesMetafield([
        { min_quantity: 4, price: 8 },
        { min_quantity: 2, price: 9 },
      ]),
    ).toMatchObject({
      namespace: 'pricing',
      key: 'tier_prices',
      type: 'json',
      value: '[{"min_quantity":2,"price":9},{"min_quantity":4,"price":8}]',
    });
    expect(tierPricesMetafield([])).toBeNull();
  });
});
