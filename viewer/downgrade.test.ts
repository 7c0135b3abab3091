import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../scripts/testing/fake-stripe.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { CookieJar, startTestServer, type TestServer } from '../scripts/testing/server.ts';

/**
 * Issue 21 §3, SPEC §6 (a visitor needs the password when protection is on): a merchant on Business protects a
 * catalog, then moves to Essential (no passwords) through Stripe, as a merchant would. The catalog fails closed:
 * visitors still get the password form and nothing else, until the owner removes the protection; the owner is
 * told why, in the viewer and on the catalogs list.
 */
let server: TestServer;
const stripe = new FakeStripe();
let shop: Published;
const PASSWORD = 'spring secret';
const TITLE = 'Protected Spring Line';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 };

beforeAll(async () => {
  await stripe.start();
  server = await startTestServer({ ...stripe.env(), WORKER: 'off' });
  stripe.webhookUrl = `${server.url}/webhooks/stripe`;
  shop = await publishCatalog(server, {
    email: 'downgrade@example.com',
    products: 6,
    over: { title: TITLE },
  });
});
afterAll(async () => {
  await server?.close();
  await stripe.stop();
});

/** Everything a visitor could learn the catalog by. */
const leaks = (body: string) =>
  [TITLE, 'Linen Shirt', 'SKU-100', 'data-page-index'].filter((s) => body.includes(s));

async function visitor() {
  const id = shop.catalogId;
  const get = (p: string) => fetch(`${server.url}${p}`, { redirect: 'manual' });
  return {
    page: await get(`/view/${id}`),
    fragments: await get(`/view/${id}/fragments?from=1&to=2`),
    product: await get(`/view/${id}/products/p1`),
    sitemap: await get('/view/sitemap.xml'),
  };
}

describe('a password-protected catalog after a downgrade', () => {
  it('keeps asking visitors for the password, tells the owner why, and opens only when the owner says so', async () => {
    // Business through Stripe Checkout, then the protection.
    const bought = await shop.client.post('/api/v1/stripe/subscriptions', {
      planId: 'BUSINESS',
      period: 'monthly',
    });
    expect(bought.status).toBe(200);
    const { session_id } = await bought.json();
    await stripe.completeSession(session_id, CARD);
    const protect = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, {
      password_protection: true,
      password: PASSWORD,
    });
    expect(protect.status).toBe(200);
    expect((await protect.json()).protection_lapsed).toBe(false);
    const before = await visitor();
    expect(await before.page.text()).toContain('This catalog is protected');

    // The merchant moves to Essential, which has no passwords.
    const { data: subs } = await (await shop.client.get('/api/v1/subscriptions')).json();
    const paid = subs.find((s: { type: string }) => s.type === 'stripe');
    const moved = await shop.client.put(`/api/v1/subscriptions/${paid.id}`, {
      planId: 'ESSENTIAL',
      period: 'monthly',
    });
    expect(moved.status).toBe(200);
    expect((await (await shop.client.get('/loggedin')).json()).subscription).toMatchObject({
      plan: 'ESSENTIAL',
    });

    // Visitors: the password form, and nothing of the catalog anywhere.
    const after = await visitor();
    expect(after.page.status).toBe(200);
    const form = await after.page.text();
    expect(form).toContain('This catalog is protected');
    expect(form).toContain('name="password"');
    expect(after.page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect({
      page: leaks(form),
      fragments: [after.fragments.status, leaks(await after.fragments.text())],
      product: [after.product.status, leaks(await after.product.text())],
      sitemap: (await after.sitemap.text()).includes(shop.catalogId),
    }).toEqual({ page: [], fragments: [404, []], product: [404, []], sitemap: false });
    // Whoever has the password still gets in.
    const jar = new CookieJar();
    const unlock = await fetch(`${server.url}/view/${shop.catalogId}/unlock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `password=${encodeURIComponent(PASSWORD)}`,
      redirect: 'manual',
    });
    expect(unlock.status).toBe(303);
    jar.store(unlock);
    const unlocked = await fetch(`${server.url}/view/${shop.catalogId}`, {
      headers: { Cookie: jar.header() },
    });
    expect(await unlocked.text()).toContain(TITLE);

    // The owner is told why: in the settings, in their own viewer, and on the catalogs list.
    const settings = await (await shop.client.get(`/api/v1/catalogs/${shop.catalogId}/settings`)).json();
    expect(settings).toMatchObject({ protection_lapsed: true, has_password: true });
    expect(settings.settings.password_protection).toBe(true);
    const own = await (await shop.client.get(`/view/${shop.catalogId}`)).text();
    expect(own).toContain('Password protection is no longer in your plan');
    expect(own).toContain('"protectionLapsed":true');
    const list = await (await shop.client.get('/catalogs')).text();
    expect(list).toContain(
      'Your plan no longer includes password protection: visitors still need the password.',
    );

    // The password cannot be changed on this plan; the protection can be removed, and then the catalog is public.
    const change = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, {
      password: 'another secret',
    });
    expect(change.status).toBe(403);
    const lift = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, {
      password_protection: false,
    });
    expect(lift.status).toBe(200);
    expect((await lift.json()).protection_lapsed).toBe(false);
    const open = await visitor();
    expect(await open.page.text()).toContain(TITLE);
    expect(open.fragments.status).toBe(200);
    // Turning it back on is the plan's to allow.
    const again = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, {
      password_protection: true,
    });
    expect(again.status).toBe(403);
  });

  it('cannot be protected through a whole-catalog save either (the editor keeps the stored protection)', async () => {
    const { data: catalog, revision } = await (
      await shop.client.get(`/api/v1/catalogs/${shop.catalogId}`)
    ).json();
    const saved = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}`, {
      catalog: {
        ...catalog,
        settings: { ...catalog.settings, password_protection: true, password: 'sneaky-one' },
      },
      revision,
    });
    expect(saved.status).toBe(200);
    const page = await fetch(`${server.url}/view/${shop.catalogId}`);
    expect(await page.text()).toContain(TITLE);
  });
});
