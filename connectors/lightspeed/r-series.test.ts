import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeLightspeed } from '../../scripts/testing/fake-lightspeed.ts';
import { readAllPages } from '../../scripts/testing/connector-pages.ts';
import { HTML_LOGIN_PAGE, json } from '../../scripts/testing/fake-store-server.ts';
import { getConnector } from '../index.ts';
import { pkcePair } from '../shared/index.ts';
import { LightspeedRCredentialsSchema } from './credentials.ts';
import { LeakyBucket } from './r-series/bucket.ts';
import { RSeriesConnector } from './r-series/connector.ts';
import { connectLightspeedR, rSeriesAuthorizeUrl } from './r-series/oauth.ts';

/*
 * The Lightspeed R-Series adapter against a local API V3 (scripts/testing/fake-lightspeed.ts). The third page of
 * a captured Item list (lightspeed-rseries-items-list-page3.json: 34 items of 234, all values text) is served as
 * captured; pages 1 and 2 are built in the same shape, as is the record of matrix 1, whose item 412 is on page 3.
 */

let ls: FakeLightspeed;
beforeAll(async () => {
  ls = await new FakeLightspeed().start();
});
afterAll(() => ls?.stop());
beforeEach(() => {
  ls.useRFixture();
  ls.paging = 'offset';
  ls.bucket = { level: 0, size: 90, drip: 1, at: ls.now() };
  ls.throttled = 0;
});

/** Sleeping moves the fake's clock: the bucket leaks while we wait. */
const sleep = async (ms: number) => {
  ls.clockOffset += ms;
};

function connector(
  credentials: Record<string, unknown>,
  extra: Partial<ConstructorParameters<typeof RSeriesConnector>[0]> = {},
) {
  return new RSeriesConnector({
    credentials: LightspeedRCredentialsSchema.parse(credentials),
    appKeys: ls.appKeys,
    apiUrl: ls.apiUrl,
    sleep,
    now: () => ls.now(),
    ...extra,
  });
}

const listAll = (c: RSeriesConnector) => readAllPages((cursor) => c.listProducts(cursor));

describe('Lightspeed R-Series OAuth 2', () => {
  it('sends the merchant to the consent page (with PKCE) and stores the account the token opens', async () => {
    const { verifier, challenge } = pkcePair();
    const url = rSeriesAuthorizeUrl({
      clientId: ls.appKeys.clientId,
      state: 'r-1',
      codeChallenge: challenge,
    });
    expect(url.startsWith('https://cloud.lightspeedapp.com/auth/oauth/authorize?')).toBe(true);
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      response_type: 'code',
      client_id: ls.appKeys.clientId,
      scope: 'employee:inventory',
      state: 'r-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const { code } = ls.rOAuth.consent(url);
    const credentials = await connectLightspeedR({
      appKeys: ls.appKeys,
      apiUrl: ls.apiUrl,
      code,
      codeVerifier: verifier,
    });
    expect(credentials).toMatchObject({ series: 'r', accountId: '83050', currency: null });
    expect(ls.rOAuth.exchanges.at(-1)).toMatchObject({
      grantType: 'authorization_code',
      granted: true,
      form: { client_secret: ls.appKeys.clientSecret, code_verifier: verifier },
    });
  });
});

describe('Lightspeed R-Series connector', () => {
  it('checks the connection', async () => {
    expect(await connector({ ...ls.rCredentials(), currency: 'USD' }).checkConnection()).toEqual({
      ok: true,
      shopName: 'Model Hobbies',
      currency: 'USD',
    });
    expect(
      await connector({ ...ls.rCredentials(), accessToken: 'gone', refreshToken: null }).checkConnection(),
    ).toMatchObject({
      ok: false,
      code: 'unauthorized',
      reason: 'Lightspeed answered 401',
    });
  });

  it('lists the items outside any matrix by @attributes offset pages, then each matrix with its items', async () => {
    const c = connector(ls.rCredentials());
    expect(await c.countProducts()).toBe(232);
    const before = ls.server.requests.length;
    const { listings, failures, pages } = await listAll(c);
    expect(failures).toEqual([]);
    expect(pages).toBe(4);
    expect(listings).toHaveLength(232);
    const itemPages = ls.server.requests
      .slice(before)
      .filter((r) => r.path.endsWith('/Item.json') && r.query.get('itemMatrixID') === '0');
    expect(itemPages.map((r) => [r.query.get('offset'), r.query.get('limit')])).toEqual([
      [null, '100'],
      ['100', '100'],
      ['200', '100'],
    ]);
    expect(JSON.parse(itemPages[0]!.query.get('load_relations')!)).toContain('ItemShops');

    const byId = new Map(listings.map((l) => [l.external_id, l]));
    // Items of the captured page, values read from text.
    expect(byId.get('406')).toMatchObject({
      source: 'lightspeed',
      title: 'Tamiya Acrylic Paint Flat White (XF-2)',
      sku: 'xf-2',
      barcode: '0000049376227',
      price: 3.49,
      suggested_retail_price: null,
      stock: 0,
      status: 'ACTIVE',
      online: true,
      category: null,
      brand: null,
      images: [],
      variations: [],
      external_created_at: '2016-02-05T01:35:20+00:00',
    });
    expect(byId.get('394')).toMatchObject({
      title: 'ELBOW .500 ( pack)',
      sku: '305017',
      price: 1.95,
      stock: 1,
    });
    // A custom field without a value says nothing.
    expect(byId.get('417')).toMatchObject({ sku: 'KS8247', stock: 45, customfields: [] });
    expect(byId.get('425')).toMatchObject({ title: 'Onesie', sku: '210000000431', price: 0 });
    // A built item with an MSRP.
    expect(byId.get('195')).toMatchObject({
      price: 2.25,
      suggested_retail_price: 4.25,
      sku: 'BS195',
      stock: 6,
    });
    // Matrix 1: item 412 of the captured page and its two siblings, as one listing.
    expect(byId.has('412')).toBe(false);
    const pearls = byId.get('ItemMatrix/1')!;
    expect(pearls).toMatchObject({
      title: '12mm Pearls',
      price: 1,
      suggested_retail_price: 4,
      stock: 11,
      options: [{ name: 'Size', values: ['10 pack', '20 pack'] }],
    });
    expect(pearls.variations!.map((v) => [v.id, v.title, v.sku, v.price, v.stock, v.options])).toEqual([
      ['250', '10 pack', 'BS250', 1, 5, ['10 pack']],
      ['251', '20 pack', 'BS251', 1.25, 6, ['20 pack']],
      ['412', '12mm Pearls', 'SKU2341(10)', 2.5, 0, ['']],
    ]);
  });

  it("follows V3's next links when the answers give them", async () => {
    ls.paging = 'next';
    const before = ls.server.requests.length;
    const { listings, pages } = await listAll(connector(ls.rCredentials()));
    expect(listings).toHaveLength(232);
    expect(pages).toBe(4);
    const afters = ls.server.requests
      .slice(before)
      .filter((r) => r.path.endsWith('/Item.json') && r.query.get('itemMatrixID') === '0')
      .map((r) => r.query.get('after'));
    expect(afters).toEqual([null, expect.any(String), expect.any(String)]);
  });

  it('paces requests by the leaky bucket instead of running into 429s', async () => {
    ls.bucket = { level: 89.5, size: 90, drip: 1, at: ls.now() };
    const c = connector(ls.rCredentials());
    await listAll(c);
    expect(ls.throttled).toBe(0);
    const paced = c.http.waits.filter((w) => w.reason === 'pace');
    expect(paced.length).toBeGreaterThan(3);
    expect(c.http.waits.every((w) => w.reason === 'pace')).toBe(true);
  });

  it('paces from the headers: the wait is what the bucket must leak for the next request', () => {
    let now = 0;
    const bucket = new LeakyBucket(() => now);
    expect(bucket.before()).toBe(0);
    bucket.after(
      new Response('', {
        headers: {
          'X-LS-API-Bucket-Level': '89/90',
          'X-LS-API-Drip-Rate': '2',
          'X-LS-API-Request-Cost': '3',
        },
      }),
    );
    expect(bucket.before()).toBe(1000);
    now = 400;
    expect(bucket.before()).toBe(600);
    now = 5000;
    expect(bucket.before()).toBe(0);
  });

  it('waits Retry-After on a 429, then goes on', async () => {
    const c = connector(ls.rCredentials());
    ls.server.force(json({ message: 'Rate limit exceeded' }, 429, { 'Retry-After': '3' }));
    expect((await c.listProducts()).listings).toHaveLength(100);
    expect(c.http.waits).toEqual([{ ms: 3000, reason: 'throttled' }]);
  });

  it('refreshes an expired token and stores the rotated pair; a refused refresh is unauthorized', async () => {
    const stale = { ...ls.rCredentials(), expiresAt: new Date(Date.now() - 1000).toISOString() };
    const stored: string[] = [];
    expect(
      (await connector(stale, { onCredentials: (j) => void stored.push(j) }).listProducts()).listings,
    ).toHaveLength(100);
    const renewed = JSON.parse(stored[0]!);
    expect(renewed).toMatchObject({ series: 'r', accountId: '83050' });
    expect(renewed.refreshToken).not.toBe(stale.refreshToken);
    expect(ls.rOAuth.exchanges.at(-1)!.form).toMatchObject({
      grant_type: 'refresh_token',
      client_id: ls.appKeys.clientId,
      client_secret: ls.appKeys.clientSecret,
    });
    const err = await connector(stale)
      .listProducts()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'unauthorized',
      message: 'Lightspeed refused the authorization: The refresh token is invalid',
    });
  });

  it('renews once after a 401 for a token it thought alive', async () => {
    const creds = ls.rCredentials();
    ls.rOAuth.expire(creds.accessToken);
    const stored: string[] = [];
    expect(
      (await connector(creds, { onCredentials: (j) => void stored.push(j) }).listProducts()).listings,
    ).toHaveLength(100);
    expect(stored).toHaveLength(1);
  });

  it('reports an HTML page and a truncated body as invalid responses', async () => {
    const c = connector(ls.rCredentials());
    ls.server.force(HTML_LOGIN_PAGE);
    await expect(c.listProducts()).rejects.toMatchObject({
      code: 'invalid_response',
      message:
        'Lightspeed answered a web page instead of data: is the store protected by a password or a login page?',
    });
    ls.server.force({
      ...json({ '@attributes': { count: '1', offset: '0', limit: '100' }, Item: ls.rItems[0] }),
      truncate: true,
    });
    await expect(c.listProducts()).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('skips and reports an item without a description and one with a negative price', async () => {
    ls.rItems[0]!.description = '';
    ls.rItems[1]!.Prices.ItemPrice[0].amount = '-2.5';
    const page = await connector(ls.rCredentials()).listProducts();
    expect(page.listings).toHaveLength(98);
    expect(page.failures).toEqual([
      { external_id: '193', title: null, error: 'The product title is empty' },
      { external_id: '194', title: 'Balsa Sheet 194/32"', error: 'price: The price "-2.5" is negative' },
    ]);
  });

  it('gives the matrix for an item of it, the item for a standalone id, and null when gone', async () => {
    const c = connector(ls.rCredentials());
    const parent = await c.getProduct('412');
    expect(parent).toMatchObject({ external_id: 'ItemMatrix/1', title: '12mm Pearls' });
    expect(parent!.variations!.map((v) => v.id)).toEqual(['250', '251', '412']);
    expect(await c.getProduct('ItemMatrix/1')).toMatchObject({ external_id: 'ItemMatrix/1' });
    expect(await c.getProduct('406')).toMatchObject({
      external_id: '406',
      title: 'Tamiya Acrylic Paint Flat White (XF-2)',
    });
    expect(await c.getProduct('999999')).toBeNull();
    expect(await c.getProduct('ItemMatrix/77')).toBeNull();
  });

  it('lists categories by full path, tags as collections, and the items changed since a date', async () => {
    const c = connector(ls.rCredentials());
    expect(await c.listCategories()).toEqual([
      { external_id: 'Paint', title: 'Paint' },
      { external_id: 'Paint/Acrylic', title: 'Paint/Acrylic' },
    ]);
    expect(await c.listCollections()).toEqual([
      { external_id: '5', title: 'Clearance', is_custom_collection: true },
    ]);
    const { listings: changed } = await readAllPages((cursor) =>
      c.listProductsChangedSince(new Date('2016-02-06T00:00:00Z'), cursor),
    );
    // Items touched after 6 February 2016 (their matrix for 412), and the matrix itself (changed on the 13th).
    expect(changed.map((l) => l.external_id)).toEqual([
      '417',
      '425',
      '426',
      '427',
      'ItemMatrix/1',
      'ItemMatrix/1',
    ]);
  });

  it("is the 'lightspeed' store type with R-Series credentials", async () => {
    const creds = ls.rCredentials();
    const c = getConnector(
      { id: 'a4', type: 'lightspeed', shopDomain: '83050', credentialsEncrypted: 'sealed' },
      { decrypt: () => JSON.stringify(creds), appKeys: ls.appKeys, apiUrl: ls.apiUrl, sleep },
    );
    expect(c).toBeInstanceOf(RSeriesConnector);
    expect(await c.checkConnection()).toMatchObject({ ok: true, shopName: 'Model Hobbies' });
  });
});
