import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, listings, storeAccounts } from '../db/schema.ts';
import { readExtdataJson } from '../scripts/testing/extdata.ts';
import type { FakeShopifyAdmin } from '../scripts/testing/fake-shopify-admin.ts';
import { addFakeProduct, productFromRest } from '../scripts/testing/fake-shopify-products.ts';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';

const API_KEY = 'sync-test-api-key';
const API_SECRET = 'sync-test-api-secret-for-signing';
const SHOP = 'north-wind.myshopify.com';
const restFixture = readExtdataJson<{ products: Record<string, any>[] }>(
  'shopify-admin-rest-2026-07-products.json',
);

let server: TestServer;
let shopify: FakeShopify;
let admin: FakeShopifyAdmin;

beforeAll(async () => {
  shopify = new FakeShopify(API_KEY, API_SECRET);
  await shopify.start();
  shopify.shops.set(SHOP, { name: 'North Wind', email: 'owner@north-wind.example', currencyCode: 'GBP' });
  admin = shopify.admin(SHOP);
  server = await startTestServer({ SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET });
  server.runtime.services.connectorOptions = { bulkPollMs: 20, retryBaseMs: 10 };
  server.runtime.services.syncOptions = { bulkThreshold: 10, batchSize: 5 };
});
afterAll(async () => {
  await server?.close();
  await shopify?.stop();
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';
const host = Buffer.from(`admin.shopify.com/store/${SHOP.split('.')[0]}`).toString('base64url');
const home = async () => {
  const res = await fetch(
    `${server.url}/app?embedded=1&shop=${SHOP}&host=${host}&id_token=${shopify.sessionToken(SHOP)}`,
    { headers: { Accept: 'text/html', 'User-Agent': BROWSER } },
  );
  expect(res.status).toBe(200);
  return res.text();
};
/** The "Sync products" button's post, as App Bridge sends it from the embedded app (session token header). */
const clickSync = () =>
  fetch(`${server.url}/app.data?index`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${shopify.sessionToken(SHOP)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': BROWSER,
    },
    body: '',
  });
const until = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
};
const accountOf = async () =>
  (await server.runtime.db.select().from(storeAccounts).where(eq(storeAccounts.shopDomain, SHOP)))[0]!;
const listingsOf = async (accountId: string) =>
  server.runtime.db.select().from(listings).where(eq(listings.accountId, accountId)).orderBy(listings.title);

describe('embedded app home: sync products with progress', () => {
  it('offers the sync before the first one', async () => {
    const html = await home();
    expect(html).toContain('Sync products');
    expect(html).toContain('Sync your store&#x27;s products, collections and categories');
  });

  it('runs a bulk sync as a job, showing products done over the total while it runs', async () => {
    for (const p of restFixture.products) admin.products.push(productFromRest(p, SHOP));
    for (let i = 1; i <= 10; i++) addFakeProduct(admin, { title: `Scarf ${i}`, price: 15, variants: 2 });
    admin.collections.push({
      id: 'gid://shopify/Collection/900',
      title: 'Winter',
      handle: 'winter',
      smart: false,
    });
    admin.products.at(-1)!.collections = ['gid://shopify/Collection/900'];
    // Shopify keeps the export running until we let it finish.
    admin.bulkPolls = 1_000_000;
    const res = await clickSync();
    expect(res.status).toBe(200);
    await until(async () => admin.bulkOps.some((o) => o.status === 'RUNNING'), 'the bulk operation');
    expect(await home()).toContain('Syncing products: 0/12');
    // A second click while it runs answers the same job.
    expect((await clickSync()).status).toBe(200);
    admin.bulkPolls = 0;
    await until(async () => (await home()).includes('12 products from your store, last synced'), 'the sync');
    expect(admin.bulkOps).toHaveLength(1);
    const account = await accountOf();
    const rows = await listingsOf(account.id);
    expect(rows.map((r) => r.title).slice(0, 3)).toEqual(['IPod Nano - 8GB', 'IPod Touch 8GB', 'Scarf 1']);
    expect(rows.find((r) => r.title === 'IPod Nano - 8GB')).toMatchObject({ price: 199, stock: 100 });
    const winter = await server.runtime.db
      .select()
      .from(collections)
      .where(and(eq(collections.accountId, account.id), eq(collections.kind, 'collection')));
    expect(winter.map((c) => c.title)).toEqual(['Winter']);
  });
});

describe('products/* webhooks through /webhooks/shopify', () => {
  const post = (topic: string, payload: unknown) => {
    const body = JSON.stringify(payload);
    return fetch(`${server.url}/webhooks/shopify`, {
      method: 'POST',
      headers: shopify.webhookHeaders(topic, SHOP, body),
      body,
    });
  };

  it('products/update changes the listing, products/create adds one, products/delete removes it', async () => {
    const account = await accountOf();
    const nano = admin.products.find((p) => p.title === 'IPod Nano - 8GB')!;
    nano.title = 'IPod Nano - 8GB (2026)';
    nano.variants.forEach((v) => (v.price = '179.00'));
    expect((await post('products/update', restFixture.products[0])).status).toBe(200);
    const updated = (await listingsOf(account.id)).find((r) => r.externalId === nano.id)!;
    expect(updated).toMatchObject({ title: 'IPod Nano - 8GB (2026)', price: 179 });

    const mittens = addFakeProduct(admin, { title: 'Mittens', price: 22 });
    const numericId = Number(mittens.id.split('/').pop());
    expect((await post('products/create', { id: numericId, title: 'Mittens' })).status).toBe(200);
    expect((await listingsOf(account.id)).find((r) => r.title === 'Mittens')).toMatchObject({ price: 22 });

    expect((await post('products/delete', { id: numericId })).status).toBe(200);
    expect((await listingsOf(account.id)).find((r) => r.title === 'Mittens')).toBeUndefined();
    expect(await listingsOf(account.id)).toHaveLength(12);
  });
});
