import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, storeAccounts, subscriptions, users } from '../db/schema.ts';
import type { FakeShopifyAdmin } from '../scripts/testing/fake-shopify-admin.ts';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { encryptSecret } from '../server/platform/index.ts';

const API_KEY = 'billing-test-api-key';
const API_SECRET = 'billing-test-api-secret-for-signing';
const SHOP = 'maple-post.myshopify.com';

let server: TestServer;
let shopify: FakeShopify;
let admin: FakeShopifyAdmin;
let merchant: ReturnType<typeof client>;
let standalone: ReturnType<typeof client>;
let merchantId: string;

beforeAll(async () => {
  shopify = new FakeShopify(API_KEY, API_SECRET);
  await shopify.start();
  admin = shopify.admin(SHOP);
  server = await startTestServer({ SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET });
  server.runtime.services.connectorOptions = { retryBaseMs: 10 };
  merchant = client(server.url);
  standalone = client(server.url);
  for (const [c, email] of [
    [merchant, 'maple@example.com'],
    [standalone, 'alone@example.com'],
  ] as const)
    await c.post('/auth/register', { email, password: 'password-123', confirmPassword: 'password-123' });
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, 'maple@example.com'));
  merchantId = u!.id;
  await server.runtime.db.insert(storeAccounts).values({
    userId: merchantId,
    type: 'shopify',
    name: 'Maple Post',
    shopDomain: SHOP,
    connectionStatus: 'connected',
    credentialsEncrypted: encryptSecret(
      JSON.stringify({ accessToken: 'shpat_maple' }),
      server.runtime.config.appSecret,
    ),
  });
});
afterAll(async () => {
  await server?.close();
  await shopify?.stop();
});

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const shopifyRow = async (externalId: string) =>
  (
    await server.runtime.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.type, 'shopify'), eq(subscriptions.externalId, externalId)))
  )[0];
const webhook = (payload: unknown, opts: { id?: string; secret?: string } = {}) => {
  const body = JSON.stringify(payload);
  return fetch(`${server.url}/webhooks/shopify`, {
    method: 'POST',
    headers: shopify.webhookHeaders('app_subscriptions/update', SHOP, body, opts),
    body,
  });
};
const subscribe = (c: ReturnType<typeof client>, body: Record<string, unknown>) =>
  c.post('/api/v1/shopify/subscriptions', body);

describe('POST /api/v1/shopify/subscriptions (SPEC §7, Shopify Billing API)', () => {
  it('refuses bad input naming the field, an unknown plan, and a merchant without a shop', async () => {
    const missing = await json(await subscribe(merchant, { yearlySubscription: true }));
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('planId');
    const badDiscount = await json(
      await subscribe(merchant, { planId: 'ESSENTIAL', discountPercentage: 150 }),
    );
    expect(badDiscount.status).toBe(400);
    expect(JSON.stringify(badDiscount.body)).toContain('discountPercentage');
    const badCoupon = await json(await subscribe(merchant, { planId: 'ESSENTIAL', coupon: 'NO-SUCH-CODE' }));
    expect(badCoupon.status).toBe(400);
    expect(JSON.stringify(badCoupon.body)).toContain('coupon');
    expect((await subscribe(merchant, { planId: 'NO-SUCH-PLAN' })).status).toBe(404);
    const noShop = await json(await subscribe(standalone, { planId: 'ESSENTIAL' }));
    expect(noShop.status).toBe(400);
    expect(noShop.body.message).toBe(
      'Connect your Shopify store first: Shopify merchants pay through Shopify.',
    );
    expect(admin.billing.subscriptions).toHaveLength(0);
  });

  it('creates a test app subscription at our price and discount, answers the confirmation URL, and records it pending', async () => {
    const remaining = async () =>
      (await server.runtime.db.select().from(offers).where(eq(offers.id, 'ESSENTIAL-ANNUALLY')))[0]!
        .remaining;
    const before = await remaining();
    const res = await json(
      await subscribe(merchant, {
        planId: 'ESSENTIAL',
        name: 'Essential',
        price: 1,
        yearlySubscription: true,
        terms: 'Yearly',
        // A merchant's own discount claim is never applied: 100 % off would make the plan free.
        discountPercentage: 100,
      }),
    );
    expect(res.status).toBe(200);
    const created = admin.billing.subscriptions.at(-1)!;
    expect(res.body.redirect_url).toMatch(
      new RegExp(
        `^https://${SHOP}/admin/charges/\\d+/\\d+/RecurringApplicationCharge/confirm_recurring_application_charge\\?signature=`,
      ),
    );
    // The client's price and discount are ignored: 12 × the yearly monthly price of ESSENTIAL (SPEC §9), with the
    // open ESSENTIAL-ANNUALLY offer's 40 % off, which counts once.
    expect(created).toMatchObject({
      name: 'Essential',
      status: 'PENDING',
      test: true,
      interval: 'ANNUAL',
      amount: 108,
      discountPercentage: 0.4,
      returnUrl: `${server.runtime.config.appUrl}/thank-you?planId=ESSENTIAL`,
    });
    expect(await shopifyRow(created.id)).toMatchObject({
      userId: merchantId,
      planId: 'ESSENTIAL',
      status: 'pending',
      period: 'yearly',
      amount: 65,
    });
    expect(await remaining()).toBe(before - 1);
    // Pending is not paid: the merchant is still on trial.
    const me = await (await merchant.get('/loggedin')).json();
    expect(me.subscription).toMatchObject({ is_trial: true });
  });

  it("passes Shopify's userErrors on as a 400 naming them, never a 500, and records nothing", async () => {
    const before = admin.billing.subscriptions.length;
    admin.billing.forcedUserErrors.push([
      { field: ['base'], message: 'The shop cannot accept the provided charge.' },
    ]);
    const res = await json(await subscribe(merchant, { planId: 'BUSINESS' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Shopify did not accept this subscription. The shop cannot accept the provided charge.',
    );
    expect(admin.billing.subscriptions).toHaveLength(before);
    const rows = await server.runtime.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, merchantId), eq(subscriptions.planId, 'BUSINESS')));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/v2/users/is-remote-subscription-active', () => {
  it('answers false until the merchant approves the charge, then true with the plan in force', async () => {
    expect(await json(await merchant.get('/api/v2/users/is-remote-subscription-active'))).toEqual({
      status: 200,
      body: { active: false },
    });
    const pending = admin.billing.subscriptions.at(-1)!;
    admin.billing.approve(pending.id);
    expect(await json(await merchant.get('/api/v2/users/is-remote-subscription-active'))).toEqual({
      status: 200,
      body: { active: true },
    });
    const row = await shopifyRow(pending.id);
    expect(row).toMatchObject({ status: 'active', externalStatus: 'ACTIVE', planId: 'ESSENTIAL' });
    const me = await (await merchant.get('/loggedin')).json();
    expect(me.subscription).toMatchObject({ plan: 'ESSENTIAL', is_trial: false, hasExpired: false });
  });

  it('is 400 for a merchant without a shop', async () => {
    expect((await standalone.get('/api/v2/users/is-remote-subscription-active')).status).toBe(400);
  });
});

describe('APP_SUBSCRIPTIONS_UPDATE through /webhooks/shopify', () => {
  it('refuses a bad signature, applies a delivery once, and never moves a subscription backwards', async () => {
    const sub = admin.billing.subscriptions.at(-1)!;
    const activePayload = admin.billing.webhookPayload(sub.id);
    admin.billing.cancel(sub.id);
    const cancelled = admin.billing.webhookPayload(sub.id);

    expect((await webhook(cancelled, { secret: 'not-the-secret' })).status).toBe(401);
    expect(await shopifyRow(sub.id)).toMatchObject({ status: 'active' });

    const id = 'app-sub-delivery-1';
    expect((await webhook(cancelled, { id })).status).toBe(200);
    const row = await shopifyRow(sub.id);
    expect(row).toMatchObject({ status: 'cancelled', externalStatus: 'CANCELLED' });
    // The same delivery again: claimed once, nothing changes (updatedAt untouched).
    expect((await webhook(cancelled, { id })).status).toBe(200);
    expect((await shopifyRow(sub.id))!.updatedAt).toEqual(row!.updatedAt);
    // An older ACTIVE update arriving late leaves it cancelled.
    expect((await webhook(activePayload)).status).toBe(200);
    expect(await shopifyRow(sub.id)).toMatchObject({ status: 'cancelled' });
    const me = await (await merchant.get('/loggedin')).json();
    expect(me.subscription).not.toMatchObject({ plan: 'ESSENTIAL', hasExpired: false, status: 'active' });
  });

  it('activates a subscription the merchant approved (return before the query)', async () => {
    const res = await json(await subscribe(merchant, { planId: 'PERSONAL', yearlySubscription: false }));
    expect(res.status).toBe(200);
    const sub = admin.billing.subscriptions.at(-1)!;
    expect(sub).toMatchObject({ interval: 'EVERY_30_DAYS', amount: 29, discountPercentage: null });
    admin.billing.approve(sub.id);
    expect((await webhook(admin.billing.webhookPayload(sub.id))).status).toBe(200);
    expect(await shopifyRow(sub.id)).toMatchObject({
      status: 'active',
      planId: 'PERSONAL',
      period: 'monthly',
    });
    const me = await (await merchant.get('/loggedin')).json();
    expect(me.subscription).toMatchObject({ plan: 'PERSONAL', hasExpired: false });
  });

  it('records the approval when Shopify returns the merchant to /thank-you with charge_id', async () => {
    const res = await json(await subscribe(merchant, { planId: 'BUSINESS', yearlySubscription: false }));
    expect(res.status).toBe(200);
    const sub = admin.billing.subscriptions.at(-1)!;
    expect(await shopifyRow(sub.id)).toMatchObject({ status: 'pending' });
    admin.billing.approve(sub.id);
    const chargeId = sub.id.split('/').pop();
    const page = await merchant.get(`/thank-you?planId=BUSINESS&charge_id=${chargeId}`);
    expect(page.status).toBe(200);
    await page.text();
    expect(await shopifyRow(sub.id)).toMatchObject({ status: 'active', planId: 'BUSINESS' });
  });
});
