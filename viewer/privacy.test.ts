import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, subscriptions } from '../db/schema.ts';
import { hashPassword } from '../server/accounts/index.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { CookieJar, startTestServer, type TestServer } from '../scripts/testing/server.ts';

/**
 * SPEC §6 visitor and owner, DESIGN §10: a password-protected catalog is enforced on the server for every URL
 * of it. Each request here is a direct HTTP request, as anyone could send it, not a click in the viewer.
 */
let server: TestServer;
let shop: Published;
let second: Published;
const PASSWORD = 'open sesame';
const SECRET_TITLE = 'Private Fall Collection';

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, {
    email: 'private@example.com',
    plan: 'BUSINESS',
    products: 12,
    pictures: 2,
    over: { title: SECRET_TITLE },
    settings: { password_protection: true, password: PASSWORD, products_link: 'digital_orders' },
  });
  second = await publishCatalog(server, {
    email: 'second@example.com',
    plan: 'BUSINESS',
    products: 2,
    settings: { password_protection: true, password: 'another one' },
  });
  // A PDF exists, so a leak of it would be visible.
  const key = `pdf/${shop.catalogId}/file.pdf`;
  await server.runtime.storage.put(key, Buffer.from('%PDF-1.7 secret'));
  await server.runtime.db
    .update(catalogs)
    .set({ pdfUrl: `${server.runtime.storage.url(key)}?v=1` })
    .where(eq(catalogs.id, shop.catalogId));
});
afterAll(async () => server?.close());

/** Everything a visitor could learn the catalog by: its title, its products, its pictures' addresses. */
function leaks(body: string): string[] {
  const found: string[] = [];
  for (const s of [SECRET_TITLE, 'Linen Shirt', 'SKU-100', 'img/', '/files/', '%PDF', 'data-page-index'])
    if (body.includes(s)) found.push(s);
  return found;
}

async function visitorAnswers(jar?: CookieJar) {
  const headers: Record<string, string> = jar?.header() ? { Cookie: jar.header() } : {};
  const id = shop.catalogId;
  const get = (p: string) => fetch(`${server.url}${p}`, { headers, redirect: 'manual' });
  const post = (p: string, body: unknown) =>
    fetch(`${server.url}${p}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
    });
  return {
    page: await get(`/view/${id}`),
    pageRange: await get(`/view/${id}/page/3`),
    fragments: await get(`/view/${id}/fragments?from=1&to=2`),
    product: await get(`/view/${id}/products/p1`),
    pdf: await get(`/view/${id}/pdf`),
    pdfStart: await post(`/view/${id}/pdf`, {}),
    events: await post(`/view/${id}/events`, { events: [{ type: 'viewer_page_viewed', data: { page: 1 } }] }),
    order: await post(`/api/v1/catalogs/${id}/orders`, {
      customer: { name: 'A', email: 'a@example.com' },
      items: [{ product_id: 'p1', quantity: 1 }],
    }),
  };
}

describe('a password-protected catalog', () => {
  it('gives away none of its titles, pictures, pages, data or PDF without the password', async () => {
    const a = await visitorAnswers();
    expect(a.page.status).toBe(200);
    const form = await a.page.text();
    expect(form).toContain('This catalog is protected');
    expect(form).toContain('name="password"');
    expect(leaks(form)).toEqual([]);
    expect(a.page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(leaks(await a.pageRange.text())).toEqual([]);
    for (const [name, res] of Object.entries(a).filter(([n]) => !['page', 'pageRange'].includes(n))) {
      expect(res.status, name).toBe(404);
      expect(leaks(await res.text()), name).toEqual([]);
    }
  });

  it('says a wrong password is wrong, unlocks with the right one for this browser only', async () => {
    const jar = new CookieJar();
    const wrong = await fetch(`${server.url}/view/${shop.catalogId}/unlock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'password=guess',
      redirect: 'manual',
    });
    expect(wrong.status).toBe(401);
    const body = await wrong.text();
    expect(body).toContain('Wrong password. Please try again.');
    expect(leaks(body)).toEqual([]);
    const right = await fetch(`${server.url}/view/${shop.catalogId}/unlock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `password=${encodeURIComponent(PASSWORD)}`,
      redirect: 'manual',
    });
    expect(right.status).toBe(303);
    const cookie = right.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    jar.store(right);
    const a = await visitorAnswers(jar);
    expect(a.page.status).toBe(200);
    expect(await a.page.text()).toContain(SECRET_TITLE);
    expect(a.fragments.status).toBe(200);
    expect(a.product.status).toBe(200);
    expect(a.pdf.status).toBe(200);
    expect(a.order.status).toBe(200);
    // The same cookie does not open another catalog, even renamed to that catalog's cookie.
    const renamed = jar
      .header()
      .replace(shop.catalogId.replace(/-/g, ''), second.catalogId.replace(/-/g, ''));
    const other = await fetch(`${server.url}/view/${second.catalogId}/fragments?from=1&to=1`, {
      headers: { Cookie: renamed },
    });
    expect(other.status).toBe(404);
  });

  it('locks every browser out again when the owner changes the password', async () => {
    const jar = new CookieJar();
    jar.store(
      await fetch(`${server.url}/view/${second.catalogId}/unlock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'password=another+one',
        redirect: 'manual',
      }),
    );
    const fragments = () =>
      fetch(`${server.url}/view/${second.catalogId}/fragments?from=1&to=1`, {
        headers: { Cookie: jar.header() },
      });
    expect((await fragments()).status).toBe(200);
    const changed = await second.client.put(`/api/v1/catalogs/${second.catalogId}/settings`, {
      password: 'new secret',
    });
    expect(changed.status).toBe(200);
    expect((await fragments()).status).toBe(404);
  });

  it('lets the owner through without the password, and keeps only a hash', async () => {
    const page = await shop.client.get(`/view/${shop.catalogId}`);
    const html = await page.text();
    expect(html).toContain(SECRET_TITLE);
    expect(html).toContain('"owner":{"catalogId"');
    const [row] = await server.runtime.db.select().from(catalogs).where(eq(catalogs.id, shop.catalogId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row!.document)).not.toContain(PASSWORD);
    const settings = await (await shop.client.get(`/api/v1/catalogs/${shop.catalogId}/settings`)).json();
    expect(settings.has_password).toBe(true);
    expect(JSON.stringify(settings)).not.toContain(PASSWORD);
  });

  it('cannot be set up on a plan without passwords, nor without a password', async () => {
    const trial = await publishCatalog(server, { email: 'trial-pw@example.com', products: 1 });
    const refused = await trial.client.put(`/api/v1/catalogs/${trial.catalogId}/settings`, {
      password_protection: true,
      password: 'letmein-please',
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Please upgrade to use this feature');
    const personal = await publishCatalog(server, {
      email: 'pw-missing@example.com',
      plan: 'PERSONAL',
      products: 1,
    });
    const missing = await personal.client.put(`/api/v1/catalogs/${personal.catalogId}/settings`, {
      password_protection: true,
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).details[0].path).toEqual(['password']);
  });
});

/** POST the password form as a browser does, from `ip` behind the trusted local proxy. */
const tryPassword = (catalogId: string, password: string, ip: string) =>
  fetch(`${server.url}/view/${catalogId}/unlock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
    body: `password=${encodeURIComponent(password)}`,
    redirect: 'manual',
  });

describe('guessing a catalog password (issue 21 §4)', () => {
  it('needs at least 8 characters for a new password, and keeps an older short one working', async () => {
    const owner = await publishCatalog(server, {
      email: 'short-pw@example.com',
      plan: 'BUSINESS',
      products: 2,
    });
    const short = await owner.client.put(`/api/v1/catalogs/${owner.catalogId}/settings`, {
      password_protection: true,
      password: 'abcd',
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      message: 'password: A password needs at least 8 characters.',
      details: [{ path: ['password'], message: 'A password needs at least 8 characters.' }],
    });
    const long = await owner.client.put(`/api/v1/catalogs/${owner.catalogId}/settings`, {
      password_protection: true,
      password: 'abcdefgh',
    });
    expect(long.status).toBe(200);
    // A catalog protected before the rule, with a 4-character password, still opens with it.
    await server.runtime.db
      .update(catalogs)
      .set({ passwordHash: await hashPassword('abcd') })
      .where(eq(catalogs.id, owner.catalogId));
    expect((await tryPassword(owner.catalogId, 'abcd', '192.0.2.200')).status).toBe(303);
  });

  it('stops a guessing run from 26 addresses after 50 wrong passwords for the catalog', async () => {
    const target = await publishCatalog(server, {
      email: 'guessed@example.com',
      plan: 'BUSINESS',
      products: 2,
      settings: { password_protection: true, password: 'the real password' },
    });
    // A visitor who unlocked before the run keeps reading.
    const jar = new CookieJar();
    jar.store(await tryPassword(target.catalogId, 'the real password', '192.0.2.201'));
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++)
      for (let a = 1; a <= 26; a++)
        statuses.push((await tryPassword(target.catalogId, `guess-${round}-${a}`, `198.51.100.${a}`)).status);
    expect({
      wrong: statuses.filter((x) => x === 401).length,
      limited: statuses.filter((x) => x === 429).length,
    }).toEqual({ wrong: 50, limited: 80 });
    // While the window lasts, no address gets another try, the right password included (that is the limit).
    const fresh = await tryPassword(target.catalogId, 'the real password', '203.0.113.99');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
    const reading = await fetch(`${server.url}/view/${target.catalogId}/fragments?from=1&to=1`, {
      headers: { Cookie: jar.header() },
    });
    expect(reading.status).toBe(200);
    // Other catalogs are not affected.
    expect((await tryPassword(second.catalogId, 'wrong guess', '198.51.100.1')).status).toBe(401);
  });
});

describe('the viewer’s own answers (issue 21 §4)', () => {
  it('gives fragments, 404s and the password form the viewer’s Content-Security-Policy', async () => {
    const answers = {
      fragments: await fetch(`${server.url}/view/${second.catalogId}/fragments?from=1&to=1`),
      unknownCatalog: await fetch(`${server.url}/view/no-such-catalog`),
      unknownPage: await fetch(`${server.url}/view/no-such-catalog/page/2`),
      passwordForm: await fetch(`${server.url}/view/${second.catalogId}`),
    };
    const open = await publishCatalog(server, {
      email: 'csp-open@example.com',
      plan: 'BUSINESS',
      products: 2,
    });
    const fragments = await fetch(`${server.url}/view/${open.catalogId}/fragments?from=1&to=1`);
    expect(fragments.status).toBe(200);
    expect(fragments.headers.get('content-type')).toMatch(/^text\/html/);
    for (const [name, res] of Object.entries({ ...answers, openFragments: fragments })) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, name).toContain("default-src 'self'");
      expect(csp, name).toContain("script-src 'self'");
      expect(csp, name).toContain("object-src 'none'");
      expect(csp, name).toMatch(/frame-ancestors 'self'/);
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
    }
    expect(answers.unknownCatalog.status).toBe(404);
    expect(await answers.unknownCatalog.text()).toContain('Catalog not found');
  });
});

describe('trial catalogs (SPEC §6)', () => {
  it('show the watermark and offer neither download nor print, and refuse the PDF', async () => {
    const trial = await publishCatalog(server, { email: 'trial-view@example.com', products: 3 });
    const html = await (await fetch(`${server.url}/view/${trial.catalogId}`)).text();
    expect(html).toContain('cb-watermark');
    expect(html).not.toContain('id="vw-pdf"');
    expect(html).not.toContain('id="vw-print"');
    const pdf = await fetch(`${server.url}/view/${trial.catalogId}/pdf`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(pdf.status).toBe(403);
  });

  it('whose subscription ended: the owner sees neither download nor print, and the PDF is refused to them too', async () => {
    const ended = await publishCatalog(server, {
      email: 'ended-owner@example.com',
      plan: 'BUSINESS',
      products: 3,
      pictures: 1,
      settings: { print_button: true, download_pdf_button: true, download_pages_button: true },
    });
    const key = `pdf/${ended.catalogId}/file.pdf`;
    await server.runtime.storage.put(key, Buffer.from('%PDF-1.7 ended'));
    await server.runtime.db
      .update(catalogs)
      .set({ pdfUrl: `${server.runtime.storage.url(key)}?v=1` })
      .where(eq(catalogs.id, ended.catalogId));
    const buttons = async () => {
      const html = await (await ended.client.get(`/view/${ended.catalogId}`)).text();
      const shown = (id: string) => html.includes(`id="${id}"`);
      return { pdf: shown('vw-pdf'), print: shown('vw-print') };
    };
    // While the plan is in force the owner has both, so the check below is not vacuous.
    expect(await buttons()).toEqual({ pdf: true, print: true });
    expect((await ended.client.get(`/view/${ended.catalogId}/pdf`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/view/${ended.catalogId}`)).text()).not.toContain(
      'class="cb-watermark"',
    );

    await server.runtime.db
      .update(subscriptions)
      .set({ startDate: new Date(Date.now() - 800 * 24 * 3600 * 1000) })
      .where(eq(subscriptions.userId, ended.ownerId));
    expect(await buttons()).toEqual({ pdf: false, print: false });
    // …and its pages carry the watermark, as the PDF the worker makes for them would.
    expect(await (await fetch(`${server.url}/view/${ended.catalogId}`)).text()).toContain(
      'class="cb-watermark"',
    );
    expect((await ended.client.get(`/view/${ended.catalogId}/pdf`)).status).toBe(403);
    expect((await ended.client.post(`/view/${ended.catalogId}/pdf`, {})).status).toBe(403);
    const embed = await fetch(`${server.url}/view/${ended.catalogId}?embed=1`);
    expect(embed.status).toBe(403);
  });

  it('cannot be embedded: the embed shows the SPEC §6 message instead of the catalog', async () => {
    const trial = await publishCatalog(server, { email: 'trial-embed@example.com', products: 3 });
    const res = await fetch(`${server.url}/view/${trial.catalogId}?embed=1`);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('Please subscribe to be able to embed your catalog.');
    expect(html).not.toContain('data-page-index');
    const paid = await fetch(`${server.url}/view/${shop.catalogId}?embed=1`);
    expect(paid.headers.get('content-security-policy')).toContain('frame-ancestors *');
  });
});
