import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createProductElement, getDefaultLayout } from '../../core/layouts/index.ts';
import type { Page } from '../../core/model/index.ts';
import { catalogPages, subscriptions, users } from '../../db/schema.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;
let alice: ReturnType<typeof client>;
let bob: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  alice = client(server.url);
  bob = client(server.url);
  for (const [c, email] of [
    [alice, 'alice@example.com'],
    [bob, 'bob@example.com'],
  ] as const) {
    expect(
      (await c.post('/auth/register', { email, password: 'password-123', confirmPassword: 'password-123' }))
        .status,
    ).toBe(200);
  }
  // Alice is on a paid plan so her many test catalogs stay under the catalog count limit.
  const [a] = await server.runtime.db.select().from(users).where(eq(users.email, 'alice@example.com'));
  await server.runtime.db.insert(subscriptions).values({
    userId: a!.id,
    planId: 'BUSINESS',
    type: 'manual',
    title: 'Business',
    startDate: new Date(),
    durationDays: 365,
  });
});
afterAll(() => server?.close());

function productPage(n: number, prefix = 'p'): Page {
  const page = createPage({ layout: getDefaultLayout('products', 9) });
  return {
    ...page,
    elements: page.elements.map((e, i) =>
      i < n
        ? createProductElement(`${page.id}-${i}`, {
            id: `${prefix}${i}`,
            title: `Product ${prefix}${i}`,
            price: 10 + i,
          })
        : e,
    ),
  };
}

async function create(c: ReturnType<typeof client>, body: unknown = {}) {
  const res = await c.post('/api/v1/catalogs', body);
  return { status: res.status, body: await res.json() };
}

describe('catalogs API', () => {
  it('creates an empty catalog with a front cover, a page of products and a back cover', async () => {
    const { status, body } = await create(alice, { title: 'Spring 2027' });
    expect(status).toBe(200);
    expect(body.revision).toBe(1);
    expect(body.data.title).toBe('Spring 2027');
    expect(body.data.pages.map((p: Page) => p.layout.type)).toEqual([
      'front cover',
      'products',
      'back cover',
    ]);
    expect(body.data.user.email).toBe('alice@example.com');
    const list = await (await alice.get('/api/v1/catalogs')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ title: 'Spring 2027', pageCount: 3, productCount: 0 });
    // The catalogs page lists it, opening its print preview.
    const page = await (await alice.get('/catalogs', { Accept: 'text/html' })).text();
    expect(page).toContain('Spring 2027');
    expect(page).toContain(`href="/preview/${body.data._id}"`);
  });

  it("answers 404 for another owner's catalog, whatever the method", async () => {
    const { body } = await create(alice, { title: 'Private' });
    const id = body.data._id;
    expect((await bob.get(`/api/v1/catalogs/${id}`)).status).toBe(404);
    expect((await bob.put(`/api/v1/catalogs/${id}`, { catalog: body.data, revision: 1 })).status).toBe(404);
    expect((await bob.del(`/api/v1/catalogs/${id}`)).status).toBe(404);
    expect((await bob.get(`/api/v1/catalogs/${id}/pages/${body.data.pages[0].id}`)).status).toBe(404);
    expect((await bob.get('/api/v1/catalogs/not-a-uuid')).status).toBe(404);
    expect((await alice.get(`/api/v1/catalogs/${id}`)).status).toBe(200);
  });

  it('saves with the current revision and refuses a stale one with 409, keeping the newer save', async () => {
    const { body } = await create(alice, { title: 'Revisions' });
    const id = body.data._id;
    const first = await alice.put(`/api/v1/catalogs/${id}`, {
      catalog: { ...body.data, title: 'Revised once' },
      revision: 1,
    });
    expect(await first.json()).toEqual({ revision: 2 });
    const stale = await alice.put(`/api/v1/catalogs/${id}`, {
      catalog: { ...body.data, title: 'Lost edit' },
      revision: 1,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: 'conflict', details: { revision: 2 } });
    const now = await (await alice.get(`/api/v1/catalogs/${id}`)).json();
    expect(now.data.title).toBe('Revised once');
    expect(now.revision).toBe(2);
  });

  it('saves one page by id or by index and writes only that page', async () => {
    const { body } = await create(alice, { title: 'Pages' });
    const id = body.data._id;
    const [cover, products, back] = body.data.pages as Page[];
    const filled = { ...productPage(3), id: products!.id };
    const byId = await alice.put(`/api/v1/catalogs/${id}/pages/${products!.id}`, {
      page: filled,
      revision: 1,
    });
    expect(byId.status).toBe(200);
    expect((await byId.json()).revision).toBe(2);

    const rows = await server.runtime.db
      .select()
      .from(catalogPages)
      .where(eq(catalogPages.catalogId, id))
      .orderBy(catalogPages.position);
    expect(rows.map((r) => r.id)).toEqual([cover!.id, products!.id, back!.id]);
    expect(rows[0]!.updatedAt.getTime()).toBeLessThan(rows[1]!.updatedAt.getTime());

    const summary = (await (await alice.get('/api/v1/catalogs')).json()).data.find(
      (c: { _id: string }) => c._id === id,
    );
    expect(summary.productCount).toBe(3);

    const byIndex = await alice.put(`/api/v1/catalogs/${id}/page/0`, {
      page: { ...cover!, showHeadersFooters: true },
      revision: 2,
    });
    expect(byIndex.status).toBe(200);
    const page0 = await (await alice.get(`/api/v1/catalogs/${id}/pages/${cover!.id}`)).json();
    expect(page0.data.showHeadersFooters).toBe(true);
    expect((await alice.put(`/api/v1/catalogs/${id}/page/0`, { page: cover, revision: 2 })).status).toBe(409);
    expect((await alice.put(`/api/v1/catalogs/${id}/page/9`, { page: cover, revision: 3 })).status).toBe(404);
  });

  it('refuses an invalid document with 400 and leaves the stored one untouched', async () => {
    const { body } = await create(alice, { title: 'Valid' });
    const id = body.data._id;
    const res = await alice.put(`/api/v1/catalogs/${id}`, {
      catalog: { ...body.data, pages: [{ id: 'x', elements: [{ id: 'e', type: 'bogus' }] }] },
      revision: 1,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      'This catalog document is not valid. pages.0.elements.0.type: Unknown element type',
    );
    const now = await (await alice.get(`/api/v1/catalogs/${id}`)).json();
    expect(now.data.pages).toHaveLength(3);
    expect(now.revision).toBe(1);
  });
});

describe('plan limits on save (SPEC §5)', () => {
  it("blocks pages and products over the trial's limits with the SPEC messages", async () => {
    const { body } = await create(bob, { title: 'Big' });
    const id = body.data._id;
    const pages = Array.from({ length: 41 }, () => createPage({ layout: getDefaultLayout('products', 9) }));
    const tooManyPages = await bob.put(`/api/v1/catalogs/${id}`, {
      catalog: { ...body.data, pages },
      revision: 1,
    });
    expect(tooManyPages.status).toBe(403);
    expect((await tooManyPages.json()).message).toBe('Max Pages Limit Reached (41/40)');

    const full = Array.from({ length: 34 }, (_, i) => productPage(9, `x${i}-`));
    const tooManyProducts = await bob.put(`/api/v1/catalogs/${id}`, {
      catalog: { ...body.data, pages: full },
      revision: 1,
    });
    expect(tooManyProducts.status).toBe(403);
    expect((await tooManyProducts.json()).message).toBe('Max Products Limit Reached (306/300)');
    expect((await (await bob.get(`/api/v1/catalogs/${id}`)).json()).revision).toBe(1);
  });

  it('blocks wholesale contracts and order forms without the wholesale feature', async () => {
    const db = server.runtime.db;
    const [u] = await db.select().from(users).where(eq(users.email, 'bob@example.com'));
    await db.insert(subscriptions).values({
      userId: u!.id,
      planId: 'PERSONAL',
      type: 'manual',
      title: 'Personal',
      startDate: new Date(),
      durationDays: 365,
    });
    const { body } = await create(bob, { title: 'Wholesale' });
    const id = body.data._id;
    const contract = createPage({ layout: getDefaultLayout('wholesale-contract') });
    const res = await bob.put(`/api/v1/catalogs/${id}`, {
      catalog: { ...body.data, pages: [...body.data.pages, contract] },
      revision: 1,
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(
      'Your catalog has a wholesale contract. You need to upgrade to use wholesale contracts.',
    );
    const form = createPage({ layout: getDefaultLayout('wholesale-order-form') });
    const res2 = await bob.put(`/api/v1/catalogs/${id}`, {
      catalog: { ...body.data, pages: [...body.data.pages, form] },
      revision: 1,
    });
    expect((await res2.json()).message).toBe(
      'Your catalog has wholesale order forms. You need to upgrade to use wholesale order forms.',
    );
  });

  it('stops at the plan catalog count', async () => {
    const c = client(server.url);
    await c.post('/auth/register', {
      email: 'carol@example.com',
      password: 'password-123',
      confirmPassword: 'password-123',
    });
    for (let i = 0; i < 3; i++) expect((await create(c, { title: `C${i}` })).status).toBe(200);
    const fourth = await create(c, { title: 'C4' });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe('Max Catalogs Limit Reached (4/3)');
  });
});
