import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { RATE_LIMITS } from '../../server/accounts/index.ts';

// Failed logins are limited per account as well as per address (DESIGN §10): an attacker spreading guesses
// over many addresses gets 429 too. The server takes the client address from X-Forwarded-For, since the test
// connects from loopback, the proxy it trusts by default (TRUST_PROXY).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  for (const email of ['owner@example.com', 'neighbour@example.com']) {
    const res = await client(server.url).post('/auth/register', {
      email,
      password: 'correct-horse',
      confirmPassword: 'correct-horse',
      businessName: 'Acme',
      shopUrl: 'https://acme.example',
    });
    expect(res.status).toBe(200);
  }
});
afterAll(() => server?.close());
beforeEach(() => server.runtime.db.delete(rateLimits));

let nextAddress = 1;
/** A login from an address never seen before. */
const login = (email: string, password: string) =>
  client(server.url).post(
    '/auth/login',
    { email, password },
    { 'X-Forwarded-For': `203.0.113.${nextAddress++}` },
  );

const { max, windowSeconds } = RATE_LIMITS.loginAccount;

describe('failed logins per account', () => {
  it('answers 429 with Retry-After once an account has failed from many addresses, even to the right password', async () => {
    for (let i = 0; i < max; i++) expect((await login('owner@example.com', `guess-${i}`)).status).toBe(401);
    // Spelled differently, still the same account.
    const next = await login(' OWNER@example.com', 'guess-x');
    expect(next.status).toBe(429);
    const right = await login('owner@example.com', 'correct-horse');
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    // Other accounts are not affected.
    expect((await login('neighbour@example.com', 'correct-horse')).status).toBe(200);

    // The lock ends with its window: move the window into the past, as time would.
    await server.runtime.db.execute(
      sql`update rate_limits set window_start = now() - make_interval(secs => ${windowSeconds + 1})`,
    );
    expect((await login('owner@example.com', 'correct-horse')).status).toBe(200);
  });

  it('limits an email nobody has the same way, and keeps no address in the limits table', async () => {
    for (let i = 0; i < max; i++) expect((await login('ghost@example.com', `guess-${i}`)).status).toBe(401);
    expect((await login('ghost@example.com', 'guess-x')).status).toBe(429);
    const keys = (await server.runtime.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.startsWith('loginAccount:'))).toBe(true);
    expect(keys.join(' ')).not.toContain('ghost');
  });
});
