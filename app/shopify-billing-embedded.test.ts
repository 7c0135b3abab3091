import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema.ts';
import type { FakeShopifyAdmin } from '../scripts/testing/fake-shopify-admin.ts';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../scripts/testing/server.ts';

const API_KEY = 'embedded-billing-key';
const API_SECRET = 'embedded-billing-secret-for-signing';
const SHOP = 'fern-goods.myshopify.com';
const OTHER_SHOP = 'other-goods.myshopify.com';
const BROWSER = {
  Accept: 'text/html',
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
};

let server: TestServer;
let shopify: FakeShopify;
let admin: FakeShopifyAdmin;

/** The embedded app's document for a shop, as the Shopify admin frames it (a fresh session token each time). */
const embedded = (shop: string, path: string, extra = '') => {
  const host = Buffer.from(`admin.shopify.com/store/${shop.split('.')[0]}`).toString('base64url');
  return fetch(
    `${server.url}${path}?embedded=1&shop=${shop}&host=${host}&id_token=${shopify.sessionToken(shop)}${extra}`,
    { headers: BROWSER },
  );
};
const bearer = (shop: string) => ({
  Authorization: `Bearer ${shopify.sessionToken(shop)}`,
  Origin: server.url,
});
const subscribe = (token: Record<string, string>, body: Record<string, unknown>) =>
  client(server.url).post('/api/v1/shopify/subscriptions', body, token);
const shopifyRow = async (externalId: string) =>
  (
    await server.runtime.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.type, 'shopify'), eq(subscriptions.externalId, externalId)))
  )[0];

beforeAll(async () => {
  shopify = new FakeShopify(API_KEY, API_SECRET);
  await shopify.start();
  for (const [shop, name] of [
    [SHOP, 'Fern Goods'],
    [OTHER_SHOP, 'Other Goods'],
  ] as const)
    shopify.shops.set(shop, { name, email: `owner@${shop}`, currencyCode: 'USD' });
  admin = shopify.admin(SHOP);
  server = await startTestServer({ SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET });
  server.runtime.services.connectorOptions = { retryBaseMs: 10 };
  // Installing the app (the first embedded visit) creates each shop's merchant, on trial, with no cookie.
  for (const shop of [SHOP, OTHER_SHOP]) {
    const res = await embedded(shop, '/app');
    if (res.status !== 200) throw new Error(`Installing ${shop} answered ${res.status}`);
    await res.text();
  }
});
afterAll(async () => {
  await server?.close();
  await shopify?.stop();
});

describe('Shopify Billing from the embedded app (session tokens, SPEC §7)', () => {
  it('shows the trial on the embedded home and the plans on /app/plans', async () => {
    const home = await (await embedded(SHOP, '/app')).text();
    expect(home).toContain('Current plan');
    expect(home).toContain('Free trial');
    expect(home).toMatch(/1[0-4] days left in your trial/);
    expect(home).toContain(`href="/app/plans?embedded=1&amp;shop=${SHOP}`);
    const plans = await embedded(SHOP, '/app/plans');
    expect(plans.status).toBe(200);
    const html = await plans.text();
    for (const plan of ['Essential', 'Personal', 'Business']) expect(html).toContain(`Choose ${plan}`);
  });

  it('refuses a bad or foreign-signed session token with 401 and creates nothing', async () => {
    for (const token of [
      'not-a-token',
      shopify.sessionToken(SHOP, { secret: 'wrong-secret' }),
      shopify.sessionToken(SHOP, { expiresIn: -120 }),
    ]) {
      const res = await subscribe(
        { Authorization: `Bearer ${token}`, Origin: server.url },
        { planId: 'PERSONAL' },
      );
      expect(res.status).toBe(401);
    }
    expect(admin.billing.subscriptions).toHaveLength(0);
  });

  it('subscribes with a session token, returns into the admin, and records the approval on the return', async () => {
    const res = await subscribe(bearer(SHOP), {
      planId: 'PERSONAL',
      name: 'Personal',
      yearlySubscription: false,
    });
    expect(res.status).toBe(200);
    const { redirect_url } = (await res.json()) as { redirect_url: string };
    const created = admin.billing.subscriptions.at(-1)!;
    expect(redirect_url).toContain(`https://${SHOP}/admin/charges/`);
    // No cookie inside the admin: Shopify sends the merchant back to the embedded plans page, not /thank-you.
    expect(created).toMatchObject({
      status: 'PENDING',
      test: true,
      interval: 'EVERY_30_DAYS',
      amount: 29,
      returnUrl: `https://${SHOP}/admin/apps/${API_KEY}/app/plans?planId=PERSONAL`,
    });
    expect(await shopifyRow(created.id)).toMatchObject({ status: 'pending', planId: 'PERSONAL' });

    admin.billing.approve(created.id);
    const chargeId = created.id.split('/').pop();
    const back = await embedded(SHOP, '/app/plans', `&planId=PERSONAL&charge_id=${chargeId}`);
    expect(back.status).toBe(200);
    const html = await back.text();
    expect(html).toContain('Your Personal plan is active. Thank you!');
    expect(await shopifyRow(created.id)).toMatchObject({ status: 'active', externalStatus: 'ACTIVE' });
    const active = await client(server.url).get('/api/v2/users/is-remote-subscription-active', bearer(SHOP));
    expect(await active.json()).toEqual({ active: true });
  });

  it('reads its own subscription with the token; another merchant gets 404 for it', async () => {
    const created = admin.billing.subscriptions.at(-1)!;
    const row = (await shopifyRow(created.id))!;
    const own = await client(server.url).get(`/api/v1/subscriptions/${row.id}`, bearer(SHOP));
    expect(own.status).toBe(200);
    const other = await client(server.url).get(`/api/v1/subscriptions/${row.id}`, bearer(OTHER_SHOP));
    expect(other.status).toBe(404);
    const standalone = await registeredClient(server.url, 'standalone-billing@example.com');
    expect((await standalone.get(`/api/v1/subscriptions/${row.id}`)).status).toBe(404);
    // Nor can the other shop's token start a charge on this shop: it bills its own installation.
    const before = admin.billing.subscriptions.length;
    expect((await subscribe(bearer(OTHER_SHOP), { planId: 'ESSENTIAL' })).status).toBe(200);
    expect(admin.billing.subscriptions).toHaveLength(before);
    expect(shopify.admin(OTHER_SHOP).billing.subscriptions).toHaveLength(1);
  });

  it('moves the plan when APP_SUBSCRIPTIONS_UPDATE says the subscription was cancelled', async () => {
    const created = admin.billing.subscriptions.at(-1)!;
    admin.billing.cancel(created.id);
    const body = JSON.stringify(admin.billing.webhookPayload(created.id));
    const res = await fetch(`${server.url}/webhooks/shopify`, {
      method: 'POST',
      headers: shopify.webhookHeaders('app_subscriptions/update', SHOP, body, { id: 'embedded-cancel-1' }),
      body,
    });
    expect(res.status).toBe(200);
    expect(await shopifyRow(created.id)).toMatchObject({ status: 'cancelled' });
    const home = await (await embedded(SHOP, '/app')).text();
    expect(home).not.toContain('Billed by Shopify');
  });
});
