import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANTS, withVariants } from '../../scripts/testing/order-fixtures.ts';
import { publishCatalog, type Published } from '../../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../../scripts/testing/server.ts';

/**
 * Issue 22 §13: an order's life after the buyer sent it. Orders get the merchant's short number (#1001, #1002…)
 * when they become real; the merchant marks them confirmed, shipped or cancelled and the buyer is told by a mail
 * that carries nothing anyone typed; the merchant's mail answers the buyer (Reply-To); the buyer's billing and
 * shipping addresses are checked and kept; a quantity over the stock is refused or flagged by the catalog's
 * `allow_backorders`.
 */
let server: TestServer;
let shop: Published;
let other: Published;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, {
    email: 'statuses@example.com',
    plan: 'BUSINESS',
    products: 6,
    edit: withVariants,
    settings: { products_link: 'digital_orders' },
  });
  other = await publishCatalog(server, {
    email: 'statuses-other@example.com',
    plan: 'BUSINESS',
    products: 3,
    settings: { products_link: 'digital_orders' },
  });
});
afterAll(async () => {
  await server?.close();
});

/** Quoted-printable (and a header's Q encoding) back to text. */
function unquote(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i]!));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A mail as its reader sees it: headers decoded and unfolded, the body out of quoted-printable. */
function readable(mail: string): string {
  const split = mail.search(/\r?\n\r?\n/);
  const head = mail
    .slice(0, split)
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) => unquote(q.replace(/_/g, ' ')));
  return `${head}\n\n${unquote(
    mail
      .slice(split)
      .trim()
      .replace(/=\r?\n/g, ''),
  )}`;
}
const mailsSince = (before: number) =>
  server
    .outbox()
    .slice(before)
    .map((f) => readable(server.readMail(f)));

const paris = { street: '12 rue des Lilas', city: 'Paris', postal_code: '75011', country: 'FR' };
const lyon = {
  street: '3 quai Saint-Vincent',
  street2: 'Entrepôt B',
  city: 'Lyon',
  postal_code: '69001',
  country: 'fr',
};

let ip = 10;
const send = (catalogId: string, body: unknown) =>
  fetch(`${server.url}/api/v1/catalogs/${catalogId}/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${ip++}` },
    body: JSON.stringify(body),
  });

/** Send an order and confirm it by the mailed link, as its buyer does: it is then real. */
async function confirmed(catalogId: string, body: Record<string, unknown>) {
  const before = server.outbox().length;
  const res = await send(catalogId, body);
  expect(res.status).toBe(200);
  const { order } = await res.json();
  const link = /(\/view\/order-confirmation\/[A-Za-z0-9_-]+)/.exec(mailsSince(before)[0]!)![1]!;
  const ok = await fetch(`${server.url}${link}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(ok.status).toBe(200);
  return order._id as string;
}

const listed = async (c: Published['client'] = shop.client) =>
  (await (await c.get('/api/v1/orders')).json()).data as {
    _id: string;
    number: number | null;
    status: string;
    customer: Record<string, unknown>;
    items: { backorder?: number; stock?: number | null; quantity: number }[];
  }[];

describe('order numbers', () => {
  it('are given per merchant from #1001 when an order becomes real, and shown in the mails and the CSV', async () => {
    const before = server.outbox().length;
    const first = await confirmed(shop.catalogId, {
      customer: { name: 'Ana Lopez', email: 'ana@example.com', billing: paris },
      items: [{ product_id: 'p1', quantity: 2 }],
    });
    // The merchant's mail: the number in the subject, the buyer's address to reply to, the billing address.
    const mails = mailsSince(before);
    const merchant = mails.find((m) => /^To: statuses@example\.com/m.test(m))!;
    expect(merchant).toMatch(/^Subject: New order #1001 from Ana Lopez/m);
    expect(merchant).toMatch(/^Reply-To: ana@example\.com/m);
    expect(merchant).toContain('Billing address:\n12 rue des Lilas\n75011 Paris\nFrance');
    expect(merchant).toContain('Shipping address: the billing address');
    const buyer = mails.filter((m) => /^To: ana@example\.com/m.test(m)).at(-1)!;
    expect(buyer).toMatch(/^Subject: Your order #1001 to /m);
    expect(buyer).toMatch(/^Reply-To: statuses@example\.com/m);

    // An order awaiting its buyer has no number yet; the next real one is #1002, whatever came between.
    const waiting = await (
      await send(shop.catalogId, {
        customer: { name: 'B', email: 'b@example.com' },
        items: [{ product_id: 'p2', quantity: 1 }],
      })
    ).json();
    const second = await confirmed(shop.catalogId, {
      customer: { name: 'Cleo', email: 'cleo@example.com', billing: paris, shipping: lyon },
      items: [{ product_id: 'p3', quantity: 1 }],
    });
    const accepted = await shop.client.post(`/api/v1/orders/${waiting.order._id}/accept`);
    expect((await accepted.json()).number).toBe(1003);
    const numbers = new Map((await listed()).map((o) => [o._id, o.number]));
    expect([numbers.get(first), numbers.get(second)]).toEqual([1001, 1002]);
    // Numbers are each merchant's own.
    const theirs = await confirmed(other.catalogId, {
      customer: { name: 'D', email: 'd@example.com' },
      items: [{ product_id: 'p0', quantity: 1 }],
    });
    expect((await listed(other.client)).find((o) => o._id === theirs)?.number).toBe(1001);

    const csv = await (await shop.client.get('/api/v1/orders?format=csv')).text();
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toMatch(/^\uFEFF?order_number,order_id,/);
    const cleo = rows.find((r) => r.includes('cleo@example.com'))!;
    expect(cleo.startsWith('#1002,')).toBe(true);
    expect(cleo).toContain('"12 rue des Lilas, 75011 Paris, France"');
    expect(cleo).toContain('"3 quai Saint-Vincent, Entrepôt B, 69001 Lyon, France"');
  });
});

describe('order statuses', () => {
  it('are set by the merchant, and each change is mailed to the buyer without anything the sender typed', async () => {
    const typed = 'Call me at the back door, code 4411';
    const id = await confirmed(shop.catalogId, {
      customer: { name: 'Typed Name Zed', email: 'zed@example.com', company: 'Zed & Co', billing: paris },
      comments: typed,
      items: [{ product_id: 'p4', quantity: 3 }],
    });
    const number = (await listed()).find((o) => o._id === id)!.number;
    for (const status of ['confirmed', 'shipped', 'cancelled', 'new'] as const) {
      const before = server.outbox().length;
      const res = await shop.client.put(`/api/v1/orders/${id}/status`, { status });
      expect(res.status, status).toBe(200);
      expect((await res.json()).status).toBe(status);
      const mails = mailsSince(before);
      expect(mails, status).toHaveLength(1);
      expect(mails[0]).toMatch(/^To: zed@example\.com/m);
      expect(mails[0]).toMatch(/^Reply-To: statuses@example\.com/m);
      expect(mails[0]).toContain(`#${number}`);
      expect(mails[0]).toMatch(/3 × Oak Side Table 5/);
      for (const text of [typed, 'Typed Name Zed', 'Zed & Co', '12 rue des Lilas'])
        expect(mails[0]).not.toContain(text);
    }
    const shipped = await shop.client.put(`/api/v1/orders/${id}/status`, { status: 'shipped' });
    expect(shipped.status).toBe(200);
    const mail = mailsSince(server.outbox().length - 1)[0]!;
    expect(mail).toMatch(new RegExp(`^Subject: Your order #${number} to .*: shipped`, 'm'));
    expect(mail).toContain('It is on its way to you.');

    // The same status again changes and mails nothing.
    const before = server.outbox().length;
    expect((await shop.client.put(`/api/v1/orders/${id}/status`, { status: 'shipped' })).status).toBe(200);
    expect(server.outbox()).toHaveLength(before);
    expect((await listed()).find((o) => o._id === id)?.status).toBe('shipped');
  });

  it("refuses an unknown status, an order awaiting its buyer, and another merchant's order", async () => {
    const id = await confirmed(shop.catalogId, {
      customer: { name: 'E', email: 'e@example.com' },
      items: [{ product_id: 'p1', quantity: 1 }],
    });
    const bad = await shop.client.put(`/api/v1/orders/${id}/status`, { status: 'lost' });
    expect(bad.status).toBe(400);
    expect((await shop.client.put(`/api/v1/orders/${id}/status`, { status: 'unconfirmed' })).status).toBe(
      400,
    );
    expect((await other.client.put(`/api/v1/orders/${id}/status`, { status: 'shipped' })).status).toBe(404);
    expect((await shop.client.put('/api/v1/orders/not-an-id/status', { status: 'shipped' })).status).toBe(
      404,
    );
    const waiting = await (
      await send(shop.catalogId, {
        customer: { name: 'F', email: 'f@example.com' },
        items: [{ product_id: 'p1', quantity: 1 }],
      })
    ).json();
    const before = server.outbox().length;
    const refused = await shop.client.put(`/api/v1/orders/${waiting.order._id}/status`, {
      status: 'shipped',
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('Accept this order before changing its status.');
    expect(server.outbox()).toHaveLength(before);
  });

  it('speaks French to a French catalog’s buyer', async () => {
    const fr = await publishCatalog(server, {
      email: 'boutique@example.fr',
      plan: 'BUSINESS',
      products: 2,
      settings: { products_link: 'digital_orders', language: 'fr' },
    });
    const id = await confirmed(fr.catalogId, {
      customer: { name: 'G', email: 'g@example.fr', billing: { ...paris, country: 'DE' } },
      items: [{ product_id: 'p0', quantity: 1 }],
    });
    const merchant = mailsSince(server.outbox().length - 2).find((m) => /^To: boutique@/m.test(m))!;
    expect(merchant).toContain('Adresse de facturation');
    expect(merchant).toContain('Allemagne');
    const before = server.outbox().length;
    await fr.client.put(`/api/v1/orders/${id}/status`, { status: 'shipped' });
    const [mail] = mailsSince(before);
    expect(mail).toMatch(/^Subject: Votre commande #1001 à .* : expédiée/m);
    expect(mail).toContain('Elle est en route vers vous.');
  });
});

describe("the buyer's addresses", () => {
  it('are checked field by field and kept, the shipping one only when it differs', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...paris, street: ' ' }, 'customer.billing.street'],
      [{ ...paris, city: '' }, 'customer.billing.city'],
      [{ ...paris, postal_code: '' }, 'customer.billing.postal_code'],
      [{ ...paris, postal_code: '75<011' }, 'customer.billing.postal_code'],
      [{ ...paris, country: 'XX' }, 'customer.billing.country'],
      [{ ...paris, street: 'x'.repeat(201) }, 'customer.billing.street'],
    ];
    for (const [billing, field] of cases) {
      const res = await send(shop.catalogId, {
        customer: { name: 'H', email: 'h@example.com', billing },
        items: [{ product_id: 'p1', quantity: 1 }],
      });
      expect(res.status, field).toBe(400);
      const { details } = await res.json();
      expect(
        details.map((d: { path: string[] }) => d.path.join('.')),
        field,
      ).toContain(field);
    }
    const shipping = await send(shop.catalogId, {
      customer: { name: 'H', email: 'h@example.com', billing: paris, shipping: { ...lyon, city: '' } },
      items: [{ product_id: 'p1', quantity: 1 }],
    });
    expect(shipping.status).toBe(400);
    // Hong Kong addresses have no postal code.
    const hk = await send(shop.catalogId, {
      customer: {
        name: 'H',
        email: 'h@example.com',
        billing: { street: '1 Queen’s Road', city: 'Central', postal_code: '', country: 'HK' },
      },
      items: [{ product_id: 'p1', quantity: 1 }],
    });
    expect(hk.status).toBe(200);
    const { order } = await hk.json();
    const kept = (await listed()).find((o) => o._id === order._id)!;
    expect(kept.customer).toMatchObject({
      billing: { street: '1 Queen’s Road', city: 'Central', postal_code: '', country: 'HK' },
      shipping: null,
    });
  });
});

describe('a quantity over the stock (allow_backorders)', () => {
  const small = { product_id: 'p0', variation_id: VARIANTS[0].id }; // 12 in stock
  const large = { product_id: 'p0', variation_id: VARIANTS[1].id }; // none in stock

  it('is taken and flagged on the line by default', async () => {
    const settings = await (await shop.client.get(`/api/v1/catalogs/${shop.catalogId}/settings`)).json();
    expect(settings.settings.allow_backorders).toBe(true);
    const res = await send(shop.catalogId, {
      customer: { name: 'I', email: 'i@example.com' },
      items: [
        { ...small, quantity: 10 },
        { ...small, quantity: 5 },
        { ...large, quantity: 2 },
        { product_id: 'p1', quantity: 500 },
      ],
    });
    expect(res.status).toBe(200);
    const { order } = await res.json();
    const lines = (await listed()).find((o) => o._id === order._id)!.items;
    // 15 Small asked of 12: the second line has 3 beyond the stock; untracked stock is never over.
    expect(lines.map((l) => [l.quantity, l.stock, l.backorder])).toEqual([
      [10, 12, 0],
      [5, 12, 3],
      [2, 0, 2],
      [500, null, 0],
    ]);
    const accepted = await shop.client.post(`/api/v1/orders/${order._id}/accept`);
    expect(accepted.status).toBe(200);
    const csv = await (await shop.client.get('/api/v1/orders?format=csv')).text();
    const header = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    const row = csv.split('\r\n').find((r) => r.includes('i@example.com') && r.includes('SHIRT-L'))!;
    expect(row.split(',')[header.indexOf('backorder')]).toBe('2');
  });

  it('is refused, naming the line and what is left, when the catalog takes no backorders', async () => {
    const off = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, {
      allow_backorders: false,
    });
    expect(off.status).toBe(200);
    try {
      const res = await send(shop.catalogId, {
        customer: { name: 'J', email: 'j@example.com' },
        items: [
          { ...small, quantity: 10 },
          { ...small, quantity: 5 },
        ],
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.message).toBe('Only 2 of “Linen Shirt 1 (Small)” are in stock.');
      expect(body.details).toEqual([
        expect.objectContaining({ path: ['items', '1', 'quantity'], problem: 'over_stock', available: 2 }),
      ]);
      const none = await send(shop.catalogId, {
        customer: { name: 'J', email: 'j@example.com' },
        items: [{ ...large, quantity: 1 }],
      });
      expect((await none.json()).message).toBe('“Linen Shirt 1 (Large)” is out of stock.');
      // Within the stock it goes through.
      const fits = await send(shop.catalogId, {
        customer: { name: 'J', email: 'j@example.com' },
        items: [{ ...small, quantity: 12 }],
      });
      expect(fits.status).toBe(200);
    } finally {
      await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, { allow_backorders: true });
    }
  });
});
