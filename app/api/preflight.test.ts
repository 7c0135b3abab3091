import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPage,
  createProductElement,
  getDefaultLayout,
  sequentialIds,
} from '../../core/layouts/index.ts';
import { CatalogSchema, ProductSchema } from '../../core/model/index.ts';
import { preflightLine, type PreflightReport } from '../../core/preflight/index.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { createCatalog } from '../../server/catalogs/index.ts';
import { setUpgradeByEmail } from '../../server/billing/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: { pollMs: 100 } });
});
afterAll(async () => {
  await server?.close();
});

async function signUp(email: string) {
  const c = client(server.url);
  const res = await c.post('/auth/register', {
    email,
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    businessName: 'Maison Nord',
    shopUrl: 'https://maison.example',
  });
  expect(res.status).toBe(200);
  const { user } = await res.json();
  await setUpgradeByEmail({ db: server.runtime.db, email, upgrade: true });
  return { c, userId: user._id as string };
}

async function finished(c: ReturnType<typeof client>, jobId: string) {
  for (let i = 0; i < 600; i++) {
    const res = await c.get(`/api/v1/jobs?jobId=${jobId}`);
    const body = await res.json();
    if (body.job_state !== 'pending') return body as { job_state: string; preflight?: PreflightReport };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the preflight did not finish');
}

describe('POST /api/v1/catalogs/{catalogId}/preflight (issue 28 item 4)', () => {
  it("checks the owner's catalog as a job: a product without its picture, one changed in the store since", async () => {
    const alice = await signUp('alice-preflight@example.com');
    const created = await alice.c.post('/api/v1/listings', {
      title: 'Wool scarf',
      price: 20,
      category: 'Scarves',
    });
    expect(created.status).toBe(201);
    const listing = await created.json();
    const page = createPage({ layout: getDefaultLayout('products', 4), newId: sequentialIds('p') });
    page.elements[0] = createProductElement('scarf', ProductSchema.parse({ ...listing, id: listing.id }));
    const doc = CatalogSchema.parse({ _id: 'x', title: 'Scarves', pages: [page] });
    const { catalog } = await createCatalog({
      db: server.runtime.db,
      ownerId: alice.userId,
      input: { catalog: doc },
    });
    // The store's price moves after the catalog was made (or last synchronized).
    expect((await alice.c.put(`/api/v1/listings/${listing.id}`, { price: 24 })).status).toBe(200);

    const started = await alice.c.post(`/api/v1/catalogs/${catalog._id}/preflight`);
    expect(started.status).toBe(200);
    const { job_id } = await started.json();
    const done = await finished(alice.c, job_id);
    expect(done.job_state).toBe('complete');
    expect(done.preflight!.items.map((i) => preflightLine(i))).toEqual([
      'page 1, element 1: picture missing',
      'page 1, element 1: Wool scarf changed in the store since the last synchronize (prices)',
      'page 1, element 2: empty cell',
      'page 1, element 3: empty cell',
      'page 1, element 4: empty cell',
    ]);
    expect(done.preflight).toMatchObject({ errors: 1, warnings: 4 });
    expect(done.preflight!.items[0]).toMatchObject({
      pageId: page.id,
      elementId: 'scarf',
      severity: 'error',
    });

    // Another merchant neither starts a preflight of it nor reads its report.
    const bob = await signUp('bob-preflight@example.com');
    expect((await bob.c.post(`/api/v1/catalogs/${catalog._id}/preflight`)).status).toBe(404);
    expect((await bob.c.get(`/api/v1/jobs?jobId=${job_id}`)).status).toBe(404);
    expect((await alice.c.post(`/api/v1/catalogs/${catalog._id}/preflight?format=A3`)).status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await (await client(server.url).get('/api/v1/openapi.json')).json();
    expect(doc.paths['/api/v1/catalogs/{catalogId}/preflight'].post.summary).toMatch(
      /^Check the catalog for print/,
    );
  });
});
