import { describe, expect, it } from 'vitest';
import { localStore, registryConnector } from '../../scripts/testing/connector-tests.ts';
import {
  FakeBigcommerce,
  generatedBigcommerceProducts,
  publishedBigcommerceProducts,
} from '../../scripts/testing/fake-bigcommerce.ts';
import { HTML_LOGIN_PAGE, truncatedJson } from '../../scripts/testing/fake-store-server.ts';
import { listAllPages } from '../../scripts/testing/connector-pages.ts';
import { PLATFORMS } from '../index.ts';
import { BigcommerceConnector } from './connector.ts';
import type { BcProduct } from './map-product.ts';
import {
  BIGCOMMERCE_PRODUCT_SCOPES,
  BIGCOMMERCE_WEBHOOK_HEADER,
  readBigcommerceWebhook,
  verifyBigcommerceWebhook,
} from './webhooks.ts';

const HASH = 'abc123';
const TOKEN = 'bc-token';

const store = localStore(
  async () => {
    const fake = new FakeBigcommerce(HASH, TOKEN);
    return { fake, url: await fake.start() };
  },
  (fake) => {
    fake.products = publishedBigcommerceProducts();
    fake.brands = [
      { id: 36, name: 'Le Parfait' },
      { id: 43, name: 'Able' },
    ];
    fake.limit(Infinity);
    fake.server.clearForced();
  },
);

/** The connector as the app builds it: through the registry, with the stored credentials opened. */
const connector = (options: Record<string, number> = {}, token = TOKEN) =>
  registryConnector<BigcommerceConnector>(
    {
      id: 'acc-1',
      type: 'bigcommerce',
      shopDomain: `store-${HASH}.mybigcommerce.com`,
      credentials: { storeHash: HASH, accessToken: token },
    },
    { apiUrl: store.url, sleep: store.fake.advance, options },
  );

/**
 * A product with options, built from the published "Able Brewing System" in the shape BigCommerce documents for
 * include=variants,images,custom_fields,bulk_pricing_rules (the published response has only base variants).
 */
function brewerWithVariants(): BcProduct {
  const [, able] = publishedBigcommerceProducts();
  const base = able!.variants![0]!;
  const option = (label: string, color: string) => [
    { id: 1, label, option_id: 108, option_display_name: 'Size' },
    { id: 2, label: color, option_id: 109, option_display_name: 'Color' },
  ];
  return {
    ...able!,
    sku: 'ABS',
    price: 225,
    sale_price: 199,
    retail_price: 250,
    inventory_tracking: 'variant',
    mpn: 'ABS-2018',
    images: [
      {
        id: 2,
        is_thumbnail: false,
        sort_order: 1,
        url_zoom: 'https://cdn.test/able-side.jpg',
        url_thumbnail: 'https://cdn.test/able-side-t.jpg',
      },
      {
        id: 1,
        is_thumbnail: true,
        sort_order: 0,
        url_zoom: 'https://cdn.test/able.jpg',
        url_thumbnail: 'https://cdn.test/able-t.jpg',
      },
    ],
    custom_fields: [{ id: 5, name: 'Material', value: 'Borosilicate glass' }],
    bulk_pricing_rules: [
      { quantity_min: 5, quantity_max: 9, type: 'percent', amount: 10 },
      { quantity_min: 10, quantity_max: 0, type: 'fixed', amount: 150 },
    ],
    variants: [
      {
        ...base,
        id: 401,
        sku: 'ABS-S-BLK',
        price: null,
        sale_price: null,
        retail_price: null,
        inventory_level: 4,
        upc: '012345678905',
        option_values: option('Small', 'Black'),
      },
      {
        ...base,
        id: 402,
        sku: 'ABS-L-BLK',
        price: 245,
        sale_price: 0,
        retail_price: 270,
        inventory_level: 0,
        gtin: '4006381333931',
        image_url: 'https://cdn.test/able-large.jpg',
        option_values: option('Large', 'Black'),
      },
      {
        ...base,
        id: 403,
        sku: 'ABS-L-WHT',
        price: 245,
        sale_price: 230,
        retail_price: null,
        inventory_level: 7,
        image_url: '',
        option_values: option('Large', 'White'),
      },
    ],
  };
}

describe('BigCommerce: products', () => {
  it('maps the published products with their store, brands and categories', async () => {
    const page = await connector().listProducts();
    expect(page.failures).toEqual([]);
    expect(page.nextCursor).toBeNull();
    expect(page.listings.map((l) => l.external_id)).toEqual(['167', '174']);
    const jar = page.listings.find((l) => l.external_id === '174')!;
    expect(jar).toMatchObject({
      source: 'bigcommerce',
      title: '1L Le Parfait Jar',
      brand: 'Le Parfait',
      vendor: null,
      category: 'Shop All',
      categories: [
        { external_id: '23', title: 'Shop All' },
        { external_id: '21', title: 'Kitchen' },
      ],
      status: 'ACTIVE',
      online: true,
      url: 'https://my-awesome.store/all/1l-le-parfait-jar/',
      iso_currency_code: 'USD',
      price: 7.95,
      original_price: 7.95,
      compare_at_price: null,
      sale_price: null,
      suggested_retail_price: 10,
      sku: null,
      barcode: null,
      // inventory_tracking "none": not counted.
      stock: null,
      variations: [],
      options: [],
      external_created_at: '2018-08-15T14:48:46+00:00',
      main_image:
        'https://cdn8.bigcommerce.com/s-jrah6gmn/products/174/images/425/leparfaitmedium3_1024x1024_1024x1024__37756__81924.1534344526.560.850.jpg?c=2',
    });
    expect(jar.description).toContain('Lorem ipsum dolor sit amet');
    // The request asked for every nested resource, in id order.
    const call = store.fake.server.requests.find((c) => c.path.endsWith('/v3/catalog/products'))!;
    expect(call.query.get('include')).toBe('variants,images,custom_fields,bulk_pricing_rules');
    expect(call.query.get('sort')).toBe('id');
  });

  it('maps variants with their own SKU, barcode, prices, stock and image; bulk pricing as tier prices', async () => {
    store.fake.products = [brewerWithVariants()];
    const [l] = (await connector().listProducts()).listings;
    expect(l).toMatchObject({
      title: 'Able Brewing System',
      brand: 'Able',
      sku: 'ABS',
      options: [
        { name: 'Size', values: ['Small', 'Large'] },
        { name: 'Color', values: ['Black', 'White'] },
      ],
      // The cheapest variation: Small/Black takes the product's price and sale.
      price: 199,
      original_price: 225,
      compare_at_price: 225,
      sale_price: 199,
      suggested_retail_price: 250,
      stock: 11,
      main_image: 'https://cdn.test/able.jpg',
      thumbnail_image: 'https://cdn.test/able-t.jpg',
      customfields: [
        { key: 'material', name: 'Material', value: 'Borosilicate glass' },
        { key: 'mpn', name: 'MPN', value: 'ABS-2018' },
      ],
      metafields: [
        {
          namespace: 'pricing',
          key: 'tier_prices',
          type: 'json',
          value: '[{"min_quantity":5,"price":202.5},{"min_quantity":10,"price":150}]',
        },
      ],
    });
    // Pictures, then the variants' own (Small/Black keeps the published variant's picture).
    const published =
      'https://cdn8.bigcommerce.com/s-jrah6gmn/products/167/images/398/ablebrewingsystem4_1024x1024__07155__93974.1534344516.560.850.jpg?c=2';
    expect(l!.images!.map((i) => i.original)).toEqual([
      'https://cdn.test/able.jpg',
      'https://cdn.test/able-side.jpg',
      published,
      'https://cdn.test/able-large.jpg',
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
        v.image,
        v.options,
      ]),
    ).toEqual([
      [
        '401',
        'Small / Black',
        'ABS-S-BLK',
        '012345678905',
        199,
        225,
        225,
        250,
        4,
        published,
        ['Small', 'Black'],
      ],
      [
        '402',
        'Large / Black',
        'ABS-L-BLK',
        '4006381333931',
        245,
        245,
        null,
        270,
        0,
        'https://cdn.test/able-large.jpg',
        ['Large', 'Black'],
      ],
      ['403', 'Large / White', 'ABS-L-WHT', null, 230, 245, 245, 250, 7, null, ['Large', 'White']],
    ]);
  });

  it('pages to the end by meta.pagination, 250 a page', async () => {
    store.fake.products = generatedBigcommerceProducts(1000);
    const before = store.fake.server.requests.length;
    const c = connector();
    const pages = await listAllPages((cur) => c.listProducts(cur));
    expect(pages.map((p) => p.listings.length)).toEqual([250, 250, 250, 250]);
    const ids = new Set(pages.flatMap((p) => p.listings.map((l) => l.external_id)));
    expect(ids.size).toBe(1000);
    const pageCalls = store.fake.server.requests
      .slice(before)
      .filter((c) => c.path.endsWith('/v3/catalog/products'));
    expect(pageCalls.map((c) => [c.query.get('page'), c.query.get('limit')])).toEqual([
      ['1', '250'],
      ['2', '250'],
      ['3', '250'],
      ['4', '250'],
    ]);
    expect(await c.countProducts()).toBe(1000);
  });

  it('lists only the products changed since a date (date_modified:min)', async () => {
    const c = connector();
    const pages = await listAllPages((cur) =>
      c.listProductsChangedSince(new Date('2018-09-01T00:00:00Z'), cur),
    );
    expect(pages.flatMap((p) => p.listings.map((l) => l.title))).toEqual(['1L Le Parfait Jar']);
    const call = store.fake.server.requests.findLast((x) => x.path.endsWith('/v3/catalog/products'))!;
    expect(call.query.get('date_modified:min')).toBe('2018-09-01T00:00:00+00:00');
  });

  it('skips and reports a product that cannot be mapped, keeping the rest of the page', async () => {
    const [jar, able] = publishedBigcommerceProducts();
    store.fake.products = [{ ...able!, name: '' }, jar!, { ...jar!, id: 175, name: 'Broken jar', price: -5 }];
    const page = await connector().listProducts();
    expect(page.listings.map((l) => l.external_id)).toEqual(['174']);
    expect(page.failures).toEqual([
      { external_id: '167', title: '', error: 'The product title is empty' },
      { external_id: '175', title: 'Broken jar', error: 'price: The price "-5" is negative' },
    ]);
  });

  it('reads one product, and null when the store no longer has it', async () => {
    const c = connector();
    expect((await c.getProduct('174'))?.title).toBe('1L Le Parfait Jar');
    expect(await c.getProduct('999')).toBeNull();
  });

  it('lists the category tree from the published categories, and no collections', async () => {
    const c = connector();
    expect(await c.listCategories()).toEqual([
      { external_id: '19', title: 'Garden' },
      { external_id: '20', title: 'Publications' },
      { external_id: '21', title: 'Kitchen' },
      { external_id: '22', title: 'Utility' },
      { external_id: '23', title: 'Shop All' },
      { external_id: '39', title: 'Bath' },
    ]);
    expect(await c.listCollections()).toEqual([]);
  });
});

describe('BigCommerce: rate limits, errors and connection', () => {
  it('waits out a 429 for the window reset it names, then goes on', async () => {
    store.fake.server.force(
      {
        status: 429,
        headers: { 'X-Rate-Limit-Time-Reset-Ms': '1500', 'X-Rate-Limit-Requests-Left': '0' },
      },
      { path: '/v3/catalog/products' },
    );
    const c = connector();
    expect((await c.listProducts()).listings).toHaveLength(2);
    expect(c.client.waits).toEqual([{ ms: 1500, reason: 'throttled' }]);
  });

  it('paces itself before the shared quota runs out, so it never gets a 429', async () => {
    store.fake.limit(4);
    store.fake.products = generatedBigcommerceProducts(40);
    const before = store.fake.server.requests.length;
    const c = connector({ pageSize: 5 });
    const pages = await listAllPages((cur) => c.listProducts(cur));
    expect(pages.flatMap((p) => p.listings)).toHaveLength(40);
    // Left ≤ 2 (the reserve for the store's other apps): hold until the window resets.
    const paces = c.client.waits.filter((w) => w.reason === 'pace');
    expect(paces.length).toBeGreaterThan(3);
    expect(c.client.waits.filter((w) => w.reason === 'throttled')).toEqual([]);
    expect(store.fake.server.requests.length - before).toBeGreaterThan(8);
  });

  it('is unauthorized with a wrong or revoked token', async () => {
    const c = connector({}, 'revoked');
    await expect(c.listProducts()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    expect(await c.checkConnection()).toEqual({
      ok: false,
      code: 'unauthorized',
      reason: `BigCommerce store ${HASH} answered 401: Unauthorized`,
    });
  });

  it('reports an HTML page or a truncated answer as invalid', async () => {
    store.fake.server.force(HTML_LOGIN_PAGE, { path: '/v3/catalog/products' });
    await expect(connector().listProducts()).rejects.toMatchObject({ code: 'invalid_response' });
    store.fake.server.force(truncatedJson({ data: publishedBigcommerceProducts() }), {
      path: '/v3/catalog/products',
    });
    await expect(connector().listProducts()).rejects.toMatchObject({
      code: 'invalid_response',
      message: `BigCommerce store ${HASH} answered data that is cut short or malformed`,
    });
  });

  it('checks the connection with the store information', async () => {
    expect(await connector().checkConnection()).toEqual({
      ok: true,
      shopName: 'BigCommerce',
      currency: 'USD',
      storeUrl: 'https://my-awesome.store',
    });
    store.fake.server.force({ status: 503 }, { path: '/v2/store', times: 4 });
    expect(await connector({ retryBaseMs: 1 }).checkConnection()).toMatchObject({
      ok: false,
      code: 'network',
    });
  });

  it('takes the store hash or the API path the merchant copies', () => {
    const spec = PLATFORMS.bigcommerce!.spec!;
    expect(
      spec.parse({ storeHash: 'https://api.bigcommerce.com/stores/ABC123/v3/', accessToken: ' t ' }),
    ).toEqual({
      ok: true,
      credentials: { storeHash: 'ABC123', accessToken: 't' },
      storeKey: 'store-abc123.mybigcommerce.com',
    });
    expect(spec.parse({ storeHash: 'no such/store', accessToken: '' })).toMatchObject({
      ok: false,
      issues: [{ field: 'storeHash' }, { field: 'accessToken' }],
    });
  });
});

describe('BigCommerce: webhooks', () => {
  const payload = (scope: string, id: number, producer = `stores/${HASH}`) => ({
    scope,
    store_id: '1025646',
    data: { type: 'product', id },
    hash: '352e4afc6dd3fc85ea26bfdf3f91852604d57528',
    created_at: 1561479335,
    producer,
  });

  it('accepts a delivery carrying our secret header, and refuses one without it or with another', () => {
    expect(verifyBigcommerceWebhook({ [BIGCOMMERCE_WEBHOOK_HEADER.toLowerCase()]: 's3cret' }, 's3cret')).toBe(
      true,
    );
    expect(verifyBigcommerceWebhook(new Headers({ [BIGCOMMERCE_WEBHOOK_HEADER]: 's3cret' }), 's3cret')).toBe(
      true,
    );
    expect(verifyBigcommerceWebhook({ [BIGCOMMERCE_WEBHOOK_HEADER]: 's3creT' }, 's3cret')).toBe(false);
    expect(verifyBigcommerceWebhook({}, 's3cret')).toBe(false);
  });

  it('reads the changed product and whether it was deleted', () => {
    expect(readBigcommerceWebhook(payload('store/product/updated', 205), { storeHash: HASH })).toEqual({
      productIds: ['205'],
      deleted: false,
    });
    expect(readBigcommerceWebhook(payload('store/product/deleted', 205))).toEqual({
      productIds: ['205'],
      deleted: true,
    });
    expect(
      readBigcommerceWebhook({
        scope: 'store/sku/updated',
        producer: `stores/${HASH}`,
        data: { type: 'sku', id: 9, sku: { product_id: 205 } },
      }),
    ).toEqual({ productIds: ['205'], deleted: false });
    expect(
      readBigcommerceWebhook(payload('store/product/updated', 205, 'stores/other'), { storeHash: HASH }),
    ).toBeNull();
    expect(readBigcommerceWebhook(payload('store/order/created', 1))).toBeNull();
  });

  it('registers the product scopes with our secret header once', async () => {
    const c = connector();
    const created = await c.ensureWebhooks({
      destination: 'https://app.test/webhooks/bigcommerce',
      secret: 's3cret',
    });
    expect(created).toHaveLength(BIGCOMMERCE_PRODUCT_SCOPES.length);
    expect(store.fake.hooks.map((h) => [h.scope, h.headers[BIGCOMMERCE_WEBHOOK_HEADER]])).toEqual(
      BIGCOMMERCE_PRODUCT_SCOPES.map((s) => [s, 's3cret']),
    );
    expect(
      await c.ensureWebhooks({ destination: 'https://app.test/webhooks/bigcommerce', secret: 's3cret' }),
    ).toEqual([]);
  });

  it('deletes the hooks it created (DELETE /v3/hooks/{id}), an id already gone included', async () => {
    const c = connector();
    store.fake.hooks.push({
      id: 1,
      scope: 'store/product/updated',
      destination: 'https://someone.else/hooks',
      is_active: true,
      headers: {},
    });
    const created = await c.ensureWebhooks({ destination: 'https://app.test/webhooks/b2', secret: 's' });
    expect(created.length).toBeGreaterThan(0);
    await c.removeWebhooks!([...created, '999999']);
    expect(store.fake.hooks.some((h) => created.includes(String(h.id)))).toBe(false);
    // Another app's hook stays.
    expect(store.fake.hooks.some((h) => h.id === 1)).toBe(true);
  });
});
