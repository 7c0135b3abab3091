import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFakeProduct, addIpods } from '../../scripts/testing/fake-shopify-products.ts';
import { openFakeShopifyShops, type FakeShopifyShops } from '../../scripts/testing/fake-shopify-shops.ts';
import { ConnectorError } from '../types.ts';
import { ShopifyConnector } from './connector.ts';

const TOKEN = 'shpat_connector_test';

let fake: FakeShopifyShops;
beforeAll(async () => {
  fake = await openFakeShopifyShops({ domainPrefix: 'shop', accessToken: TOKEN });
});
afterAll(() => fake?.close());

describe('Shopify connector: connection check', () => {
  it('answers ok with the shop name and currency', async () => {
    const { n, connector } = fake.shop();
    expect(await connector.checkConnection()).toEqual({ ok: true, shopName: `Shop ${n}`, currency: 'EUR' });
  });

  it('reports a refused token and a frozen shop, without throwing', async () => {
    const { domain } = fake.shop();
    const refused = new ShopifyConnector({ shop: domain, accessToken: 'revoked-token' });
    expect(await refused.checkConnection()).toMatchObject({ ok: false, code: 'unauthorized' });
    const { admin, connector } = fake.shop();
    admin.forcedStatuses.push(402);
    expect(await connector.checkConnection()).toMatchObject({ ok: false, code: 'unavailable' });
  });
});

describe('the test server answers as Admin API 2026-04 does', () => {
  it('refuses another API version than the one the product targets', async () => {
    const { domain } = fake.shop();
    const other = new ShopifyConnector({ shop: domain, accessToken: TOKEN, apiVersion: '2025-07' });
    expect(await other.checkConnection()).toMatchObject({ ok: false, code: 'unavailable' });
    expect(fake.shopify.calls.at(-1)!.path).toBe('/admin/api/2025-07/graphql.json');
  });

  it('refuses a connection without first or last, as Shopify does', async () => {
    const { admin } = fake.shop();
    addFakeProduct(admin, { title: 'Tee' });
    expect(admin.answer({ query: '{ products { nodes { id } } }' }).body).toEqual({
      errors: [{ message: 'you must provide one of first or last', path: ['products'] }],
    });
    expect(
      admin.answer({ query: '{ product(id: "x") { id variants { nodes { id } } } }' }).body,
    ).toMatchObject({ errors: [{ path: ['product', 'variants'] }] });
    expect(admin.answer({ query: '{ products(first: 1) { nodes { id } } }' }).body).toMatchObject({
      data: { products: { nodes: [{ id: admin.products[0]!.id }] } },
    });
  });
});

describe('Shopify connector: products', () => {
  it('maps products with variants, options, images, metafields and collections', async () => {
    const { n, admin, domain, connector } = fake.shop();
    const [nano] = addIpods(admin, domain);
    admin.collections.push(
      { id: 'gid://shopify/Collection/11', title: 'Music', handle: 'music', smart: false },
      { id: 'gid://shopify/Collection/12', title: 'Sale', handle: 'sale', smart: true },
    );
    nano!.collections = ['gid://shopify/Collection/11', 'gid://shopify/Collection/12'];
    nano!.metafields = [
      {
        id: 'gid://shopify/Metafield/1',
        namespace: 'custom',
        key: 'material',
        type: 'single_line_text_field',
        value: 'Aluminium',
        description: null,
      },
    ];
    const page = await connector.listProducts();
    expect(page.failures).toEqual([]);
    expect(page.nextCursor).toBeNull();
    expect(page.listings).toHaveLength(2);
    const l = page.listings[0]!;
    expect(l).toMatchObject({
      source: 'shopify',
      external_id: 'gid://shopify/Product/632910392',
      title: 'IPod Nano - 8GB',
      vendor: 'Apple',
      category: 'Cult Products',
      status: 'ACTIVE',
      online: true,
      url: `https://shop-${n}.example/products/ipod-nano`,
      iso_currency_code: 'EUR',
      price: 199,
      stock: 100,
      main_image: 'https://cdn.shopify.com/s/files/1/0005/4838/0009/products/ipod-nano.png?v=1735835399',
      options: [{ name: 'Color', values: ['Pink', 'Red', 'Green', 'Black'] }],
      customfields: [{ key: 'tags', name: 'Tags', value: 'Emotive, Flash Memory, MP3, Music' }],
      metafields: [
        {
          namespace: 'custom',
          key: 'material',
          type: 'single_line_text_field',
          value: 'Aluminium',
          value_type: null,
          description: null,
        },
      ],
      collections: [
        { external_id: 'gid://shopify/Collection/11', title: 'Music' },
        { external_id: 'gid://shopify/Collection/12', title: 'Sale' },
      ],
    });
    // The fixture's third image repeats the first one's file: kept once.
    expect(l.images!.map((i) => i.original)).toEqual([
      'https://cdn.shopify.com/s/files/1/0005/4838/0009/products/ipod-nano.png?v=1735835399',
      'https://cdn.shopify.com/s/files/1/0005/4838/0009/products/ipod-nano-2.png?v=1735835399',
    ]);
    expect(l.variations!.map((v) => [v.id, v.title, v.sku, v.barcode, v.price, v.stock, v.options])).toEqual([
      ['gid://shopify/ProductVariant/808950810', 'Pink', 'IPOD2008PINK', '1234_pink', 199, 10, ['Pink']],
      ['gid://shopify/ProductVariant/49148385', 'Red', 'IPOD2008RED', '1234_red', 199, 20, ['Red']],
      ['gid://shopify/ProductVariant/39072856', 'Green', 'IPOD2008GREEN', '1234_green', 199, 30, ['Green']],
      ['gid://shopify/ProductVariant/457924702', 'Black', 'IPOD2008BLACK', '1234_black', 199, 40, ['Black']],
    ]);
    expect(l.variations![0]!.image).toBe(
      'https://cdn.shopify.com/s/files/1/0005/4838/0009/products/ipod-nano-2.png?v=1735835399',
    );
    // One variant named "Black" (not Shopify's "Default Title"): kept as a variation, as the CSV import does.
    expect(page.listings[1]).toMatchObject({ title: 'IPod Touch 8GB', price: 199, stock: 13, sku: null });
    expect(page.listings[1]!.variations!.map((v) => [v.title, v.sku, v.barcode])).toEqual([
      ['Black', 'IPOD2009BLACK', '1234_black'],
    ]);
  });

  it('pages with the cursor Shopify returns, sizing pages to the query cost', async () => {
    const { admin, connector } = fake.shop({ pageSize: 4 });
    for (let i = 1; i <= 9; i++) addFakeProduct(admin, { title: `Tee ${i}`, variants: 2, price: i });
    const titles: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof connector.listProducts>> = await connector.listProducts(cursor);
      titles.push(...page.listings.map((l) => l.title as string));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(titles).toEqual(['Tee 1', 'Tee 2', 'Tee 3', 'Tee 4', 'Tee 5', 'Tee 6', 'Tee 7', 'Tee 8', 'Tee 9']);
    const calls = admin.log.filter((c) => c.fields[0] === 'products');
    // A product costs 211 points (variants 2 + 50 x 3, media 2 + 10 x 2, metafields 2 + 20, collections
    // 2 + 10, category, options and itself 1 each): 4 of them 2 + 4 x 211 = 846, under the 1000 maximum.
    expect(calls.map((c) => [c.variables.first, c.cost])).toEqual([
      [4, 846],
      [4, 846],
      [4, 846],
    ]);
    expect(pages).toBe(3);
    expect(calls[1]!.variables.after).toEqual(expect.any(String));
  });

  it('halves the page when a query would exceed the single-query maximum, then keeps the size that fits', async () => {
    const { admin, connector } = fake.shop({ pageSize: 10 });
    for (let i = 1; i <= 6; i++) addFakeProduct(admin, { title: `Cap ${i}` });
    const first = await connector.listProducts();
    expect(first.listings.map((l) => l.title)).toEqual(['Cap 1', 'Cap 2']);
    // 10 products: 2112 points, 5: 1057, both refused (MAX_COST_EXCEEDED); 2: 424.
    const sizes = () =>
      admin.log.filter((c) => c.fields[0] === 'products').map((c) => [c.variables.first, c.cost]);
    expect(sizes()).toEqual([
      [10, 2112],
      [5, 1057],
      [2, 424],
    ]);
    // 424 points for 2 products sizes the next page at floor(1000 / 212) = 4.
    const second = await connector.listProducts(first.nextCursor);
    expect(second.listings.map((l) => l.title)).toEqual(['Cap 3', 'Cap 4', 'Cap 5', 'Cap 6']);
    expect(sizes().at(-1)).toEqual([4, 846]);
  });

  it('pages the variants of a product that has more than one page of them', async () => {
    const { admin, connector } = fake.shop();
    addFakeProduct(admin, { title: 'Big tee', variants: 130, price: 20 });
    const [l] = (await connector.listProducts()).listings;
    expect(l!.variations).toHaveLength(130);
    expect(l!.variations!.at(-1)).toMatchObject({ title: 'Size 130', price: 149 });
    expect(l!.price).toBe(20);
    expect(l!.stock).toBe(650);
    expect(admin.log.filter((c) => c.fields[0] === 'product').map((c) => c.variables.after)).toHaveLength(1);
  });

  it('skips and reports a product that cannot be mapped', async () => {
    const { admin, connector } = fake.shop();
    addFakeProduct(admin, { title: 'Good' });
    const broken = addFakeProduct(admin, { title: 'Broken' });
    broken.title = null;
    addFakeProduct(admin, { title: 'Also good' });
    const page = await connector.listProducts();
    expect(page.listings.map((l) => l.title)).toEqual(['Good', 'Also good']);
    expect(page.failures).toEqual([
      { external_id: broken.id, title: null, error: 'title: Invalid input: expected string, received null' },
    ]);
  });

  it('gets one product by GID or numeric id, and null when it is gone', async () => {
    const { admin, domain, connector } = fake.shop();
    addIpods(admin, domain);
    expect((await connector.getProduct('921728736'))?.title).toBe('IPod Touch 8GB');
    expect((await connector.getProduct('gid://shopify/Product/632910392'))?.title).toBe('IPod Nano - 8GB');
    expect(await connector.getProduct('1')).toBeNull();
  });

  it('lists collections (custom or smart) and categories (product types)', async () => {
    const { admin, domain, connector } = fake.shop();
    addIpods(admin, domain);
    addFakeProduct(admin, { title: 'Tee', productType: 'Shirts' });
    admin.collections.push(
      { id: 'gid://shopify/Collection/1', title: 'Summer', handle: 'summer', smart: false },
      { id: 'gid://shopify/Collection/2', title: 'Under $20', handle: 'under-20', smart: true },
    );
    expect(await connector.listCollections()).toEqual([
      { external_id: 'gid://shopify/Collection/1', title: 'Summer', is_custom_collection: true },
      { external_id: 'gid://shopify/Collection/2', title: 'Under $20', is_custom_collection: false },
    ]);
    expect(await connector.listCategories()).toEqual([
      { external_id: 'Cult Products', title: 'Cult Products' },
      { external_id: 'Shirts', title: 'Shirts' },
    ]);
    expect(await connector.countProducts()).toBe(3);
  });
});

describe('Shopify connector: rate limits', () => {
  it('waits out a THROTTLED answer by the restore rate, then retries', async () => {
    const { admin, connector } = fake.shop();
    addFakeProduct(admin, { title: 'Tee' });
    await connector.checkConnection();
    admin.forcedThrottles.push({ requested: 110, available: 100, restoreRate: 50 });
    const started = Date.now();
    expect((await connector.listProducts()).listings.map((l) => l.title)).toEqual(['Tee']);
    // (110 - 100) points at 50 points per second: 200 ms.
    expect(connector.client.waits).toEqual([{ ms: 200, reason: 'throttled' }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(admin.log.filter((c) => c.fields[0] === 'products').map((c) => c.throttled)).toEqual([
      true,
      false,
    ]);
  });

  it('after a throttled answer, waits for the bucket before the next page instead of being throttled again', async () => {
    const { admin, connector } = fake.shop({ pageSize: 4 });
    // Products with many variants and pictures: each page's actual cost (what the bucket keeps spent) is ~230
    // points, so at 1000 points a second the second page lacks them for ~230 ms, far more than mapping takes.
    for (let i = 1; i <= 8; i++) addFakeProduct(admin, { title: `Tee ${i}`, variants: 12, images: 6 });
    await connector.checkConnection();
    Object.assign(admin.bucket, {
      maximumAvailable: 1000,
      currentlyAvailable: 0,
      restoreRate: 1000,
      at: Date.now(),
    });
    let cursor: string | null = null;
    let count = 0;
    do {
      const page: Awaited<ReturnType<typeof connector.listProducts>> = await connector.listProducts(cursor);
      count += page.listings.length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(count).toBe(8);
    expect(admin.log.filter((c) => c.throttled)).toHaveLength(1);
    const [throttled, bucket] = connector.client.waits;
    expect([throttled!.reason, bucket?.reason]).toEqual(['throttled', 'bucket']);
    expect(connector.client.waits).toHaveLength(2);
    // The first wait is what the bucket lacked of the requested 846 points, at 1000 points a second.
    const answer = admin.log.find((c) => c.throttled)!;
    expect(throttled!.ms).toBe(846 - answer.available!);
    expect(bucket!.ms).toBeGreaterThan(100);
  });

  it('retries a 5xx with backoff and honours Retry-After on 429', async () => {
    const { admin, connector } = fake.shop();
    admin.forcedStatuses.push(503, 429);
    expect(await connector.countProducts()).toBe(0);
    expect(connector.client.waits).toEqual([
      { ms: 5, reason: 'retry' },
      { ms: 1000, reason: 'retry' },
    ]);
  });

  it('gives up after three failed retries with a network error', async () => {
    const { admin, connector } = fake.shop();
    admin.forcedStatuses.push(500, 500, 500, 500);
    const err = await connector.countProducts().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect(err).toMatchObject({ code: 'network', status: 500 });
    expect(connector.client.waits.map((w) => w.ms)).toEqual([5, 10, 20]);
  });
});
