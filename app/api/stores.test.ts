import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createProductElement, getDefaultLayout } from '../../core/layouts/index.ts';
import type { Product } from '../../core/model/index.ts';
import { listings, storeAccounts, users } from '../../db/schema.ts';
import type { FakeShopifyAdmin } from '../../scripts/testing/fake-shopify-admin.ts';
import { addFakeProduct } from '../../scripts/testing/fake-shopify-products.ts';
import { FakeShopify } from '../../scripts/testing/fake-shopify.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { createCatalog } from '../../server/catalogs/index.ts';
import { encryptSecret } from '../../server/platform/index.ts';

const SHOP = 'harbour-goods.myshopify.com';
const IPS = '203.0.113.10,203.0.113.11,203.0.113.12';
let server: TestServer;
let shopify: FakeShopify;
let admin: FakeShopifyAdmin;
let merchant: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let merchantId: string;
let accountId: string;

beforeAll(async () => {
  shopify = new FakeShopify('key', 'secret');
  await shopify.start();
  admin = shopify.admin(SHOP);
  server = await startTestServer({ STORE_ACCESS_IPS: IPS });
  server.runtime.services.connectorOptions = { retryBaseMs: 10, bulkPollMs: 10 };
  server.runtime.services.syncOptions = { stepDelayMs: 10 };
  merchant = client(server.url);
  other = client(server.url);
  for (const [c, email] of [
    [merchant, 'harbour@example.com'],
    [other, 'other@example.com'],
  ] as const)
    await c.post('/auth/register', { email, password: 'password-123', confirmPassword: 'password-123' });
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, 'harbour@example.com'));
  merchantId = u!.id;
  const [account] = await server.runtime.db
    .insert(storeAccounts)
    .values({
      userId: merchantId,
      type: 'shopify',
      name: 'Harbour Goods',
      shopDomain: SHOP,
      credentialsEncrypted: encryptSecret(
        JSON.stringify({ accessToken: 'shpat_harbour' }),
        server.runtime.config.appSecret,
      ),
    })
    .returning();
  accountId = account!.id;
});
afterAll(async () => {
  await server?.close();
  await shopify?.stop();
});

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const waitForJob = async (c: ReturnType<typeof client>, jobId: string) => {
  for (let i = 0; i < 300; i++) {
    const { body } = await json(await c.get(`/api/v1/jobs?jobId=${jobId}`));
    if (body.job_state !== 'pending') return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The job did not finish');
};
const statusOf = async () =>
  (await server.runtime.db.select().from(storeAccounts).where(eq(storeAccounts.id, accountId)))[0]!
    .connectionStatus;

describe('GET /api/v1/store/check-connection (SPEC §7, §8)', () => {
  it('answers connected and records it', async () => {
    expect(await json(await merchant.get('/api/v1/store/check-connection'))).toEqual({
      status: 200,
      body: { status: 'connected', account_id: accountId },
    });
    expect(await statusOf()).toBe('connected');
  });

  it('answers 500 with the SPEC message and the three addresses to whitelist when the store refuses us', async () => {
    await server.runtime.db
      .update(storeAccounts)
      .set({
        credentialsEncrypted: encryptSecret(
          JSON.stringify({ accessToken: 'revoked' }),
          server.runtime.config.appSecret,
        ),
      })
      .where(eq(storeAccounts.id, accountId));
    expect(await json(await merchant.get(`/api/v1/store/check-connection?accountId=${accountId}`))).toEqual({
      status: 500,
      body: {
        error: 'internal',
        message:
          'Connection to your store failed. Please check that it is accessible online and not protected by a password.',
        details: { whitelist_ips: ['203.0.113.10', '203.0.113.11', '203.0.113.12'] },
      },
    });
    // Refused credentials: the Stores screen asks the merchant to reconnect.
    expect(await statusOf()).toBe('reconnect');
    await server.runtime.db
      .update(storeAccounts)
      .set({
        credentialsEncrypted: encryptSecret(
          JSON.stringify({ accessToken: 'shpat_harbour' }),
          server.runtime.config.appSecret,
        ),
        connectionStatus: 'connected',
      })
      .where(eq(storeAccounts.id, accountId));
  });

  it("404 without a store or for another user's account; userId is for staff", async () => {
    expect((await other.get('/api/v1/store/check-connection')).status).toBe(404);
    expect((await other.get(`/api/v1/store/check-connection?accountId=${accountId}`)).status).toBe(404);
    expect((await other.get(`/api/v1/store/check-connection?userId=${merchantId}`)).status).toBe(403);
    expect((await client(server.url).get('/api/v1/store/check-connection')).status).toBe(401);
  });
});

describe('POST /api/v1/accounts/{accountId}/sync', () => {
  it("syncs the store's products as a job whose progress ends at products over total", async () => {
    addFakeProduct(admin, { title: 'Rope', price: 5 });
    addFakeProduct(admin, { title: 'Lantern', price: 30 });
    const { status, body } = await json(await merchant.post(`/api/v1/accounts/${accountId}/sync`));
    expect(status).toBe(200);
    expect(await waitForJob(merchant, body.job_id)).toEqual({
      job_state: 'complete',
      progress: { done: 2, total: 2 },
    });
    const rows = await server.runtime.db.select().from(listings).where(eq(listings.accountId, accountId));
    expect(rows.map((r) => r.title).sort()).toEqual(['Lantern', 'Rope']);
    expect((await other.post(`/api/v1/accounts/${accountId}/sync`)).status).toBe(404);
  });
});

describe('POST /api/v1/catalogs/{catalogId}/synchronize (SPEC §4)', () => {
  it('refreshes the prices of the catalog products from the store, skipping one that fails', async () => {
    const db = server.runtime.db;
    const rows = await db.select().from(listings).where(eq(listings.accountId, accountId));
    const product = (title: string) => {
      const r = rows.find((l) => l.title === title)!;
      return { ...(r.document as object), id: r.id } as Product;
    };
    const page = createPage({ layout: getDefaultLayout('products', 4) });
    page.elements[0] = createProductElement('rope', product('Rope'));
    page.elements[1] = createProductElement('lantern', product('Lantern'));
    page.elements[2] = createProductElement('gone', {
      ...product('Rope'),
      id: 'no-such-listing',
      title: 'Gone',
    });
    const { catalog } = await createCatalog({
      db,
      ownerId: merchantId,
      input: { title: 'Harbour 2026', catalog: { pages: [page] } },
    });
    admin.products.find((p) => p.title === 'Lantern')!.variants[0]!.price = '27.50';

    expect(
      (await merchant.post(`/api/v1/catalogs/${catalog._id}/synchronize`, { kinds: ['colors'] })).status,
    ).toBe(400);
    expect(
      (await other.post(`/api/v1/catalogs/${catalog._id}/synchronize`, { kinds: ['prices'] })).status,
    ).toBe(404);
    const { status, body } = await json(
      await merchant.post(`/api/v1/catalogs/${catalog._id}/synchronize`, { kinds: ['prices'] }),
    );
    expect(status).toBe(200);
    expect(await waitForJob(merchant, body.job_id)).toEqual({
      job_state: 'complete',
      progress: { done: 3, total: 3 },
      updated: 1,
    });
    const job = await server.runtime.jobs.getJob({ jobId: body.job_id });
    expect(job!.result).toEqual({
      total: 3,
      updated: 1,
      unchanged: 1,
      skipped: [
        {
          element_id: 'gone',
          product_id: 'no-such-listing',
          title: 'Gone',
          reason: 'This product is no longer in your listings.',
        },
      ],
    });
    const saved = await json(await merchant.get(`/api/v1/catalogs/${catalog._id}`));
    const prices = saved.body.data.pages[0].elements
      .slice(0, 3)
      .map((e: { properties: { title: string; price: number } }) => [e.properties.title, e.properties.price]);
    expect(prices).toEqual([
      ['Rope', 5],
      ['Lantern', 27.5],
      ['Gone', 5],
    ]);
  });
});
