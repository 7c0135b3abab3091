import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStoreServer, HTML_LOGIN_PAGE, truncatedJson } from '../../scripts/testing/fake-store-server.ts';
import { ConnectorError } from '../types.ts';
import { RestClient, retryAfterMs } from './client.ts';
import { finishListing, mapProducts, salePrices, tierPricesMetafield } from './listing.ts';
import { oauth1Header, oauth1Signature } from './oauth1.ts';
import { withQuery } from './url.ts';

describe('OAuth 1.0a signatures', () => {
  const keys = {
    consumerKey: 'dpf43f3p2l4k3l03',
    consumerSecret: 'kd94hf93k423kf44',
    token: 'nnch734d00sl2jdk',
    tokenSecret: 'pfkkdhi9sl3r4s00',
  };
  const request = { method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' };

  it('signs RFC 5849 §1.2 and the OAuth 1.0 spec appendix example (HMAC-SHA1)', () => {
    const rfc = {
      oauth_consumer_key: keys.consumerKey,
      oauth_token: keys.token,
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '137131202',
      oauth_nonce: 'chapoH',
    };
    expect(oauth1Signature(request, keys, rfc, 'HMAC-SHA1')).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
    const appendix = {
      ...rfc,
      oauth_timestamp: '1191242096',
      oauth_nonce: 'kllo9940pd9333jh',
      oauth_version: '1.0',
    };
    expect(oauth1Signature(request, keys, appendix, 'HMAC-SHA1')).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  });

  it('writes the header with HMAC-SHA256 by default, every value percent-encoded', () => {
    const header = oauth1Header(request, keys, { nonce: 'n o/nce', timestamp: 1191242096 });
    expect(header).toMatch(/^OAuth oauth_consumer_key="dpf43f3p2l4k3l03", oauth_nonce="n%20o%2Fnce", /);
    expect(header).toContain('oauth_signature_method="HMAC-SHA256"');
    expect(header).toContain('oauth_version="1.0"');
    const signature = decodeURIComponent(/oauth_signature="([^"]+)"/.exec(header)![1]!);
    expect(Buffer.from(signature, 'base64')).toHaveLength(32);
  });
});

describe('query strings and Retry-After', () => {
  it('encodes bracketed keys and drops empty parameters', () => {
    expect(
      withQuery('https://x.test/rest/V1/products', {
        'searchCriteria[pageSize]': 100,
        "a b!'": 'c*d',
        none: undefined,
      }),
    ).toBe('https://x.test/rest/V1/products?searchCriteria%5BpageSize%5D=100&a%20b%21%27=c%2Ad');
  });

  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('the REST client', () => {
  const fake = new FakeStoreServer((req) => ({ body: { ok: true, path: req.path } }));
  let base = '';
  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.stop());

  const client = (extra: Partial<ConstructorParameters<typeof RestClient>[0]> = {}) =>
    new RestClient({
      label: 'the test store',
      headers: () => ({ 'X-Token': 't' }),
      sleep: async () => {},
      ...extra,
    });

  it('retries 5xx and network errors after 3, 6 and 12 s (SPEC §9), then gives up as network', async () => {
    fake.force({ status: 503 }, { times: 2 });
    const c = client();
    expect(await c.get(`${base}/a`)).toEqual({ ok: true, path: '/a' });
    expect(c.waits).toEqual([
      { ms: 3000, reason: 'retry' },
      { ms: 6000, reason: 'retry' },
    ]);
    fake.force({ status: 500 }, { times: 4 });
    const failing = client();
    await expect(failing.get(`${base}/b`)).rejects.toMatchObject({ code: 'network', status: 500 });
    expect(failing.waits.map((w) => w.ms)).toEqual([3000, 6000, 12000]);
    const unreachable = client({ retryBaseMs: 1 });
    await expect(unreachable.get('http://127.0.0.1:1/x')).rejects.toMatchObject({ code: 'network' });
    expect(unreachable.waits).toHaveLength(3);
  });

  it('waits Retry-After on 429, else the platform cool-down', async () => {
    fake.force({ status: 429, headers: { 'Retry-After': '7' } });
    fake.force({ status: 429 });
    const c = client({ throttleWaitMs: () => 60_000 });
    expect(await c.get(`${base}/c`)).toMatchObject({ ok: true });
    expect(c.waits).toEqual([
      { ms: 7000, reason: 'throttled' },
      { ms: 60_000, reason: 'throttled' },
    ]);
    fake.force({ status: 429 }, { times: 3 });
    await expect(client({ maxThrottleRetries: 2 }).get(`${base}/d`)).rejects.toMatchObject({
      code: 'throttled',
    });
  });

  it('says which answers it cannot use and why', async () => {
    fake.force({ status: 401, body: { message: 'The consumer is not authorized' } });
    await expect(client().get(`${base}/e`)).rejects.toThrow(
      new ConnectorError('unauthorized', 'the test store answered 401: The consumer is not authorized', 401),
    );
    fake.force(HTML_LOGIN_PAGE);
    await expect(client().get(`${base}/f`)).rejects.toMatchObject({
      code: 'invalid_response',
      message: expect.stringContaining('protected by a password or a login page'),
    });
    fake.force(truncatedJson({ items: [{ id: 1, name: 'Tee' }] }));
    await expect(client().get(`${base}/g`)).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'the test store answered data that is cut short or malformed',
    });
    fake.force({ status: 402, body: { errorMessage: 'Store is suspended' } });
    await expect(client().get(`${base}/h`)).rejects.toMatchObject({ code: 'unavailable' });
    fake.force({ status: 400, body: { title: 'Bad filter' } });
    await expect(client().get(`${base}/i`)).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'the test store answered 400: Bad filter',
    });
    fake.force({ status: 404 });
    expect(await client().getOrNull(`${base}/j`)).toBeNull();
  });

  it('spaces requests and holds the next one when the last answer asks', async () => {
    const c = client({ minIntervalMs: 60_000, paceAfter: () => 0 });
    await c.get(`${base}/k`);
    await c.get(`${base}/l`);
    expect(c.waits).toHaveLength(1);
    expect(c.waits[0]!.reason).toBe('pace');
    expect(c.waits[0]!.ms).toBeGreaterThan(59_000);
    const held = client({ paceAfter: () => 5000 });
    await held.get(`${base}/m`);
    await held.get(`${base}/n`);
    expect(held.waits.map((w) => w.reason)).toEqual(['pace']);
  });

  it('sends the headers the platform asks for', async () => {
    await client().get(`${base}/o`);
    expect(fake.requests.at(-1)!.headers['x-token']).toBe('t');
  });
});

describe('mapping rules shared by the REST adapters', () => {
  it('keeps a sale as price, regular, compare-at and sale prices', () => {
    expect(salePrices(10, 8)).toEqual({ price: 8, original_price: 10, compare_at_price: 10, sale_price: 8 });
    expect(salePrices(10, null, 12)).toEqual({
      price: 10,
      original_price: 10,
      compare_at_price: 12,
      sale_price: null,
    });
    // A "sale" above the regular price is no sale.
    expect(salePrices(10, 11).price).toBe(10);
  });

  it('makes an untitled or negatively priced product a failure, without stopping the others', () => {
    const page = mapProducts(
      [
        { id: 1, title: 'Tee', price: 5 },
        { id: 2, title: '  ', price: 5 },
        { id: 3, title: 'Mug', price: -1 },
      ],
      (p) => finishListing({ title: p.title, price: p.price }, { external_id: String(p.id), source: 'test' }),
      (p) => ({ id: p.id, title: p.title }),
    );
    expect(page.listings.map((l) => l.external_id)).toEqual(['1']);
    expect(page.failures).toEqual([
      { external_id: '2', title: '  ', error: 'The product title is empty' },
      { external_id: '3', title: 'Mug', error: 'price: The price "-1" is negative' },
    ]);
  });

  it('keeps tier prices as one json metafield, by quantity', () => {
    expect(
      tierPricesMetafield([
        { min_quantity: 4, price: 8 },
        { min_quantity: 2, price: 9 },
      ]),
    ).toMatchObject({
      namespace: 'pricing',
      key: 'tier_prices',
      type: 'json',
      value: '[{"min_quantity":2,"price":9},{"min_quantity":4,"price":8}]',
    });
    expect(tierPricesMetafield([])).toBeNull();
  });
});
