import { describe, expect, it } from 'vitest';
import { ProductSchema, type ListingInput } from '../model/index.ts';
import { productsDiffer, refreshProduct } from './synchronize.ts';

const onPage = ProductSchema.parse({
  id: 'listing-1',
  source: 'shopify',
  title: 'Linen shirt',
  description: '<p>Old text</p>',
  price: 40,
  compare_at_price: 50,
  stock: 3,
  main_image: 'https://cdn.example/a.jpg',
  compressed_image: '/files/a-compressed.jpg',
  images: [
    { original: 'https://cdn.example/a.jpg', compressed: '/files/a-c.jpg' },
    { original: 'https://cdn.example/b.jpg', hide: true },
  ],
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variations: [
    { id: 'v1', title: 'S', price: 40, image: 'https://cdn.example/s.jpg', options: ['S'] },
    { id: 'v2', title: 'M', price: 42, options: ['M'] },
  ],
});

const inStore: ListingInput = {
  source: 'shopify',
  external_id: 'gid://shopify/Product/1',
  title: 'Linen shirt, relaxed',
  description: '<p>New text</p>',
  price: 35,
  compare_at_price: 45,
  stock: 9,
  main_image: 'https://cdn.example/c.jpg',
  images: [{ original: 'https://cdn.example/c.jpg' }, { original: 'https://cdn.example/b.jpg' }],
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  variations: [
    { id: 'v1', title: 'S', price: 35, image: 'https://cdn.example/s2.jpg', options: ['S'] },
    { id: 'v2', title: 'M', price: 37, options: ['M'] },
    { id: 'v3', title: 'L', price: 39, options: ['L'] },
  ],
};

describe('refreshProduct (SPEC §4 Synchronize)', () => {
  it('prices: product and variation prices only', () => {
    const p = refreshProduct(onPage, inStore, ['prices']);
    expect([p.price, p.compare_at_price, p.title, p.stock, p.main_image]).toEqual([
      35,
      45,
      'Linen shirt',
      3,
      'https://cdn.example/a.jpg',
    ]);
    expect(p.variations.map((v) => [v.id, v.price, v.image])).toEqual([
      ['v1', 35, 'https://cdn.example/s.jpg'],
      ['v2', 37, null],
    ]);
    expect(p.id).toBe('listing-1');
  });

  it('images: new pictures, the hidden one stays hidden, derived copies of a changed main picture dropped', () => {
    const p = refreshProduct(onPage, inStore, ['images']);
    expect(p.main_image).toBe('https://cdn.example/c.jpg');
    expect(p.compressed_image).toBeNull();
    expect(p.images.map((i) => [i.original, i.hide])).toEqual([
      ['https://cdn.example/c.jpg', false],
      ['https://cdn.example/b.jpg', true],
    ]);
    expect(p.variations.map((v) => v.image)).toEqual(['https://cdn.example/s2.jpg', null]);
    expect(p.price).toBe(40);
  });

  it('information: texts, stock, options and the variation list, keeping the page prices and pictures', () => {
    const p = refreshProduct(onPage, inStore, ['information']);
    expect([p.title, p.description, p.stock, p.price]).toEqual([
      'Linen shirt, relaxed',
      '<p>New text</p>',
      9,
      40,
    ]);
    expect(p.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(p.variations.map((v) => [v.id, v.price, v.image])).toEqual([
      ['v1', 40, 'https://cdn.example/s.jpg'],
      ['v2', 42, null],
      ['v3', 39, null],
    ]);
  });

  it('all three kinds give the store product, with the page id and source', () => {
    const p = refreshProduct(onPage, inStore, ['images', 'prices', 'information']);
    expect(p.variations.map((v) => [v.price, v.image])).toEqual([
      [35, 'https://cdn.example/s2.jpg'],
      [37, null],
      [39, null],
    ]);
    expect([p.id, p.source, p.title, p.price]).toEqual(['listing-1', 'shopify', 'Linen shirt, relaxed', 35]);
    expect(productsDiffer(p, onPage)).toBe(true);
    expect(productsDiffer(refreshProduct(p, inStore, ['prices']), p)).toBe(false);
  });
});
