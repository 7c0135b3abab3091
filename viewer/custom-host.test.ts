import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { createCatalog } from '../server/catalogs/index.ts';

/**
 * SPEC §2.6 / issue 11 §2: a catalog set to a merchant's own host answers at `/{slug or id}` there, routed by
 * the Host header; that host serves only its own catalogs and nothing of the app; setting a host needs the
 * plan's `custom_domain` limit.
 */
let server: TestServer;
let big: Published;
let otherId: string;
let small: Published;
const HOST = 'catalogs.linen-shop.test';

/** A GET with the Host a browser would send to the merchant's domain (fetch cannot set Host). */
function getOnHost(host: string, path: string): Promise<{ status: number; body: string; location?: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
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
});
afterAll(async () => {
  await server?.close();
});

describe('a catalog on the merchant’s own host', () => {
  it('is refused to a plan without custom_domain, naming the field', async () => {
    const res = await small.client.put(`/api/v1/catalogs/${small.catalogId}/settings`, {
      custom_host: 'shop.example.org',
    });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(JSON.stringify(body)).toContain('custom_host');
    expect(JSON.stringify(body)).toContain('Please upgrade to use this feature');
    // A host no catalog is set to is the app's business, not a catalog's: the catalog is not served there.
    const unset = await getOnHost('shop.example.org', `/${small.catalogId}`);
    expect(unset.status).not.toBe(200);
    expect(unset.body).not.toContain('Autumn Line');
  });

  it('answers /{id} and /{slug} on that host, and only its own catalogs', async () => {
    const set = await big.client.put(`/api/v1/catalogs/${big.catalogId}/settings`, { custom_host: HOST });
    expect(set.status).toBe(200);
    const slug = await big.client.put(`/api/v1/catalogs/${big.catalogId}/slug`, { slug: 'spring-line' });
    expect(slug.status).toBe(200);

    // By id it moves to the slug on the same host, as /view/{id} does on the app's.
    const byId = await getOnHost(HOST, `/${big.catalogId}`);
    expect(byId.status).toBe(301);
    expect(byId.location).toMatch(/^(http:\/\/catalogs\.linen-shop\.test)?\/spring-line$/);
    const bySlug = await getOnHost(HOST, '/spring-line');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toContain('Spring Line');
    expect(bySlug.body).toContain('Linen Shirt 1');
    // The host's home goes to its only catalog; its sitemap names the catalog at the host's own address.
    expect((await getOnHost(HOST, '/')).location).toMatch(/\/spring-line$/);
    expect((await getOnHost(HOST, '/sitemap.xml')).body).toContain(`http://${HOST}/spring-line`);

    // Another catalog, even of the same merchant, is not on this host until it is set to it.
    expect((await getOnHost(HOST, `/${otherId}`)).status).toBe(404);
    expect((await getOnHost(HOST, `/${small.catalogId}`)).status).toBe(404);
    // Nothing of the app answers on a merchant's host.
    expect((await getOnHost(HOST, '/api/v1/orders')).status).toBe(404);
    expect((await getOnHost(HOST, '/login')).status).toBe(404);
    // The app's host keeps /view/{slug}; a host nobody set serves nothing of a catalog.
    expect((await fetch(`${server.url}/view/spring-line`)).status).toBe(200);
    const unknown = await getOnHost('unknown.example.net', '/spring-line');
    expect(unknown.status).not.toBe(200);
    expect(unknown.body).not.toContain('Linen Shirt 1');
  });

  it('is one merchant’s: another account cannot take a host already in use', async () => {
    const res = await small.client.put(`/api/v1/catalogs/${small.catalogId}/settings`, { custom_host: HOST });
    expect(res.status).not.toBe(200);
    const taken = await getOnHost(HOST, `/${small.catalogId}`);
    expect(taken.status).toBe(404);
    expect(taken.body).not.toContain('Autumn Line');
  });
});
