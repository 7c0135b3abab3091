import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import type { FakeShopifyAdmin } from '../scripts/testing/fake-shopify-admin.ts';
import { connectShopifyStore, VARIANTS, withVariants } from '../scripts/testing/order-fixtures.ts';
import { publishCatalog, publishForVisitors, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';

/**
 * SPEC §4 'Orders', §6, §7 POST catalogs/{id}/orders, §8: a wholesale order from a catalog's cart, by direct
 * HTTP as a buyer's browser sends it, with the worker running so a Shopify merchant's order reaches the local
 * Shopify server as a draft order. Issue 21 §2: an order is real (counted, mailed with what the buyer typed, sent
 * to Shopify) only once the buyer confirms it by the mailed link or the merchant accepts it.
 */
let server: TestServer;
let shopify: FakeShopify;
let shop: Published;
let admin: FakeShopifyAdmin;
let plain: Published;
let closed: Published;

const SENT =
  'Your order was successfully sent. You should receive a confirmation by email within a few minutes.';
const CONFIRM =
  'Please confirm your order with the link we sent to your email address: the seller receives it once it is confirmed.';
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

/** POST an order as a buyer's browser does, from `ip` (behind the trusted local proxy: X-Forwarded-For). */
const order = (catalogId: string, body: unknown, ip = '203.0.113.7') =>
  fetch(`${server.url}/api/v1/catalogs/${catalogId}/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });

/** The mails written since `before`, as their readers see them. */
const mailsSince = (before: number) =>
  server
    .outbox()
    .slice(before)
    .map((f) => quotedPrintable(server.readMail(f)));

/** The confirmation link in a buyer's mail, as a path on this server. */
function confirmPath(mail: string): string {
  const url = /https?:\/\/\S+?(\/view\/order-confirmation\/[A-Za-z0-9_-]+)/.exec(mail);
  if (!url) throw new Error(`no confirmation link in:\n${mail}`);
  return url[1]!;
}

/** The buyer presses the button of the confirmation page. */
const confirm = (path: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
  });

/** Place an order and confirm it as its buyer does: the order is then real. */
async function placeConfirmed(
  catalogId: string,
  body: { customer: { name: string; email: string }; comments?: string; items: unknown[] },
) {
  const before = server.outbox().length;
  const res = await order(catalogId, body);
  expect(res.status).toBe(200);
  const placed = await res.json();
  const [mail] = mailsSince(before);
  expect((await confirm(confirmPath(mail!))).status).toBe(200);
  return placed.order as { _id: string; items: { sku: string; price: number }[]; total: number };
}

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
  it('is priced from the catalog, waits for the buyer to confirm it by mail, then reaches the merchant', async () => {
    const before = server.outbox().length;
    const res = await order(plain.catalogId, {
      customer: { name: 'Ana', email: 'ana@example.com', company: 'Atelier Ana' },
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
    expect(body.confirmation).toBe(CONFIRM);
    expect(body.order.status).toBe('unconfirmed');
    expect(body.order.items.map((l: { price: number }) => l.price)).toEqual([19.5, 21.5]);
    expect(body.order.total).toBe(3 * 19.5 + 21.5);

    // One mail, to the address typed, with the catalog's products and a link, and nothing the sender typed.
    const asked = mailsSince(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^To: ana@example\.com/m);
    expect(asked[0]).toMatch(/3 × Linen Shirt 1/);
    for (const typed of ['Ana', 'Deliver on Monday', 'Atelier Ana']) expect(asked[0]).not.toContain(typed);
    // Not counted, and listed for the owner as waiting.
    const waiting = await (await plain.client.get('/api/v1/orders')).json();
    expect(waiting.data.map((o: { _id: string; status: string }) => [o._id, o.status])).toEqual([
      [body.order._id, 'unconfirmed'],
    ]);
    expect(await (await plain.client.get('/api/v1/orders/count/last-cycle')).json()).toMatchObject({
      count: 0,
    });

    // Opening the link (as a mail program's scanner does) confirms nothing; the page's button does.
    const path = confirmPath(asked[0]!);
    const page = await fetch(`${server.url}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Confirm my order');
    expect(html).not.toContain('Deliver on Monday');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(server.outbox()).toHaveLength(before + 1);
    const confirmed = await confirm(path);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('your order is confirmed');

    // Now the merchant's mail and the buyer's confirmation go, with everything the buyer typed.
    const mails = mailsSince(before + 1);
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => /^To: plain@example\.com/m.test(m))).toMatch(/Deliver on Monday/);
    expect(mails.find((m) => /^To: ana@example\.com/m.test(m))).toMatch(/Deliver on Monday/);
    // The link works once: the second press says so and mails nothing.
    const again = await confirm(path);
    expect(await again.text()).toContain('already confirmed');
    expect(server.outbox()).toHaveLength(before + 3);
    expect((await fetch(`${server.url}/view/order-confirmation/not-a-real-token-at-all`)).status).toBe(404);

    const list = await (await plain.client.get('/api/v1/orders')).json();
    expect(list.data.map((o: { _id: string; status: string }) => [o._id, o.status])).toEqual([
      [body.order._id, 'new'],
    ]);
    expect(list.data[0]).toMatchObject({ email_confirmed: true, draft_order: null });
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

  it('can be accepted by the merchant instead, once, and by that merchant only', async () => {
    const before = server.outbox().length;
    const res = await order(plain.catalogId, {
      customer: { name: 'Bruno', email: 'bruno@example.com' },
      items: [{ product_id: 'p1', quantity: 2 }],
    });
    const { order: placed } = await res.json();
    expect((await shop.client.post(`/api/v1/orders/${placed._id}/accept`)).status).toBe(404);
    expect((await plain.client.post('/api/v1/orders/not-an-id/accept')).status).toBe(404);
    const accepted = await plain.client.post(`/api/v1/orders/${placed._id}/accept`);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ _id: placed._id, status: 'new', email_confirmed: false });
    expect((await plain.client.post(`/api/v1/orders/${placed._id}/accept`)).status).toBe(409);
    expect(await (await plain.client.get('/api/v1/orders/count/last-cycle')).json()).toMatchObject({
      count: 2,
    });
    // Only the request for confirmation was mailed; the buyer's link now says the order is confirmed.
    const mails = mailsSince(before);
    expect(mails).toHaveLength(1);
    expect(await (await confirm(confirmPath(mails[0]!))).text()).toContain('already confirmed');
    expect(server.outbox()).toHaveLength(before + 1);
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

describe('an order flood (issue 21 §2)', () => {
  it('from 26 addresses behind the trusted proxy is stopped per catalog, uses no order of the plan and relays no text', async () => {
    const flooded = await publishCatalog(server, {
      email: 'flooded@example.com',
      plan: 'BUSINESS',
      products: 3,
      settings: { products_link: 'digital_orders' },
    });
    const { catalog: second } = await createCatalog({
      db: server.runtime.db,
      ownerId: flooded.ownerId,
      input: {
        catalog: sampleCatalog({ products: 2, imageUrl: () => null, over: { title: 'Second Line' } }),
      },
    });
    await flooded.client.put(`/api/v1/catalogs/${second._id}/settings`, { products_link: 'digital_orders' });
    await publishForVisitors(flooded.client, second._id);

    const before = server.outbox().length;
    const RELAY = 'Buy cheap watches at evil.example';
    // As the attack did: 20 orders from each of 26 addresses, all at once, each to another victim's address.
    const statuses = (
      await Promise.all(
        Array.from({ length: 26 }, async (_, a) => {
          const out: { status: number; retry: string | null }[] = [];
          for (let i = 0; i < 20; i++) {
            const res = await order(
              flooded.catalogId,
              {
                customer: { name: RELAY, email: `victim-${a}-${i}@example.org`, address: RELAY },
                comments: `${RELAY} `.repeat(100),
                items: [{ product_id: 'p0', quantity: 1 }],
              },
              `198.51.100.${a + 1}`,
            );
            out.push({ status: res.status, retry: res.headers.get('retry-after') });
            await res.body?.cancel();
          }
          return out;
        }),
      )
    ).flat();
    const tally = (s: number) => statuses.filter((x) => x.status === s).length;
    expect({
      sent: statuses.length,
      accepted: tally(200),
      limited: tally(429),
      other: statuses.length - tally(200) - tally(429),
    }).toEqual({
      sent: 520,
      accepted: 30,
      limited: 490,
      other: 0,
    });
    expect(
      statuses.filter((x) => x.status === 429).every((x) => Number(x.retry) > 0 && Number(x.retry) <= 900),
    ).toBe(true);

    // Nothing of it counts against the plan, and the merchant got no mail.
    expect(await (await flooded.client.get('/api/v1/orders/count/last-cycle')).json()).toMatchObject({
      count: 0,
      max_orders: 500,
    });
    const mails = mailsSince(before);
    expect(mails).toHaveLength(30);
    expect(mails.filter((m) => m.includes('Buy cheap watches') || /^To: flooded@/m.test(m))).toEqual([]);

    // A real buyer of the merchant's other catalog orders and confirms as usual.
    const real = await placeConfirmed(second._id, {
      customer: { name: 'Real Buyer', email: 'real-buyer@example.com' },
      items: [{ product_id: 'p1', quantity: 4 }],
    });
    expect(real._id).toBeTruthy();
    expect(await (await flooded.client.get('/api/v1/orders/count/last-cycle')).json()).toMatchObject({
      count: 1,
    });
  });

  it('mails one address at most 5 confirmation requests an hour, from any number of addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await order(
        plain.catalogId,
        { customer: { name: 'X', email: 'Bombed@Example.org' }, items: [{ product_id: 'p0', quantity: 1 }] },
        `192.0.2.${i + 1}`,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe("a Shopify merchant's order", () => {
  it('becomes a draft order in their store with the variants, quantities, email and note, once confirmed', async () => {
    const before = server.outbox().length;
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
    // Nothing reaches the store before the buyer confirms.
    const listed = await (await shop.client.get('/api/v1/orders')).json();
    expect(listed.data.find((o: { _id: string }) => o._id === placed._id).draft_order).toBeNull();
    expect(admin.draftOrders).toHaveLength(0);
    expect((await confirm(confirmPath(mailsSince(before)[0]!))).status).toBe(200);
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
      const placed = await placeConfirmed(shop.catalogId, {
        customer: buyer,
        items: [{ product_id: 'p0', variation_id: VARIANTS[0].id, quantity: 1 }],
      });
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
