import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExtdataJson } from '../../scripts/testing/extdata.ts';
import { FakeWooCommerce, openFakeWooCommerce } from '../../scripts/testing/fake-woocommerce.ts';
import { ConnectorError, type Connector, type ProductPage } from '../types.ts';
import { mapProduct, type WooProduct } from './map-product.ts';
import { WooCommerceConnector } from './connector.ts';
import { readWooWebhook, wooWebhookSignature } from './webhooks.ts';

const noSleep = async () => {};
const waits: number[] = [];
const sleep = async (ms: number) => void waits.push(ms);

let store: FakeWooCommerce;
beforeAll(async () => {
  store = await openFakeWooCommerce();
});
afterAll(() => store?.stop());

const connect = (
  s: FakeWooCommerce,
  over: Partial<ConstructorParameters<typeof WooCommerceConnector>[0]> = {},
) =>
  new WooCommerceConnector({
    baseUrl: s.baseUrl,
    ...s.keys,
    fetch: s.fetch,
    sleep,
    retryBaseMs: 10,
    ...over,
  });

async function everyPage(c: Connector): Promise<ProductPage[]> {
  const pages: ProductPage[] = [];
  let cursor: string | null = null;
  do {
    const page = await c.listProducts(cursor);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describe('WooCommerce: the published example store', () => {
  it('checks the connection over plain HTTP with OAuth 1.0a signatures, with the site name and currency', async () => {
    expect(await connect(store).checkConnection()).toEqual({
      ok: true,
      shopName: 'My Woo Store',
      currency: 'EUR',
    });
    expect(store.requests.some((r) => r.path === '/wp-json/wc/v3/products')).toBe(true);
  });

  it('maps the variable T-shirt with its variations and the simple one, prices exactly', async () => {
    const [page] = await everyPage(connect(store));
    expect(page!.failures).toEqual([]);
    // In id order: 794 before 799.
    const [premium, ship] = page!.listings;
    expect(ship).toMatchObject({
      source: 'woocommerce',
      external_id: '799',
      title: 'Ship Your Idea',
      status: 'ACTIVE',
      category: 'Clothing',
      price: 9,
      compare_at_price: null,
      iso_currency_code: 'EUR',
      url: 'https://example.com/product/ship-your-idea-22/'.replace('https://example.com', store.baseUrl),
      options: [
        { name: 'Color', values: ['Black', 'Green'] },
        { name: 'Size', values: ['S', 'M'] },
      ],
      categories: [
        { external_id: '9', title: 'Clothing' },
        { external_id: '14', title: 'T-shirts' },
      ],
      external_created_at: '2017-03-23T20:03:12Z',
    });
    expect(ship!.variations).toEqual([
      expect.objectContaining({
        id: '733',
        title: 'Green / Any Size',
        price: 9,
        sku: null,
        stock: null,
        options: ['Green', 'Any Size'],
      }),
      expect.objectContaining({
        id: '732',
        title: 'Black / Any Size',
        price: 9,
        options: ['Black', 'Any Size'],
      }),
    ]);
    // The product's pictures then the variations' own, once each.
    expect(ship!.images!.map((i) => i.original.split('/').pop())).toEqual([
      'T_4_front-11.jpg',
      'T_4_back-10.jpg',
      'T_3_front-10.jpg',
      'T_3_back-10.jpg',
      'T_3_front-12.jpg',
      'T_4_front-12.jpg',
    ]);
    expect(premium).toMatchObject({
      external_id: '794',
      title: 'Premium Quality',
      price: 21.99,
      original_price: 21.99,
      compare_at_price: null,
      sale_price: null,
      stock: null,
      variations: [],
      options: [],
    });
  });

  it('maps a product on sale (the captured webhook body): the sale price, the regular one as compare-at', () => {
    const { body } = readExtdataJson<{ body: WooProduct }>('woocommerce-webhook-product-updated.json');
    expect(mapProduct(body, [], { currency: 'XOF' })).toMatchObject({
      external_id: '18',
      title: 'Perpemint',
      price: 150,
      compare_at_price: 200,
      sale_price: 150,
      original_price: 200,
      iso_currency_code: 'XOF',
    });
  });

  it('maps stock, the GTIN from meta, tags and other attributes, and private products as archived', () => {
    const listing = mapProduct(
      {
        id: 5,
        name: 'Mug',
        type: 'simple',
        status: 'private',
        price: '12.50',
        regular_price: '12.50',
        manage_stock: true,
        stock_quantity: 7,
        tags: [
          { id: 1, name: 'kitchen' },
          { id: 2, name: 'gift' },
        ],
        attributes: [{ name: 'Material', visible: true, variation: false, options: ['Stoneware'] }],
        meta_data: [{ key: '_wpm_gtin_code', value: '4006381333931' }],
      },
      [],
    );
    expect(listing).toMatchObject({
      status: 'ARCHIVED',
      online: false,
      stock: 7,
      barcode: '4006381333931',
      customfields: [
        { key: 'attribute:Material', name: 'Material', value: 'Stoneware' },
        { key: 'tags', name: 'Tags', value: 'kitchen, gift' },
      ],
    });
  });

  it('lists the categories page by page', async () => {
    const categories = await connect(store).listCategories();
    expect(categories.map((c) => c.title)).toEqual([
      'Albums',
      'Clothing',
      'Hoodies',
      'Music',
      'Posters',
      'Singles',
      'T-shirts',
    ]);
  });

  it('answers a product by id, and null once the store no longer has it', async () => {
    const c = connect(store);
    expect(await c.getProduct('794')).toMatchObject({ title: 'Premium Quality' });
    expect(await c.getProduct('123456')).toBeNull();
  });
});

describe('WooCommerce: paging, limits and failures', () => {
  let big: FakeWooCommerce;
  beforeAll(async () => {
    big = await new FakeWooCommerce().start();
    big.generate(250, { variableEvery: 10, variationsEach: 4 });
  });
  afterAll(() => big?.stop());

  it('pages to the end in id order, 100 a page, with every variation', async () => {
    const c = connect(big);
    expect(await c.countProducts!()).toBe(250);
    const pages = await everyPage(c);
    expect(pages.map((p) => p.listings.length)).toEqual([100, 100, 50]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const all = pages.flatMap((p) => p.listings);
    expect(new Set(all.map((l) => l.external_id)).size).toBe(250);
    const variable = all.filter((l) => l.variations?.length);
    expect(variable).toHaveLength(25);
    expect(variable[0]!.variations!.map((v) => [v.title, v.price, v.stock])).toEqual([
      ['Black / S', 10.99, 1],
      ['Green / S', 11.99, 2],
      ['Black / M', 12.99, 3],
      ['Green / M', 13.99, 4],
    ]);
    // A variable product shows its lowest price and the stock of its variations together.
    expect(variable[0]).toMatchObject({ price: 10.99, stock: 10 });
    const productPages = big.requests.filter((r) => r.path === '/wp-json/wc/v3/products' && r.query.page);
    expect(productPages.slice(-3).map((r) => [r.query.page, r.query.per_page, r.query.orderby])).toEqual([
      ['1', '100', 'id'],
      ['2', '100', 'id'],
      ['3', '100', 'id'],
    ]);
  });

  it('waits as a 429 asks (Retry-After), retries a 500 and a dropped connection, then goes on', async () => {
    waits.length = 0;
    big.faults.push('429', '500', 'drop');
    const page = await connect(big).listProducts(null);
    expect(page.listings).toHaveLength(100);
    // The shared client's policy: Retry-After for a 429; 3 retries of a 5xx or a dropped connection, doubling.
    expect(waits).toEqual([1000, 10, 20]);
  });

  it('gives up after its retries (throttled, network) and at once on a malformed answer', async () => {
    big.faults.push(...Array<'429'>(11).fill('429'));
    await expect(connect(big).listProducts(null)).rejects.toMatchObject({
      code: 'throttled',
      message: `the WooCommerce store 127.0.0.1:${big.port} kept limiting our requests (429)`,
    });
    big.faults.push('truncated');
    await expect(connect(big).listProducts(null)).rejects.toMatchObject({
      code: 'invalid_response',
      message: `the WooCommerce store 127.0.0.1:${big.port} answered data that is cut short or malformed`,
    });
    big.faults.push('drop', 'drop', 'drop', 'drop');
    await expect(connect(big).listProducts(null)).rejects.toMatchObject({ code: 'network' });
  });

  it('reports wrong keys as unauthorized with the store’s own words', async () => {
    const wrong = connect(big, { consumerSecret: 'cs_wrong' });
    expect(await wrong.checkConnection()).toEqual({
      ok: false,
      code: 'unauthorized',
      reason: `the WooCommerce store 127.0.0.1:${big.port} answered 401: Invalid signature - provided signature does not match.`,
    });
    await expect(wrong.listProducts(null)).rejects.toBeInstanceOf(ConnectorError);
  });

  it('reports a login page instead of JSON (a store behind a password)', async () => {
    big.loginWall = true;
    try {
      const check = await connect(big).checkConnection();
      expect(check).toEqual({
        ok: false,
        code: 'invalid_response',
        reason: `the WooCommerce store 127.0.0.1:${big.port} answered a web page instead of data: is the store protected by a password or a login page?`,
      });
    } finally {
      big.loginWall = false;
    }
  });

  it('reports an unreachable store as a network failure', async () => {
    const gone = new WooCommerceConnector({
      baseUrl: 'http://127.0.0.1:9',
      ...big.keys,
      sleep: noSleep,
      retryBaseMs: 1,
    });
    expect(await gone.checkConnection()).toMatchObject({ ok: false, code: 'network' });
  });

  it('skips a product that cannot be mapped (no title, a negative price) and names it', async () => {
    const s = await new FakeWooCommerce().start();
    try {
      s.generate(3);
      s.products[0]!.name = '';
      s.products[1]!.regular_price = '-5.00';
      s.products[1]!.price = '-5.00';
      const page = await connect(s).listProducts(null);
      expect(page.listings.map((l) => l.title)).toEqual(['Product 3']);
      expect(page.failures).toEqual([
        // The shared words, as the CSV import says them.
        { external_id: String(s.products[0]!.id), title: '', error: 'The product title is empty' },
        {
          external_id: String(s.products[1]!.id),
          title: 'Product 2',
          error: 'price: The price "-5" is negative',
        },
      ]);
    } finally {
      await s.stop();
    }
  });

  it('asks only for products changed since a date (modified_after in GMT)', async () => {
    const s = await new FakeWooCommerce().start();
    try {
      s.generate(2);
      (s.products[1] as { date_modified_gmt?: string }).date_modified_gmt = '2030-01-02T00:00:00';
      const page = await connect(s).listProductsChangedSince!(new Date('2030-01-01T00:00:00.000Z'));
      expect(page.listings.map((l) => l.title)).toEqual(['Product 2']);
      expect(s.requests.find((r) => r.query.modified_after)!.query).toMatchObject({
        modified_after: '2030-01-01T00:00:00',
        dates_are_gmt: 'true',
      });
    } finally {
      await s.stop();
    }
  });
});

describe('WooCommerce over HTTPS', () => {
  it('authenticates with Basic auth (OAuth signatures are for plain HTTP only)', async () => {
    const s = await openFakeWooCommerce({ tls: true });
    try {
      const c = connect(s);
      expect(await c.checkConnection()).toMatchObject({ ok: true, shopName: 'My Woo Store' });
      expect((await c.listProducts(null)).listings).toHaveLength(2);
      expect(await connect(s, { consumerKey: 'ck_wrong' }).checkConnection()).toEqual({
        ok: false,
        code: 'unauthorized',
        reason: `the WooCommerce store 127.0.0.1:${s.port} answered 401: Consumer key is invalid.`,
      });
    } finally {
      await s.stop();
    }
  });
});

describe('WooCommerce webhooks', () => {
  const secret = 'whsec-test-secret';
  const body = Buffer.from(JSON.stringify({ id: 18, name: 'Perpemint' }));
  const headers = (signature?: string) => ({
    'x-wc-webhook-topic': 'product.updated',
    'x-wc-webhook-signature': signature,
  });

  it('reads a delivery with a good signature as the product that changed', () => {
    expect(readWooWebhook({ headers: headers(wooWebhookSignature(body, secret)), body }, secret)).toEqual({
      kind: 'products',
      productIds: ['18'],
    });
  });

  it('refuses a bad or missing signature, and answers the activation ping', () => {
    expect(readWooWebhook({ headers: headers(wooWebhookSignature(body, 'other')), body }, secret).kind).toBe(
      'invalid',
    );
    expect(readWooWebhook({ headers: headers(), body }, secret).kind).toBe('invalid');
    expect(readWooWebhook({ headers: {}, body: Buffer.from('webhook_id=12') }, secret)).toEqual({
      kind: 'ping',
    });
  });

  it('registers one webhook per product topic with our secret, and removes them', async () => {
    const pings: string[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
          pings.push(Buffer.concat(chunks).toString());
          res.end('ok');
        });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    try {
      const deliveryUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stores/x`;
      const c = connect(store);
      const ids = await c.ensureWebhooks!({ destination: deliveryUrl, secret });
      expect(store.webhooks.map((w) => [w.topic, w.delivery_url, w.secret])).toEqual(
        ['product.created', 'product.updated', 'product.deleted', 'product.restored'].map((t) => [
          t,
          deliveryUrl,
          secret,
        ]),
      );
      expect(pings).toHaveLength(4);
      await c.removeWebhooks!([...ids, '999']);
      expect(store.webhooks).toEqual([]);
    } finally {
      receiver.close();
    }
  });
});
