import { describe, expect, it } from 'vitest';
import type { PanelListing } from '../components/listings-panel/index.ts';
import {
  afterDeleteUrl,
  emptyCellTakes,
  nearNowByTarget,
  readZoom,
  savedAgo,
  stepZoom,
  thumbnailSelection,
} from './screen-rules.ts';
import { productFromListing } from './use-editor.ts';

const ids = ['a', 'b', 'c', 'd', 'e'];

describe('thumbnail selection (SPEC §2.2)', () => {
  it('picks one page and goes to it on a plain click', () => {
    expect(thumbnailSelection(ids, ['a', 'b'], 'a', 'c', { toggle: false, range: false })).toEqual({
      selected: ['c'],
      goTo: true,
    });
  });
  it('toggles a page with ctrl or meta, starting from the current page', () => {
    expect(thumbnailSelection(ids, [], 'a', 'c', { toggle: true, range: false })).toEqual({
      selected: ['a', 'c'],
      goTo: false,
    });
    expect(thumbnailSelection(ids, ['a', 'c'], 'a', 'c', { toggle: true, range: false }).selected).toEqual([
      'a',
    ]);
  });
  it('picks the range from the current page with shift, either way', () => {
    expect(thumbnailSelection(ids, [], 'b', 'd', { toggle: false, range: true }).selected).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(thumbnailSelection(ids, [], 'd', 'a', { toggle: false, range: true }).selected).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});

describe('last saved label (SPEC §4 Save)', () => {
  it('counts seconds under a minute, else whole minutes', () => {
    expect(savedAgo(null, 1000)).toBeNull();
    expect(savedAgo(0, 59_000)).toEqual({ unit: 'seconds', count: 59 });
    expect(savedAgo(0, 60_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(savedAgo(0, 150_000)).toEqual({ unit: 'minutes', count: 2 });
  });
});

describe('a listing placed on a page', () => {
  it('becomes a product with the listing id, source and shared fields', () => {
    const listing = {
      id: 'lst-1',
      account_id: 'acc',
      source: 'shopify',
      title: 'Linen Shirt',
      price: 49,
      category: 'Clothing',
      visible: true,
      created_at: '',
      updated_at: '',
    } as unknown as PanelListing;
    const product = productFromListing(listing);
    expect(product).toMatchObject({ id: 'lst-1', source: 'shopify', title: 'Linen Shirt', price: 49 });
    expect(product).not.toHaveProperty('account_id');
  });
});

describe('what an empty cell takes, for its hint (SPEC §5)', () => {
  it('tells products and pictures, products only, pictures only, and text cells apart', () => {
    expect(emptyCellTakes({ accepts: ['application/product', 'image/*'] })).toBe('both');
    expect(emptyCellTakes({ accepts: ['application/product', 'image/png'] })).toBe('both');
    expect(emptyCellTakes({ accepts: ['application/product'] })).toBe('products');
    expect(emptyCellTakes({ accepts: ['image/*'] })).toBe('images');
    expect(emptyCellTakes({ accepts: ['text/html'] })).toBeNull();
  });
});

describe('whether a thumbnail is near view (its page drawn)', () => {
  it('follows the latest entry of each element in one callback of the shared observer', () => {
    const near = nearNowByTarget([
      // Page a went out, then back in before the busy page delivered the first: in view, drawn.
      { target: 'a', isIntersecting: false },
      { target: 'b', isIntersecting: true },
      { target: 'a', isIntersecting: true },
      // Page b came in, then left: not drawn.
      { target: 'b', isIntersecting: false },
      { target: 'c', isIntersecting: true },
    ]);
    expect([...near]).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
    ]);
    expect(nearNowByTarget([]).size).toBe(0);
  });
});

describe('the editor zoom', () => {
  it('steps from a fitted scale to the next step up or down, and stops at the ends', () => {
    // Fit page at 1440 × 900 draws an A4 page at about 58 % of its printed size.
    expect(stepZoom(0.58, 1)).toBe(0.67);
    expect(stepZoom(0.58, -1)).toBe(0.5);
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1.0001, -1)).toBe(0.75);
    expect(stepZoom(3, 1)).toBeNull();
    expect(stepZoom(0.25, -1)).toBeNull();
  });

  it('reads back only a zoom the editor offers', () => {
    expect(readZoom('page')).toBe('page');
    expect(readZoom('width')).toBe('width');
    expect(readZoom('1.25')).toBe(1.25);
    for (const bad of [null, '', 'fit', '12', 'NaN', '0']) expect(readZoom(bad)).toBeNull();
  });
});

describe('after deleting the catalog (SPEC §2.2)', () => {
  it('goes to the back address with the deleted title, keeping its query', () => {
    expect(afterDeleteUrl('/catalogs', 'Spring & Summer')).toBe('/catalogs?deleted=Spring+%26+Summer');
    expect(afterDeleteUrl('/app?shop=a.myshopify.com&host=xyz', 'Lookbook')).toBe(
      '/app?shop=a.myshopify.com&host=xyz&deleted=Lookbook',
    );
  });
});
