import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeEbay } from '../../scripts/testing/fake-ebay.ts';
import { readAllPages } from '../../scripts/testing/connector-pages.ts';
import { HTML_LOGIN_PAGE, json } from '../../scripts/testing/fake-store-server.ts';
import { getConnector } from '../index.ts';
import { EbayConnector } from './connector.ts';
import { connectEbay, ebayAuthorizeUrl, EbayCredentialsSchema } from './oauth.ts';

/*
 * The eBay adapter against a local Trading API (scripts/testing/fake-ebay.ts) that replays the real
 * GetSellerListResponse of ../shared/extdata/ebay-trading-getsellerlist.xml (BOM and blank line kept); bigger
 * catalogs are that file's items under new ItemIDs.
 */

let ebay: FakeEbay;
beforeAll(async () => {
  ebay = await new FakeEbay().start();
});
afterAll(() => ebay?.stop());
beforeEach(() => {
  ebay.useFixture();
  ebay.storeCategories = null;
});

const sleep = async () => {};
const T_SHIRT =
  'http://i.ebayimg.sandbox.ebay.com/00/s/OTBYOTA=/$(KGrHqJHJC4FLfcGW8rEBT(nv)j07g~~60_1.JPG?set_id=8800004005';

function connector(
  credentials: Record<string, unknown>,
  extra: { onCredentials?: (j: string) => void; now?: () => number } = {},
) {
  return new EbayConnector({
    credentials: EbayCredentialsSchema.parse(credentials),
    appKeys: ebay.appKeys,
    apiUrl: ebay.apiUrl,
    sleep,
    ...extra,
  });
}

const listAll = (c: EbayConnector) => readAllPages((cursor) => c.listProducts(cursor));

describe('eBay OAuth 2', () => {
  it("sends the seller to eBay's consent page and exchanges the code with the app keys", async () => {
    const url = ebayAuthorizeUrl({
      clientId: ebay.appKeys.clientId,
      ruName: 'Catalog_B-CatalogB-PRD-abc',
      state: 'st-1',
    });
    expect(url.startsWith('https://auth.ebay.com/oauth2/authorize?')).toBe(true);
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      client_id: ebay.appKeys.clientId,
      redirect_uri: 'Catalog_B-CatalogB-PRD-abc',
      response_type: 'code',
      scope:
        'https://api.ebay.com/oauth/api_scope https://api.ebay.com/oauth/api_scope/sell.inventory.readonly',
      state: 'st-1',
    });
    const consent = ebay.oauth.consent(url, { userId: ebay.userId });
    expect(consent.state).toBe('st-1');
    const credentials = await connectEbay({
      appKeys: ebay.appKeys,
      apiUrl: ebay.apiUrl,
      code: consent.code,
      ruName: 'Catalog_B-CatalogB-PRD-abc',
    });
    expect(credentials).toMatchObject({ userId: 'testuser_sv02', siteId: 0 });
    expect(Date.parse(credentials.expiresAt!) - Date.now()).toBeGreaterThan(7100_000);
    expect(Date.parse(credentials.refreshTokenExpiresAt!) - Date.now()).toBeGreaterThan(47_000_000_000);
    const exchange = ebay.server.calls('/identity/v1/oauth2/token').at(-1)!;
    expect(exchange.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ebay.appKeys.clientId}:${ebay.appKeys.clientSecret}`).toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toEqual({
      grant_type: 'authorization_code',
      code: consent.code,
      redirect_uri: 'Catalog_B-CatalogB-PRD-abc',
    });
  });

  it('is refused with a code eBay did not issue, or with wrong app keys', async () => {
    await expect(
      connectEbay({ appKeys: ebay.appKeys, apiUrl: ebay.apiUrl, code: 'nope', ruName: 'ru' }),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    const url = ebayAuthorizeUrl({ clientId: ebay.appKeys.clientId, ruName: 'ru', state: 's' });
    const { code } = ebay.oauth.consent(url);
    await expect(
      connectEbay({
        appKeys: { ...ebay.appKeys, clientSecret: 'wrong' },
        apiUrl: ebay.apiUrl,
        code,
        ruName: 'ru',
      }),
    ).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'eBay refused the authorization: Client authentication failed',
    });
  });
});

describe('eBay connector: connection check', () => {
  it('answers the seller and the currency of their site, and the reason when eBay refuses', async () => {
    expect(await connector(ebay.credentials()).checkConnection()).toEqual({
      ok: true,
      shopName: 'testuser_sv02',
      currency: 'USD',
    });
    expect(
      await connector({
        ...ebay.credentials(),
        accessToken: 'v^1.1#i^1#unknown',
        refreshToken: null,
      }).checkConnection(),
    ).toEqual({
      ok: false,
      code: 'unauthorized',
      reason: 'eBay answered 401: IAF token supplied is invalid.',
    });
    ebay.server.force(HTML_LOGIN_PAGE);
    expect(await connector(ebay.credentials()).checkConnection()).toMatchObject({
      ok: false,
      code: 'invalid_response',
    });
  });
});

describe('eBay connector: the catalog', () => {
  it('maps the published GetSellerList answer: items, variations with their SKUs, specifics and what is left', async () => {
    const { listings, failures, pages } = await listAll(connector(ebay.credentials()));
    expect(failures).toEqual([]);
    expect(pages).toBe(1);
    expect(
      listings.map((l) => [l.external_id, l.title, l.status, l.online, l.price, l.stock, l.sku]),
    ).toEqual([
      ['110141553531', 'levis 501 teenager T-Shirt', 'ACTIVE', true, 1.12, 1495, 'testSku11014'],
      ['110141989389', 'levis 501 teenager Cap', 'ARCHIVED', false, 1.17, 203, 'testSku110141989389'],
      ['110141989458', 'levis 501 teenager bootsofspeed', 'ACTIVE', false, 1.17, 204, null],
      ['110142400319', 'levis 501 teenager Trousers', 'ACTIVE', false, 1.12, 896, null],
      ['110142503362', 'levis 501 teenager Jackets', 'ARCHIVED', false, 1.14, 900, null],
    ]);
    const tShirt = listings[0]!;
    expect(tShirt).toMatchObject({
      source: 'ebay',
      description:
        '<font face="Arial" size="2">WARNING !&nbsp;</font><div><font face="Arial" size="2">THIS IS A TEST ITEM !!!</font></div>',
      iso_currency_code: 'USD',
      category: "Clothing, Shoes & Accessories > Women's Clothing > Jeans",
      url: 'http://cgi.sandbox.ebay.com/levis-501-teenager-T-Shirt-/110141553531',
      main_image: T_SHIRT,
      images: [{ original: T_SHIRT }],
      compare_at_price: null,
      options: [{ name: 'Color', values: ['Black'] }],
      customfields: [
        { key: 'subtitle', name: 'Subtitle', value: 'subtitle' },
        { key: 'condition', name: 'Condition', value: 'New with tags' },
      ],
      external_created_at: '2014-04-18T14:01:04.000Z',
    });
    expect(tShirt.variations!.map((v) => [v.id, v.sku, v.price, v.stock, v.options, v.title])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [
        `110141553531:testSku11014_V${n}`,
        `testSku11014_V${n}`,
        1.12,
        299,
        ['Black'],
        'Black',
      ]),
    );
    expect(listings[4]!.images).toEqual([]);
    // What eBay was asked: the whole catalog in an EndTime window of 120 days, 200 a page, every detail.
    const request = ebay.server
      .calls('/ws/api.dll')
      .find((r) => r.headers['x-ebay-api-call-name'] === 'GetSellerList')!;
    expect(request.headers['x-ebay-api-compatibility-level']).toBe('1451');
    expect(request.headers['x-ebay-api-siteid']).toBe('0');
    expect(request.body).toContain('<DetailLevel>ReturnAll</DetailLevel>');
    expect(request.body).toContain('<EntriesPerPage>200</EntriesPerPage><PageNumber>1</PageNumber>');
    const from = /<EndTimeFrom>(.*?)<\/EndTimeFrom>/.exec(request.body)![1]!;
    const to = /<EndTimeTo>(.*?)<\/EndTimeTo>/.exec(request.body)![1]!;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(120);
    expect(ebay.violations).toEqual([]);
  });

  it('pages 1,000 listings 200 at a time in one window, to the end', async () => {
    ebay.useGenerated(1000);
    const before = ebay.server.requests.length;
    const c = connector(ebay.credentials());
    expect(await c.countProducts()).toBe(1000);
    const { listings, failures, pages } = await listAll(c);
    expect(failures).toEqual([]);
    expect(pages).toBe(5);
    expect(new Set(listings.map((l) => l.external_id)).size).toBe(1000);
    const bodies = ebay.server.requests
      .slice(before)
      .filter((r) => r.headers['x-ebay-api-call-name'] === 'GetSellerList' && r.body.includes('ReturnAll'))
      .map((r) => r.body);
    expect(bodies.map((b) => /<PageNumber>(\d+)/.exec(b)![1])).toEqual(['1', '2', '3', '4', '5']);
    expect(new Set(bodies.map((b) => /<EndTimeFrom>(.*?)</.exec(b)![1])).size).toBe(1);
    expect(ebay.violations).toEqual([]);
  });

  it('walks further windows when told to, each within 120 days', async () => {
    const c = new EbayConnector({
      credentials: EbayCredentialsSchema.parse(ebay.credentials()),
      appKeys: ebay.appKeys,
      apiUrl: ebay.apiUrl,
      sleep,
      windows: 2,
      windowDays: 150,
    });
    const before = ebay.server.requests.length;
    const { pages } = await listAll(c);
    expect(pages).toBe(2);
    const windows = ebay.server.requests
      .slice(before)
      .filter((r) => r.headers['x-ebay-api-call-name'] === 'GetSellerList')
      .map((r) => [/<EndTimeFrom>(.*?)</.exec(r.body)![1]!, /<EndTimeTo>(.*?)</.exec(r.body)![1]!]);
    expect(windows[1]![0]).toBe(windows[0]![1]);
    for (const [from, to] of windows) expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(120);
  });

  it('skips and reports an item without a title and one with a negative price', async () => {
    const [first, second] = ebay.items;
    first!.xml = first!.xml.replace(/<Title>[^<]*<\/Title>/, '<Title></Title>');
    second!.xml = second!.xml.replace(
      /<StartPrice currencyID="USD">[^<]*</,
      '<StartPrice currencyID="USD">-3.00<',
    );
    const page = await connector(ebay.credentials()).listProducts();
    expect(page.listings.map((l) => l.external_id)).toEqual(['110141989458', '110142400319', '110142503362']);
    expect(page.failures).toEqual([
      { external_id: '110141553531', title: null, error: 'The product title is empty' },
      {
        external_id: '110141989389',
        title: 'levis 501 teenager Cap',
        error: 'price: The price "-3" is negative',
      },
    ]);
  });

  it("gives the parent item with all its variations for a variation's id, and null when gone or not the seller's", async () => {
    const c = connector(ebay.credentials());
    const parent = await c.getProduct('110141553531:testSku11014_V3');
    expect(parent).toMatchObject({ external_id: '110141553531', title: 'levis 501 teenager T-Shirt' });
    expect(parent!.variations).toHaveLength(5);
    expect(await c.getProduct('110199999999')).toBeNull();
    expect(
      await connector({ ...ebay.credentials(), userId: 'someone_else' }).getProduct('110141553531'),
    ).toBeNull();
  });

  it("lists the seller's Store categories as collections and puts each item in its own", async () => {
    ebay.storeCategories =
      '<CustomCategory><CategoryID>1</CategoryID><Name>Other</Name><Order>0</Order></CustomCategory>' +
      '<CustomCategory><CategoryID>27</CategoryID><Name>Teens</Name><Order>1</Order>' +
      '<ChildCategory><CategoryID>2147483648</CategoryID><Name>Jeans</Name><Order>0</Order></ChildCategory>' +
      '</CustomCategory>';
    const c = connector(ebay.credentials());
    expect(await c.listCollections()).toEqual([
      { external_id: '1', title: 'Other', is_custom_collection: true },
      { external_id: '27', title: 'Teens', is_custom_collection: true },
      { external_id: '2147483648', title: 'Teens > Jeans', is_custom_collection: true },
    ]);
    const [first] = (await c.listProducts()).listings;
    expect(first!.collections).toEqual([{ external_id: '1', title: 'Other' }]);
    expect(await connector(ebay.credentials()).listCategories()).toEqual([]);
  });

  it('has no collections for a seller without an eBay Store', async () => {
    const c = connector(ebay.credentials());
    expect(await c.listCollections()).toEqual([]);
    expect((await c.listProducts()).listings[0]!.collections).toBeUndefined();
  });

  it('lists the items changed in the last 48 hours with GetSellerEvents, and everything for an older date', async () => {
    ebay.items[2]!.modTime = Date.now() - 3600_000;
    const c = connector(ebay.credentials());
    const recent = await c.listProductsChangedSince(new Date(Date.now() - 6 * 3600_000));
    expect(recent.listings.map((l) => l.external_id)).toEqual(['110141989458']);
    expect(recent.nextCursor).toBeNull();
    const old = await c.listProductsChangedSince(new Date(Date.now() - 7 * 86_400_000));
    expect(old.listings).toHaveLength(5);
  });
});

describe('eBay connector: rate limits, errors and expired tokens', () => {
  it("waits Retry-After on a 429, retries eBay's internal errors after 3 and 6 s, then succeeds", async () => {
    const c = connector(ebay.credentials());
    ebay.server.force(json({}, 429, { 'Retry-After': '15' }));
    const internal = ebay.failure('GetSellerList', '10007', 'Internal error to the application.');
    ebay.server.force(internal, {
      match: (r) => r.headers['x-ebay-api-call-name'] === 'GetSellerList',
      times: 2,
    });
    const page = await c.listProducts();
    expect(page.listings).toHaveLength(5);
    expect(c.http.waits).toEqual([
      { ms: 15_000, reason: 'throttled' },
      { ms: 3000, reason: 'retry' },
      { ms: 6000, reason: 'retry' },
    ]);
  });

  it("is throttled when the app's daily call limit is spent", async () => {
    ebay.server.force(ebay.failure('GetSellerList', '518', 'Call usage limit has been reached.'));
    await expect(connector(ebay.credentials()).listProducts()).rejects.toMatchObject({
      code: 'throttled',
      platformCodes: ['518'],
    });
  });

  it('refreshes an expired token first, with the app keys, and hands the new credentials back', async () => {
    const stale = { ...ebay.credentials(), expiresAt: new Date(Date.now() - 60_000).toISOString() };
    const stored: string[] = [];
    const c = connector(stale, { onCredentials: (j) => void stored.push(j) });
    expect((await c.listProducts()).listings).toHaveLength(5);
    expect(stored).toHaveLength(1);
    const renewed = JSON.parse(stored[0]!);
    expect(renewed).toMatchObject({ refreshToken: stale.refreshToken, userId: 'testuser_sv02', siteId: 0 });
    expect(renewed.accessToken).not.toBe(stale.accessToken);
    const refresh = ebay.server.calls('/identity/v1/oauth2/token').at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(refresh.body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: stale.refreshToken,
    });
    const last = ebay.server.requests.at(-1)!;
    expect(last.headers['x-ebay-api-iaf-token']).toBe(renewed.accessToken);
  });

  it('renews once when eBay answers 21917053 (expired IAF token), and is unauthorized when the refresh is refused', async () => {
    const creds = ebay.credentials();
    ebay.oauth.expire(creds.accessToken);
    const stored: string[] = [];
    expect(
      (await connector(creds, { onCredentials: (j) => void stored.push(j) }).listProducts()).listings,
    ).toHaveLength(5);
    expect(stored).toHaveLength(1);

    const again = ebay.credentials();
    ebay.oauth.expire(again.accessToken);
    ebay.oauth.refuseRefresh = true;
    try {
      await expect(connector(again).listProducts()).rejects.toMatchObject({
        code: 'unauthorized',
        message: 'eBay refused the authorization: The refresh token is invalid',
      });
    } finally {
      ebay.oauth.refuseRefresh = false;
    }
  });

  it('reports an HTML page and a cut-off XML answer as invalid responses', async () => {
    const c = connector(ebay.credentials());
    ebay.server.force(HTML_LOGIN_PAGE, {
      match: (r) => r.headers['x-ebay-api-call-name'] === 'GetSellerList',
    });
    await expect(c.listProducts()).rejects.toMatchObject({
      code: 'invalid_response',
      message:
        'eBay answered a web page instead of data: is the store protected by a password or a login page?',
    });
    ebay.server.force(
      {
        ...ebay.xml('GetSellerList', `\t<ItemArray>\n\t\t${ebay.items[0]!.xml}\n\t</ItemArray>\n`),
        truncate: true,
      },
      { match: (r) => r.headers['x-ebay-api-call-name'] === 'GetSellerList' },
    );
    await expect(c.listProducts()).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'eBay answered data that is cut short or malformed',
    });
  });
});

describe('eBay connector: through the registry', () => {
  it("is the 'ebay' store type and needs the app's client secret", async () => {
    const creds = ebay.credentials();
    const account = { id: 'a2', type: 'ebay', shopDomain: 'testuser_sv02', credentialsEncrypted: 'sealed' };
    const deps = { decrypt: () => JSON.stringify(creds), appKeys: ebay.appKeys, apiUrl: ebay.apiUrl, sleep };
    const c = getConnector(account, deps);
    expect(c.platform).toBe('ebay');
    expect(await c.checkConnection()).toMatchObject({ ok: true });
    expect(() => getConnector(account, { ...deps, appKeys: { clientId: ebay.appKeys.clientId } })).toThrow(
      expect.objectContaining({ code: 'not_connected', message: 'eBay: the app keys are not configured' }),
    );
  });
});
