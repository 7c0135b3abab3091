import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStoreServer, json } from '../scripts/testing/fake-store-server.ts';
import { HttpClient, retryAfterMs } from './http-client.ts';
import { OAuthSession, type OAuthCredentials } from './oauth.ts';
import { ConnectorError } from './types.ts';

/* The request layer the OAuth adapters share, against a local server answering what platforms answer. */

let server: FakeStoreServer;
beforeAll(async () => {
  server = new FakeStoreServer(() => json({ ok: true }));
  await server.start();
});
afterAll(() => server?.stop());

const client = (extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
  new HttpClient({ platform: 'Shop', sleep: async () => {}, ...extra });

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2020-07-15T15:04:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('0.5', now)).toBe(500);
    expect(retryAfterMs('Wed, 15 Jul 2020 15:04:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 15 Jul 2020 15:03:05 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe('HttpClient', () => {
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

describe('OAuthSession', () => {
  it('renews an expired token once for requests that ask together, storing the new credentials first', async () => {
    const events: string[] = [];
    let n = 0;
    const session = new OAuthSession({
      credentials: {
        accessToken: 'a0',
        refreshToken: 'r0',
        expiresAt: new Date(Date.now() - 1).toISOString(),
      },
      refresh: async (c) => {
        events.push(`refresh ${c.refreshToken}`);
        n++;
        return {
          accessToken: `a${n}`,
          refreshToken: `r${n}`,
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        };
      },
      onCredentials: async (j) => {
        events.push(`stored ${JSON.parse(j).accessToken}`);
      },
    });
    const tokens = await Promise.all([session.accessToken(), session.accessToken(), session.accessToken()]);
    expect(tokens).toEqual(['a1', 'a1', 'a1']);
    expect(events).toEqual(['refresh r0', 'stored a1']);
    expect(await session.accessToken()).toBe('a1');
  });

  it('renews within a minute of the expiry, and not a token without one', async () => {
    let refreshed = 0;
    const soon = new OAuthSession<OAuthCredentials>({
      credentials: {
        accessToken: 'a',
        refreshToken: 'r',
        expiresAt: new Date(Date.now() + 30_000).toISOString(),
      },
      refresh: async (c) => {
        refreshed++;
        return { ...c, accessToken: 'b', expiresAt: null };
      },
    });
    expect(await soon.accessToken()).toBe('b');
    const personal = new OAuthSession<OAuthCredentials>({
      credentials: { accessToken: 'p', refreshToken: null, expiresAt: null },
      refresh: async () => {
        throw new Error('never');
      },
    });
    expect(await personal.accessToken()).toBe('p');
    expect(await personal.renew()).toBe(false);
    expect(refreshed).toBe(1);
  });
});
