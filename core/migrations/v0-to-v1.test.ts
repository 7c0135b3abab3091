import { describe, expect, it } from 'vitest';
import { getDefaultLayout } from '../layouts/index.ts';
import { isProductElement, type Catalog, type ProductElement } from '../model/index.ts';
import { migrateCatalog, v0ToV1 } from './index.ts';

/** A catalog as the previous product stored it: no schemaVersion, Mongo ids, text numbers, `variants`. */
const legacy = () => ({
  _id: { $oid: '5a1b2c3d4e5f601234567890' },
  title: 'Spring 2017',
  featured: 'false',
  version: '3',
  __v: 4,
  created_at: { $date: '2017-03-01T10:00:00.000Z' },
  settings: { nbProductsPage: '4', reorganize_automatically: 'true', showDescription: 'maybe' },
  pages: [
    {
      layout: {
        _id: 'cover-1',
        type: 'front_cover',
        cells: [{ x: '0', y: '0', width: '1', height: '0.7', accepts: ['image/*'] }],
      },
      elements: [{ type: 'image', properties: { src: 'https://cdn.example.com/cover.jpg' } }],
      header: '<p>Spring</p>',
      showHeadersFooters: 'false',
    },
    {
      _id: { $oid: 'page0000000000000000000b' },
      kind: 'products',
      layout: 'default-products-2',
      elements: [
        {
          _id: 'el1',
          type: 'product',
          size: '80',
          position: { xpos: '40', ypos: 50 },
          properties: {
            id: 1234,
            title: 'Linen shirt',
            price: '$1,234.50',
            compare_at_price: '39,90',
            stock: '12',
            sku: 5012,
            status: 'active',
            images: ['a.jpg', null, { src: 'b.jpg' }],
            variants: [
              { id: 11, title: 'S', sku: 'LS-S', price: '29.00', inventory_quantity: 4, option1: 'S' },
              { id: 12, sku: 'LS-M', price: '31', option1: 'M', option2: 'Blue' },
            ],
          },
        },
        null,
      ],
      headerElements: [{ properties: { html: 'Left' } }, 'Centre'],
      footer: { html: '<p>PAGE_NUMBER</p>' },
    },
    {
      id: 'dup',
      layout: { type: 'Products', cells: [{ accepts: ['application/product'] }] },
      elements: [
        {
          id: 'el1',
          type: 'product',
          properties: {
            title: 'Hat',
            status: 'publish',
            variations: [
              {
                title: 'Size',
                options: [
                  { id: 'h1', title: 'S', price: '10' },
                  { id: 'h2', title: 'L' },
                ],
              },
            ],
          },
        },
      ],
    },
    {
      id: 'dup',
      layout: { type: 'wholesale contract' },
      elements: [{ type: 'gadget', properties: { x: 1 } }],
    },
  ],
});

const product = (c: Catalog, page: number, element = 0): ProductElement => {
  const e = c.pages[page]!.elements[element];
  if (!isProductElement(e)) throw new Error(`no product at ${page}/${element}`);
  return e;
};

describe('migration from version 0', () => {
  it('reads catalog fields stored as text and Mongo values', () => {
    const c = migrateCatalog(legacy());
    expect(c.schemaVersion).toBe(1);
    expect(c._id).toBe('5a1b2c3d4e5f601234567890');
    expect(c.featured).toBe(false);
    expect(c.version).toBe(3);
    expect(c.created_at).toBe('2017-03-01T10:00:00.000Z');
    expect(c.settings.nbProductsPage).toBe(4);
    expect(c.settings.reorganize_automatically).toBe(true);
    expect(c.settings.showDescription).toBe(false);
  });

  it('gives pages and elements ids: kept, taken from _id, derived from their position, or made unique', () => {
    const c = migrateCatalog(legacy());
    expect(c.pages.map((p) => p.id)).toEqual([
      '5a1b2c3d4e5f601234567890-page-1',
      'page0000000000000000000b',
      'dup',
      'dup-2',
    ]);
    expect(c.pages.map((p) => p.elements.map((e) => e.id))).toEqual([
      ['5a1b2c3d4e5f601234567890-page-1-el-1'],
      ['el1', 'page0000000000000000000b-el-2'],
      ['el1-2'],
      ['dup-2-el-1'],
    ]);
  });

  it('reads layouts referenced by id or with old type names, and derives the page kind', () => {
    const c = migrateCatalog(legacy());
    expect(c.pages.map((p) => [p.layout.type, p.kind])).toEqual([
      ['front cover', 'product'],
      ['products', 'product'],
      ['products', 'product'],
      ['wholesale-contract', 'wholesale_contract'],
    ]);
    expect(c.pages[1]!.layout).toEqual(getDefaultLayout('products', 2));
    expect(c.pages[0]!.layout.cells[0]).toMatchObject({ x: 0, y: 0, width: 1, height: 0.7 });
  });

  it('moves legacy variants to variations with numeric prices and option values', () => {
    const shirt = product(migrateCatalog(legacy()), 1);
    expect(shirt.properties).toMatchObject({
      id: '1234',
      title: 'Linen shirt',
      price: 1234.5,
      compare_at_price: 39.9,
      stock: 12,
      sku: '5012',
      status: 'ACTIVE',
      images: [
        { original: 'a.jpg', compressed: null, thumbnail: null, hide: false },
        { original: 'b.jpg', compressed: null, thumbnail: null, hide: false },
      ],
    });
    expect(
      shirt.properties.variations.map((v) => [v.id, v.title, v.sku, v.price, v.stock, v.options]),
    ).toEqual([
      ['11', 'S', 'LS-S', 29, 4, ['S']],
      ['12', 'M / Blue', 'LS-M', 31, null, ['M', 'Blue']],
    ]);
    // Moved, not copied: the legacy records do not stay behind as the store's raw variants.
    expect(shirt.properties.variants).toEqual([]);
    expect(shirt.size).toBe(80);
    expect(shirt.position).toEqual({ xpos: 40, ypos: 50 });
  });

  it('flattens variations grouped by option and names the option on the product', () => {
    const hat = product(migrateCatalog(legacy()), 2);
    expect(hat.properties.id).toBe('el1-2');
    expect(hat.properties.status).toBe('ACTIVE');
    expect(hat.properties.variations.map((v) => [v.id, v.title, v.price, v.options])).toEqual([
      ['h1', 'S', 10, ['S']],
      ['h2', 'L', null, ['L']],
    ]);
    expect(hat.properties.options).toEqual([{ name: 'Size', values: ['S', 'L'] }]);
  });

  it('reads headers stored as HTML, slots stored as elements, and old element type names', () => {
    const c = migrateCatalog(legacy());
    expect(c.pages[0]!.header.properties.html).toBe('<p>Spring</p>');
    expect(c.pages[0]!.showHeadersFooters).toBe(false);
    expect(c.pages[1]!.footer.properties.html).toBe('<p>PAGE_NUMBER</p>');
    expect(c.pages[1]!.headerElements).toEqual(['Left', 'Centre', '']);
    expect(c.pages[0]!.elements[0]).toMatchObject({
      type: 'image/jpeg',
      properties: { src: 'https://cdn.example.com/cover.jpg' },
    });
    expect(c.pages[1]!.elements[1]).toMatchObject({ type: 'application/void', properties: {} });
    expect(c.pages[3]!.elements[0]).toMatchObject({ type: 'application/void', properties: { x: 1 } });
  });

  it('is deterministic and leaves documents already in shape alone', () => {
    expect(migrateCatalog(legacy())).toEqual(migrateCatalog(legacy()));
    const tidy = {
      _id: 'c1',
      title: 'T',
      pages: [{ id: 'p1', elements: [{ id: 'e1', type: 'application/void', properties: {} }] }],
    };
    const up = v0ToV1.up(structuredClone(tidy));
    expect(up).toMatchObject({ _id: 'c1', title: 'T', settings: {} });
    expect((up.pages as { id: string; elements: { id: string }[] }[])[0]).toMatchObject({
      id: 'p1',
      elements: [{ id: 'e1', type: 'application/void', properties: {} }],
    });
  });
});
