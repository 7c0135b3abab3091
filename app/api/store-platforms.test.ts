import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecwidWebhookSignature } from '../../connectors/ecwid/index.ts';
import { jobs, listings, storeAccounts } from '../../db/schema.ts';
import { FakeBigcommerce, generatedBigcommerceProducts } from '../../scripts/testing/fake-bigcommerce.ts';
import { FakeEcwid, generatedEcwidProducts } from '../../scripts/testing/fake-ecwid.ts';
import { FakeMagento, generatedMagentoProducts } from '../../scripts/testing/fake-magento.ts';
import { FakeSquarespace, generatedSquarespaceProducts } from '../../scripts/testing/fake-squarespace.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { decryptSecret } from '../../server/platform/index.ts';

/*
 * Every platform connected by typed credentials goes through POST /api/v1/accounts with its own ConnectSpec
 * (connectors/platforms.ts), each against its local fake (scripts/testing/fake-*.ts) on 127.0.0.1: the fixed-host
 * platforms through their <PLATFORM>_API_URL, Magento at its store address. WooCommerce has its own file
 * (store-connect.test.ts).
 */

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

let server: TestServer;
let merchant: ReturnType<typeof client>;
const bigcommerce = new FakeBigcommerce('abc123', 'bc-token');
const ecwid = new FakeEcwid('4870020', 'secret_ecwid');
const squarespace = new FakeSquarespace('sq-key');
const magento = new FakeMagento('mg-token', {
  consumerKey: 'ck',
  consumerSecret: 'cs',
  token: 'mg-token',
  tokenSecret: 'ts',
});
let magentoUrl = '';
const ECWID_APP_SECRET = 'ecwid-app-client-secret';

const waitForJob = async (jobId: string) => {
  for (let i = 0; i < 600; i++) {
    const { body } = await json(await merchant.get(`/api/v1/jobs?jobId=${jobId}`));
    if (body.job_state !== 'pending') return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The job did not finish');
};

beforeAll(async () => {
  const [bcUrl, ecUrl, sqUrl] = [await bigcommerce.start(), await ecwid.start(), await squarespace.start()];
  magentoUrl = await magento.start();
  bigcommerce.products = generatedBigcommerceProducts(3);
  ecwid.products = generatedEcwidProducts(3);
  squarespace.products = generatedSquarespaceProducts(3);
  magento.products = generatedMagentoProducts(3);
  server = await startTestServer({
    STORE_PRIVATE_HOSTS: '127.0.0.1',
    BIGCOMMERCE_API_URL: bcUrl,
    ECWID_API_URL: ecUrl,
    SQUARESPACE_API_URL: sqUrl,
    // The operator's Ecwid app: its client secret checks the webhooks of stores without their own.
    ECWID_CLIENT_ID: 'catalog-builder-ecwid',
    ECWID_CLIENT_SECRET: ECWID_APP_SECRET,
  });
  server.runtime.services.connectorOptions = { retryBaseMs: 5 };
  merchant = client(server.url);
  await merchant.post('/auth/register', {
    email: 'platforms@example.com',
    password: 'password-123',
    confirmPassword: 'password-123',
  });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([bigcommerce.stop(), ecwid.stop(), squarespace.stop(), magento.stop()]);
});

type Case = {
  type: string;
  body: () => { url?: string; credentials: Record<string, string> };
  wrong: () => { url?: string; credentials: Record<string, string> };
  shopDomain: () => string;
  stored: () => Record<string, unknown>;
};

const CASES: Case[] = [
  {
    type: 'bigcommerce',
    // The API path the control panel shows is accepted for the store hash.
    body: () => ({
      credentials: { storeHash: 'https://api.bigcommerce.com/stores/abc123/v3/', accessToken: ' bc-token ' },
    }),
    wrong: () => ({ credentials: { storeHash: 'abc123', accessToken: 'nope' } }),
    shopDomain: () => 'store-abc123.mybigcommerce.com',
    stored: () => ({ storeHash: 'abc123', accessToken: 'bc-token' }),
  },
  {
    type: 'ecwid',
    body: () => ({ credentials: { storeId: '4870020', token: 'secret_ecwid' } }),
    wrong: () => ({ credentials: { storeId: '4870020', token: 'secret_nope' } }),
    shopDomain: () => '4870020',
    stored: () => ({ storeId: '4870020', token: 'secret_ecwid' }),
  },
  {
    type: 'squarespace',
    body: () => ({ credentials: { apiKey: 'sq-key' } }),
    wrong: () => ({ credentials: { apiKey: 'nope' } }),
    // The key names no site: the site's address, as the store says it.
    shopDomain: () => 'example.squarespace.com',
    stored: () => ({ apiKey: 'sq-key' }),
  },
  {
    type: 'magento',
    // The store's address as the url field (what the screen sends), a pasted REST address cut back to it.
    body: () => ({ url: `${magentoUrl}/rest/V1`, credentials: { accessToken: 'mg-token' } }),
    wrong: () => ({ url: magentoUrl, credentials: { accessToken: 'nope' } }),
    shopDomain: () => new URL(magentoUrl).host,
    stored: () => ({ baseUrl: magentoUrl, accessToken: 'mg-token' }),
  },
];

describe.each(CASES)('POST /api/v1/accounts: $type', (c) => {
  it('refuses wrong credentials with the store’s reason, storing nothing', async () => {
    const { status, body } = await json(
      await merchant.post('/api/v1/accounts', { type: c.type, ...c.wrong() }),
    );
    expect(status).toBe(400);
    expect(body.details.problem).toBe('unauthorized');
    expect(body.message).toMatch(/^The store refused these credentials: .*answered 40[13]/);
    const rows = await server.runtime.db.select().from(storeAccounts).where(eq(storeAccounts.type, c.type));
    expect(rows).toEqual([]);
  });

  it('refuses a missing field by its key', async () => {
    const { status, body } = await json(
      await merchant.post('/api/v1/accounts', { type: c.type, url: c.body().url, credentials: {} }),
    );
    expect(status).toBe(400);
    expect(body.details).toMatchObject({ problem: 'missing_field' });
  });

  it('connects: checks the store, seals what its ConnectSpec parsed, and syncs its products', async () => {
    const { status, body } = await json(
      await merchant.post('/api/v1/accounts', { type: c.type, ...c.body() }),
    );
    expect(status).toBe(200);
    expect(body.account).toMatchObject({
      type: c.type,
      shop_domain: c.shopDomain(),
      connection_status: 'connected',
    });
    const [row] = await server.runtime.db
      .select()
      .from(storeAccounts)
      .where(eq(storeAccounts.id, body.account.id));
    expect(JSON.parse(decryptSecret(row!.credentialsEncrypted!, server.runtime.config.appSecret))).toEqual(
      c.stored(),
    );
    expect((await waitForJob(body.jobId ?? body.job_id)).job_state).toBe('complete');
    const stored = await server.runtime.db
      .select()
      .from(listings)
      .where(eq(listings.accountId, body.account.id));
    expect(stored).toHaveLength(3);
    expect(new Set(stored.map((l) => l.source))).toEqual(new Set([c.type]));
    // The same store again updates its account rather than adding one.
    const again = await json(await merchant.post('/api/v1/accounts', { type: c.type, ...c.body() }));
    expect(again.body.account.id).toBe(body.account.id);
  });
});

it('refuses a value the platform’s ConnectSpec does not accept (an Ecwid store id is a number)', async () => {
  const { status, body } = await json(
    await merchant.post('/api/v1/accounts', {
      type: 'ecwid',
      credentials: { storeId: 'mystore', token: 'secret_ecwid' },
    }),
  );
  expect(status).toBe(400);
  expect(body.details).toMatchObject({ problem: 'invalid_field', field: 'storeId' });
  expect(body.message).toBe('storeId: An Ecwid store id is a number');
});

/*
 * Webhooks of BigCommerce and Ecwid, read by the registry's readers (connectors/platforms.ts `readWebhook`) on
 * POST /webhooks/stores/{accountId}: a good delivery queues a sync of the product it names, which reads it again;
 * a tampered or unsigned one is a 401 and queues nothing.
 */
describe('store webhooks of BigCommerce and Ecwid', () => {
  const accountOf = async (type: string) =>
    (await server.runtime.db.select().from(storeAccounts).where(eq(storeAccounts.type, type)))[0]!;
  const titleOf = async (accountId: string, externalId: string) =>
    (
      await server.runtime.db
        .select()
        .from(listings)
        .where(and(eq(listings.accountId, accountId), eq(listings.externalId, externalId)))
    )[0]?.title;
  const productJobs = async () =>
    (await server.runtime.db.select().from(jobs).where(eq(jobs.name, 'sync-products'))).length;
  const deliver = (accountId: string, headers: Record<string, string>, body: string) =>
    fetch(`${server.url}/webhooks/stores/${accountId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('BigCommerce: hooks registered at connect with our secret header; a delivery carrying it syncs the product', async () => {
    const account = await accountOf('bigcommerce');
    const destination = `${server.runtime.config.appUrl}/webhooks/stores/${account.id}`;
    expect(bigcommerce.hooks.map((h) => h.scope).sort()).toEqual(
      [
        'store/product/created',
        'store/product/deleted',
        'store/product/inventory/order/updated',
        'store/product/inventory/updated',
        'store/product/updated',
      ].sort(),
    );
    expect(new Set(bigcommerce.hooks.map((h) => h.destination))).toEqual(new Set([destination]));
    const headers = bigcommerce.hooks[0]!.headers;
    const product = bigcommerce.products[1]!;
    product.name = 'Le Parfait Jar (renamed)';
    // BigCommerce's payload: the scope, the store as producer, the product's id.
    const body = JSON.stringify({
      scope: 'store/product/updated',
      store_id: '1025646',
      producer: 'stores/abc123',
      data: { type: 'product', id: product.id },
      hash: '3f9ea420af83450d7ef9f78b08c8af25b2213637',
      created_at: 1561479335,
    });
    const before = await productJobs();
    const wrong = await deliver(account.id, { 'X-Catalog-Builder-Webhook-Token': 'not-ours' }, body);
    expect(wrong.status).toBe(401);
    expect((await deliver(account.id, {}, body)).status).toBe(401);
    expect(await productJobs()).toBe(before);
    // Another store's delivery with our header (a hook copied elsewhere) does nothing.
    const other = await json(
      await deliver(account.id, headers, body.replace('stores/abc123', 'stores/zzz999')),
    );
    expect(other).toMatchObject({ status: 200, body: { job_id: null } });

    const good = await json(await deliver(account.id, headers, body));
    expect(good.status).toBe(200);
    expect((await waitForJob(good.body.job_id)).job_state).toBe('complete');
    expect(await titleOf(account.id, String(product.id))).toBe('Le Parfait Jar (renamed)');
  });

  it('Ecwid: a delivery signed over eventCreated.eventId with the app’s client secret syncs the product; tampered ones are refused', async () => {
    const account = await accountOf('ecwid');
    const product = ecwid.products[2]!;
    product.name = 'Orange (renamed)';
    // Ecwid's published delivery (extdata/ecwid-webhook-product-updated.json), for this store and product.
    const event = {
      eventId: '08a78904-0aa0-4c1a-953a-2e33c56236f0',
      eventCreated: 1469429912,
      storeId: 4870020,
      entityId: product.id,
      eventType: 'product.updated',
    };
    const body = JSON.stringify(event);
    const signature = ecwidWebhookSignature(event, ECWID_APP_SECRET);
    const before = await productJobs();
    // Signed with another secret, the event id changed after signing, or no signature at all.
    for (const [headers, payload] of [
      [{ 'X-Ecwid-Webhook-Signature': ecwidWebhookSignature(event, 'secret_ecwid') }, body],
      [{ 'X-Ecwid-Webhook-Signature': signature }, body.replace('08a78904', '18a78904')],
      [{}, body],
    ] as const) {
      const res = await deliver(account.id, headers, payload);
      expect(res.status).toBe(401);
    }
    expect(await productJobs()).toBe(before);
    // A good signature for another store's event: nothing to do here.
    const otherStore = { ...event, storeId: 1003 };
    const other = await json(
      await deliver(
        account.id,
        { 'X-Ecwid-Webhook-Signature': ecwidWebhookSignature(otherStore, ECWID_APP_SECRET) },
        JSON.stringify(otherStore),
      ),
    );
    expect(other).toMatchObject({ status: 200, body: { job_id: null } });

    const good = await json(await deliver(account.id, { 'X-Ecwid-Webhook-Signature': signature }, body));
    expect(good.status).toBe(200);
    expect((await waitForJob(good.body.job_id)).job_state).toBe('complete');
    expect(await titleOf(account.id, String(product.id))).toBe('Orange (renamed)');
  });
});

describe('POST /webhooks/ecwid: the Ecwid app’s one address for every store', () => {
  const deliverToApp = (headers: Record<string, string>, body: string) =>
    fetch(`${server.url}/webhooks/ecwid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('routes a delivery to the store its storeId names once the app’s signature checks out', async () => {
    const [account] = await server.runtime.db
      .select()
      .from(storeAccounts)
      .where(eq(storeAccounts.type, 'ecwid'));
    const product = ecwid.products[0]!;
    product.name = 'Routed by store id';
    const event = {
      eventId: '5c1d1a3e-0aa0-4c1a-953a-2e33c56236f1',
      eventCreated: 1469429999,
      storeId: 4870020,
      entityId: product.id,
      eventType: 'product.updated',
    };
    const body = JSON.stringify(event);
    const signature = ecwidWebhookSignature(event, ECWID_APP_SECRET);
    const syncJobs = async () =>
      (await server.runtime.db.select().from(jobs).where(eq(jobs.name, 'sync-products'))).length;
    const before = await syncJobs();

    // Signed with another secret, tampered after signing, or unsigned: 401, whatever the store.
    for (const [headers, payload] of [
      [{ 'X-Ecwid-Webhook-Signature': ecwidWebhookSignature(event, 'not-the-app-secret') }, body],
      [{ 'X-Ecwid-Webhook-Signature': signature }, body.replace('5c1d1a3e', '6c1d1a3e')],
      [{}, body],
    ] as const)
      expect((await deliverToApp(headers, payload)).status).toBe(401);
    // Well signed, for a store nobody connected here.
    const unknown = { ...event, storeId: 999_001 };
    const lost = await json(
      await deliverToApp(
        { 'X-Ecwid-Webhook-Signature': ecwidWebhookSignature(unknown, ECWID_APP_SECRET) },
        JSON.stringify(unknown),
      ),
    );
    expect(lost.status).toBe(404);
    expect(await syncJobs()).toBe(before);

    const good = await json(await deliverToApp({ 'X-Ecwid-Webhook-Signature': signature }, body));
    expect(good.status).toBe(200);
    expect(good.body.job_ids).toHaveLength(1);
    expect((await waitForJob(good.body.job_ids[0])).job_state).toBe('complete');
    const [stored] = await server.runtime.db
      .select()
      .from(listings)
      .where(and(eq(listings.accountId, account!.id), eq(listings.externalId, String(product.id))));
    expect(stored?.title).toBe('Routed by store id');
  });
});

describe('DELETE /api/v1/accounts/{id} of a BigCommerce store', () => {
  it('deletes the hooks we registered (else BigCommerce delivers to a 401); a store that cannot delete them still disconnects', async () => {
    const hookIdsOf = (accountId: string) =>
      bigcommerce.hooks
        .filter((h) => h.destination === `${server.runtime.config.appUrl}/webhooks/stores/${accountId}`)
        .map((h) => h.id);
    // A second merchant connects the same store: its own five hooks, to its own account's address.
    const other = client(server.url);
    await other.post('/auth/register', {
      email: 'platforms-other@example.com',
      password: 'password-123',
      confirmPassword: 'password-123',
    });
    const connected = await json(
      await other.post('/api/v1/accounts', {
        type: 'bigcommerce',
        credentials: { storeHash: 'abc123', accessToken: 'bc-token' },
      }),
    );
    expect(connected.status).toBe(200);
    const otherId: string = connected.body.account.id;
    await waitForJob(connected.body.job_id);
    const [mine] = await server.runtime.db
      .select()
      .from(storeAccounts)
      .where(
        and(
          eq(storeAccounts.type, 'bigcommerce'),
          eq(storeAccounts.shopDomain, 'store-abc123.mybigcommerce.com'),
        ),
      )
      .orderBy(storeAccounts.createdAt)
      .limit(1);
    expect(hookIdsOf(mine!.id)).toHaveLength(5);
    expect(hookIdsOf(otherId)).toHaveLength(5);

    // The store fails the deletions: the disconnect goes through all the same (logged), its hooks stay there.
    bigcommerce.failHookDeletes = true;
    const failed = await json(await other.del(`/api/v1/accounts/${otherId}?listings=keep`));
    expect(failed).toEqual({ status: 200, body: { deleted: true, listings: 'kept' } });
    const [gone] = await server.runtime.db.select().from(storeAccounts).where(eq(storeAccounts.id, otherId));
    expect([gone!.connectionStatus, gone!.credentialsEncrypted]).toEqual(['disconnected', null]);
    expect(hookIdsOf(otherId)).toHaveLength(5);

    bigcommerce.failHookDeletes = false;
    const before = hookIdsOf(otherId);
    const removed = await json(await merchant.del(`/api/v1/accounts/${mine!.id}?listings=remove`));
    expect(removed).toEqual({ status: 200, body: { deleted: true, listings: 'removed' } });
    expect(hookIdsOf(mine!.id)).toEqual([]);
    // Only this account's hooks went.
    expect(hookIdsOf(otherId)).toEqual(before);
  });
});
