import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog, Page } from '../../core/model/index.ts';
import { tocEntries } from '../../core/render/index.ts';
import { catalogs, subscriptions, users } from '../../db/schema.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { publishForVisitors } from '../../scripts/testing/viewer-fixtures.ts';

let server: TestServer;
let alice: ReturnType<typeof client>;
let bob: ReturnType<typeof client>;
let staff: ReturnType<typeof client>;

const products = (category: string, prices: number[]) =>
  prices.map((price, i) => ({
    title: `${category} ${i + 1}`,
    price,
    category,
    sku: `${category.slice(0, 2).toUpperCase()}-${i + 1}`,
    external_id: `csv:${category}-${i + 1}`,
    source: 'csv',
  }));

const titles = (c: Catalog) =>
  c.pages.flatMap((p: Page) =>
    p.elements.flatMap((e) => (e.type === 'application/product' ? [e.properties.title] : [])),
  );

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: 'staff@example.com', ADMIN_PASSWORD: 'staff-password-1' });
  alice = await registeredClient(server.url, 'alice@example.com');
  bob = await registeredClient(server.url, 'bob@example.com');
  // Alice is on a paid plan so her test catalogs stay under the catalog count limit.
  const [a] = await server.runtime.db.select().from(users).where(eq(users.email, 'alice@example.com'));
  await server.runtime.db.insert(subscriptions).values({
    userId: a!.id,
    planId: 'BUSINESS',
    type: 'manual',
    title: 'Business',
    startDate: new Date(),
    durationDays: 365,
  });
  staff = client(server.url);
  expect(
    (await staff.post('/auth/login', { email: 'staff@example.com', password: 'staff-password-1' })).status,
  ).toBe(200);
  const imported = await alice.post('/api/v1/listings', [
    ...products('Shirts', [30, 50, 40]),
    ...products('Scarves', [20, 25]),
    { title: 'Hidden lamp', price: 90, category: 'Lamps', external_id: 'csv:hidden', source: 'csv' },
  ]);
  expect(imported.status).toBe(200);
  // A product the merchant hid never goes into a built catalog.
  const hidden = (await imported.json()).data.find((l: { title: string }) => l.title === 'Hidden lamp');
  expect((await alice.put(`/api/v1/listings/${hidden.id}`, { visible: false })).status).toBe(200);
});
afterAll(() => server?.close());

async function build(c: ReturnType<typeof client>, body: Record<string, unknown>) {
  const res = await c.post('/api/v1/catalogs/build', body);
  return { status: res.status, body: await res.json() };
}

describe('POST /api/v1/catalogs/build (the new-catalog wizard)', () => {
  it('builds a catalog of the chosen categories, one section each, in the chosen order', async () => {
    const { status, body } = await build(alice, {
      kind: 'catalog',
      purpose: 'print',
      categories: ['Scarves', 'Shirts'],
      sort: 'price-desc',
      title: 'Spring 2027',
    });
    expect(status).toBe(200);
    const catalog = body.data as Catalog;
    expect(catalog.title).toBe('Spring 2027');
    expect(titles(catalog)).toEqual(['Scarves 2', 'Scarves 1', 'Shirts 2', 'Shirts 3', 'Shirts 1']);
    expect(catalog.pages.map((p) => p.kind)).toEqual([
      'product',
      'table_of_contents',
      'product',
      'product',
      'product',
    ]);
    expect(catalog.pages.map((p) => p.section)).toEqual([null, null, 'Scarves', 'Shirts', null]);
    // It is a catalog of the user like any other: listed, counted, opened by id.
    const list = await (await alice.get('/api/v1/catalogs')).json();
    expect(list.data.find((c: { _id: string }) => c._id === catalog._id)).toMatchObject({
      title: 'Spring 2027',
      productCount: 5,
      pageCount: 5,
    });
    // Each product keeps its listing id, so Synchronize finds it again.
    const first = catalog.pages[2]!.elements[0]!;
    expect(first.type === 'application/product' && first.properties.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('builds every product the merchant shows when no category is chosen, as a line sheet', async () => {
    const { status, body } = await build(alice, {
      kind: 'line_sheet',
      purpose: 'wholesale',
      title: 'Line sheet',
    });
    expect(status).toBe(200);
    // Default sort: by title; the hidden product is left out.
    expect(titles(body.data)).toEqual(['Scarves 1', 'Scarves 2', 'Shirts 1', 'Shirts 2', 'Shirts 3']);
    expect(body.data.priceTemplate).toContain('[SKU]');
  });

  it('lays the product pages out with the product grid chosen in the wizard, and refuses any other layout', async () => {
    const { status, body } = await build(alice, {
      kind: 'line_sheet',
      purpose: 'wholesale',
      title: 'Fours',
      layoutId: 'default-products-4',
    });
    expect(status).toBe(200);
    const pages = (body.data as Catalog).pages;
    // Five products on 4 a page: two pages, both of the chosen grid.
    expect(pages.map((p) => p.layout._id)).toEqual(['default-products-4', 'default-products-4']);
    const count = async () => (await (await alice.get('/api/v1/catalogs')).json()).data.length;
    const before = await count();
    // A cover is no product grid; an unknown id is as unknown as another merchant's layout.
    for (const layoutId of ['default-front-cover', 'no-such-layout']) {
      const refused = await build(alice, { kind: 'catalog', purpose: 'print', title: 'No', layoutId });
      expect(refused.status, layoutId).toBe(404);
      expect(refused.body.message).toBe('Layout not found.');
    }
    expect(await count()).toBe(before);
  });

  it("keeps 'All categories' sorted A–Z in sections: categories in order, products sorted inside each", async () => {
    // Sorted by title alone, these interleave: Apron (Kitchen), Beanie (Hats), Bowl (Kitchen), Cap (Hats)...
    const dora = await registeredClient(server.url, 'dora@example.com');
    const listing = (title: string, category: string | null) => ({
      title,
      price: 10,
      category,
      external_id: `csv:${title}`,
      source: 'csv',
    });
    const imported = await dora.post('/api/v1/listings', [
      listing('Mug', 'Kitchen'),
      listing('Cap', 'Hats'),
      listing('Apron', 'Kitchen'),
      listing('Gift card', null),
      listing('Beanie', 'Hats'),
      listing('Bowl', 'Kitchen'),
    ]);
    expect(imported.status).toBe(200);
    const { status, body } = await build(dora, {
      kind: 'catalog',
      purpose: 'print',
      sort: 'title',
      title: 'Everything',
    });
    expect(status).toBe(200);
    const catalog = body.data as Catalog;
    expect(titles(catalog)).toEqual(['Beanie', 'Cap', 'Apron', 'Bowl', 'Mug', 'Gift card']);
    // The contents page follows: one entry per category, in order, each at its own first page.
    expect(tocEntries(catalog).map((e) => [e.title, e.page])).toEqual([
      ['Hats', 3],
      ['Kitchen', 4],
      ['Other products', 5],
    ]);
  });

  it('builds a catalog with no products yet: pages to fill in the editor', async () => {
    const { status, body } = await build(bob, { kind: 'price_list', purpose: 'print', title: 'Prices' });
    expect(status).toBe(200);
    expect(body.data.pages.map((p: Page) => p.kind)).toEqual(['product', 'table', 'product']);
  });

  it('answers 400 naming the field for a bad kind, purpose, sort, title or categories', async () => {
    const good = { kind: 'catalog', purpose: 'print', title: 'T' };
    for (const [body, field] of [
      [{ ...good, kind: 'brochure' }, 'kind'],
      [{ ...good, purpose: 'fun' }, 'purpose'],
      [{ ...good, sort: 'random' }, 'sort'],
      [{ ...good, title: '   ' }, 'title'],
      [{ ...good, categories: 'Shirts' }, 'categories'],
      [{ kind: 'catalog', purpose: 'print' }, 'title'],
    ] as const) {
      const r = await build(alice, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(field);
    }
  });

  it("answers 404 for another owner's store account", async () => {
    const accounts = await (await alice.get('/api/v1/accounts')).json();
    const r = await build(bob, {
      kind: 'catalog',
      purpose: 'print',
      title: 'Theirs',
      accountId: accounts.data[0].id,
    });
    expect(r.status).toBe(404);
  });

  it('refuses a catalog past the plan product limit with the SPEC message', async () => {
    const carol = await registeredClient(server.url, 'carol@example.com');
    const many = Array.from({ length: 301 }, (_, i) => ({ title: `Item ${i}`, price: 1, source: 'csv' }));
    expect((await carol.post('/api/v1/listings', many)).status).toBe(200);
    // 6 a page, the catalog would pass the trial's 40 pages first; the line sheet fits 9 a page.
    const pages = await build(carol, { kind: 'catalog', purpose: 'print', title: 'Too long' });
    expect(pages.status).toBe(403);
    expect(pages.body.message).toBe('Max Pages Limit Reached (53/40)');
    const r = await build(carol, { kind: 'line_sheet', purpose: 'print', title: 'Too big' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Max Products Limit Reached (301/300)');
    expect((await (await carol.get('/api/v1/catalogs')).json()).data).toEqual([]);
  });
});

describe('renaming, copying and deleting', () => {
  let id: string;
  beforeAll(async () => {
    id = (await (await alice.post('/api/v1/catalogs', { title: 'Autumn' })).json()).data._id;
  });

  it('renames a catalog, moving its revision on so an open editor reloads', async () => {
    const before = (await (await alice.get(`/api/v1/catalogs/${id}`)).json()).revision;
    const res = await alice.put(`/api/v1/catalogs/${id}`, { title: '  Autumn 2027 ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: 'Autumn 2027', revision: before + 1 });
    expect((await (await alice.get(`/api/v1/catalogs/${id}`)).json()).data.title).toBe('Autumn 2027');
  });

  it('answers 400 naming the field for a bad update', async () => {
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{}, 'catalog'],
      [{ catalog: { title: 'x' } }, 'revision'],
      [{ featured: 'yes' }, 'featured'],
    ] as const) {
      const res = await alice.put(`/api/v1/catalogs/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toContain(field);
    }
  });

  it('copies a catalog with its pages as a new catalog', async () => {
    const res = await alice.post(`/api/v1/catalogs/${id}/copy`, { title: 'Copy of Autumn 2027' });
    expect(res.status).toBe(200);
    const copy = (await res.json()).data as Catalog;
    const original = (await (await alice.get(`/api/v1/catalogs/${id}`)).json()).data as Catalog;
    expect(copy._id).not.toBe(id);
    expect(copy.title).toBe('Copy of Autumn 2027');
    expect(copy.pages.map((p) => p.layout._id)).toEqual(original.pages.map((p) => p.layout._id));
    expect(copy.featured).toBe(false);
  });

  it("answers 404 to another owner's id, whatever the call", async () => {
    expect((await bob.post(`/api/v1/catalogs/${id}/copy`)).status).toBe(404);
    expect((await bob.put(`/api/v1/catalogs/${id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await bob.put(`/api/v1/designs/${id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await bob.del(`/api/v1/designs/${id}`)).status).toBe(404);
    expect((await bob.post('/api/v1/catalogs/not-an-id/copy')).status).toBe(404);
    expect((await (await alice.get(`/api/v1/catalogs/${id}`)).json()).data.title).toBe('Autumn 2027');
  });

  it('refuses a copy past the plan catalog limit with the SPEC message', async () => {
    const dan = await registeredClient(server.url, 'dan@example.com');
    const first = (await (await dan.post('/api/v1/catalogs', { title: 'A' })).json()).data._id;
    await dan.post(`/api/v1/catalogs/${first}/copy`);
    await dan.post(`/api/v1/catalogs/${first}/copy`);
    const res = await dan.post(`/api/v1/catalogs/${first}/copy`);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Max Catalogs Limit Reached (4/3)');
  });

  it('refuses a copy asked by another site (403)', async () => {
    const res = await fetch(`${server.url}/api/v1/catalogs/${id}/copy`, {
      method: 'POST',
      headers: {
        Cookie: alice.jar.header(),
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('saves and deletes through PUT/DELETE designs/{designId}', async () => {
    const got = await (await alice.get(`/api/v1/catalogs/${id}`)).json();
    const saved = await alice.put(`/api/v1/designs/${id}`, {
      catalog: { ...got.data, title: 'Saved as design' },
      revision: got.revision,
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).revision).toBe(got.revision + 1);
    expect((await alice.del(`/api/v1/designs/${id}`)).status).toBe(200);
    expect((await alice.get(`/api/v1/catalogs/${id}`)).status).toBe(404);
  });
});

describe('templates and featured catalogs', () => {
  let templateId: string;
  beforeAll(async () => {
    templateId = (await (await staff.post('/api/v1/catalogs', { title: 'Fashion template' })).json()).data
      ._id;
  });

  it('lets staff only add and remove a template (403 for merchants, 404 for an unknown catalog)', async () => {
    expect((await alice.post(`/api/v1/catalogs/templates/${templateId}`)).status).toBe(403);
    expect((await alice.del(`/api/v1/catalogs/templates/${templateId}`)).status).toBe(403);
    expect((await staff.post('/api/v1/catalogs/templates/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    const added = await staff.post(`/api/v1/catalogs/templates/${templateId}`);
    expect(added.status).toBe(200);
    expect((await added.json()).data).toMatchObject({ _id: templateId, is_template: true });
  });

  it('lists templates with their covers, to merchants and to everyone, without the owner', async () => {
    const mine = await (await alice.get('/api/v1/catalogs/templates')).json();
    expect(mine.data.map((c: { title: string }) => c.title)).toEqual(['Fashion template']);
    expect(mine.data[0].cover.pages).toHaveLength(1);
    expect(mine.data[0].cover.pages[0].layout.type).toBe('front cover');
    expect(JSON.stringify(mine.data[0])).not.toContain('staff@example.com');
    const anyone = await (await client(server.url).get('/api/v1/templates')).json();
    expect(anyone.data.map((c: { _id: string }) => c._id)).toEqual([templateId]);
    expect((await client(server.url).get('/api/v1/catalogs/templates')).status).toBe(401);
  });

  it('lets a merchant start from a template (a copy of their own) but not copy staff catalogs', async () => {
    const res = await bob.post(`/api/v1/catalogs/${templateId}/copy`, { title: 'From the template' });
    expect(res.status).toBe(200);
    const copy = (await res.json()).data;
    expect(copy.user.email).toBe('bob@example.com');
    expect((await staff.del(`/api/v1/catalogs/templates/${templateId}`)).status).toBe(200);
    expect((await (await alice.get('/api/v1/catalogs/templates')).json()).data).toEqual([]);
    expect((await bob.post(`/api/v1/catalogs/${templateId}/copy`)).status).toBe(404);
  });

  it('lets the admin feature any catalog (403 for its owner), shown to everyone once published, unless protected', async () => {
    const own = (await (await alice.post('/api/v1/catalogs', { title: 'Showcase' })).json()).data._id;
    const refused = await alice.put(`/api/v1/catalogs/${own}`, { featured: true });
    expect(refused.status).toBe(403);
    const res = await staff.put(`/api/v1/catalogs/${own}`, { featured: true });
    expect(res.status).toBe(200);
    expect((await res.json()).featured).toBe(true);
    // A draft is nobody's to see (its link would answer 404): featured only once published.
    expect((await (await client(server.url).get('/api/v1/featured-catalogs')).json()).data).toEqual([]);
    await publishForVisitors(alice, own);
    const featured = await (await client(server.url).get('/api/v1/featured-catalogs')).json();
    expect(featured.data.map((c: { title: string }) => c.title)).toEqual(['Showcase']);
    expect(featured.data[0].cover.user.email).toBe('');
    await server.runtime.db.update(catalogs).set({ passwordHash: 'x' }).where(eq(catalogs.id, own));
    expect((await (await client(server.url).get('/api/v1/featured-catalogs')).json()).data).toEqual([]);
    expect((await staff.put(`/api/v1/catalogs/${own}`, { featured: false })).status).toBe(200);
  });

  it('documents every call in the OpenAPI document', async () => {
    const doc = await (await client(server.url).get('/api/v1/openapi.json')).json();
    for (const [path, method] of [
      ['/api/v1/catalogs/build', 'post'],
      ['/api/v1/catalogs/{catalogId}/copy', 'post'],
      ['/api/v1/catalogs/templates', 'get'],
      ['/api/v1/catalogs/templates/{catalogId}', 'post'],
      ['/api/v1/catalogs/templates/{catalogId}', 'delete'],
      ['/api/v1/templates', 'get'],
      ['/api/v1/featured-catalogs', 'get'],
      ['/api/v1/designs/{designId}', 'put'],
      ['/api/v1/designs/{designId}', 'delete'],
    ])
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
