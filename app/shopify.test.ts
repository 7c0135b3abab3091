import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  events,
  orders,
  shopifySessions,
  storeAccounts,
  subscriptions,
  users,
  catalogs,
  webhookDeliveries,
} from '../db/schema.ts';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';

const API_KEY = 'test-api-key';
const API_SECRET = 'test-api-secret-for-signing';
const SHOP = 'blue-ocean.myshopify.com';

let server: TestServer;
let shopify: FakeShopify;

beforeAll(async () => {
  shopify = new FakeShopify(API_KEY, API_SECRET);
  await shopify.start();
  shopify.shops.set(SHOP, { name: 'Blue Ocean', email: 'owner@blue-ocean.example', currencyCode: 'EUR' });
  server = await startTestServer({ SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET });
});
afterAll(async () => {
  await server?.close();
  await shopify?.stop();
});

function openEmbedded(shop: string, token = shopify.sessionToken(shop)) {
  const host = Buffer.from(`admin.shopify.com/store/${shop.split('.')[0]}`).toString('base64url');
  return fetch(`${server.url}/app?embedded=1&shop=${shop}&host=${host}&id_token=${token}`, {
    redirect: 'manual',
    // The library turns away bots (and Node's default user agent looks like one), as Shopify's admin is a browser.
    headers: {
      Accept: 'text/html',
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
    },
  });
}

describe('Shopify embedded app', () => {
  it('installs: exchanges the session token, stores the session encrypted and creates a merchant on trial', async () => {
    const res = await openEmbedded(SHOP);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Your catalogs');
    expect(html).toContain('Blue Ocean');
    expect(res.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://blue-ocean.myshopify.com https://admin.shopify.com',
    );
    expect(shopify.calls.filter((c) => c.path === '/admin/oauth/access_token')).toHaveLength(1);

    const db = server.runtime.db;
    const [account] = await db.select().from(storeAccounts).where(eq(storeAccounts.shopDomain, SHOP));
    expect(account).toMatchObject({ type: 'shopify', name: 'Blue Ocean', connectionStatus: 'connected' });
    expect(account!.credentialsEncrypted).toMatch(/^v1:/);
    expect(account!.credentialsEncrypted).not.toContain('shpat_');
    const [user] = await db.select().from(users).where(eq(users.id, account!.userId));
    expect(user).toMatchObject({ platform: 'shopify', email: 'owner@blue-ocean.example' });
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    expect(subs.map((s) => s.planId)).toEqual(['trial']);
    const [session] = await db.select().from(shopifySessions).where(eq(shopifySessions.shop, SHOP));
    expect(session!.payloadEncrypted).not.toContain('shpat_');
  });

  it('reuses the stored session on the next visit (no second token exchange, no second merchant)', async () => {
    const res = await openEmbedded(SHOP);
    expect(res.status).toBe(200);
    expect(shopify.calls.filter((c) => c.path === '/admin/oauth/access_token')).toHaveLength(1);
    const accounts = await server.runtime.db
      .select()
      .from(storeAccounts)
      .where(eq(storeAccounts.shopDomain, SHOP));
    expect(accounts).toHaveLength(1);
  });

  it("shows the merchant's catalogs on the app home", async () => {
    const [account] = await server.runtime.db
      .select()
      .from(storeAccounts)
      .where(eq(storeAccounts.shopDomain, SHOP));
    await server.runtime.db.insert(catalogs).values({
      ownerId: account!.userId,
      title: 'Summer wholesale',
      document: {},
      schemaVersion: 1,
      pageCount: 12,
    });
    const html = await (await openEmbedded(SHOP)).text();
    expect(html).toContain('Summer wholesale');
  });

  it("lets only the shop's admin frame the app, and runs App Bridge and inline scripts with the page's nonce", async () => {
    const res = await openEmbedded(SHOP);
    const policy = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' https://cdn.shopify.com;`);
    expect(policy).not.toContain('unsafe-inline');
    // What @shopify/shopify-app-react-router's addDocumentResponseHeaders sets for this shop.
    expect(policy).toMatch(
      /frame-ancestors https:\/\/blue-ocean\.myshopify\.com https:\/\/admin\.shopify\.com( |$)/,
    );
    expect(res.headers.get('link')).toContain('app-bridge.js');
    const scripts = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(
      scripts.some((tag) => tag.includes('src="https://cdn.shopify.com/shopifycloud/app-bridge.js"')),
    ).toBe(true);
    for (const tag of scripts.filter((t) => !t.includes('cdn.shopify.com')))
      expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('never hands a standalone account to a shop that gives its email; the shop gets its own merchant', async () => {
    const c = client(server.url);
    await c.post('/auth/register', {
      email: 'hello@red-hat.example',
      password: 'password-123',
      confirmPassword: 'password-123',
    });
    shopify.shops.set('red-hat.myshopify.com', {
      name: 'Red Hat Store',
      email: 'hello@red-hat.example',
      currencyCode: 'USD',
    });
    const res = await openEmbedded('red-hat.myshopify.com');
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy');
    expect(policy).toContain('frame-ancestors https://red-hat.myshopify.com https://admin.shopify.com');
    expect(policy).not.toContain('blue-ocean');
    const db = server.runtime.db;
    const [standalone] = await db.select().from(users).where(eq(users.email, 'hello@red-hat.example'));
    expect(standalone!.platform).toBe('standalone');
    const standaloneTypes = (
      await db.select().from(storeAccounts).where(eq(storeAccounts.userId, standalone!.id))
    )
      .map((a) => a.type)
      .sort();
    expect(standaloneTypes).toEqual(['own']);
    const [shopAccount] = await db
      .select()
      .from(storeAccounts)
      .where(eq(storeAccounts.shopDomain, 'red-hat.myshopify.com'));
    expect(shopAccount!.userId).not.toBe(standalone!.id);
    expect(shopAccount!.details).toMatchObject({ profile: { email: 'hello@red-hat.example' } });
    const [shopUser] = await db.select().from(users).where(eq(users.id, shopAccount!.userId));
    expect(shopUser).toMatchObject({ platform: 'shopify', email: null });
  });

  it('links a second shop of the same owner to the merchant Shopify brought first', async () => {
    shopify.shops.set('blue-ocean-outlet.myshopify.com', {
      name: 'Blue Ocean Outlet',
      email: 'owner@blue-ocean.example',
      currencyCode: 'EUR',
    });
    expect((await openEmbedded('blue-ocean-outlet.myshopify.com')).status).toBe(200);
    const db = server.runtime.db;
    const owners = await db
      .select({ userId: storeAccounts.userId, shop: storeAccounts.shopDomain })
      .from(storeAccounts)
      .where(eq(storeAccounts.type, 'shopify'));
    const first = owners.find((o) => o.shop === SHOP)!;
    const second = owners.find((o) => o.shop === 'blue-ocean-outlet.myshopify.com')!;
    expect(second.userId).toBe(first.userId);
  });

  it('refuses a session token signed with another secret', async () => {
    const before = (await server.runtime.db.select().from(storeAccounts)).length;
    const res = await openEmbedded(
      'intruder.myshopify.com',
      shopify.sessionToken('intruder.myshopify.com', { secret: 'wrong-secret' }),
    );
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('Your catalogs');
    expect((await server.runtime.db.select().from(storeAccounts)).length).toBe(before);
  });
});

describe('Shopify webhooks', () => {
  const post = (
    topic: string,
    shop: string,
    payload: unknown,
    opts: { secret?: string; id?: string } = {},
  ) => {
    const body = JSON.stringify(payload);
    return fetch(`${server.url}/webhooks/shopify`, {
      method: 'POST',
      headers: shopify.webhookHeaders(topic, shop, body, opts),
      body,
    });
  };
  const ownerOf = async (shop: string) => {
    const [a] = await server.runtime.db
      .select()
      .from(storeAccounts)
      .where(eq(storeAccounts.shopDomain, shop));
    return a?.userId;
  };

  it('refuses a webhook whose HMAC does not match', async () => {
    const res = await post('products/update', SHOP, { id: 1 }, { secret: 'not-the-secret' });
    expect(res.status).toBe(401);
  });

  it('answers 400, not 500, to a signed body that is not a JSON object it can store', async () => {
    for (const body of ['{', 'not json', '42', 'null', '[1]', '{"id":"a\\u0000b"}']) {
      const res = await fetch(`${server.url}/webhooks/shopify`, {
        method: 'POST',
        headers: shopify.webhookHeaders('products/update', SHOP, body),
        body,
      });
      expect(res.status, body).toBe(400);
    }
  });

  it('records product webhooks once, however often they are delivered', async () => {
    const id = 'webhook-delivery-1';
    expect((await post('products/update', SHOP, { id: 632910392, title: 'IPod Nano' }, { id })).status).toBe(
      200,
    );
    expect((await post('products/update', SHOP, { id: 632910392, title: 'IPod Nano' }, { id })).status).toBe(
      200,
    );
    const recorded = await server.runtime.db
      .select()
      .from(events)
      .where(eq(events.type, 'shopify_product_webhook'));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data).toMatchObject({ topic: 'PRODUCTS_UPDATE', shop: SHOP, productId: 632910392 });
  });

  it("customers/data_request mails the merchant the buyer's orders; customers/redact deletes them", async () => {
    const ownerId = (await ownerOf(SHOP))!;
    const db = server.runtime.db;
    const [cat] = await db.select().from(catalogs).where(eq(catalogs.ownerId, ownerId));
    await db.insert(orders).values([
      {
        catalogId: cat!.id,
        ownerId,
        customer: { name: 'Ann', email: 'ann@buyer.example' },
        items: [{ sku: 'A1', quantity: 3 }],
      },
      {
        catalogId: cat!.id,
        ownerId,
        customer: { name: 'Bob', email: 'bob@buyer.example' },
        items: [{ sku: 'B2', quantity: 1 }],
      },
    ]);
    const mailsBefore = server.outbox().length;
    const customer = { id: 191167, email: 'ANN@buyer.example', phone: '555-625-1199' };
    expect(
      (
        await post('customers/data_request', SHOP, {
          shop_domain: SHOP,
          customer,
          orders_requested: [299938],
        })
      ).status,
    ).toBe(200);
    const mails = server.outbox();
    expect(mails.length).toBe(mailsBefore + 1);
    const mail = server.readMail(mails.at(-1)!);
    expect(mail).toContain('To: owner@blue-ocean.example');
    expect(mail).toContain('A1');
    expect(mail).not.toContain('bob@buyer.example');
    // What we keep of the request names the buyer by Shopify's id only.
    const kept = JSON.stringify([
      await db.select().from(events).where(eq(events.type, 'customer_data_request')),
      await db.select().from(webhookDeliveries),
    ]);
    expect(kept).toContain('191167');
    expect(kept).not.toMatch(/ann@buyer|555-625/i);

    expect(
      (await post('customers/redact', SHOP, { shop_domain: SHOP, customer, orders_to_redact: [299938] }))
        .status,
    ).toBe(200);
    const left = await db.select().from(orders).where(eq(orders.ownerId, ownerId));
    expect(left.map((o) => (o.customer as { email: string }).email)).toEqual(['bob@buyer.example']);
    expect(await db.select().from(events).where(eq(events.type, 'customer_data_request'))).toHaveLength(0);
  });

  it('runs a delivery once when Shopify sends it twice at the same time, and skips it afterwards', async () => {
    const mailsBefore = server.outbox().length;
    const id = 'data-request-twice';
    const payload = { shop_domain: SHOP, customer: { id: 42, email: 'cy@buyer.example' } };
    const statuses = (
      await Promise.all([
        post('customers/data_request', SHOP, payload, { id }),
        post('customers/data_request', SHOP, payload, { id }),
      ])
    ).map((r) => r.status);
    expect(statuses).toContain(200);
    for (const s of statuses) expect([200, 503]).toContain(s);
    expect((await post('customers/data_request', SHOP, payload, { id })).status).toBe(200);
    expect(server.outbox().length).toBe(mailsBefore + 1);
    const [row] = await server.runtime.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id));
    expect(row!.state).toBe('done');
  });

  it("releases a delivery whose handling failed, so that Shopify's retry handles it", async () => {
    const { handleShopifyWebhook } = await import('../server/shopify/index.ts');
    const webhook = {
      topic: 'CUSTOMERS_DATA_REQUEST',
      shop: SHOP,
      webhookId: 'data-request-mail-down',
      payload: { customer: { id: 43, email: 'dee@buyer.example' } },
    };
    const base = {
      db: server.runtime.db,
      logger: server.runtime.logger,
      jobs: server.runtime.jobs,
      appSecret: 'unused',
    };
    const down = { send: async () => Promise.reject(new Error('SMTP is down')) };
    await expect(handleShopifyWebhook({ ...base, mailer: down as never, webhook })).rejects.toThrow(
      'SMTP is down',
    );
    const sent: unknown[] = [];
    const up = { send: async (m: unknown) => void sent.push(m) };
    expect(await handleShopifyWebhook({ ...base, mailer: up as never, webhook })).toEqual({
      duplicate: false,
    });
    expect(sent).toHaveLength(1);
    expect(await handleShopifyWebhook({ ...base, mailer: up as never, webhook })).toMatchObject({
      duplicate: true,
    });
    expect(sent).toHaveLength(1);
  });

  it('app/uninstalled removes the sessions and marks the store disconnected, twice without harm', async () => {
    for (let i = 0; i < 2; i++)
      expect((await post('app/uninstalled', SHOP, { id: 1, domain: SHOP })).status).toBe(200);
    const db = server.runtime.db;
    expect(await db.select().from(shopifySessions).where(eq(shopifySessions.shop, SHOP))).toHaveLength(0);
    const [account] = await db.select().from(storeAccounts).where(eq(storeAccounts.shopDomain, SHOP));
    expect(account).toMatchObject({ connectionStatus: 'uninstalled', credentialsEncrypted: null });
  });

  it("shop/redact erases the shop's data and a merchant who only came through it", async () => {
    const ownerId = (await ownerOf(SHOP))!;
    expect((await post('shop/redact', SHOP, { shop_id: 954889, shop_domain: SHOP })).status).toBe(200);
    const db = server.runtime.db;
    expect(await ownerOf(SHOP)).toBeUndefined();
    // The owner still has the outlet shop: the account stays until its last shop goes.
    expect(await db.select().from(users).where(eq(users.id, ownerId))).toHaveLength(1);
    const outlet = 'blue-ocean-outlet.myshopify.com';
    expect((await post('shop/redact', outlet, { shop_domain: outlet })).status).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, ownerId))).toHaveLength(0);
    expect(await db.select().from(catalogs).where(eq(catalogs.ownerId, ownerId))).toHaveLength(0);
    // The standalone merchant who linked a shop keeps their account when that shop is redacted.
    expect(
      (await post('shop/redact', 'red-hat.myshopify.com', { shop_domain: 'red-hat.myshopify.com' })).status,
    ).toBe(200);
    expect(await db.select().from(users).where(eq(users.email, 'hello@red-hat.example'))).toHaveLength(1);
  });
});
