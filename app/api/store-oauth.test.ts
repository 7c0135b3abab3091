import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, listings, storeAccounts, storeOauthStates } from '../../db/schema.ts';
import { FakeEbay } from '../../scripts/testing/fake-ebay.ts';
import { FakeEtsy } from '../../scripts/testing/fake-etsy.ts';
import { FakeLightspeed } from '../../scripts/testing/fake-lightspeed.ts';
import type { FakeOAuth } from '../../scripts/testing/fake-oauth.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { decryptSecret } from '../../server/platform/index.ts';

/*
 * The OAuth platforms of the registry (connectors/platforms.ts: Etsy, eBay, Lightspeed X-Series and R-Series),
 * each end to end through the app's routes: GET /api/v1/accounts/oauth/{platform}/start redirects to the
 * platform's consent page, the local fake (scripts/testing/fake-*.ts, on 127.0.0.1 through <PLATFORM>_API_URL)
 * plays the merchant's consent and answers the token endpoint as the platform documents it (PKCE for Etsy and
 * R-Series, HTTP basic for eBay, the retailer's own endpoint for X-Series), /auth/{platform}/callback creates the
 * account and its first sync stores the products; an expired access token is then renewed with the operator's
 * keys during a sync (the refresh grant), the new tokens sealed in the account.
 */

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
/** The start changes state: only a navigation from the app itself (the Stores screen's form) may start it. */
const FROM_APP = { 'Sec-Fetch-Site': 'same-origin' };

const etsy = new FakeEtsy();
const ebay = new FakeEbay();
const lightspeed = new FakeLightspeed();
let server: TestServer;
let merchant: ReturnType<typeof client>;
const RU_NAME = 'Catalog_Builder-CatalogB-catalo-abcde';

beforeAll(async () => {
  await Promise.all([etsy.start(), ebay.start(), lightspeed.start()]);
  etsy.listings = [];
  for (let n = 1; n <= 3; n++) etsy.addListing(n);
  ebay.useFixture();
  lightspeed.useXFixture();
  lightspeed.useRFixture();
  server = await startTestServer({
    STORE_PRIVATE_HOSTS: '127.0.0.1',
    ETSY_API_URL: etsy.apiUrl,
    ETSY_CLIENT_ID: etsy.appKeys.clientId,
    ETSY_CLIENT_SECRET: etsy.appKeys.clientSecret,
    EBAY_API_URL: ebay.apiUrl,
    EBAY_CLIENT_ID: ebay.appKeys.clientId,
    EBAY_CLIENT_SECRET: ebay.appKeys.clientSecret,
    EBAY_RU_NAME: RU_NAME,
    LIGHTSPEED_API_URL: lightspeed.apiUrl,
    LIGHTSPEED_X_CLIENT_ID: lightspeed.appKeys.clientId,
    LIGHTSPEED_X_CLIENT_SECRET: lightspeed.appKeys.clientSecret,
    LIGHTSPEED_R_CLIENT_ID: lightspeed.appKeys.clientId,
    LIGHTSPEED_R_CLIENT_SECRET: lightspeed.appKeys.clientSecret,
  });
  server.runtime.services.connectorOptions = { retryBaseMs: 5 };
  merchant = client(server.url);
  await merchant.post('/auth/register', {
    email: 'oauth-platforms@example.com',
    password: 'password-123',
    confirmPassword: 'password-123',
  });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([etsy.stop(), ebay.stop(), lightspeed.stop()]);
});

/** The store's first sync (queued by the callback), once it has finished. */
async function finishedSync(accountId: string) {
  for (let i = 0; i < 600; i++) {
    const [job] = await server.runtime.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'sync-store'), sql`${jobs.payload}->>'accountId' = ${accountId}`));
    if (job && (job.state === 'complete' || job.state === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The sync did not finish');
}

const stored = async (accountId: string) => {
  const [row] = await server.runtime.db.select().from(storeAccounts).where(eq(storeAccounts.id, accountId));
  return {
    row: row!,
    credentials: JSON.parse(decryptSecret(row!.credentialsEncrypted!, server.runtime.config.appSecret)),
  };
};

type Case = {
  name: string;
  type: string;
  query: Record<string, string>;
  oauth: () => FakeOAuth;
  /** What the consent page must be asked, beside state (and the PKCE challenge where `pkce`). */
  authorize: () => { origin: string; params: Record<string, string> };
  pkce: boolean;
  /** What the consent gives the fake to remember (the user) and the callback's extra parameters. */
  consentData: () => Record<string, unknown>;
  callbackExtra?: () => Record<string, string>;
  shopDomain: () => string;
  credentials: () => Record<string, unknown>;
  /** The exchange's form (eBay and Etsy send no secret in it; X-Series and R-Series do). */
  exchangeForm: () => Record<string, string>;
  products: number;
};

const CASES: Case[] = [
  {
    name: 'Etsy (PKCE)',
    type: 'etsy',
    query: {},
    oauth: () => etsy.oauth,
    pkce: true,
    authorize: () => ({
      origin: 'https://www.etsy.com/oauth/connect',
      params: {
        response_type: 'code',
        client_id: etsy.appKeys.clientId,
        redirect_uri: `${server.runtime.config.appUrl}/auth/etsy/callback`,
        scope: 'listings_r shops_r',
        code_challenge_method: 'S256',
      },
    }),
    consentData: () => ({ userId: etsy.userId }),
    shopDomain: () => String(etsy.shop.shop_id),
    credentials: () => ({ shopId: String(etsy.shop.shop_id), userId: String(etsy.userId) }),
    exchangeForm: () => ({
      grant_type: 'authorization_code',
      client_id: etsy.appKeys.clientId,
      redirect_uri: `${server.runtime.config.appUrl}/auth/etsy/callback`,
    }),
    products: 3,
  },
  {
    name: 'eBay',
    type: 'ebay',
    query: {},
    oauth: () => ebay.oauth,
    pkce: false,
    authorize: () => ({
      origin: 'https://auth.ebay.com/oauth2/authorize',
      params: {
        response_type: 'code',
        client_id: ebay.appKeys.clientId,
        // eBay names the redirect by the app's RuName.
        redirect_uri: RU_NAME,
        scope:
          'https://api.ebay.com/oauth/api_scope https://api.ebay.com/oauth/api_scope/sell.inventory.readonly',
      },
    }),
    consentData: () => ({ userId: ebay.userId }),
    shopDomain: () => ebay.userId,
    credentials: () => ({ userId: ebay.userId, siteId: 0 }),
    exchangeForm: () => ({ grant_type: 'authorization_code', redirect_uri: RU_NAME }),
    products: 5,
  },
  {
    name: 'Lightspeed X-Series',
    type: 'lightspeed',
    query: { series: 'x' },
    oauth: () => lightspeed.xOAuth,
    pkce: false,
    authorize: () => ({
      origin: 'https://secure.retail.lightspeed.app/connect',
      params: {
        response_type: 'code',
        client_id: lightspeed.appKeys.clientId,
        redirect_uri: `${server.runtime.config.appUrl}/auth/lightspeed/callback`,
      },
    }),
    consentData: () => ({}),
    // X-Series sends the retailer's domain prefix back with the code.
    callbackExtra: () => ({ domain_prefix: lightspeed.domainPrefix }),
    shopDomain: () => `${lightspeed.domainPrefix}.retail.lightspeed.app`,
    credentials: () => ({ series: 'x', domainPrefix: lightspeed.domainPrefix }),
    exchangeForm: () => ({
      grant_type: 'authorization_code',
      client_id: lightspeed.appKeys.clientId,
      client_secret: lightspeed.appKeys.clientSecret,
      redirect_uri: `${server.runtime.config.appUrl}/auth/lightspeed/callback`,
    }),
    // The published example's three products and the Bravo family, one listing with its variants.
    products: 4,
  },
  {
    name: 'Lightspeed R-Series (PKCE)',
    type: 'lightspeed',
    query: { series: 'r' },
    oauth: () => lightspeed.rOAuth,
    pkce: true,
    authorize: () => ({
      origin: 'https://cloud.lightspeedapp.com/auth/oauth/authorize',
      params: {
        response_type: 'code',
        client_id: lightspeed.appKeys.clientId,
        scope: 'employee:inventory',
        code_challenge_method: 'S256',
      },
    }),
    consentData: () => ({}),
    shopDomain: () => lightspeed.accountId,
    credentials: () => ({ series: 'r', accountId: lightspeed.accountId }),
    exchangeForm: () => ({
      grant_type: 'authorization_code',
      client_id: lightspeed.appKeys.clientId,
      client_secret: lightspeed.appKeys.clientSecret,
    }),
    // The captured page and 200 items built after it, two of them one matrix (as connectors/lightspeed reads).
    products: 232,
  },
];

it('offers each OAuth platform whose app keys are set, Lightspeed with both series', async () => {
  const { body } = await json(await merchant.get('/api/v1/platforms'));
  const byType = Object.fromEntries(body.data.map((p: { type: string }) => [p.type, p]));
  expect(byType.etsy).toMatchObject({ connect: 'oauth', available: true, fields: [] });
  expect(byType.ebay).toMatchObject({ connect: 'oauth', available: true, fields: [] });
  expect(byType.lightspeed).toMatchObject({
    connect: 'oauth',
    available: true,
    fields: [{ key: 'series', kind: 'choice', options: ['x', 'r'] }],
  });
});

describe.each(CASES)('connecting $name through OAuth', (c) => {
  it('redirects to the consent page, exchanges the code, creates the account and syncs its products', async () => {
    const start = await merchant.get(
      `/api/v1/accounts/oauth/${c.type}/start?${new URLSearchParams(c.query)}`,
      FROM_APP,
    );
    expect(start.status).toBe(302);
    const to = start.headers.get('location')!;
    const url = new URL(to);
    expect(`${url.origin}${url.pathname}`).toBe(c.authorize().origin);
    expect(Object.fromEntries(url.searchParams)).toMatchObject(c.authorize().params);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.has('code_challenge')).toBe(c.pkce);

    const consent = c.oauth().consent(to, c.consentData());
    const exchangesBefore = c.oauth().exchanges.length;
    const back = await merchant.get(
      `/auth/${c.type}/callback?${new URLSearchParams({
        code: consent.code,
        state: consent.state!,
        ...c.callbackExtra?.(),
      })}`,
    );
    expect(back.status).toBe(302);
    const landing = new URL(back.headers.get('location')!, server.url);
    expect(landing.pathname).toBe('/stores');
    const accountId = landing.searchParams.get('connected');
    expect(accountId, landing.search).toBeTruthy();

    const exchange = c.oauth().exchanges[exchangesBefore]!;
    expect(exchange).toMatchObject({ grantType: 'authorization_code', granted: true });
    expect(exchange.form).toMatchObject(c.exchangeForm());
    expect('code_verifier' in exchange.form).toBe(c.pkce);

    const { row, credentials } = await stored(accountId!);
    expect(row).toMatchObject({ type: c.type, shopDomain: c.shopDomain(), connectionStatus: 'connected' });
    expect(credentials).toMatchObject(c.credentials());
    expect(typeof credentials.accessToken).toBe('string');
    expect(typeof credentials.refreshToken).toBe('string');

    const job = await finishedSync(accountId!);
    expect(job.state).toBe('complete');
    const rows = await server.runtime.db.select().from(listings).where(eq(listings.accountId, accountId!));
    expect(rows).toHaveLength(c.products);
    expect(new Set(rows.map((l) => l.source))).toEqual(new Set([c.type]));

    // The code is spent: the same callback again changes nothing and says so.
    const again = await merchant.get(
      `/auth/${c.type}/callback?${new URLSearchParams({ code: consent.code, state: consent.state! })}`,
    );
    expect(new URL(again.headers.get('location')!, server.url).searchParams.get('problem')).toBe(
      'oauth_state',
    );
  });

  it('renews an expired access token with the operator’s keys during a sync, and stores the new tokens', async () => {
    const [account] = await server.runtime.db
      .select()
      .from(storeAccounts)
      .where(and(eq(storeAccounts.type, c.type), eq(storeAccounts.shopDomain, c.shopDomain())));
    const before = (await stored(account!.id)).credentials;
    // The platform lets every access token expire (the stored expiry still says it is good: a 401 renews).
    for (const t of c.oauth().access.values()) t.expiresAt = Date.now() - 1000;
    await server.runtime.db.delete(jobs).where(sql`${jobs.payload}->>'accountId' = ${account!.id}`);
    const res = await merchant.post(`/api/v1/accounts/${account!.id}/sync`, {});
    expect(res.status).toBeLessThan(300);
    expect((await finishedSync(account!.id)).state).toBe('complete');
    const refresh = c.oauth().exchanges.filter((e) => e.grantType === 'refresh_token');
    expect(refresh.at(-1)).toMatchObject({ granted: true });
    const after = (await stored(account!.id)).credentials;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after).toMatchObject(c.credentials());
  });
});

it('sends a refused code back to the Stores screen with the platform’s reason, creating nothing', async () => {
  const start = await merchant.get('/api/v1/accounts/oauth/etsy/start', FROM_APP);
  const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
  const before = await server.runtime.db.select().from(storeAccounts);
  const states = (await server.runtime.db.select().from(storeOauthStates)).length;
  const back = await merchant.get(`/auth/etsy/callback?code=not-a-code&state=${state}`);
  const landing = new URL(back.headers.get('location')!, server.url);
  expect(landing.pathname).toBe('/stores');
  expect(landing.searchParams.get('problem')).toBe('oauth_refused');
  expect(landing.searchParams.get('error')).toMatch(/^Etsy did not connect: .*invalid or expired/);
  expect(await server.runtime.db.select().from(storeAccounts)).toHaveLength(before.length);
  // The state is spent all the same.
  expect(await server.runtime.db.select().from(storeOauthStates)).toHaveLength(states - 1);
});

it('refuses a Lightspeed series that is not one of the choices', async () => {
  const res = await merchant.get('/api/v1/accounts/oauth/lightspeed/start?series=z', FROM_APP);
  expect(res.status).toBe(400);
  expect((await res.json()).details).toMatchObject({ problem: 'invalid_field', field: 'series' });
});

describe('an operator without every setting', () => {
  it('does not offer the platform (eBay without its RuName, Lightspeed with only R-Series keys)', async () => {
    const other = await startTestServer({
      ETSY_CLIENT_ID: 'only-an-id',
      EBAY_CLIENT_ID: 'id',
      EBAY_CLIENT_SECRET: 'secret',
      LIGHTSPEED_R_CLIENT_ID: 'r-id',
      LIGHTSPEED_R_CLIENT_SECRET: 'r-secret',
    });
    try {
      const { body } = await json(await client(other.url).get('/api/v1/platforms'));
      const types = body.data.map((p: { type: string }) => p.type);
      expect(types).not.toContain('etsy');
      expect(types).not.toContain('ebay');
      const ls = body.data.find((p: { type: string }) => p.type === 'lightspeed');
      expect(ls.fields).toEqual([{ key: 'series', kind: 'choice', options: ['r'] }]);
    } finally {
      await other.close();
    }
  });
});
