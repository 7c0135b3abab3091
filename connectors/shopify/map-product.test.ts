import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../core/captions/index.ts';
import { ProductSchema } from '../../core/model/index.ts';
import { assembleBulkProducts } from './bulk.ts';
import { mapProduct, productGid, restToProductNode, type RestProduct } from './map-product.ts';
import { readExtdataJson } from '../../scripts/testing/extdata.ts';

const restFixture = readExtdataJson<{ products: Record<string, any>[] }>(
  'shopify-admin-rest-2026-07-products.json',
);
const pythonFixture = readExtdataJson<{ product: Record<string, any> }>(
  'shopify-python-api-fixture-product.json',
);

const SHOP = 'ipods.myshopify.com';

describe('REST products (webhook payloads) to listings', () => {
  it('maps the 2026-07 REST fixture, keeping barcodes such as "1234_pink" as typed', () => {
    const [nano, touch] = (restFixture.products as RestProduct[]).map((p) =>
      mapProduct(restToProductNode(p, { shop: SHOP }), { currency: 'USD' }),
    );
    expect(nano).toMatchObject({
      external_id: 'gid://shopify/Product/632910392',
      title: 'IPod Nano - 8GB',
      url: 'https://ipods.myshopify.com/products/ipod-nano',
      online: true,
      price: 199,
      stock: 100,
      options: [{ name: 'Color', values: ['Pink', 'Red', 'Green', 'Black'] }],
      metafields: [],
      collections: undefined,
    });
    expect(nano.variations!.map((v) => v.barcode)).toEqual([
      '1234_pink',
      '1234_red',
      '1234_green',
      '1234_black',
    ]);
    expect(nano.variations![0]!.image).toBe(
      'https://cdn.shopify.com/s/files/1/0005/4838/0009/products/ipod-nano-2.png?v=1735835399',
    );
    expect(touch).toMatchObject({
      title: 'IPod Touch 8GB',
      price: 199,
      stock: 13,
      images: [],
      main_image: null,
    });

    // The mapped listing renders with a barcode caption: an invalid EAN draws its mark, nothing throws.
    const logs: string[] = [];
    const product = ProductSchema.parse({ ...nano, id: nano.external_id, barcode: '1234_pink' });
    const html = renderTemplate('[TITLE] [BARCODE_EAN13]', product, {
      language: 'en',
      log: (m) => logs.push(m),
    });
    expect(html).toContain('IPod Nano - 8GB');
  });

  it('maps the older REST shape (options without values) from the Python API fixture', () => {
    const listing = mapProduct(restToProductNode(pythonFixture.product as RestProduct, { shop: SHOP }));
    expect(listing).toMatchObject({
      external_id: 'gid://shopify/Product/632910392',
      options: [{ name: 'Title', values: ['Pink', 'Red', 'Green', 'Black'] }],
      price: 199,
      stock: 100,
      main_image: 'http://static.shopify.com/s/files/1/6909/3384/products/ipod-nano.png?0',
    });
    expect(listing.variations!.map((v) => [v.id, v.sku, v.options])).toEqual([
      ['gid://shopify/ProductVariant/808950810', 'IPOD2008PINK', ['Pink']],
      ['gid://shopify/ProductVariant/49148385', 'IPOD2008RED', ['Red']],
      ['gid://shopify/ProductVariant/39072856', 'IPOD2008GREEN', ['Green']],
      ['gid://shopify/ProductVariant/457924702', 'IPOD2008BLACK', ['Black']],
    ]);
  });

  it("maps a plain product, a draft and Shopify's UNLISTED status", () => {
    const node = restToProductNode(
      {
        id: 7,
        title: 'Gift card',
        status: 'draft',
        published_at: null,
        handle: 'gift-card',
        options: [{ name: 'Title', values: ['Default Title'] }],
        variants: [
          {
            id: 70,
            title: 'Default Title',
            option1: 'Default Title',
            price: '25.00',
            sku: 'GC',
            barcode: '4006381333931',
            inventory_quantity: 3,
          },
        ],
      },
      { shop: SHOP },
    );
    expect(mapProduct(node)).toMatchObject({
      external_id: 'gid://shopify/Product/7',
      status: 'DRAFT',
      online: false,
      url: null,
      price: 25,
      sku: 'GC',
      barcode: '4006381333931',
      stock: 3,
      variations: [],
      options: [],
    });
    expect(mapProduct({ ...node, status: 'UNLISTED', onlineStoreUrl: 'https://x.example/p' })).toMatchObject({
      status: 'ACTIVE',
      online: false,
    });
  });

  it('reads numeric ids and GIDs alike', () => {
    expect(productGid(632910392)).toBe('gid://shopify/Product/632910392');
    expect(productGid('gid://shopify/Product/1')).toBe('gid://shopify/Product/1');
  });
});

describe('bulk JSONL', () => {
  it('rebuilds products from __parentId lines, counting lines it cannot use', async () => {
    const lines = [
      '{"id":"gid://shopify/Product/1","title":"A"}',
      '{"id":"gid://shopify/ProductVariant/11","title":"S","price":"5.00","__parentId":"gid://shopify/Product/1"}',
      'not json',
      '{"id":"gid://shopify/Product/2","title":"B"}',
      '{"id":"gid://shopify/Collection/9","title":"Sale","__parentId":"gid://shopify/Product/2"}',
      '{"id":"gid://shopify/ProductVariant/12","__parentId":"gid://shopify/Product/1"}',
    ];
    const stats = { lines: 0, orphans: 0, invalid: 0 };
    async function* source() {
      yield* lines;
    }
    const products = [];
    for await (const p of assembleBulkProducts(source(), stats)) products.push(p);
    expect(products.map((p) => [p.id, p.variants.length, p.collections!.map((c) => c.id)])).toEqual([
      ['gid://shopify/Product/1', 1, []],
      ['gid://shopify/Product/2', 0, ['gid://shopify/Collection/9']],
    ]);
    expect(stats).toEqual({ lines: 6, orphans: 1, invalid: 1 });
  });
});
