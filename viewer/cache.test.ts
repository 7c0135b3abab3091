import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../db/schema.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { CookieJar, startTestServer, type TestServer } from '../scripts/testing/server.ts';

/**
 * The viewer keeps rendered pages and the prepared catalog per revision (viewer/render.tsx,
 * server/catalogs/published.server.ts). Every request here is first answered once so the cache holds the old
 * content, then the catalog changes, and the next answer must be the new one; a cached page must never reach a
 * visitor the password check would refuse.
 */
let server: TestServer;
let shop: Published;
const PASSWORD = 'cached secret';

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, { email: 'cache@example.com', plan: 'BUSINESS', products: 20 });
});
afterAll(async () => server?.close());

// fetch adds `Cache-Control: no-cache` to a conditional request unless one is given; a browser revalidating
// a `no-cache` page sends `max-age=0`.
const view = (path = '', headers: Record<string, string> = {}) =>
  fetch(`${server.url}/view/${shop.catalogId}${path}`, {
    headers: headers['If-None-Match'] ? { 'Cache-Control': 'max-age=0', ...headers } : headers,
    redirect: 'manual',
  });

function bootOf(html: string) {
  return JSON.parse(/<script type="application\/json" id="vw-boot">(.*?)<\/script>/s.exec(html)![1]!);
}

describe('the rendered-page cache', () => {
  it('shows a saved page at once, in the page and in its fragments', async () => {
    expect(await (await view()).text()).toContain('Linen Shirt 1<');
    expect(await (await view('/fragments?from=1&to=2')).text()).toContain('Linen Shirt 1<');

    const doc = await (await shop.client.get(`/api/v1/catalogs/${shop.catalogId}`)).json();
    const first = doc.data.pages[0];
    const page = JSON.parse(JSON.stringify(first).replaceAll('Linen Shirt 1', 'Renamed Shirt'));
    const saved = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/pages/${first.id}`, {
      page,
      revision: doc.revision,
    });
    expect(saved.status).toBe(200);

    const html = await (await view()).text();
    expect(html).toContain('Renamed Shirt');
    expect(html).not.toContain('Linen Shirt 1<');
    expect(await (await view('/fragments?from=1&to=2')).text()).toContain('Renamed Shirt');
  });

  it('follows a settings change on the next request', async () => {
    expect(bootOf(await (await view()).text())).toMatchObject({ rtl: false, mode: 'book' });
    const res = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, {
      right_to_left: true,
      view_mode: 'scroll',
    });
    expect(res.status).toBe(200);
    expect(bootOf(await (await view()).text())).toMatchObject({ rtl: true, mode: 'scroll' });
  });

  it('revalidates public pages with an ETag, and answers 304 only while they are unchanged', async () => {
    const res = await view();
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await view('', { 'If-None-Match': etag })).status).toBe(304);
    const fragment = await view('/fragments?from=2&to=3');
    expect(fragment.headers.get('cache-control')).toBe('public, no-cache');
    expect(
      (await view('/fragments?from=2&to=3', { 'If-None-Match': fragment.headers.get('etag')! })).status,
    ).toBe(304);

    await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, { background_color: '#334455' });
    const changed = await view('', { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('#334455');
  });

  it('never lets a cached page past the password check, nor a stale unlock after a password change', async () => {
    // Warm every cache while the catalog is public.
    const publicRes = await view();
    const etag = publicRes.headers.get('etag')!;
    expect(await publicRes.text()).toContain('Renamed Shirt');
    await view('/fragments?from=1&to=4');

    const on = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, {
      password_protection: true,
      password: PASSWORD,
    });
    expect(on.status).toBe(200);
    for (const headers of [{}, { 'If-None-Match': etag }] as Record<string, string>[]) {
      const locked = await view('', headers);
      expect(locked.status).toBe(200);
      const body = await locked.text();
      expect(body).toContain('name="password"');
      expect(body).not.toContain('Renamed Shirt');
      expect(locked.headers.get('cache-control')).toBe('no-store');
    }
    expect((await view('/fragments?from=1&to=4')).status).toBe(404);

    // Unlocked, the (cached) page comes back, privately.
    const jar = new CookieJar();
    jar.store(
      await fetch(`${server.url}/view/${shop.catalogId}/unlock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `password=${encodeURIComponent(PASSWORD)}`,
        redirect: 'manual',
      }),
    );
    const open = await view('', { Cookie: jar.header() });
    expect(await open.text()).toContain('Renamed Shirt');
    expect(open.headers.get('cache-control')).toBe('private, no-store');

    // Another browser, with the page now cached for the unlocked one, still gets the form.
    const other = await (await view()).text();
    expect(other).toContain('name="password"');
    expect(other).not.toContain('Renamed Shirt');

    // A new password locks the old cookie out of the cached page and its fragments.
    await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/settings`, { password: 'newer secret' });
    const stale = await (await view('', { Cookie: jar.header() })).text();
    expect(stale).toContain('name="password"');
    expect(stale).not.toContain('Renamed Shirt');
    expect((await view('/fragments?from=1&to=4', { Cookie: jar.header() })).status).toBe(404);
  });
});

describe("the owner's plan", () => {
  it('applies on the very next request after an upgrade and after the subscription ends', async () => {
    const email = 'cache-plan@example.com';
    const trial = await publishCatalog(server, { email, products: 3 });
    const page = (query = '') => fetch(`${server.url}/view/${trial.catalogId}${query}`);
    // Warm the prepared catalog and the rendered pages on the trial.
    expect(await (await page()).text()).toContain('class="cb-watermark"');
    expect((await page('?embed=1')).status).toBe(403);

    await setUpgradeByEmail({ db: server.runtime.db, email, upgrade: true, planId: 'BUSINESS' });
    const upgraded = await page('?embed=1');
    expect(upgraded.status).toBe(200);
    expect(upgraded.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(await (await page()).text()).not.toContain('class="cb-watermark"');

    // The paid subscription runs out (its start moved back past its length): embedding stops at once.
    const [owner] = await server.runtime.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    await server.runtime.db
      .update(subscriptions)
      .set({ startDate: sql`now() - interval '1 day' * (${subscriptions.durationDays} + 1)` })
      .where(eq(subscriptions.userId, owner!.id));
    const ended = await page('?embed=1');
    expect(ended.status).toBe(403);
    expect(await ended.text()).toContain('Please subscribe to be able to embed your catalog.');
  });
});
