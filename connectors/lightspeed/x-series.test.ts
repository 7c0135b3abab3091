import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeLightspeed, xProduct } from '../../scripts/testing/fake-lightspeed.ts';
import { readAllPages } from '../../scripts/testing/connector-pages.ts';
import { HTML_LOGIN_PAGE, json } from '../../scripts/testing/fake-store-server.ts';
import { getConnector } from '../index.ts';
import { LightspeedXCredentialsSchema } from './credentials.ts';
import { XSeriesConnector } from './x-series/connector.ts';
import { connectLightspeedX, xSeriesAuthorizeUrl } from './x-series/oauth.ts';

/*
 * The Lightspeed X-Series adapter against a local API 2.0 (scripts/testing/fake-lightspeed.ts): the three
 * products of the published products-list example (lightspeed-xseries-products-list.json) and the "Bravo"
 * variant family of the same specification's single-product example.
 */

let ls: FakeLightspeed;
beforeAll(async () => {
  ls = await new FakeLightspeed().start();
});
afterAll(() => ls?.stop());
beforeEach(() => ls.useXFixture());

const sleep = async () => {};
const PLACEHOLDER_ID = 'b8ca3a65-0183-11e4-fbb5-9776c5cd0240';
const BRAVO = 'b8ca3a65-0183-11e4-fbb5-7988a6ed80f8';

function connector(
  credentials: Record<string, unknown>,
  extra: Partial<ConstructorParameters<typeof XSeriesConnector>[0]> = {},
) {
  return new XSeriesConnector({
    credentials: LightspeedXCredentialsSchema.parse(credentials),
    appKeys: ls.appKeys,
    apiUrl: ls.apiUrl,
    sleep,
    ...extra,
  });
}

const listAll = (c: XSeriesConnector) => readAllPages((cursor) => c.listProducts(cursor));

describe('Lightspeed X-Series OAuth 2', () => {
  it("sends the retailer to Lightspeed's connect page and exchanges the code at their domain prefix", async () => {
    const url = xSeriesAuthorizeUrl({
      clientId: ls.appKeys.clientId,
      redirectUri: 'https://catalogs.example/cb',
      state: 'x-1',
    });
    expect(url.startsWith('https://secure.retail.lightspeed.app/connect?')).toBe(true);
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      response_type: 'code',
      client_id: ls.appKeys.clientId,
      redirect_uri: 'https://catalogs.example/cb',
      state: 'x-1',
    });
    const { code, state } = ls.xOAuth.consent(url);
    expect(state).toBe('x-1');
    const credentials = await connectLightspeedX({
      appKeys: ls.appKeys,
      apiUrl: ls.apiUrl,
      code,
      domainPrefix: 'KiwiGear',
      redirectUri: 'https://catalogs.example/cb',
    });
    expect(credentials).toMatchObject({ series: 'x', domainPrefix: 'kiwigear' });
    expect(Date.parse(credentials.expiresAt!) - Date.now()).toBeGreaterThan(86_000_000);
    expect(ls.xOAuth.exchanges.at(-1)).toMatchObject({
      grantType: 'authorization_code',
      granted: true,
      form: { client_id: ls.appKeys.clientId, client_secret: ls.appKeys.clientSecret, code },
    });
    await expect(
      connectLightspeedX({
        appKeys: ls.appKeys,
        apiUrl: ls.apiUrl,
        code,
        domainPrefix: 'kiwigear',
        redirectUri: 'x',
      }),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('Lightspeed X-Series connector', () => {
  it('checks the connection: the retailer name and currency, or why not', async () => {
    expect(await connector(ls.xCredentials()).checkConnection()).toEqual({
      ok: true,
      shopName: 'Kiwi Gear',
      currency: 'NZD',
    });
    expect(
      await connector({ ...ls.xCredentials(), accessToken: 'revoked', refreshToken: null }).checkConnection(),
    ).toMatchObject({
      ok: false,
      code: 'unauthorized',
    });
  });

  it('maps the published products and a variant family: prices by the tax setting, stock over outlets, variants', async () => {
    const c = connector(ls.xCredentials());
    const { listings, failures } = await listAll(c);
    expect(failures).toEqual([]);
    expect(
      listings.map((l) => [l.external_id, l.title, l.sku, l.price, l.stock, l.variations?.length]),
    ).toEqual([
      [PLACEHOLDER_ID, 'Product 0003', '0003', 3.03, 11, 0],
      ['b8ca3a65-0183-11e4-fbb5-9776c5faaed2', 'Product 0005', '0005', 5.04, 12, 0],
      ['b8ca3a65-0183-11e4-fbb5-9776c611d865', 'Product 0006', '0006', 6.05, 13, 0],
      [BRAVO, 'Bravo', '787878', 115, 45, 3],
    ]);
    expect(listings[0]).toMatchObject({
      source: 'lightspeed',
      iso_currency_code: 'NZD',
      status: 'ACTIVE',
      online: true,
      // The "no image" placeholder is not a picture of the product.
      main_image: null,
      images: [],
      category: null,
      brand: null,
      barcode: null,
      metafields: [
        { namespace: 'lightspeed', key: 'price_excluding_tax', type: 'number_decimal', value: 2.63 },
      ],
      external_created_at: '2015-01-08T20:41:50+00:00',
    });
    // A custom product code is the merchant's own, not a barcode.
    expect(listings[2]!.barcode).toBeNull();
    const bravo = listings[3]!;
    expect(bravo).toMatchObject({
      description: '<p>The best product ever, except for the next one.</p>',
      category: 'General',
      brand: 'Peak Performance',
      vendor: 'Peak',
      options: [
        { name: 'Color', values: ['Black', 'White', 'Red'] },
        { name: 'Fabric', values: ['Cotton'] },
      ],
      collections: [
        { external_id: 'b8ca3a65-0183-11e4-fbb5-a7e973b74d92', title: 'tag_test' },
        { external_id: 'bc305bf6-6183-11e4-f15a-16ced23b8465', title: 'variant' },
      ],
    });
    expect(
      bravo.variations!.map((v) => [v.id, v.title, v.sku, v.barcode, v.price, v.stock, v.options]),
    ).toEqual([
      [BRAVO, 'Black / Cotton', '787878', '9780201379620', 126.5, 14, ['Black', 'Cotton']],
      [
        'b8ca3a65-0183-11e4-fbb5-7988a6ed80f1',
        'White / Cotton',
        '787879',
        '9780201379621',
        126.5,
        15,
        ['White', 'Cotton'],
      ],
      [
        'b8ca3a65-0183-11e4-fbb5-7988a6ed80f2',
        'Red / Cotton',
        '787880',
        '9780201379622',
        115,
        16,
        ['Red', 'Cotton'],
      ],
    ]);
    expect(bravo.images).toHaveLength(3);
    // The family was fetched by its name; the children met in the pages were not listed twice.
    expect(
      ls.server.requests.some((r) => r.path === '/api/2.0/products' && r.query.get('name') === 'Bravo'),
    ).toBe(true);
  });

  it('shows prices without tax for a tax-exclusive retailer', async () => {
    ls.retailer = { ...ls.retailer, tax_exclusive: true };
    try {
      const [first] = (await connector(ls.xCredentials()).listProducts()).listings;
      expect(first).toMatchObject({
        price: 2.63,
        metafields: [{ key: 'price_including_tax', value: 3.03 }],
      });
    } finally {
      ls.retailer = { ...ls.retailer, tax_exclusive: false };
    }
  });

  it('pages by the version cursor until an empty page', async () => {
    ls.xProducts = Array.from({ length: 600 }, (_, i) => xProduct(i + 1, 10_000 + i * 3));
    const before = ls.server.requests.length;
    const { listings, pages } = await listAll(connector(ls.xCredentials(), { pageSize: 250 }));
    expect(listings).toHaveLength(600);
    expect(pages).toBe(4);
    const afters = ls.server.requests
      .slice(before)
      .filter((r) => r.path === '/api/2.0/products')
      .map((r) => r.query.get('after'));
    expect(afters).toEqual([
      '0',
      String(10_000 + 249 * 3),
      String(10_000 + 499 * 3),
      String(10_000 + 599 * 3),
    ]);
  });

  it('waits the Retry-After date of a 429, then goes on', async () => {
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const c = connector(ls.xCredentials(), { now: () => t0 });
    ls.server.force(
      json({ error: 'Too Many Requests', message: 'Rate limiting enforced' }, 429, {
        'Retry-After': new Date(t0 + 5000).toUTCString(),
      }),
    );
    expect((await c.listProducts()).listings).toHaveLength(4);
    expect(c.http.waits).toEqual([{ ms: 5000, reason: 'throttled' }]);
  });

  it('refreshes an expired token, stores the rotated pair, and is unauthorized when the refresh is refused', async () => {
    const stale = { ...ls.xCredentials(), expiresAt: new Date(Date.now() - 1000).toISOString() };
    const stored: string[] = [];
    const c = connector(stale, { onCredentials: (j) => void stored.push(j) });
    expect((await c.listProducts()).listings).toHaveLength(4);
    const renewed = JSON.parse(stored[0]!);
    expect(renewed).toMatchObject({ series: 'x', domainPrefix: 'kiwigear' });
    expect(renewed.refreshToken).not.toBe(stale.refreshToken);
    // The used refresh token is revoked: only the stored pair works from now on.
    await expect(connector(stale).listProducts()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(ls.xOAuth.exchanges.at(-1)).toMatchObject({ grantType: 'refresh_token', granted: false });
  });

  it('reports an HTML page and a truncated body as invalid responses', async () => {
    const c = connector(ls.xCredentials());
    ls.server.force(HTML_LOGIN_PAGE, { match: (r) => r.path === '/api/2.0/products' });
    await expect(c.listProducts()).rejects.toMatchObject({ code: 'invalid_response' });
    ls.server.force(
      { ...json({ data: ls.xProducts, version: { min: 1, max: 2 } }), truncate: true },
      {
        match: (r) => r.path === '/api/2.0/products',
      },
    );
    await expect(c.listProducts()).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'Lightspeed answered data that is cut short or malformed',
    });
  });

  it('skips and reports a product without a name and one with a negative price', async () => {
    ls.xProducts[0]!.name = '';
    ls.xProducts[1]!.price_including_tax = -4;
    const page = await connector(ls.xCredentials()).listProducts();
    expect(page.listings.map((l) => l.title)).toEqual(['Product 0006', 'Bravo']);
    expect(page.failures).toEqual([
      { external_id: PLACEHOLDER_ID, title: null, error: 'The product title is empty' },
      {
        external_id: 'b8ca3a65-0183-11e4-fbb5-9776c5faaed2',
        title: 'Product 0005',
        error: 'price: The price "-4" is negative',
      },
    ]);
  });

  it("gives the whole family for a child's id, a plain product by its id, and null when gone", async () => {
    const c = connector(ls.xCredentials());
    const family = await c.getProduct('b8ca3a65-0183-11e4-fbb5-7988a6ed80f2');
    expect(family).toMatchObject({ external_id: BRAVO, title: 'Bravo' });
    expect(family!.variations).toHaveLength(3);
    expect(await c.getProduct(PLACEHOLDER_ID)).toMatchObject({ title: 'Product 0003', variations: [] });
    expect(await c.getProduct('00000000-0000-0000-0000-000000000000')).toBeNull();
  });

  it('lists product categories and tags (collections)', async () => {
    const c = connector(ls.xCredentials());
    expect(await c.listCategories()).toEqual([{ external_id: 'General', title: 'General' }]);
    // In version order, as the tags collection pages them.
    expect(await c.listCollections()).toEqual([
      { external_id: 'bc305bf6-6183-11e4-f15a-16ced23b8465', title: 'variant', is_custom_collection: true },
      { external_id: 'b8ca3a65-0183-11e4-fbb5-a7e973b74d92', title: 'tag_test', is_custom_collection: true },
    ]);
  });

  it('lists only the products changed since a date, a changed child bringing its family', async () => {
    ls.xProducts.find((p) => p.id === 'b8ca3a65-0183-11e4-fbb5-7988a6ed80f1')!.updated_at =
      '2024-05-01T10:00:00+00:00';
    ls.xProducts[1]!.updated_at = '2024-05-02T10:00:00+00:00';
    const c = connector(ls.xCredentials());
    const { listings } = await readAllPages((cursor) =>
      c.listProductsChangedSince(new Date('2024-01-01T00:00:00Z'), cursor),
    );
    expect(listings.map((l) => l.title)).toEqual(['Product 0005', 'Bravo']);
  });

  it("is the 'lightspeed' store type with X-Series credentials", async () => {
    const creds = ls.xCredentials();
    const c = getConnector(
      { id: 'a3', type: 'lightspeed', shopDomain: 'kiwigear', credentialsEncrypted: 'sealed' },
      { decrypt: () => JSON.stringify(creds), appKeys: ls.appKeys, apiUrl: ls.apiUrl, sleep },
    );
    expect(c).toBeInstanceOf(XSeriesConnector);
    expect(await c.checkConnection()).toMatchObject({ ok: true, shopName: 'Kiwi Gear' });
  });
});
