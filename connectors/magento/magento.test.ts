import { describe, expect, it } from 'vitest';
import { localStore, registryConnector } from '../../scripts/testing/connector-tests.ts';
import {
  champTee,
  FakeMagento,
  generatedMagentoProducts,
  publishedMagentoSearch,
} from '../../scripts/testing/fake-magento.ts';
import { HTML_LOGIN_PAGE, truncatedJson } from '../../scripts/testing/fake-store-server.ts';
import { listAllPages } from '../../scripts/testing/connector-pages.ts';
import { PLATFORMS } from '../index.ts';
import { MagentoConnector } from './connector.ts';

const TOKEN = 'magento-integration-token';
const OAUTH = { consumerKey: 'ck', consumerSecret: 'cs', token: TOKEN, tokenSecret: 'ts' };

const store = localStore(
  async () => {
    const fake = new FakeMagento(TOKEN, OAUTH);
    return { fake, url: await fake.start() };
  },
  (fake) => {
    const tee = champTee();
    fake.products = publishedMagentoSearch();
    fake.attributes = tee.attributes;
    fake.sourceItems = [{ sku: 'Zapatillas', source_code: 'default', quantity: 7, status: 1 }];
    fake.deniedPaths.clear();
    fake.server.clearForced();
  },
);

const connector = (credentials: Record<string, string> = {}, options: Record<string, number> = {}) =>
  registryConnector<MagentoConnector>(
    {
      id: 'acc-4',
      type: 'magento',
      shopDomain: '127.0.0.1',
      credentials: { baseUrl: store.url, accessToken: TOKEN, ...credentials },
    },
    { sleep: async () => {}, options },
  );

describe('Magento: products', () => {
  it('maps the published search: media under the store media URL, categories, attributes, URL, stock', async () => {
    const page = await connector().listProducts();
    expect(page.failures).toEqual([]);
    expect(page.nextCursor).toBeNull();
    expect(page.listings).toHaveLength(17);
    const [shirt, shoes] = page.listings;
    expect(shirt).toMatchObject({
      source: 'magento',
      external_id: '1247',
      title: 'Camiseta técnica "Dry-Fit" Carbono',
      sku: 'Camiseta técnica "Dry-Fit" Carbono',
      price: 30,
      original_price: 30,
      sale_price: null,
      iso_currency_code: 'EUR',
      status: 'ACTIVE',
      online: true,
      category: 'Looks',
      categories: [{ external_id: '48', title: 'Looks' }],
      url: `${store.url}/camiseta-tecnica-dry-fit-carbono.html`,
      main_image: `${store.url}/media/catalog/product/c/a/camiseta1_1.jpg`,
      thumbnail_image: `${store.url}/media/catalog/product/c/a/camiseta1_1.jpg`,
      // No stock_item in the list and no source item for it: not known.
      stock: null,
      external_created_at: '2026-02-11T10:09:11.000Z',
      customfields: [
        // An attribute Magento did not describe keeps its code and raw value.
        { key: 'descripcion', name: 'descripcion', value: 'Camiseta deportiva negra' },
        { key: 'look_id', name: 'Look', value: 'Look deportivo' },
        { key: 'provider', name: 'Proveedor', value: 'Moda Sur' },
      ],
    });
    expect(shoes).toMatchObject({ title: 'Zapatillas', stock: 7 });
    // Only products visible on their own, by id.
    const call = store.fake.server.requests.find((c) => c.path === '/rest/V1/products')!;
    expect(call.query.get('searchCriteria[filter_groups][0][filters][0][field]')).toBe('visibility');
    expect(call.query.get('searchCriteria[filter_groups][0][filters][0][condition_type]')).toBe('neq');
    expect(call.query.get('searchCriteria[sortOrders][0][field]')).toBe('entity_id');
  });

  it('maps a configurable product with its children as variations: option labels, prices, stock, tiers', async () => {
    const tee = champTee();
    store.fake.products = tee.products;
    store.fake.sourceItems = tee.sourceItems;
    const page = await connector().listProducts();
    // The published child (visibility 1) is not a product of its own.
    expect(page.listings.map((l) => l.external_id)).toEqual(['2078']);
    const [l] = page.listings;
    expect(l).toMatchObject({
      title: 'Champ Tee',
      sku: 'MS-Champ',
      category: 'Men',
      categories: [
        { external_id: '11', title: 'Men' },
        { external_id: '12', title: 'Tops' },
        { external_id: '16', title: 'Tees' },
      ],
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      // The cheapest variation: Large, on sale at 22 under 25.
      price: 22,
      original_price: 25,
      compare_at_price: 25,
      sale_price: 22,
      suggested_retail_price: 30,
      // 10 (Small's stock_item) + 5 (Medium's two sources) + 0 (Large).
      stock: 15,
      description:
        'The Champ Tee keeps you cool and dry while you do your thing. Let everyone know who you are by adding your name on the back for only $10.',
      customfields: [
        { key: 'color', name: 'Color', value: 'Gray' },
        { key: 'material', name: 'Material', value: 'Cotton' },
        { key: 'size', name: 'Size', value: 'XL' },
        { key: 'pattern', name: 'Pattern', value: 'Solid' },
      ],
      metafields: [{ namespace: 'pricing', key: 'tier_prices', value: '[{"min_quantity":10,"price":20}]' }],
      url: `${store.url}/champ-tee.html`,
    });
    expect(l!.images!.map((i) => i.original)).toEqual([
      `${store.url}/media/catalog/product/m/s/ms-champ.jpg`,
      `${store.url}/media/catalog/product/m/s/ms-champ-m.jpg`,
      `${store.url}/media/catalog/product/m/s/ms-champ-l.jpg`,
    ]);
    expect(
      l!.variations!.map((v) => [
        v.id,
        v.title,
        v.sku,
        v.barcode,
        v.price,
        v.original_price,
        v.compare_at_price,
        v.suggested_retail_price,
        v.stock,
        v.options,
      ]),
    ).toEqual([
      ['2079', 'S', 'MS-Champ-S', null, 25, 25, null, null, 10, ['S']],
      ['2080', 'M', 'MS-Champ-M', null, 25, 25, null, null, 5, ['M']],
      ['2081', 'L', 'MS-Champ-L', '0885909950805', 22, 25, 25, 30, 0, ['L']],
    ]);
    // A tier for one customer group says which.
    expect(l!.variations![0]!.metafields).toEqual([
      expect.objectContaining({ value: '[{"min_quantity":5,"price":22,"customer_group":"2"}]' }),
    ]);
  });

  it('asks the children endpoint for a configurable the list gave without links', async () => {
    const tee = champTee();
    store.fake.products = tee.products;
    store.fake.sourceItems = tee.sourceItems;
    store.fake.hideLinksInList = true;
    try {
      const [l] = (await connector().listProducts()).listings;
      expect(l!.variations!.map((v) => v.sku)).toEqual(['MS-Champ-S', 'MS-Champ-M', 'MS-Champ-L']);
      expect(
        store.fake.server.requests.some((c) => c.path === '/rest/V1/configurable-products/MS-Champ/children'),
      ).toBe(true);
    } finally {
      store.fake.hideLinksInList = false;
    }
  });

  it('pages by total_count to the end, though a page past the last repeats the last one', async () => {
    store.fake.products = generatedMagentoProducts(1000);
    const before = store.fake.server.requests.length;
    const c = connector();
    const pages = await listAllPages((cur) => c.listProducts(cur));
    expect(pages).toHaveLength(10);
    expect(new Set(pages.flatMap((p) => p.listings.map((l) => l.external_id))).size).toBe(1000);
    const pageCalls = store.fake.server.requests
      .slice(before)
      .filter((x) => x.path === '/rest/V1/products' && x.query.get('searchCriteria[pageSize]') === '100');
    expect(pageCalls.map((x) => x.query.get('searchCriteria[currentPage]'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    // What the store does with page 11: the last page again, which counting avoids.
    const again = await c.listProducts('11');
    expect(again.listings[0]!.external_id).toBe(pages[9]!.listings[0]!.external_id);
    expect(await c.countProducts()).toBe(1000);
  });

  it('lists only the products updated since a date (updated_at gt)', async () => {
    store.fake.products = generatedMagentoProducts(56);
    const c = connector();
    const pages = await listAllPages((cur) =>
      c.listProductsChangedSince(new Date('2026-02-27T12:00:00Z'), cur),
    );
    // Updated on the 28th: every 28th of the 56.
    expect(pages.flatMap((p) => p.listings)).toHaveLength(2);
    const call = store.fake.server.requests.findLast(
      (x) =>
        x.path === '/rest/V1/products' && x.query.has('searchCriteria[filter_groups][1][filters][0][value]'),
    )!;
    expect(call.query.get('searchCriteria[filter_groups][1][filters][0][value]')).toBe('2026-02-27 12:00:00');
  });

  it('skips and reports a product that cannot be mapped', async () => {
    const [a, b, c] = publishedMagentoSearch();
    store.fake.products = [{ ...a!, name: '' }, b!, { ...c!, price: -3 }];
    const page = await connector().listProducts();
    expect(page.listings.map((l) => l.external_id)).toEqual(['1248']);
    expect(page.failures).toEqual([
      { external_id: '1247', title: '', error: 'The product title is empty' },
      {
        external_id: '1251',
        title: 'Sudadera Técnica con cremallera',
        error: 'price: The price "-3" is negative',
      },
    ]);
  });

  it('reads one product by id (null when gone) and the category tree', async () => {
    const c = connector();
    expect((await c.getProduct('1248'))?.title).toBe('Zapatillas');
    expect(await c.getProduct('4')).toBeNull();
    expect(await c.listCategories()).toEqual([
      { external_id: '32', title: "What's New" },
      { external_id: '11', title: 'Men' },
      { external_id: '12', title: 'Tops' },
      { external_id: '16', title: 'Tees' },
      { external_id: '48', title: 'Looks' },
    ]);
    expect(await c.listCollections()).toEqual([]);
  });

  it('does without what the integration may not read: store configs, attributes, stock', async () => {
    store.fake.deniedPaths.add('store/storeConfigs');
    store.fake.deniedPaths.add('products/attributes');
    store.fake.deniedPaths.add('inventory');
    const [shirt, shoes] = (await connector().listProducts()).listings;
    expect(shirt).toMatchObject({
      // From the directory, which Magento answers to anyone.
      iso_currency_code: 'EUR',
      main_image: `${store.url}/media/catalog/product/c/a/camiseta1_1.jpg`,
      customfields: expect.arrayContaining([{ key: 'provider', name: 'provider', value: '304' }]),
    });
    expect(shoes!.stock).toBeNull();
  });
});

describe('Magento: authentication, errors and connection', () => {
  it('signs every request with the four OAuth 1.0a keys (HMAC-SHA256)', async () => {
    const c = connector({ consumerKey: 'ck', consumerSecret: 'cs', accessTokenSecret: 'ts' });
    expect((await c.listProducts()).listings).toHaveLength(17);
    const auth = String(store.fake.server.requests.at(-1)!.headers.authorization);
    expect(auth).toMatch(/^OAuth /);
    expect(auth).toContain('oauth_signature_method="HMAC-SHA256"');
    // A wrong secret makes a signature the store refuses.
    const wrong = connector({ consumerKey: 'ck', consumerSecret: 'other', accessTokenSecret: 'ts' });
    expect(await wrong.checkConnection()).toMatchObject({ ok: false, code: 'unauthorized' });
  });

  it('is unauthorized with a wrong token, in the store’s words', async () => {
    const c = connector({ accessToken: 'expired' });
    await expect(c.listProducts()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    expect(await c.checkConnection()).toEqual({
      ok: false,
      code: 'unauthorized',
      reason:
        'the Magento store 127.0.0.1:' +
        new URL(store.url).port +
        " answered 401: The consumer isn't authorized to access Magento_Catalog::products.",
    });
  });

  it('waits Retry-After on 429 and retries a 503 after 3 s', async () => {
    store.fake.server.force({ status: 429, headers: { 'Retry-After': '2' } }, { path: '/rest/V1/products' });
    store.fake.server.force({ status: 503 }, { path: '/rest/V1/products' });
    const c = connector();
    expect((await c.listProducts()).listings).toHaveLength(17);
    expect(c.client.waits).toEqual([
      { ms: 2000, reason: 'throttled' },
      { ms: 3000, reason: 'retry' },
    ]);
  });

  it('reports a login page or a truncated answer as invalid', async () => {
    store.fake.server.force(HTML_LOGIN_PAGE, { path: '/rest/V1/products' });
    expect(await connector().checkConnection()).toMatchObject({
      ok: false,
      code: 'invalid_response',
      reason: expect.stringContaining('protected by a password or a login page'),
    });
    store.fake.server.force(truncatedJson({ items: publishedMagentoSearch(), total_count: 17 }), {
      path: '/rest/V1/products',
    });
    await expect(connector().listProducts()).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('checks the connection with one product and the store configuration', async () => {
    expect(await connector().checkConnection()).toEqual({
      ok: true,
      shopName: new URL(store.url).host,
      currency: 'EUR',
      storeUrl: `${store.url}/`,
    });
  });

  it('takes the store URL and the access token alone, or all four OAuth keys', () => {
    const spec = PLATFORMS.magento!.spec!;
    expect(
      spec.parse({ baseUrl: 'https://shop.example/magento/rest/V1/', accessToken: ' t ', consumerKey: '' }),
    ).toEqual({
      ok: true,
      credentials: { baseUrl: 'https://shop.example/magento', accessToken: 't' },
      storeKey: 'shop.example/magento',
    });
    expect(
      spec.parse({ baseUrl: 'https://shop.example', accessToken: 't', consumerKey: 'ck' }),
    ).toMatchObject({
      ok: false,
      issues: [{ field: 'consumerSecret' }, { field: 'accessTokenSecret' }],
    });
    expect(spec.parse({ baseUrl: 'shop.example', accessToken: 't' })).toMatchObject({
      ok: false,
      issues: [{ field: 'baseUrl' }],
    });
    expect(spec.alternatives).toEqual([
      ['accessToken'],
      ['consumerKey', 'consumerSecret', 'accessToken', 'accessTokenSecret'],
    ]);
  });
});
