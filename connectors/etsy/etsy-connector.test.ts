import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllPages } from '../../scripts/testing/connector-pages.ts';
import { readExtdataJson } from '../../scripts/testing/extdata.ts';
import { FakeEtsy } from '../../scripts/testing/fake-etsy.ts';
import { HTML_LOGIN_PAGE, json } from '../../scripts/testing/fake-store-server.ts';
import { getConnector } from '../index.ts';
import { pkceChallenge, pkcePair } from '../shared/index.ts';
import { ConnectorError, type ConnectorDeps } from '../types.ts';
import { EtsyConnector } from './connector.ts';
import { connectEtsy, etsyAuthorizeUrl, EtsyCredentialsSchema, type EtsyCredentials } from './oauth.ts';

/*
 * The Etsy adapter against a local Etsy (scripts/testing/fake-etsy.ts). The inventory of the first listing is
 * the one real Etsy answer we have (etsy-v3-listing-inventory.json, from etsy/open-api#134); the listings around
 * it are built from the ShopListing shape of Etsy's published OpenAPI document, as no real getListingsByShop
 * answer was found.
 */

let etsy: FakeEtsy;
beforeAll(async () => {
  etsy = await new FakeEtsy().start();
});
afterAll(() => etsy?.stop());

const noSleep = { waits: [] as number[] };
const sleep = async (ms: number) => {
  noSleep.waits.push(ms);
};

function connector(
  credentials: EtsyCredentials | Record<string, unknown>,
  extra: Partial<ConnectorDeps> = {},
) {
  return new EtsyConnector({
    credentials: EtsyCredentialsSchema.parse(credentials),
    appKeys: etsy.appKeys,
    apiUrl: etsy.apiUrl,
    sleep,
    onCredentials: extra.onCredentials,
  });
}

function freshShop(listings: number) {
  etsy.listings = [];
  etsy.sections = [
    {
      shop_section_id: 41,
      title: 'Scarves &amp; shawls',
      rank: 1,
      user_id: etsy.userId,
      active_listing_count: 2,
    },
    { shop_section_id: 42, title: 'Hats', rank: 2, user_id: etsy.userId, active_listing_count: 0 },
  ];
  for (let n = 1; n <= listings; n++) etsy.addListing(n);
}

describe('Etsy OAuth 2 with PKCE', () => {
  it('sends the merchant to Etsy with an S256 challenge and state, and exchanges the code with the verifier', async () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(pkceChallenge(verifier));
    const url = etsyAuthorizeUrl({
      clientId: etsy.appKeys.clientId,
      redirectUri: 'https://catalogs.example/oauth/etsy/callback',
      state: 'state-123',
      codeChallenge: challenge,
    });
    const q = new URL(url).searchParams;
    expect(url.startsWith('https://www.etsy.com/oauth/connect?')).toBe(true);
    expect(Object.fromEntries(q)).toEqual({
      response_type: 'code',
      client_id: etsy.appKeys.clientId,
      redirect_uri: 'https://catalogs.example/oauth/etsy/callback',
      scope: 'listings_r shops_r',
      state: 'state-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const consent = etsy.oauth.consent(url, { userId: etsy.userId });
    expect(consent.state).toBe('state-123');

    const credentials = await connectEtsy({
      appKeys: etsy.appKeys,
      apiUrl: etsy.apiUrl,
      code: consent.code,
      codeVerifier: verifier,
      redirectUri: 'https://catalogs.example/oauth/etsy/callback',
    });
    expect(credentials).toMatchObject({ shopId: String(etsy.shop.shop_id), userId: String(etsy.userId) });
    expect(credentials.accessToken.startsWith(`${etsy.userId}.`)).toBe(true);
    expect(Date.parse(credentials.expiresAt!)).toBeGreaterThan(Date.now() + 3500_000);
    const exchange = etsy.oauth.exchanges.at(-1)!;
    expect(exchange).toMatchObject({ grantType: 'authorization_code', granted: true });
    expect(exchange.form).toMatchObject({ client_id: etsy.appKeys.clientId, code_verifier: verifier });
  });

  it('is refused with a verifier that does not match the challenge', async () => {
    const { challenge } = pkcePair();
    const url = etsyAuthorizeUrl({
      clientId: etsy.appKeys.clientId,
      redirectUri: 'https://catalogs.example/cb',
      state: 's',
      codeChallenge: challenge,
    });
    const { code } = etsy.oauth.consent(url, { userId: etsy.userId });
    const attempt = connectEtsy({
      appKeys: etsy.appKeys,
      apiUrl: etsy.apiUrl,
      code,
      codeVerifier: pkcePair().verifier,
      redirectUri: 'https://catalogs.example/cb',
    });
    await expect(attempt).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(attempt).rejects.toThrow(/code_verifier does not match/);
  });
});

describe('Etsy connector: connection check', () => {
  it('answers the shop name and currency, and the reason when Etsy refuses', async () => {
    freshShop(1);
    expect(await connector(etsy.credentials()).checkConnection()).toEqual({
      ok: true,
      shopName: 'NordicKnits',
      currency: 'EUR',
    });
    const wrongKey = new EtsyConnector({
      credentials: EtsyCredentialsSchema.parse(etsy.credentials()),
      appKeys: { clientId: etsy.appKeys.clientId },
      apiUrl: etsy.apiUrl,
      sleep,
    });
    expect(await wrongKey.checkConnection()).toMatchObject({
      ok: false,
      code: 'unauthorized',
      reason: expect.stringContaining('keystring:shared_secret'),
    });
    const otherShop = connector({ ...etsy.credentials(), shopId: '999' });
    expect(await otherShop.checkConnection()).toMatchObject({ ok: false, code: 'unavailable' });
  });
});

describe('Etsy connector: listings', () => {
  it('pages through the shop 100 listings at a time to the end', async () => {
    freshShop(250);
    const c = connector(etsy.credentials());
    expect(await c.countProducts()).toBe(250);
    const before = etsy.server.requests.length;
    const { listings, failures, pages } = await readAllPages((cursor) => c.listProducts(cursor));
    expect(failures).toEqual([]);
    expect(pages).toBe(3);
    expect(new Set(listings.map((l) => l.external_id)).size).toBe(250);
    const listingCalls = etsy.server.requests.slice(before).filter((r) => r.path.endsWith('/listings'));
    expect(listingCalls.map((r) => [r.query.get('offset'), r.query.get('limit')])).toEqual([
      ['0', '100'],
      ['100', '100'],
      ['200', '100'],
    ]);
    expect(listingCalls.every((r) => r.query.get('state') === 'active')).toBe(true);
    expect(listingCalls.every((r) => r.query.get('includes') === 'Images,Inventory')).toBe(true);
  });

  it("maps the real getListingInventory answer: a plain listing with its product's SKU, price and quantity", async () => {
    freshShop(0);
    const inventory = readExtdataJson('etsy-v3-listing-inventory.json');
    const l = etsy.addListing(1, { inventory, sectionId: 41 });
    const page = await connector(etsy.credentials()).listProducts();
    expect(page.listings).toHaveLength(1);
    expect(page.listings[0]).toMatchObject({
      source: 'etsy',
      external_id: String(l.listing_id),
      title: 'Hand-knitted wool scarf "No. 1"',
      description: 'A warm scarf.<br>Hand-knitted from local wool &amp; dyed with plants.',
      price: 22,
      iso_currency_code: 'EUR',
      sku: '731737',
      stock: 1,
      category: 'Scarves & shawls',
      status: 'ACTIVE',
      online: true,
      url: l.url,
      variations: [],
      options: [],
      main_image: l.images[1].url_fullxfull,
      images: [{ original: l.images[1].url_fullxfull }, { original: l.images[0].url_fullxfull }],
      customfields: [
        { key: 'tags', name: 'Tags', value: 'scarf, wool, winter' },
        { key: 'materials', name: 'Materials', value: 'wool' },
      ],
      external_created_at: new Date(l.created_timestamp * 1000).toISOString(),
    });
  });

  it('maps inventory products to variations with their options, SKUs, prices and quantities', async () => {
    freshShop(0);
    const l = etsy.addListing(7, {
      properties: [
        ['Size', ['S', 'M']],
        ['Primary color', ['Red', 'Blue']],
      ],
      amount: 2500,
      quantity: 2,
    });
    const [listing] = (await connector(etsy.credentials()).listProducts()).listings;
    expect(listing!.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Primary color', values: ['Red', 'Blue'] },
    ]);
    expect(listing!.variations!.map((v) => [v.id, v.title, v.sku, v.price, v.stock, v.options])).toEqual([
      [`${l.listing_id}:${l.listing_id * 10}`, 'S / Red', 'SKU-7-0', 25, 2, ['S', 'Red']],
      [`${l.listing_id}:${l.listing_id * 10 + 1}`, 'S / Blue', 'SKU-7-1', 26, 3, ['S', 'Blue']],
      [`${l.listing_id}:${l.listing_id * 10 + 2}`, 'M / Red', 'SKU-7-2', 27, 4, ['M', 'Red']],
      [`${l.listing_id}:${l.listing_id * 10 + 3}`, 'M / Blue', 'SKU-7-3', 28, 5, ['M', 'Blue']],
    ]);
    expect(listing).toMatchObject({ price: 25, stock: 14, sku: 'SKU-7-0', iso_currency_code: 'EUR' });
  });

  it('skips and reports a listing without a title and one with a negative price, keeping the page', async () => {
    freshShop(3);
    const untitled = etsy.addListing(4, { title: '' });
    const negative = etsy.addListing(5, { amount: -500 });
    const page = await connector(etsy.credentials()).listProducts();
    expect(page.listings.map((l) => l.title)).toEqual(
      [1, 2, 3].map((n) => `Hand-knitted wool scarf "No. ${n}"`),
    );
    expect(page.failures).toEqual([
      { external_id: String(untitled.listing_id), title: null, error: 'The product title is empty' },
      {
        external_id: String(negative.listing_id),
        title: 'Hand-knitted wool scarf "No. 5"',
        error: 'price: The price "-5" is negative',
      },
    ]);
  });

  it('gives the parent listing with all its variations for a variation id, and null when gone', async () => {
    freshShop(2);
    const l = etsy.addListing(9, { properties: [['Size', ['S', 'M', 'L']]] });
    const c = connector(etsy.credentials());
    const parent = await c.getProduct(`${l.listing_id}:${l.listing_id * 10 + 2}`);
    expect(parent).toMatchObject({ external_id: String(l.listing_id), price: 15.09 });
    expect(parent!.variations!.map((v) => v.options![0])).toEqual(['S', 'M', 'L']);
    expect((await c.getProduct(String(l.listing_id)))!.variations).toHaveLength(3);
    expect(await c.getProduct('1999999999')).toBeNull();
    expect(await c.getProduct('not-an-id')).toBeNull();
  });

  it('lists the shop sections as categories and has no collections', async () => {
    freshShop(0);
    const c = connector(etsy.credentials());
    expect(await c.listCategories()).toEqual([
      { external_id: 'Scarves & shawls', title: 'Scarves & shawls' },
      { external_id: 'Hats', title: 'Hats' },
    ]);
    expect(await c.listCollections()).toEqual([]);
  });
});

describe('Etsy connector: rate limits, errors and expired tokens', () => {
  it('waits Retry-After on a 429 and backs off 3, 6 s on 5xx, then succeeds', async () => {
    freshShop(2);
    const c = connector(etsy.credentials());
    etsy.server.force(json({ error: 'Too many requests' }, 429, { 'Retry-After': '2' }), {
      match: (r) => r.path.endsWith('/listings'),
    });
    etsy.server.force(
      { status: 503, body: 'unavailable' },
      { match: (r) => r.path.endsWith('/listings'), times: 2 },
    );
    const page = await c.listProducts();
    expect(page.listings).toHaveLength(2);
    expect(c.http.waits).toEqual([
      { ms: 2000, reason: 'throttled' },
      { ms: 3000, reason: 'retry' },
      { ms: 6000, reason: 'retry' },
    ]);
  });

  it('gives up with throttled when Etsy keeps answering 429', async () => {
    freshShop(1);
    const c = connector(etsy.credentials());
    // The first answer and five more waited out: six 429s in a row.
    etsy.server.force(json({ error: 'Too many requests' }, 429, { 'Retry-After': '1' }), { times: 6 });
    await expect(c.listProducts()).rejects.toMatchObject({ code: 'throttled', status: 429 });
    expect(c.http.waits).toEqual(Array.from({ length: 5 }, () => ({ ms: 1000, reason: 'throttled' })));
  });

  it('refreshes an expired access token first and hands the new credentials back', async () => {
    freshShop(1);
    const stale = { ...etsy.credentials(), expiresAt: new Date(Date.now() - 1000).toISOString() };
    const stored: string[] = [];
    const c = connector(stale, { onCredentials: (j) => void stored.push(j) });
    const page = await c.listProducts();
    expect(page.listings).toHaveLength(1);
    expect(stored).toHaveLength(1);
    const renewed = JSON.parse(stored[0]!);
    expect(renewed).toMatchObject({ shopId: stale.shopId, userId: stale.userId });
    expect(renewed.accessToken).not.toBe(stale.accessToken);
    expect(renewed.refreshToken).not.toBe(stale.refreshToken);
    expect(etsy.oauth.exchanges.at(-1)).toMatchObject({
      grantType: 'refresh_token',
      granted: true,
      form: { client_id: etsy.appKeys.clientId, refresh_token: stale.refreshToken },
    });
    expect(etsy.server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${renewed.accessToken}`);
  });

  it('renews once when Etsy says the token expired before we thought', async () => {
    freshShop(1);
    const creds = etsy.credentials();
    etsy.oauth.expire(creds.accessToken);
    const stored: string[] = [];
    const c = connector(creds, { onCredentials: (j) => void stored.push(j) });
    expect((await c.listProducts()).listings).toHaveLength(1);
    expect(stored).toHaveLength(1);
  });

  it('is unauthorized when the refresh is refused (the shop goes into a reconnect state)', async () => {
    freshShop(1);
    const stale = { ...etsy.credentials(), expiresAt: new Date(Date.now() - 1000).toISOString() };
    etsy.oauth.refuseRefresh = true;
    try {
      const c = connector(stale);
      const err = await c.listProducts().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConnectorError);
      expect(err).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('invalid') });
      expect(await connector(stale).checkConnection()).toMatchObject({ ok: false, code: 'unauthorized' });
    } finally {
      etsy.oauth.refuseRefresh = false;
    }
  });

  it('reports an HTML page and a truncated body as invalid responses', async () => {
    freshShop(1);
    const c = connector(etsy.credentials());
    etsy.server.force(HTML_LOGIN_PAGE, { match: (r) => r.path.endsWith('/listings') });
    await expect(c.listProducts()).rejects.toMatchObject({
      code: 'invalid_response',
      message:
        'Etsy answered a web page instead of data: is the store protected by a password or a login page?',
    });
    etsy.server.force(
      { ...json({ count: 1, results: [etsy.listings[0]] }), truncate: true },
      { match: (r) => r.path.endsWith('/listings') },
    );
    await expect(c.listProducts()).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'Etsy answered data that is cut short or malformed',
    });
  });
});

describe('Etsy connector: through the registry', () => {
  it("is the 'etsy' store type, built from the sealed credentials and the app keys", async () => {
    freshShop(2);
    const creds = etsy.credentials();
    const account = { id: 'a1', type: 'etsy', shopDomain: 'NordicKnits', credentialsEncrypted: 'sealed' };
    const deps = {
      decrypt: () => JSON.stringify(creds),
      appKeys: etsy.appKeys,
      apiUrl: etsy.apiUrl,
      sleep,
    };
    const c = getConnector(account, deps);
    expect(c.platform).toBe('etsy');
    expect((await c.listProducts()).listings).toHaveLength(2);
    expect(() => getConnector({ ...account, credentialsEncrypted: null }, deps)).toThrow(
      expect.objectContaining({ code: 'not_connected' }),
    );
    expect(() => getConnector(account, { ...deps, decrypt: () => '{"accessToken":"x"}' })).toThrow(
      expect.objectContaining({ code: 'not_connected', message: expect.stringContaining('shopId') }),
    );
  });
});
