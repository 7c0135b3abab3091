import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import type { FakeShopifyAdmin } from '../scripts/testing/fake-shopify-admin.ts';
import { connectShopifyStore, VARIANTS, withVariants } from '../scripts/testing/order-fixtures.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';

/**
 * SPEC §4 'Orders', §6, §7 POST catalogs/{id}/orders, §8: a wholesale order from a catalog's cart, by direct
 * HTTP as a buyer's browser sends it, with the worker running so a Shopify merchant's order reaches the local
 * Shopify server as a draft order.
 */
let server: TestServer;
let shopify: FakeShopify;
let shop: Published;
let admin: FakeShopifyAdmin;
let plain: Published;
let closed: Published;

const SENT =
  'Your order was successfully sent. You should receive a confirmation by email within a few minutes.';
const buyer = { name: 'Jeanne Martin', email: 'Jeanne@Boutique.example', company: 'Boutique Martin' };

beforeAll(async () => {
  shopify = new FakeShopify('key', 'secret');
  await shopify.start();
  server = await startTestServer();
  shop = await publishCatalog(server, {
    email: 'wholesale@example.com',
    plan: 'BUSINESS',
    products: 12,
    edit: withVariants,
    settings: { products_link: 'digital_orders' },
  });
  admin = await connectShopifyStore(server, shopify, {
    ownerId: shop.ownerId,
    domain: 'maison-nord.myshopify.com',
  });
  plain = await publishCatalog(server, {
    email: 'plain@example.com',
    plan: 'BUSINESS',
    products: 3,
    settings: { products_link: 'digital_orders' },
  });
  closed = await publishCatalog(server, { email: 'closed@example.com', plan: 'BUSINESS', products: 3 });
});
afterAll(async () => {
  await server?.close();
  await shopify?.stop();
});

/** A mail body as its reader sees it (the outbox keeps quoted-printable). */
const quotedPrintable = (mail: string) =>
  decodeURIComponent(
    mail
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );

const order = (catalogId: string, body: unknown) =>
  fetch(`${server.url}/api/v1/catalogs/${catalogId}/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function draftOf(client: Published['client'], orderId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { data } = await (await client.get('/api/v1/orders')).json();
    const found = data.find((o: { _id: string }) => o._id === orderId);
    if (found?.draft_order?.state !== 'pending' || Date.now() > deadline) return found.draft_order;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a wholesale order', () => {
  it('is priced from the catalog, mailed to both sides and listed for the owner', async () => {
    const before = server.outbox().length;
    const res = await order(plain.catalogId, {
      customer: { name: 'Ana', email: 'ana@example.com' },
      comments: 'Deliver on Monday',
      // A price sent by the client is not the catalog's and is ignored.
      items: [
        { product_id: 'p0', quantity: 3, price: 0.01 },
        { product_id: 'p2', quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(SENT);
    expect(body.order.items.map((l: { price: number }) => l.price)).toEqual([19.5, 21.5]);
    expect(body.order.total).toBe(3 * 19.5 + 21.5);

    const mails = server
      .outbox()
      .slice(before)
      .map((f) => quotedPrintable(server.readMail(f)));
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => /^To: plain@example\.com/m.test(m))).toMatch(/3 × Linen Shirt 1/);
    expect(mails.find((m) => /^To: ana@example\.com/m.test(m))).toMatch(/Deliver on Monday/);

    const list = await (await plain.client.get('/api/v1/orders')).json();
    expect(list.data.map((o: { _id: string }) => o._id)).toEqual([body.order._id]);
    expect(list.data[0].draft_order).toBeNull();
    const count = await (await plain.client.get('/api/v1/orders/count/last-cycle')).json();
    expect(count).toMatchObject({ count: 1, max_orders: 500 });
    const csv = await plain.client.get('/api/v1/orders?format=csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('Linen Shirt 1');
    // Another merchant sees none of it.
    expect((await (await shop.client.get('/api/v1/orders')).json()).data).toHaveLength(0);
  });

  it('refuses what is not in the catalog with a 400 naming the line, and stores nothing', async () => {
    const cases: [unknown[], string][] = [
      [[{ product_id: 'nope', quantity: 1 }], 'items.0.product_id'],
      [
        [
          { product_id: 'p0', quantity: 1 },
          { product_id: 'p0', variation_id: 'v?', quantity: 1 },
        ],
        'items.1.variation_id',
      ],
      [[{ product_id: 'p0', quantity: 0 }], 'items.0.quantity'],
      [[], 'items'],
    ];
    for (const [items, field] of cases) {
      const res = await order(shop.catalogId, { customer: buyer, items });
      expect(res.status, field).toBe(400);
      const { details } = await res.json();
      expect(details.map((d: { path: string[] }) => d.path.join('.'))).toContain(field);
    }
    const bad = await order(shop.catalogId, { customer: { name: 'X', email: 'not-mail' }, items: [] });
    const { details } = await bad.json();
    expect(details.map((d: { path: string[] }) => d.path.join('.'))).toContain('customer.email');
    expect((await (await shop.client.get('/api/v1/orders')).json()).total).toBe(0);
  });

  it("is downloaded as CSV only on a plan with csv_export (SPEC §3), others get SPEC §6's 403", async () => {
    const trial = await publishCatalog(server, { email: 'csv-trial@example.com', products: 3 });
    const essential = await publishCatalog(server, {
      email: 'csv-essential@example.com',
      plan: 'ESSENTIAL',
      products: 3,
    });
    for (const merchant of [trial, essential]) {
      const refused = await merchant.client.get('/api/v1/orders?format=csv');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: 'forbidden',
        message: 'Please upgrade to use this feature',
      });
      // The list itself is not a plan feature.
      expect((await merchant.client.get('/api/v1/orders')).status).toBe(200);
    }
    const allowed = await plain.client.get('/api/v1/orders?format=csv');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-disposition')).toBe('attachment; filename="orders.csv"');
    // The orders page shows the control through GatedControl: a link while the plan allows it, disabled with
    // the unlocking plan's label once the merchant (who has orders) is on a plan without csv_export.
    const page = async () => (await plain.client.get('/orders')).text();
    expect(await page()).toContain('href="/api/v1/orders?format=csv"');
    const db = server.runtime.db;
    await setUpgradeByEmail({ db, email: 'plain@example.com', upgrade: true, planId: 'ESSENTIAL' });
    try {
      const html = await page();
      expect(html).not.toContain('format=csv');
      expect(html).toContain('data-gate="upgrade"');
      expect(html).toContain('Please upgrade to use this feature');
      expect((await plain.client.get('/api/v1/orders?format=csv')).status).toBe(403);
    } finally {
      await setUpgradeByEmail({ db, email: 'plain@example.com', upgrade: true, planId: 'BUSINESS' });
    }
    expect(await page()).toContain('href="/api/v1/orders?format=csv"');
  });

  it('is refused by a catalog that does not take orders', async () => {
    const res = await order(closed.catalogId, {
      customer: buyer,
      items: [{ product_id: 'p0', quantity: 1 }],
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('This catalog does not take orders.');
  });
});

describe("a Shopify merchant's order", () => {
  it('becomes a draft order in their store with the variants, quantities, email and note', async () => {
    const res = await order(shop.catalogId, {
      customer: buyer,
      comments: 'Two sizes please',
      items: [
        { product_id: 'p0', variation_id: VARIANTS[0].id, quantity: 2 },
        { product_id: 'p0', variation_id: VARIANTS[1].id, quantity: 5 },
      ],
    });
    expect(res.status).toBe(200);
    const { order: placed } = await res.json();
    expect(placed.items.map((l: { sku: string }) => l.sku)).toEqual(['SHIRT-S', 'SHIRT-L']);
    expect(placed.total).toBe(2 * 24.5 + 5 * 26.5);

    const draft = await draftOf(shop.client, placed._id);
    expect(draft).toMatchObject({ state: 'created', name: '#D1' });
    expect(draft.url).toMatch(/^https:\/\/maison-nord\.myshopify\.com\/admin\/draft_orders\/\d+$/);
    expect(admin.draftOrders).toHaveLength(1);
    const made = admin.draftOrders[0]!;
    expect(made.email).toBe('jeanne@boutique.example');
    expect(made.note).toContain('Two sizes please');
    expect(made.note).toContain(placed._id);
    expect(made.lineItems.map((l) => [l.variantId, l.quantity, l.custom])).toEqual([
      [VARIANTS[0].id, 2, false],
      [VARIANTS[1].id, 5, false],
    ]);
    const csv = await (await shop.client.get('/api/v1/orders?format=csv')).text();
    expect(csv).toContain('#D1');
  });

  it('is kept when Shopify refuses the draft order, and tells the merchant why', async () => {
    admin.deniedScopes.add('write_draft_orders');
    try {
      const res = await order(shop.catalogId, {
        customer: buyer,
        items: [{ product_id: 'p0', variation_id: VARIANTS[0].id, quantity: 1 }],
      });
      expect(res.status).toBe(200);
      const { order: placed } = await res.json();
      const draft = await draftOf(shop.client, placed._id);
      expect(draft.state).toBe('failed');
      expect(draft.error).toMatch(
        /^The draft order could not be created in your Shopify store: .*write_draft_orders/,
      );
      expect(admin.draftOrders).toHaveLength(1);
    } finally {
      admin.deniedScopes.delete('write_draft_orders');
    }
  });
});
