import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';

/** SPEC §2.5 /view and DESIGN §6 'The viewer': addresses, server-drawn pages, fragments, search engines. */
let server: TestServer;
let shop: Published;
let other: Published;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, { email: 'view@example.com', plan: 'BUSINESS', products: 40 });
  other = await publishCatalog(server, { email: 'other@example.com', plan: 'BUSINESS', products: 3 });
});
afterAll(async () => server?.close());

const pagesIn = (html: string) => [...html.matchAll(/data-page-index="(\d+)"/g)].map((m) => Number(m[1]));
const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="vw-boot">([\s\S]*?)<\/script>/.exec(html)![1]!);

describe('the viewer page', () => {
  it('draws the first spread on the server, with a strict policy and the boot data', async () => {
    const res = await fetch(`${server.url}/view/${shop.catalogId}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    const html = await res.text();
    expect(pagesIn(html)).toEqual([0]);
    expect(html).toContain('Linen Shirt 1');
    // No inline script runs: only the JSON data element and our own bundle.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(
      scripts.every((a) => /type="application\/(json|ld\+json)"/.test(a) || /src="\/view-assets\//.test(a)),
    ).toBe(true);
    const boot = bootOf(html);
    expect(boot).toMatchObject({ id: shop.catalogId, pages: 5, start: 0, mode: 'book', owner: null });
    expect(boot.text['toolbar.next']).toBe('Next page');
  });

  it('starts at a page of the address, drawing its spread (pages 2–3 for page 3)', async () => {
    const html = await (await fetch(`${server.url}/view/${shop.catalogId}/page/3`)).text();
    expect(pagesIn(html)).toEqual([1, 2]);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/view/${shop.catalogId}/page/3"/>`);
    expect(pagesIn(await (await fetch(`${server.url}/view/${shop.catalogId}?page=4`)).text())).toEqual([
      3, 4,
    ]);
  });

  it('serves the other pages as HTML fragments, at most eight at a time', async () => {
    const res = await fetch(`${server.url}/view/${shop.catalogId}/fragments?from=2&to=3`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(pagesIn(html)).toEqual([1, 2]);
    expect(html).toContain('class="vw-page" data-page="2"');
    const all = await (await fetch(`${server.url}/view/${shop.catalogId}/fragments?from=1&to=99`)).text();
    expect(pagesIn(all)).toEqual([0, 1, 2, 3, 4]);
    expect((await fetch(`${server.url}/view/${shop.catalogId}/fragments?from=9&to=9`)).status).toBe(400);
  });

  it('answers a real 404 page for unknown catalogs', async () => {
    for (const ref of ['no-such-catalog', '00000000-0000-4000-8000-000000000000', 'x']) {
      const res = await fetch(`${server.url}/view/${ref}`, { redirect: 'manual' });
      expect(res.status, ref).toBe(404);
      expect(await res.text()).toContain('Catalog not found');
    }
  });

  it('gives the product modal its data, sanitized', async () => {
    const res = await fetch(`${server.url}/view/${shop.catalogId}/products/p2`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: 'p2',
      title: 'Leather Tote 3',
      price: 21.5,
      currency: 'USD',
    });
    expect((await fetch(`${server.url}/view/${shop.catalogId}/products/nope`)).status).toBe(404);
  });

  it('sends the bundle small and cached for good under its version', async () => {
    const html = await (await fetch(`${server.url}/view/${shop.catalogId}`)).text();
    const src = /src="(\/view-assets\/viewer\.js\?v=[0-9a-f]+)"/.exec(html)![1]!;
    const res = await fetch(`${server.url}${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-type')).toContain('javascript');
  });
});

describe('addresses (SPEC §5 slug, §4 slug change)', () => {
  it('checks a slug, sets it, and sends the id and the old address to it', async () => {
    const check = await shop.client.get(`/api/v1/checkSlug?title=${encodeURIComponent('Été 2026 Line!')}`);
    expect(await check.json()).toEqual({ status: 'available', slug: 'ete-2026-line' });
    const set = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/slug`, { slug: 'Été 2026 Line!' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ slug: 'ete-2026-line', url: '/view/ete-2026-line' });
    const byId = await fetch(`${server.url}/view/${shop.catalogId}?embed=0`, { redirect: 'manual' });
    expect(byId.status).toBe(301);
    expect(byId.headers.get('location')).toBe('/view/ete-2026-line?embed=0');
    expect((await fetch(`${server.url}/view/ete-2026-line`)).status).toBe(200);
    // Another merchant asking for it gets the url-exists answer.
    const taken = await other.client.get('/api/v1/checkSlug?title=ete-2026-line');
    expect((await taken.json()).status).toBe('exists');
    const refused = await other.client.put(`/api/v1/catalogs/${other.catalogId}/slug`, {
      slug: 'ete-2026-line',
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      'This address is already used by another catalog. Please choose another one.',
    );
    const short = await other.client.put(`/api/v1/catalogs/${other.catalogId}/slug`, { slug: 'x' });
    expect(short.status).toBe(400);
    expect((await short.json()).details[0].path).toEqual(['slug']);
  });
});

describe('search engines (DESIGN §6)', () => {
  it('gives public catalogs Product JSON-LD, an Open Graph card and a sitemap entry', async () => {
    const html = await (await fetch(`${server.url}/view/${other.catalogId}`)).text();
    expect(html).toContain('<meta name="robots" content="index, follow"/>');
    expect(html).toContain('<meta property="og:title" content="Spring Line"/>');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ld[0]).toMatchObject({
      '@type': 'Product',
      name: 'Linen Shirt 1',
      sku: 'SKU-1000',
      gtin: expect.stringMatching(/^\d{13}$/),
      offers: { price: '19.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    const sitemap = await (await fetch(`${server.url}/view/sitemap.xml`)).text();
    expect(sitemap).toContain(`${server.url}/view/${other.catalogId}</loc>`);
  });

  it('keeps unlisted catalogs out of search engines and the sitemap', async () => {
    const unlisted = await publishCatalog(server, {
      email: 'unlisted@example.com',
      plan: 'BUSINESS',
      products: 2,
      settings: { visibility: 'unlisted' },
    });
    const res = await fetch(`${server.url}/view/${unlisted.catalogId}`);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).not.toContain('application/ld+json');
    const sitemap = await (await fetch(`${server.url}/view/sitemap.xml`)).text();
    expect(sitemap).not.toContain(unlisted.catalogId);
  });

  it('refuses unlisted catalogs to plans without privacy', async () => {
    const personal = await publishCatalog(server, {
      email: 'personal@example.com',
      plan: 'PERSONAL',
      products: 1,
    });
    const res = await personal.client.put(`/api/v1/catalogs/${personal.catalogId}/settings`, {
      visibility: 'unlisted',
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Please upgrade to use this feature');
  });
});

describe('visitors’ figures (SPEC §3 analytics, issue 21 §4)', () => {
  it('are a plan feature: 403 with SPEC §6’s message for plans without analytics', async () => {
    const personal = await publishCatalog(server, {
      email: 'no-stats@example.com',
      plan: 'PERSONAL',
      products: 1,
    });
    const refused = await personal.client.get(`/api/v1/catalogs/${personal.catalogId}/analytics`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'forbidden',
      message: 'Please upgrade to use this feature',
    });
    const trial = await publishCatalog(server, { email: 'trial-stats@example.com', products: 1 });
    expect((await trial.client.get(`/api/v1/catalogs/${trial.catalogId}/analytics`)).status).toBe(403);
    const allowed = await shop.client.get(`/api/v1/catalogs/${shop.catalogId}/analytics`);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ days: 30, page_views: expect.any(Number) });
  });
});

describe('owner endpoints of another merchant', () => {
  it('answer 404 for every catalog id that is not the caller’s', async () => {
    const c = other.client;
    const id = shop.catalogId;
    const answers = [
      await c.get(`/api/v1/catalogs/${id}/settings`),
      await c.put(`/api/v1/catalogs/${id}/settings`, { share_button: false }),
      await c.put(`/api/v1/catalogs/${id}/slug`, { slug: 'stolen-address' }),
      await c.get(`/api/v1/catalogs/${id}/analytics`),
      await c.get(`/api/v1/orders?catalogId=${id}`),
      await c.get(`/api/v1/orders?catalogId=${id}&format=csv`),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    // Signed out, they need a session at all.
    expect((await client(server.url).get(`/api/v1/catalogs/${id}/settings`)).status).toBe(401);
  });
});

describe('the fonts of the flipbook (issue 24 §6)', () => {
  it('declares its fonts from our own origin, preloads the first spread’s, and serves the files', async () => {
    const html = await (await fetch(`${server.url}/view/${shop.catalogId}`)).text();
    const faces = [...html.matchAll(/@font-face \{ font-family: "([^"]+)";[^}]*src: url\("([^"]+)"\)/g)];
    expect(faces.map((m) => m[1])).toContain('Open Sans');
    expect(faces.every((m) => m[2]!.startsWith('/view-assets/fonts/'))).toBe(true);
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    const preload = /<link rel="preload" as="font" href="([^"]+)" crossorigin="anonymous"\/?>/.exec(html);
    expect(preload![1]).toMatch(/^\/view-assets\/fonts\/open-sans-latin-400-normal\.woff2$/);
    const font = await fetch(server.url + preload![1]);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await fetch(`${server.url}/view-assets/fonts/..%2Fpackage.json`)).status).toBe(404);
  });
});
