import { describe, expect, it } from 'vitest';
import { localStore, registryConnector } from '../../scripts/testing/connector-tests.ts';
import { readExtdata } from '../../scripts/testing/extdata.ts';
import {
  FakeEcwid,
  generatedEcwidProducts,
  publishedEcwidProducts,
} from '../../scripts/testing/fake-ecwid.ts';
import { HTML_LOGIN_PAGE, truncatedJson } from '../../scripts/testing/fake-store-server.ts';
import { listAllPages } from '../../scripts/testing/connector-pages.ts';
import { PLATFORMS } from '../index.ts';
import { EcwidConnector } from './connector.ts';
import { ecwidWebhookSignature, readEcwidWebhook, verifyEcwidWebhook } from './webhooks.ts';

const STORE = '4870020';
const TOKEN = 'secret_ecwid_token';

const store = localStore(
  async () => {
    const fake = new FakeEcwid(STORE, TOKEN);
    return { fake, url: await fake.start() };
  },
  (fake) => {
    fake.products = publishedEcwidProducts();
    fake.server.clearForced();
  },
);

const connector = (options: Record<string, number> = {}, token = TOKEN) =>
  registryConnector<EcwidConnector>(
    { id: 'acc-2', type: 'ecwid', shopDomain: STORE, credentials: { storeId: STORE, token } },
    { apiUrl: store.url, sleep: async () => {}, options: { minIntervalMs: 0, ...options } },
  );

describe('Ecwid: products', () => {
  it('maps the published products: prices, wholesale tiers, attributes, category, stock', async () => {
    const page = await connector().listProducts();
    expect(page.failures).toEqual([]);
    expect(page.nextCursor).toBeNull();
    // In the order they were added: Radish (2009), then Orange (2015).
    expect(page.listings.map((l) => l.title)).toEqual(['Radish', 'Orange']);
    const orange = page.listings[1]!;
    expect(orange).toMatchObject({
      source: 'ecwid',
      external_id: '37208339',
      sku: '00099',
      iso_currency_code: 'USD',
      // Sold at 10 under a compare-to price of 23.
      price: 10,
      original_price: 23,
      compare_at_price: 23,
      sale_price: 10,
      stock: 11,
      status: 'ACTIVE',
      online: true,
      url: 'https://mdemo.ecwid.com/Orange-p37208339',
      description: "<p>It's a tasty fruit!</p>",
      main_image: 'https://dqzrr9k4bjpzk.cloudfront.net/images/5035009/783930216.jpg',
      thumbnail_image: 'http://app.ecwid.com/default-store/00011-232-sq.jpg',
      // Its categories are not among the store's published ones: none is named.
      category: null,
      categories: [],
      external_created_at: '2015-10-05T07:26:14.000Z',
      customfields: [
        { key: 'width', name: 'Width', value: '61.47 mm' },
        { key: 'height', name: 'Height', value: '117.09 mm' },
        { key: 'depth', name: 'Depth', value: '15.49 mm' },
        { key: 'net_weight', name: 'Net weight', value: '153.2 g' },
      ],
      metafields: [
        {
          namespace: 'pricing',
          key: 'tier_prices',
          type: 'json',
          value: '[{"min_quantity":2,"price":9},{"min_quantity":4,"price":8}]',
        },
      ],
    });
    expect(orange.images!.map((i) => i.original)).toEqual([
      'https://dqzrr9k4bjpzk.cloudfront.net/images/5035009/783930216.jpg',
      'https://dqzrr9k4bjpzk.cloudfront.net/images/5035009/963891775.jpg',
    ]);
  });

  it('maps combinations as variations with their own SKU, UPC, prices, stock and picture', async () => {
    const [radish] = (await connector().listProducts()).listings;
    expect(radish).toMatchObject({
      title: 'Radish',
      brand: 'SuperVegetables',
      barcode: '04359435435940000',
      category: 'Vegetables',
      categories: [{ external_id: '9691095', title: 'Vegetables' }],
      // Disabled in the store.
      status: 'DRAFT',
      online: false,
      options: [
        { name: 'Size', values: ['Small', 'Large'] },
        { name: 'Color', values: ['Red', 'White'] },
      ],
      // The cheapest combination (Large/White at 1 under 2), and the counted stock of the others.
      price: 1,
      original_price: 2,
      compare_at_price: 2,
      sale_price: 1,
      stock: 62,
      metafields: [{ namespace: 'pricing', key: 'tier_prices', value: '[{"min_quantity":10,"price":1.05}]' }],
    });
    // The NOTSHOW attribute stays private; the UPC is the barcode; the brand is the brand.
    expect(radish!.customfields).toEqual([]);
    expect(
      radish!.variations!.map((v) => [
        v.id,
        v.title,
        v.sku,
        v.barcode,
        v.price,
        v.original_price,
        v.compare_at_price,
        v.stock,
        v.image,
        v.options,
      ]),
    ).toEqual([
      ['7084071', 'Large / White', '000076', '0435943543594395', 1, 2, 2, 1, null, ['Large', 'White']],
      ['7084072', 'Large / Red', '000075', null, 1.12, 1.12, null, 0, null, ['Large', 'Red']],
      // Unlimited stock is not counted.
      ['7084075', 'Small / White', '000072', null, 1.11, 2.22, 2.22, null, null, ['Small', 'White']],
      [
        '7084076',
        'Small / Red',
        '000071',
        null,
        1.6,
        1.6,
        null,
        61,
        'https://app.ecwid.com/images/1003/397690845jpg',
        ['Small', 'Red'],
      ],
    ]);
    expect(radish!.images!.map((i) => i.original)).toContain(
      'https://app.ecwid.com/images/1003/397690845jpg',
    );
  });

  it('pages by offset to the end, 100 a page', async () => {
    store.fake.products = generatedEcwidProducts(1000);
    const before = store.fake.server.requests.length;
    const c = connector();
    const pages = await listAllPages((cur) => c.listProducts(cur));
    expect(pages).toHaveLength(10);
    expect(new Set(pages.flatMap((p) => p.listings.map((l) => l.external_id))).size).toBe(1000);
    const offsets = store.fake.server.requests
      .slice(before)
      .filter((x) => x.path.endsWith('/products'))
      .map((x) => x.query.get('offset'));
    expect(offsets).toEqual(['0', '100', '200', '300', '400', '500', '600', '700', '800', '900']);
    expect(await c.countProducts()).toBe(1000);
  });

  it('lists only the products updated since a date (updatedFrom)', async () => {
    const c = connector();
    const pages = await listAllPages((cur) =>
      c.listProductsChangedSince(new Date('2016-01-01T00:00:00Z'), cur),
    );
    expect(pages.flatMap((p) => p.listings.map((l) => l.title))).toEqual(['Orange']);
    expect(
      store.fake.server.requests.findLast((x) => x.path.endsWith('/products'))!.query.get('updatedFrom'),
    ).toBe('1451606400');
  });

  it('skips and reports a product that cannot be mapped', async () => {
    const [orange, radish] = publishedEcwidProducts();
    store.fake.products = [
      { ...orange!, name: '' },
      radish!,
      { ...orange!, id: 1, name: 'Bad orange', price: -1 },
    ];
    const page = await connector().listProducts();
    expect(page.listings.map((l) => l.title)).toEqual(['Radish']);
    expect(page.failures).toEqual([
      { external_id: '37208339', title: '', error: 'The product title is empty' },
      { external_id: '1', title: 'Bad orange', error: 'price: The price "-1" is negative' },
    ]);
  });

  it('reads one product, null when gone; lists categories and no collections', async () => {
    const c = connector();
    expect((await c.getProduct('37208339'))?.title).toBe('Orange');
    expect(await c.getProduct('1')).toBeNull();
    expect(await c.listCategories()).toEqual([
      { external_id: '9691094', title: 'Fruit' },
      { external_id: '9691095', title: 'Vegetables' },
    ]);
    expect(await c.listCollections()).toEqual([]);
  });
});

describe('Ecwid: limits, errors and connection', () => {
  it('waits Retry-After on 429, then goes on', async () => {
    store.fake.server.force({ status: 429, headers: { 'Retry-After': '4' } }, { path: '/products' });
    const c = connector();
    expect((await c.listProducts()).listings).toHaveLength(2);
    expect(c.client.waits).toEqual([{ ms: 4000, reason: 'throttled' }]);
  });

  it('spaces its requests 100 ms apart by default (600 a minute)', async () => {
    const c = registryConnector<EcwidConnector>(
      { id: 'a', type: 'ecwid', shopDomain: STORE, credentials: { storeId: STORE, token: TOKEN } },
      { apiUrl: store.url, sleep: async () => {} },
    );
    await c.listProducts();
    expect(c.client.waits.length).toBeGreaterThan(0);
    expect(c.client.waits.every((w) => w.reason === 'pace' && w.ms <= 100)).toBe(true);
  });

  it('is unauthorized with a wrong token (Ecwid answers 403)', async () => {
    const c = connector({}, 'secret_wrong');
    await expect(c.listProducts()).rejects.toMatchObject({ code: 'unauthorized', status: 403 });
    expect(await c.checkConnection()).toEqual({
      ok: false,
      code: 'unauthorized',
      reason: `Ecwid store ${STORE} answered 403: Invalid access token`,
    });
  });

  it('reports an HTML page or a truncated answer as invalid', async () => {
    store.fake.server.force(HTML_LOGIN_PAGE, { path: '/products' });
    await expect(connector().listProducts()).rejects.toMatchObject({ code: 'invalid_response' });
    store.fake.server.force(truncatedJson({ total: 2, items: publishedEcwidProducts() }), {
      path: '/products',
    });
    await expect(connector().listProducts()).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('checks the connection with the store profile', async () => {
    expect(await connector().checkConnection()).toEqual({
      ok: true,
      shopName: 'Ecwid Demo Store',
      currency: 'USD',
      storeUrl: 'https://mdemo.ecwid.com',
    });
    store.fake.server.force(
      {
        status: 402,
        body: { errorMessage: 'Store is suspended', errorCode: 'STORE_IS_SUSPENDED' },
      },
      { path: '/profile' },
    );
    expect(await connector().checkConnection()).toMatchObject({ ok: false, code: 'unavailable' });
  });

  it('takes the store id and token the merchant types', () => {
    expect(PLATFORMS.ecwid!.spec!.parse({ storeId: 4870020, token: ' secret_x ' })).toEqual({
      ok: true,
      credentials: { storeId: '4870020', token: 'secret_x' },
      storeKey: '4870020',
    });
    expect(PLATFORMS.ecwid!.spec!.parse({ storeId: 'mystore', token: 'x' })).toMatchObject({ ok: false });
  });
});

describe('Ecwid: webhooks', () => {
  // The published body, with its `// this is the id of the updated product` comment taken out.
  const body = readExtdata('ecwid-webhook-product-updated.json').replace(/\/\/.*$/m, '');
  const secret = 'app-client-secret';

  it('accepts the signature over "{eventCreated}.{eventId}" with the client secret', () => {
    const signature = ecwidWebhookSignature(
      { eventCreated: 1469429912, eventId: '08a78904-0aa0-4c1a-953a-2e33c56236f0' },
      secret,
    );
    expect(verifyEcwidWebhook(body, signature, secret)).toBe(true);
    expect(verifyEcwidWebhook(JSON.parse(body), signature, secret)).toBe(true);
  });

  it('refuses a wrong, missing or replayed-with-other-event signature', () => {
    const signature = ecwidWebhookSignature(
      { eventCreated: 1469429912, eventId: '08a78904-0aa0-4c1a-953a-2e33c56236f0' },
      secret,
    );
    expect(verifyEcwidWebhook(body, signature, 'another-secret')).toBe(false);
    expect(verifyEcwidWebhook(body, null, secret)).toBe(false);
    expect(verifyEcwidWebhook(body, signature, null)).toBe(false);
    const other = body.replace('1469429912', '1469429999');
    expect(verifyEcwidWebhook(other, signature, secret)).toBe(false);
    expect(verifyEcwidWebhook('{not json', signature, secret)).toBe(false);
  });

  it('reads the changed product and whether it was deleted', () => {
    expect(readEcwidWebhook(body, { storeId: '1003' })).toEqual({ productIds: ['66722483'], deleted: false });
    expect(readEcwidWebhook(body.replace('product.updated', 'product.deleted'))).toEqual({
      productIds: ['66722483'],
      deleted: true,
    });
    expect(readEcwidWebhook(body, { storeId: STORE })).toBeNull();
    expect(readEcwidWebhook(body.replace('product.updated', 'order.created'))).toBeNull();
  });
});
