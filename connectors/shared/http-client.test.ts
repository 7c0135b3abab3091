import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FakeStoreServer,
  HTML_LOGIN_PAGE,
  json,
  truncatedJson,
} from '../../scripts/testing/fake-store-server.ts';
import { ConnectorError } from '../types.ts';
import { HttpClient, OAUTH_CLIENT_POLICY, retryAfterMs, type HttpClientOptions } from './http-client.ts';
import { withQuery } from './url.ts';

/*
 * The one client every adapter but Shopify's sends its requests with, against a local server answering what
 * platforms answer: with its defaults (the REST adapters' policy and words) and with OAUTH_CLIENT_POLICY.
 */

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('reads seconds and HTTP dates, and nothing else (Lightspeed X-Series sends a date)', () => {
    const now = Date.parse('2020-07-15T15:04:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('0.5', now)).toBe(500);
    expect(retryAfterMs('Wed, 15 Jul 2020 15:04:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 15 Jul 2020 15:03:05 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe('query strings', () => {
  it('encodes bracketed keys and drops empty parameters', () => {
    expect(
      withQuery('https://x.test/rest/V1/products', {
        'searchCriteria[pageSize]': 100,
        "a b!'": 'c*d',
        none: undefined,
      }),
    ).toBe('https://x.test/rest/V1/products?searchCriteria%5BpageSize%5D=100&a%20b%21%27=c%2Ad');
  });
});

describe('the client, as the REST adapters use it (store wording)', () => {
  const fake = new FakeStoreServer((req) => ({ body: { ok: true, path: req.path } }));
  let base = '';
  beforeAll(async () => {
    base = await fake.start();
  });
  afterAll(() => fake.stop());

  const client = (extra: Partial<HttpClientOptions> = {}) =>
    new HttpClient({
      label: 'the test store',
      headers: () => ({ 'X-Token': 't' }),
      sleep: async () => {},
      ...extra,
    });

  it('retries 5xx and network errors after 3, 6 and 12 s (SPEC §9), then gives up as network', async () => {
    fake.force({ status: 503 }, { times: 2 });
    const c = client();
    expect(await c.json(`${base}/a`)).toEqual({ ok: true, path: '/a' });
    expect(c.waits).toEqual([
      { ms: 3000, reason: 'retry' },
      { ms: 6000, reason: 'retry' },
    ]);
    fake.force({ status: 500 }, { times: 4 });
    const failing = client();
    await expect(failing.json(`${base}/b`)).rejects.toMatchObject({ code: 'network', status: 500 });
    expect(failing.waits.map((w) => w.ms)).toEqual([3000, 6000, 12000]);
    const unreachable = client({ retryBaseMs: 1 });
    await expect(unreachable.json('http://127.0.0.1:1/x')).rejects.toMatchObject({ code: 'network' });
    expect(unreachable.waits).toHaveLength(3);
  });

  it('waits Retry-After on 429, else the platform cool-down', async () => {
    fake.force({ status: 429, headers: { 'Retry-After': '7' } });
    fake.force({ status: 429 });
    const c = client({ throttleWaitMs: () => 60_000 });
    expect(await c.json(`${base}/c`)).toMatchObject({ ok: true });
    expect(c.waits).toEqual([
      { ms: 7000, reason: 'throttled' },
      { ms: 60_000, reason: 'throttled' },
    ]);
    fake.force({ status: 429 }, { times: 3 });
    await expect(client({ maxThrottleRetries: 2 }).json(`${base}/d`)).rejects.toMatchObject({
      code: 'throttled',
    });
  });

  it('says which answers it cannot use and why', async () => {
    fake.force({ status: 401, body: { message: 'The consumer is not authorized' } });
    await expect(client().json(`${base}/e`)).rejects.toThrow(
      new ConnectorError('unauthorized', 'the test store answered 401: The consumer is not authorized', 401),
    );
    fake.force(HTML_LOGIN_PAGE);
    await expect(client().json(`${base}/f`)).rejects.toMatchObject({
      code: 'invalid_response',
      message: expect.stringContaining('protected by a password or a login page'),
    });
    fake.force(truncatedJson({ items: [{ id: 1, name: 'Tee' }] }));
    await expect(client().json(`${base}/g`)).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'the test store answered data that is cut short or malformed',
    });
    fake.force({ status: 402, body: { errorMessage: 'Store is suspended' } });
    await expect(client().json(`${base}/h`)).rejects.toMatchObject({ code: 'unavailable' });
    fake.force({ status: 400, body: { title: 'Bad filter' } });
    await expect(client().json(`${base}/i`)).rejects.toMatchObject({
      code: 'invalid_response',
      message: 'the test store answered 400: Bad filter',
    });
    fake.force({ status: 404 });
    expect(await client().json(`${base}/j`, { notFoundIsNull: true })).toBeNull();
  });

  it('spaces requests and holds the next one when the last answer asks', async () => {
    const c = client({ minIntervalMs: 60_000, paceAfter: () => 0 });
    await c.json(`${base}/k`);
    await c.json(`${base}/l`);
    expect(c.waits).toHaveLength(1);
    expect(c.waits[0]!.reason).toBe('pace');
    expect(c.waits[0]!.ms).toBeGreaterThan(59_000);
    const held = client({ paceAfter: () => 5000 });
    await held.json(`${base}/m`);
    await held.json(`${base}/n`);
    expect(held.waits.map((w) => w.reason)).toEqual(['pace']);
  });

  it('retries an answer cut off by a dropped connection, as a network failure (SPEC §9)', async () => {
    fake.force({ body: { items: [{ id: 1, name: 'Tee' }] }, dropConnection: true });
    const c = client();
    expect(await c.json(`${base}/p`)).toEqual({ ok: true, path: '/p' });
    expect(c.waits).toEqual([{ ms: 3000, reason: 'retry' }]);
    fake.force({ body: { items: [] }, dropConnection: true }, { times: 4 });
    await expect(client().json(`${base}/q`)).rejects.toMatchObject({
      code: 'network',
      message: expect.stringContaining('the test store stopped answering'),
    });
  });

  it('sends the headers the platform asks for', async () => {
    await client().json(`${base}/o`);
    expect(fake.requests.at(-1)!.headers['x-token']).toBe('t');
  });
});

describe('the client, as the OAuth adapters use it (OAUTH_CLIENT_POLICY)', () => {
  let server: FakeStoreServer;
  beforeAll(async () => {
    server = new FakeStoreServer(() => json({ ok: true }));
    await server.start();
  });
  afterAll(() => server?.stop());

  const client = (extra: Partial<HttpClientOptions> = {}) =>
    new HttpClient({ ...OAUTH_CLIENT_POLICY, label: 'Shop', sleep: async () => {}, ...extra });

  it('turns statuses into connector error codes, with the platform reason', async () => {
    const cases: [number, string][] = [
      [401, 'unauthorized'],
      [403, 'unauthorized'],
      [402, 'unavailable'],
      [404, 'unavailable'],
      [423, 'unavailable'],
      [400, 'invalid_response'],
      [302, 'invalid_response'],
    ];
    for (const [status, code] of cases) {
      server.force(
        json({ message: `because ${status}` }, status, status === 302 ? { Location: '/login' } : {}),
      );
      const err = await client()
        .json(`${server.url}/x`)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConnectorError);
      expect(err).toMatchObject({ code, status });
    }
    server.force(json({ error_description: 'Scope missing' }, 400));
    await expect(client().json(`${server.url}/x`)).rejects.toThrow('Shop answered 400: Scope missing');
    server.force(json({}, 404));
    expect(await client().json(`${server.url}/x`, { notFoundIsNull: true })).toBeNull();
  });

  it('retries a network failure three times (3, 6, 12 s), then reports it', async () => {
    const c = client();
    await expect(c.send('http://127.0.0.1:1/unreachable')).rejects.toMatchObject({ code: 'network' });
    expect(c.waits).toEqual([
      { ms: 3000, reason: 'retry' },
      { ms: 6000, reason: 'retry' },
      { ms: 12_000, reason: 'retry' },
    ]);
  });

  it('gives up on a Retry-After longer than it is willing to wait', async () => {
    server.force(json({}, 429, { 'Retry-After': '3600' }));
    const c = client();
    await expect(c.send(`${server.url}/x`)).rejects.toMatchObject({ code: 'throttled' });
    expect(c.waits).toEqual([]);
  });

  it('renews the credentials once on a 401 and sends the request again with the new token', async () => {
    let token = 'old';
    let renewals = 0;
    server.force(json({ error: 'expired' }, 401));
    const c = client({
      headers: () => ({ Authorization: `Bearer ${token}` }),
      renew: async () => {
        renewals++;
        token = 'new';
        return true;
      },
    });
    expect(await c.json(`${server.url}/x`)).toEqual({ ok: true });
    expect(renewals).toBe(1);
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer new');
    // A second 401 after the renewal is final.
    server.force(json({}, 401), { times: 2 });
    await expect(client({ renew: async () => true }).send(`${server.url}/x`)).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });
});
