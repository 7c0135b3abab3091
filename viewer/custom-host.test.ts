import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, customHosts } from '../db/schema.ts';
import { FakeDns } from '../scripts/testing/fake-dns.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { eq } from 'drizzle-orm';

/**
 * SPEC §2.5 (on the custom catalog host the route is /{catalogId}), issue 21 §1: a catalog set to a merchant's own
 * host answers at `/{slug or id}` there, by the Host header, only once the merchant proved they control the host
 * (a TXT record `_catalog-builder.<host>` or a CNAME to CATALOG_HOST), checked with DNS on a local server. A host
 * must be a public DNS name: never an address, a reserved name or one of the operator's, and requests for the
 * app's own hosts and addresses never reach the catalog router.
 */
let server: TestServer;
const dns = new FakeDns();
let big: Published;
let otherId: string;
let small: Published;
let rival: Published;
const CATALOG_HOST = 'catalogs.cb-platform.net';
const APP_HOST = 'app.cb-platform.net';
const HOST = 'catalogs.linen-shop.com';

/** A request with the Host a browser would send to that name (fetch cannot set Host). */
function onHost(
  host: string,
  path: string,
  method = 'GET',
): Promise<{ status: number; body: string; location?: string; type?: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, method, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          location: res.headers.location,
          type: res.headers['content-type'],
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const settings = (who: Published, catalogId: string, body: unknown) =>
  who.client.put(`/api/v1/catalogs/${catalogId}/settings`, body);

beforeAll(async () => {
  await dns.start();
  server = await startTestServer({
    WORKER: 'off',
    DNS_SERVERS: dns.server,
    CATALOG_HOST,
    APP_URL: `http://${APP_HOST}`,
  });
  big = await publishCatalog(server, { email: 'host@example.com', plan: 'ENTERPRISE', products: 12 });
  const { catalog } = await createCatalog({
    db: server.runtime.db,
    ownerId: big.ownerId,
    input: { catalog: sampleCatalog({ products: 3, imageUrl: () => null, over: { title: 'Winter Line' } }) },
  });
  otherId = catalog._id;
  small = await publishCatalog(server, {
    email: 'nohost@example.com',
    plan: 'BUSINESS',
    products: 3,
    over: { title: 'Autumn Line' },
  });
  rival = await publishCatalog(server, {
    email: 'rival@example.com',
    plan: 'ENTERPRISE',
    products: 2,
    over: { title: 'Rival Line' },
  });
});
afterAll(async () => {
  await server?.close();
  await dns.stop();
});

describe('the host names a merchant may give', () => {
  // The attack's list, and what else reaches this machine, a private network or the operator's own names.
  const refused: [string, string][] = [
    ['127.0.0.1', 'ip'],
    ['0.0.0.0', 'ip'],
    ['10.0.0.5', 'ip'],
    ['169.254.169.254', 'ip'],
    ['127.0.0.2', 'ip'],
    ['0x7f.1', 'ip'],
    ['2130706433', 'ip'],
    ['[::1]', 'ip'],
    ['http://192.168.1.20:8080/', 'ip'],
    ['localhost', 'reserved'],
    ['localhost.localdomain', 'reserved'],
    ['app.localhost', 'reserved'],
    ['printer.local', 'reserved'],
    ['db.internal', 'reserved'],
    ['shop.test', 'reserved'],
    ['shop.example', 'reserved'],
    ['catalog.example.com', 'reserved'],
    ['x.invalid', 'reserved'],
    ['router.home.arpa', 'reserved'],
    [APP_HOST, 'operator'],
    [CATALOG_HOST, 'operator'],
    [`evil.${CATALOG_HOST}`, 'operator'],
    ['catalog builder.com', 'invalid'],
  ];

  it('refuses addresses, reserved names and the operator’s own hosts with a 400 naming the field', async () => {
    const answers: { host: string; status: number; problem: string }[] = [];
    for (const [host] of refused) {
      const res = await settings(big, big.catalogId, { custom_host: host });
      const body = await res.json();
      answers.push({ host, status: res.status, problem: body.details?.[0]?.problem });
      expect(body.details?.[0]?.path, host).toEqual(['custom_host']);
    }
    expect(answers).toEqual(refused.map(([host, problem]) => ({ host, status: 400, problem })));
    // None of them was stored, and no DNS question was asked about any of them.
    const [row] = await server.runtime.db.select().from(catalogs).where(eq(catalogs.id, big.catalogId));
    expect(row!.customHost).toBeNull();
    expect(dns.asked).toEqual([]);
  });

  it('never lets a request for the app’s own hosts or addresses reach the catalog router', async () => {
    // Rows written before the rule existed (the attack's 127.0.0.1 and app.localhost), even marked verified.
    const db = server.runtime.db;
    for (const host of ['127.0.0.1', 'app.localhost', 'localhost', APP_HOST]) {
      await db.update(catalogs).set({ customHost: host }).where(eq(catalogs.id, small.catalogId));
      await db
        .insert(customHosts)
        .values({ ownerId: small.ownerId, host, token: 'x'.repeat(24), verifiedAt: new Date() })
        .onConflictDoNothing();
      const addresses = [host, `${host}:${new URL(server.url).port}`];
      for (const h of addresses) {
        const health = await onHost(h, '/healthz');
        expect(health.status, h).toBe(200);
        expect(JSON.parse(health.body).status).toBe('ok');
        const login = await onHost(h, '/login');
        expect(login.status, h).toBe(200);
        expect(login.body).not.toContain('Catalog not found');
        const home = await onHost(h, '/');
        expect(home.location ?? '', h).not.toContain(small.catalogId);
        const api = await onHost(h, '/api/v1/orders');
        expect(api.status, h).toBe(401);
        expect(api.body).not.toContain('Catalog not found');
      }
    }
    await db.update(catalogs).set({ customHost: null }).where(eq(catalogs.id, small.catalogId));
    await db.delete(customHosts).where(eq(customHosts.ownerId, small.ownerId));
  });

  it('is refused to a plan without custom_domain, naming the field', async () => {
    const res = await settings(small, small.catalogId, { custom_host: 'shop.autumn-line.com' });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(JSON.stringify(body)).toContain('custom_host');
    expect(JSON.stringify(body)).toContain('Please upgrade to use this feature');
  });
});

describe('proving control of a host', () => {
  it('serves nothing on the host until a TXT record holds the catalog’s token, then serves it', async () => {
    const set = await settings(big, big.catalogId, { custom_host: HOST });
    expect(set.status).toBe(200);
    const view = await set.json();
    expect(view.custom_host).toBe(HOST);
    expect(view.custom_host_status).toMatchObject({
      host: HOST,
      verified: false,
      problem: 'not_found',
      txt: {
        name: `_catalog-builder.${HOST}`,
        value: expect.stringMatching(/^catalog-builder-verification=/),
      },
      cname: { name: HOST, target: CATALOG_HOST },
    });
    expect(dns.asked).toEqual([`TXT _catalog-builder.${HOST}`, `CNAME ${HOST}`]);
    expect(
      (await big.client.put(`/api/v1/catalogs/${big.catalogId}/slug`, { slug: 'spring-line' })).status,
    ).toBe(200);
    // Claimed, not proved: the host is none of the catalog router's business.
    for (const path of ['/', '/spring-line', `/${big.catalogId}`, '/sitemap.xml']) {
      const res = await onHost(HOST, path);
      expect(res.body, path).not.toContain('Linen Shirt 1');
      // The app's own sitemap (the public site) may list the catalog at the app's address, never on this host.
      expect(res.body, path).not.toContain(`${HOST}/spring-line`);
    }

    // A record holding someone else's token proves nothing.
    dns.set(`_catalog-builder.${HOST}`, { TXT: ['catalog-builder-verification=not-the-token'] });
    const wrong = await big.client.post(`/api/v1/catalogs/${big.catalogId}/custom-host/verify`);
    expect((await wrong.json()).custom_host_status).toMatchObject({ verified: false, problem: 'not_found' });

    dns.set(`_catalog-builder.${HOST}`, { TXT: ['v=spf1 -all', view.custom_host_status.txt.value] });
    const checked = await big.client.post(`/api/v1/catalogs/${big.catalogId}/custom-host/verify`);
    expect(checked.status).toBe(200);
    expect((await checked.json()).custom_host_status).toMatchObject({
      verified: true,
      method: 'txt',
      problem: null,
    });

    // By id it moves to the slug on the same host, as /view/{id} does on the app's.
    const byId = await onHost(HOST, `/${big.catalogId}`);
    expect(byId.status).toBe(301);
    expect(byId.location).toMatch(/^(http:\/\/catalogs\.linen-shop\.com)?\/spring-line$/);
    const bySlug = await onHost(HOST, '/spring-line');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toContain('Linen Shirt 1');
    expect((await onHost(HOST, '/')).location).toMatch(/\/spring-line$/);
    expect((await onHost(HOST, '/sitemap.xml')).body).toContain(`http://${HOST}/spring-line`);
    // Another catalog, even of the same merchant, is not on this host until it is set to it.
    expect((await onHost(HOST, `/${otherId}`)).status).toBe(404);
    expect((await onHost(HOST, `/${small.catalogId}`)).status).toBe(404);
    // Nothing of the app answers on a merchant's host.
    expect((await onHost(HOST, '/api/v1/orders')).status).toBe(404);
    expect((await onHost(HOST, '/login')).status).toBe(404);
    expect((await onHost(HOST, '/healthz')).status).toBe(404);
    // The app's host keeps /view/{slug}.
    expect((await fetch(`${server.url}/view/spring-line`)).status).toBe(200);
  });

  it('takes a CNAME to the catalog host as proof, checked as soon as the host is set', async () => {
    dns.set('lookbook.maison-nord.org', { CNAME: [`${CATALOG_HOST}.`] });
    const res = await settings(big, otherId, { custom_host: 'https://Lookbook.Maison-Nord.org/fall' });
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view.custom_host).toBe('lookbook.maison-nord.org');
    expect(view.custom_host_status).toMatchObject({ verified: true, method: 'cname' });
    await publishCatalogForHost(big, otherId);
    const page = await onHost('lookbook.maison-nord.org', `/${otherId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Winter Line');

    // A CNAME to anywhere else proves nothing.
    dns.set('shop.rival-line.org', { CNAME: ['elsewhere.example.net'] });
    const elsewhere = await settings(rival, rival.catalogId, { custom_host: 'shop.rival-line.org' });
    expect((await elsewhere.json()).custom_host_status).toMatchObject({
      verified: false,
      problem: 'not_found',
    });
    expect((await onHost('shop.rival-line.org', `/${rival.catalogId}`)).status).not.toBe(200);
  });

  it('says when DNS cannot be asked, and proves nothing then', async () => {
    await dns.stop();
    try {
      const res = await settings(rival, rival.catalogId, { custom_host: 'offline.rival-line.org' });
      expect((await res.json()).custom_host_status).toMatchObject({
        verified: false,
        problem: 'dns_unreachable',
      });
    } finally {
      // Back on the same port: the server keeps asking the address it was given.
      await dns.start(dns.port);
    }
  });

  it('is one account’s: another may name a host, but never serve it once the first proved it', async () => {
    const named = await settings(rival, rival.catalogId, { custom_host: HOST });
    expect(named.status).toBe(409);
    expect((await named.json()).details[0]).toMatchObject({ path: ['custom_host'], problem: 'taken' });
    const taken = await onHost(HOST, `/${rival.catalogId}`);
    expect(taken.status).toBe(404);
    expect(taken.body).not.toContain('Rival Line');
  });
});

async function publishCatalogForHost(who: Published, catalogId: string) {
  expect((await settings(who, catalogId, { published: true })).status).toBe(200);
}
