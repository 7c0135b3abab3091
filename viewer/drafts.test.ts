import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { publishCatalog, publishForVisitors, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';

/**
 * Issue 21 §5: a catalog is a draft until its owner publishes it (PUT settings `{ published }`). A draft answers
 * 404 to everyone but its owner and staff, is in no sitemap, and its embed shows nothing; a trial's published
 * catalog is `noindex` until the account pays.
 */
let server: TestServer;
let shop: Published;
const STAFF = { email: 'staff@example.com', password: 'staff-password-1' };

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off', ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password });
  shop = await publishCatalog(server, {
    email: 'drafts@example.com',
    plan: 'BUSINESS',
    products: 6,
    over: { title: 'Unreleased Line' },
    settings: { products_link: 'digital_orders' },
    draft: true,
  });
});
afterAll(async () => server?.close());

/** Every address of the catalog a visitor could ask, by direct HTTP. */
async function visitorAnswers(id: string) {
  const get = (p: string) => fetch(`${server.url}${p}`, { redirect: 'manual' });
  const post = (p: string, body: unknown, form = false) =>
    fetch(`${server.url}${p}`, {
      method: 'POST',
      headers: { 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: form ? String(body) : JSON.stringify(body),
      redirect: 'manual',
    });
  return {
    page: await get(`/view/${id}`),
    pageRange: await get(`/view/${id}/page/2`),
    fragments: await get(`/view/${id}/fragments?from=1&to=2`),
    product: await get(`/view/${id}/products/p1`),
    pdf: await get(`/view/${id}/pdf`),
    pdfStart: await post(`/view/${id}/pdf`, {}),
    events: await post(`/view/${id}/events`, { events: [{ type: 'viewer_page_viewed', data: { page: 1 } }] }),
    unlock: await post(`/view/${id}/unlock`, 'password=anything-at-all', true),
    order: await post(`/api/v1/catalogs/${id}/orders`, {
      customer: { name: 'A', email: 'a@example.com' },
      items: [{ product_id: 'p1', quantity: 1 }],
    }),
  };
}

describe('a draft', () => {
  it('is new: a catalog made through the API, or a copy of a published one, is a draft', async () => {
    const made = await shop.client.post('/api/v1/catalogs', { title: 'Fresh' });
    const fresh = (await made.json()).data._id as string;
    const settings = await (await shop.client.get(`/api/v1/catalogs/${fresh}/settings`)).json();
    expect(settings.published).toBe(false);
    expect((await fetch(`${server.url}/view/${fresh}`)).status).toBe(404);
    await publishForVisitors(shop.client, fresh);
    expect((await fetch(`${server.url}/view/${fresh}`)).status).toBe(200);
    const copied = await shop.client.post(`/api/v1/catalogs/${fresh}/copy`, { title: 'Fresh (copy)' });
    const copy = (await copied.json()).data._id as string;
    expect((await (await shop.client.get(`/api/v1/catalogs/${copy}/settings`)).json()).published).toBe(false);
    expect((await fetch(`${server.url}/view/${copy}`)).status).toBe(404);
  });

  it('answers 404 to visitors at every address, is in no sitemap, and its embed shows nothing', async () => {
    const a = await visitorAnswers(shop.catalogId);
    const statuses = Object.fromEntries(Object.entries(a).map(([k, r]) => [k, r.status]));
    expect(statuses).toEqual({
      page: 404,
      pageRange: 404,
      fragments: 404,
      product: 404,
      pdf: 404,
      pdfStart: 404,
      events: 404,
      unlock: 404,
      order: 404,
    });
    for (const [name, res] of Object.entries(a))
      expect((await res.text()).includes('Unreleased Line'), name).toBe(false);
    expect(await (await fetch(`${server.url}/view/sitemap.xml`)).text()).not.toContain(shop.catalogId);
    const embed = await fetch(`${server.url}/view/${shop.catalogId}?embed=1`);
    expect(embed.status).toBe(404);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const html = await embed.text();
    expect(html).not.toContain('Catalog not found');
    expect(html).toMatch(/<body class="vw"><\/body>/);
  });

  it('is shown to its owner, with the draft note, and to staff', async () => {
    const own = await shop.client.get(`/view/${shop.catalogId}`);
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(html).toContain('Unreleased Line');
    expect(html).toContain('Draft: only you see it');
    expect(own.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const staff = client(server.url);
    expect((await staff.post('/auth/login', STAFF)).status).toBe(200);
    const seen = await staff.get(`/view/${shop.catalogId}`);
    expect(seen.status).toBe(200);
    expect(await seen.text()).toContain('Unreleased Line');
  });

  it('is published and unpublished by its owner only', async () => {
    const other = await publishCatalog(server, {
      email: 'not-owner@example.com',
      plan: 'BUSINESS',
      products: 1,
    });
    expect(
      (await other.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, { published: true })).status,
    ).toBe(404);
    const published = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, {
      published: true,
    });
    expect(published.status).toBe(200);
    expect((await published.json()).published).toBe(true);
    const open = await visitorAnswers(shop.catalogId);
    expect([open.page.status, open.fragments.status, open.product.status]).toEqual([200, 200, 200]);
    expect(await open.page.text()).toContain('Unreleased Line');
    expect(await (await fetch(`${server.url}/view/sitemap.xml`)).text()).toContain(shop.catalogId);
    expect((await fetch(`${server.url}/view/${shop.catalogId}?embed=1`)).status).toBe(200);

    const back = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, { published: false });
    expect((await back.json()).published).toBe(false);
    expect((await fetch(`${server.url}/view/${shop.catalogId}`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/view/sitemap.xml`)).text()).not.toContain(shop.catalogId);
    const wrong = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, { published: 'yes' });
    expect(wrong.status).toBe(400);
  });
});

describe('a trial’s published catalog', () => {
  it('is noindex, without JSON-LD, until the account pays', async () => {
    const trial = await publishCatalog(server, { email: 'trial-index@example.com', products: 3 });
    const page = async () => {
      const res = await fetch(`${server.url}/view/${trial.catalogId}`);
      const html = await res.text();
      return {
        status: res.status,
        robots: res.headers.get('x-robots-tag'),
        meta: /<meta name="robots" content="([^"]+)"/.exec(html)?.[1],
        jsonLd: html.includes('application/ld+json'),
      };
    };
    expect(await page()).toEqual({
      status: 200,
      robots: 'noindex, nofollow',
      meta: 'noindex, nofollow',
      jsonLd: false,
    });
    await setUpgradeByEmail({ db: server.runtime.db, email: 'trial-index@example.com', upgrade: true });
    expect(await page()).toEqual({ status: 200, robots: null, meta: 'index, follow', jsonLd: true });
  });
});
