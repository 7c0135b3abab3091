import { describe, expect, it } from 'vitest';
import { localStore, registryConnector } from '../../scripts/testing/connector-tests.ts';
import { HTML_LOGIN_PAGE, truncatedJson } from '../../scripts/testing/fake-store-server.ts';
import { listAllPages } from '../../scripts/testing/connector-pages.ts';
// No published Squarespace responses exist in ../shared/extdata: the store.fake serves products built from the
// documented Product, ProductVariant and ProductImage fields (see fake-squarespace.ts).
import {
  documentedSquarespaceProducts,
  FakeSquarespace,
  generatedSquarespaceProducts,
} from '../../scripts/testing/fake-squarespace.ts';
import { PLATFORMS } from '../index.ts';
import { SquarespaceConnector } from './connector.ts';

const KEY = 'sq-api-key';

const store = localStore(
  async () => {
    const fake = new FakeSquarespace(KEY);
    return { fake, url: await fake.start() };
  },
  (fake) => {
    fake.products = documentedSquarespaceProducts();
    fake.server.clearForced();
  },
);

const connector = (options: Record<string, number> = {}, apiKey = KEY) =>
  registryConnector<SquarespaceConnector>(
    { id: 'acc-3', type: 'squarespace', shopDomain: 'example.squarespace.com', credentials: { apiKey } },
    { apiUrl: store.url, sleep: async () => {}, options: { minIntervalMs: 0, ...options } },
  );

describe('Squarespace: products', () => {
  it('maps variants with their SKU, base and sale prices, stock and picture; the Store Page as collection', async () => {
    const page = await connector().listProducts();
    expect(page.failures).toEqual([]);
    expect(page.nextCursor).toBeNull();
    const rub = page.listings.find((l) => l.title === 'Artisanal Steak Dry Rub')!;
    expect(rub).toMatchObject({
      source: 'squarespace',
      external_id: '5ed539b66505ca7c5f4a3a5a',
      iso_currency_code: 'USD',
      status: 'ACTIVE',
      online: true,
      url: 'https://example.squarespace.com/shop/p/artisanal-steak-dry-rub',
      description: '<p>This can be a few words or even a few <i>paragraphs</i>.</p>',
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
      // The cheapest variation: Small at 15 (Large is on sale at 20).
      price: 15,
      original_price: 15,
      compare_at_price: null,
      sale_price: null,
      // Large is unlimited: only Small's 12 are counted.
      stock: 12,
      customfields: [{ key: 'tags', name: 'Tags', value: 'spice, steak' }],
      collections: [{ external_id: '5d7ba084a63ee8bb410ce0b1', title: 'Shop' }],
      external_created_at: '2020-06-01T17:23:02.592Z',
    });
    expect(
      rub.variations!.map((v) => [
        v.id,
        v.title,
        v.sku,
        v.price,
        v.original_price,
        v.compare_at_price,
        v.stock,
        v.options,
      ]),
    ).toEqual([
      ['0c5f1b1c-7c5e-4d2a-8b61-1a2b3c4d5e6f', 'Small', 'SQ4918427', 15, 15, null, 12, ['Small']],
      ['1d6f2c2d-8d6f-4e3b-9c72-2b3c4d5e6f70', 'Large', 'SQ2037652', 20, 25, 25, null, ['Large']],
    ]);
    expect(rub.images!.map((i) => i.original)).toEqual([
      'https://images.squarespace-cdn.com/content/v1/5d7ba084a63ee8bb410ce0b1/5ed539f2a1b3/dry-rub.jpg',
      'https://images.squarespace-cdn.com/content/v1/5d7ba084a63ee8bb410ce0b1/5ed539f2a1b4/dry-rub-back.jpg',
      'https://images.squarespace-cdn.com/content/v1/5d7ba084a63ee8bb410ce0b1/5ed53a0b1f2c/dry-rub-large.jpg',
    ]);
    expect(rub.variations![1]!.image).toBe(rub.images![2]!.original);
  });

  it('maps a single-variant product as plain, hidden as a draft, and a download with its own price', async () => {
    const { listings } = await connector().listProducts();
    expect(listings.find((l) => l.title === 'Homemade Marinade')).toMatchObject({
      status: 'DRAFT',
      online: false,
      sku: 'SQ1111111',
      price: 9.5,
      stock: 40,
      variations: [],
      options: [],
      main_image: null,
    });
    expect(listings.find((l) => l.title === 'Grilling Guide (PDF)')).toMatchObject({
      price: 12,
      stock: null,
      collections: [{ external_id: '5f05f78ae1f12f343bd07577', title: 'Homemade Marinades' }],
    });
  });

  it('follows the cursor to the end, 50 a page, sending nothing else with it', async () => {
    store.fake.products = generatedSquarespaceProducts(1000);
    const before = store.fake.server.requests.length;
    const c = connector();
    const pages = await listAllPages((cur) => c.listProducts(cur));
    expect(pages).toHaveLength(20);
    expect(pages.every((p) => p.listings.length === 50)).toBe(true);
    expect(new Set(pages.flatMap((p) => p.listings.map((l) => l.external_id))).size).toBe(1000);
    const calls = store.fake.server.requests.slice(before).filter((c) => c.path === '/1.1/commerce/products');
    expect(calls[0]!.rawQuery).toBe('type=PHYSICAL%2CDIGITAL');
    expect(calls.slice(1).every((c) => [...c.query.keys()].join() === 'cursor')).toBe(true);
  });

  it('lists products modified since a date with both ends of the range, then by cursor', async () => {
    store.fake.products = generatedSquarespaceProducts(120);
    const c = connector();
    const pages = await listAllPages((cur) =>
      c.listProductsChangedSince(new Date(Date.UTC(2021, 0, 1, 0, 0, 9, 500)), cur),
    );
    // Modified at 00:00:10 and after: 110 of them, on 3 pages.
    expect(pages.flatMap((p) => p.listings)).toHaveLength(110);
    const first = store.fake.server.requests.filter((x) => x.path === '/1.1/commerce/products').at(-3)!;
    expect(first.query.get('modifiedAfter')).toBe('2021-01-01T00:00:09.500Z');
    expect(first.query.get('modifiedBefore')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('skips and reports a product that cannot be mapped', async () => {
    const [rub, marinade] = documentedSquarespaceProducts();
    const negative = { ...marinade!, id: 'neg', name: 'Bad marinade' };
    negative.variants = [
      { ...marinade!.variants![0]!, pricing: { basePrice: { currency: 'USD', value: '-2.00' } } },
    ];
    store.fake.products = [{ ...rub!, name: '' }, marinade!, negative];
    const page = await connector().listProducts();
    expect(page.listings.map((l) => l.title)).toEqual(['Homemade Marinade']);
    expect(page.failures).toEqual([
      { external_id: '5ed539b66505ca7c5f4a3a5a', title: '', error: 'The product title is empty' },
      { external_id: 'neg', title: 'Bad marinade', error: 'price: The price "-2" is negative' },
    ]);
  });

  it('reads one product (null when gone); Store Pages are the collections, no categories', async () => {
    const c = connector();
    expect((await c.getProduct('5ed539b66505ca7c5f4a3a5a'))?.title).toBe('Artisanal Steak Dry Rub');
    expect(await c.getProduct('gone')).toBeNull();
    expect(await c.listCollections()).toEqual([
      { external_id: '5d7ba084a63ee8bb410ce0b1', title: 'Shop', is_custom_collection: true },
      { external_id: '5f05f78ae1f12f343bd07577', title: 'Homemade Marinades', is_custom_collection: true },
    ]);
    expect(await c.listCategories()).toEqual([]);
  });
});

describe('Squarespace: limits, errors and connection', () => {
  it('cools down a minute after a 429 that says nothing, then goes on', async () => {
    store.fake.server.force({ status: 429 }, { path: '/commerce/products' });
    const c = connector();
    expect((await c.listProducts()).listings).toHaveLength(3);
    expect(c.client.waits).toEqual([{ ms: 60_000, reason: 'throttled' }]);
  });

  it('spaces its requests 200 ms apart by default (300 a minute), with its own User-Agent', async () => {
    const c = registryConnector<SquarespaceConnector>(
      { id: 'a', type: 'squarespace', shopDomain: '', credentials: { apiKey: KEY } },
      { apiUrl: store.url, sleep: async () => {} },
    );
    await c.listProducts();
    expect(c.client.waits.length).toBeGreaterThan(0);
    expect(c.client.waits.every((w) => w.reason === 'pace' && w.ms <= 200)).toBe(true);
    expect(store.fake.server.requests.at(-1)!.headers['user-agent']).toBe(
      'CatalogBuilder/1.0 (catalog sync)',
    );
  });

  it('is unauthorized with a revoked key', async () => {
    const c = connector({}, 'revoked');
    await expect(c.listProducts()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    expect(await c.checkConnection()).toEqual({
      ok: false,
      code: 'unauthorized',
      reason: 'Squarespace answered 401: The API key is invalid or revoked',
    });
  });

  it('reports an HTML page or a truncated answer as invalid', async () => {
    store.fake.server.force(HTML_LOGIN_PAGE, { path: '/commerce/products' });
    await expect(connector().listProducts()).rejects.toMatchObject({ code: 'invalid_response' });
    store.fake.server.force(truncatedJson({ products: documentedSquarespaceProducts() }), {
      path: '/commerce/products',
    });
    await expect(connector().listProducts()).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('checks the connection with the site the key belongs to', async () => {
    expect(await connector().checkConnection()).toEqual({
      ok: true,
      shopName: 'Example Provisions',
      currency: 'USD',
      storeUrl: 'https://example.squarespace.com',
    });
    store.fake.server.force({ status: 500 }, { path: '/authorization/website', times: 4 });
    expect(await connector({ retryBaseMs: 1 }).checkConnection()).toMatchObject({
      ok: false,
      code: 'network',
    });
  });

  it('takes the API key the merchant pastes; the site it names comes from the check', () => {
    expect(PLATFORMS.squarespace!.spec!.parse({ apiKey: ' k ' })).toEqual({
      ok: true,
      credentials: { apiKey: 'k' },
      storeKey: null,
    });
    expect(PLATFORMS.squarespace!.spec!.parse({})).toMatchObject({
      ok: false,
      issues: [{ field: 'apiKey' }],
    });
  });
});
