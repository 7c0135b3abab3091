import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createProductElement, getDefaultLayout } from '../../core/layouts/index.ts';
import type { Page } from '../../core/model/index.ts';
import { plans, subscriptions, users } from '../../db/schema.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;
let alice: Awaited<ReturnType<typeof registeredClient>>;
let bob: Awaited<ReturnType<typeof registeredClient>>;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  alice = await registeredClient(server.url, 'alice-saves@example.com');
  bob = await registeredClient(server.url, 'bob-saves@example.com');
  // Alice is on a paid plan so her test catalogs stay under the catalog count limit; Bob stays on trial.
  const [a] = await server.runtime.db.select().from(users).where(eq(users.email, 'alice-saves@example.com'));
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

type Doc = { _id: string; pages: Page[]; settings: Record<string, unknown>; title: string };

async function newCatalog(c = alice): Promise<{ doc: Doc; revision: number }> {
  const res = await c.post('/api/v1/catalogs', { title: 'Saves' });
  const body = await res.json();
  return { doc: body.data, revision: body.revision };
}

const withProducts = (page: Page, titles: string[]): Page => ({
  ...page,
  elements: page.elements.map((e, i) =>
    titles[i] ? createProductElement(`${page.id}-e${i}`, { id: `l-${titles[i]}`, title: titles[i]! }) : e,
  ),
});

const changes = (c: typeof alice, id: string, body: unknown) =>
  c.post(`/api/v1/catalogs/${id}/changes`, body);

describe('saving what a change touched (POST /changes, PUT /pages/{id})', () => {
  it('adds, moves and removes pages with the order, and writes only the pages sent', async () => {
    const { doc, revision } = await newCatalog();
    const [front, grid, back] = doc.pages;
    const added = createPage({ layout: getDefaultLayout('products', 4) });
    const res = await changes(alice, doc._id, {
      revision,
      saveId: 'save-0001-add',
      pages: [withProducts(added, ['Scarf', 'Hat'])],
      order: [front!.id, added.id, grid!.id, back!.id],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revision: 2, duplicate: false });
    const saved = await (await alice.get(`/api/v1/catalogs/${doc._id}`)).json();
    expect(saved.data.pages.map((p: Page) => p.id)).toEqual([front!.id, added.id, grid!.id, back!.id]);
    const list = await (await alice.get('/api/v1/catalogs')).json();
    expect(list.data.find((c: { _id: string }) => c._id === doc._id)).toMatchObject({
      pageCount: 4,
      productCount: 2,
    });

    // Removing a page: left out of the order. Its products leave the count.
    const removed = await changes(alice, doc._id, {
      revision: 2,
      order: [front!.id, grid!.id, back!.id],
    });
    expect(removed.status).toBe(200);
    const after = await (await alice.get('/api/v1/catalogs')).json();
    expect(after.data.find((c: { _id: string }) => c._id === doc._id)).toMatchObject({
      pageCount: 3,
      productCount: 0,
    });
  });

  it('applies a save sent twice once, answering the revision it made', async () => {
    const { doc, revision } = await newCatalog();
    const grid = doc.pages[1]!;
    const body = {
      revision,
      saveId: 'save-0002-twice',
      page: withProducts(grid, ['Lamp']),
    };
    const first = await alice.put(`/api/v1/catalogs/${doc._id}/pages/${grid.id}`, body);
    expect((await first.json()).revision).toBe(2);
    // A later save by another editor moves the catalog on.
    const other = await alice.put(`/api/v1/catalogs/${doc._id}/pages/${grid.id}`, {
      revision: 2,
      page: withProducts(grid, ['Lamp', 'Vase']),
    });
    expect(other.status).toBe(200);
    const again = await alice.put(`/api/v1/catalogs/${doc._id}/pages/${grid.id}`, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ revision: 2, duplicate: true });
    const saved = await (await alice.get(`/api/v1/catalogs/${doc._id}`)).json();
    const titles = saved.data.pages[1].elements
      .filter((e: { type: string }) => e.type === 'application/product')
      .map((e: { properties: { title: string } }) => e.properties.title);
    expect(titles).toEqual(['Lamp', 'Vase']);
    const dup = await changes(alice, doc._id, { revision: 1, saveId: 'save-0002-twice' });
    expect(await dup.json()).toEqual({ revision: 2, duplicate: true });
  });

  it('refuses a stale revision with 409 and reports the pages saved since (GET /changes)', async () => {
    const { doc, revision } = await newCatalog();
    const [front, grid] = doc.pages;
    await alice.put(`/api/v1/catalogs/${doc._id}/pages/${grid!.id}`, {
      revision,
      saveId: 'save-0003-tab-a',
      page: withProducts(grid!, ['Shirt']),
    });
    const stale = await alice.put(`/api/v1/catalogs/${doc._id}/pages/${front!.id}`, {
      revision,
      page: front,
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).details).toEqual({ revision: 2 });

    const since = await (await alice.get(`/api/v1/catalogs/${doc._id}/changes?since=${revision}`)).json();
    expect(since.revision).toBe(2);
    expect(since.saves).toContain('save-0003-tab-a');
    expect(since.order).toEqual(doc.pages.map((p) => p.id));
    expect(since.pages.map((p: Page) => p.id)).toEqual([grid!.id]);
    expect(since.document.title).toBe('Saves');
    const none = await (await alice.get(`/api/v1/catalogs/${doc._id}/changes?since=2`)).json();
    expect(none).toEqual({ revision: 2, saves: ['save-0003-tab-a'] });
  });

  it('saves the catalog fields, keeping the ones the server owns', async () => {
    const { doc, revision } = await newCatalog();
    const res = await changes(alice, doc._id, {
      revision,
      document: {
        ...doc,
        pages: undefined,
        title: 'Renamed',
        settings: { ...doc.settings, nbProductsPage: 4 },
        user: { _id: 'x', email: 'evil@example.com' },
      },
    });
    expect(res.status).toBe(200);
    const saved = (await (await alice.get(`/api/v1/catalogs/${doc._id}`)).json()).data;
    expect(saved.title).toBe('Renamed');
    expect(saved.settings.nbProductsPage).toBe(4);
    expect(saved.user.email).toBe('alice-saves@example.com');
    expect(saved.pages).toHaveLength(3);
  });

  it('blocks a change past the plan limits with the SPEC message and keeps the catalog as it was', async () => {
    const { doc, revision } = await newCatalog(bob);
    // The trial allows 40 pages (db/seed/plans.ts).
    const extra = Array.from({ length: 38 }, () => createPage({ layout: getDefaultLayout('products', 9) }));
    const res = await changes(bob, doc._id, {
      revision,
      pages: extra,
      order: [...doc.pages.map((p) => p.id), ...extra.map((p) => p.id)],
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Max Pages Limit Reached (41/40)');
    const saved = (await (await bob.get(`/api/v1/catalogs/${doc._id}`)).json()).data;
    expect(saved.pages).toHaveLength(3);
  });

  it('answers 400 naming the field for a bad page or order, and 404 for another owner', async () => {
    const { doc, revision } = await newCatalog();
    const bad = await changes(alice, doc._id, {
      revision,
      pages: [{ ...doc.pages[1], columns: 99 }],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('pages.0.columns');
    const unknown = await changes(alice, doc._id, { revision, order: ['nope'] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain('order.0: No page of this catalog has this id');
    const twice = await changes(alice, doc._id, {
      revision,
      order: [doc.pages[0]!.id, doc.pages[0]!.id],
    });
    expect((await twice.json()).message).toContain('order.1: Listed twice');
    const newWithoutOrder = await changes(alice, doc._id, {
      revision,
      pages: [createPage({ layout: getDefaultLayout('products', 4) })],
    });
    expect((await newWithoutOrder.json()).message).toContain('pages.0.id: A new page needs the page order');
    expect((await changes(bob, doc._id, { revision, order: [] })).status).toBe(404);
    expect((await bob.get(`/api/v1/catalogs/${doc._id}/changes?since=0`)).status).toBe(404);
    expect((await alice.get(`/api/v1/catalogs/${doc._id}/changes?since=x`)).status).toBe(400);
  });

  it('stores a drawing’s SVG sanitized, whichever way the catalog is saved (PUT, POST /changes, PUT /pages)', async () => {
    const { doc, revision } = await newCatalog();
    const evil =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="window.x=1"><script>window.x=2</script>' +
      '<image href="https://evil.test/p.png" width="9" height="9"/><use href="https://evil.test/s.svg#a"/>' +
      '<rect width="20" height="10" fill="url(https://evil.test/#g)" style="fill:url(https://evil.test/#h)"/>' +
      '<text x="2" y="8">NEW</text></svg>';
    const drawn = (page: Page, id: string): Page => ({
      ...page,
      elements: page.elements.map((e, i) =>
        i === 0 ? { ...e, id, type: 'image/svg+xml', properties: { svg: evil, shapes: [], alt: 'NEW' } } : e,
      ),
    });
    const storedSvg = async (pageIndex: number) => {
      const saved = (await (await alice.get(`/api/v1/catalogs/${doc._id}`)).json()).data as Doc;
      return String((saved.pages[pageIndex]!.elements[0]!.properties as Record<string, unknown>).svg);
    };
    const expectSafe = (svg: string) => {
      expect(svg).toMatch(/^<svg[^>]*>[\s\S]*<text x="2" y="8">NEW<\/text>[\s\S]*<\/svg>$/);
      // A <use> may stay, with no reference: only #ids within the drawing are kept.
      expect(svg).not.toMatch(/script|onload|evil\.test|<image|href|url\(/);
    };

    const put = await alice.put(`/api/v1/catalogs/${doc._id}`, {
      catalog: { ...doc, pages: [drawn(doc.pages[0]!, 'svg-put'), ...doc.pages.slice(1)] },
      revision,
    });
    expect(put.status).toBe(200);
    expectSafe(await storedSvg(0));

    const afterPut = (await put.json()).revision as number;
    const viaChanges = await changes(alice, doc._id, {
      revision: afterPut,
      pages: [drawn(doc.pages[1]!, 'svg-changes')],
    });
    expect(viaChanges.status).toBe(200);
    expectSafe(await storedSvg(1));

    const viaPage = await alice.put(`/api/v1/catalogs/${doc._id}/pages/${doc.pages[2]!.id}`, {
      revision: (await viaChanges.json()).revision,
      page: drawn(doc.pages[2]!, 'svg-page'),
    });
    expect(viaPage.status).toBe(200);
    expectSafe(await storedSvg(2));
  });
});

describe("plan limits on saves and copies (server/billing's assertPageWithinPlan, SPEC §5)", () => {
  let carol: Awaited<ReturnType<typeof registeredClient>>;
  /** A small plan of Carol's own, so a few pages and products reach its limits. */
  const setLimits = async (limits: { max_pages_per_catalog: number; max_products_per_catalog: number }) => {
    const [base] = await server.runtime.db.select().from(plans).where(eq(plans.id, 'BUSINESS'));
    const values = {
      id: 'SMALL-TEST',
      title: 'Small',
      tier: 'custom',
      durationDays: 365,
      public: false,
      limits: { ...(base!.limits as object), max_catalogs: 10, ...limits },
    };
    await server.runtime.db
      .insert(plans)
      .values(values)
      .onConflictDoUpdate({ target: plans.id, set: { limits: values.limits } });
  };

  beforeAll(async () => {
    carol = await registeredClient(server.url, 'carol-limits@example.com');
    await setLimits({ max_pages_per_catalog: 4, max_products_per_catalog: 5 });
    const [c] = await server.runtime.db
      .select()
      .from(users)
      .where(eq(users.email, 'carol-limits@example.com'));
    await server.runtime.db.insert(subscriptions).values({
      userId: c!.id,
      planId: 'SMALL-TEST',
      type: 'manual',
      title: 'Small',
      startDate: new Date(),
      durationDays: 365,
    });
  });

  it('refuses one page saved past the product limit (PUT /pages/{id}) and keeps the page as it was', async () => {
    const { doc, revision } = await newCatalog(carol);
    const grid = doc.pages[1]!;
    const page = withProducts(createPage({ layout: getDefaultLayout('products', 9) }), [
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
    const res = await carol.put(`/api/v1/catalogs/${doc._id}/pages/${grid.id}`, {
      revision,
      page: { ...page, id: grid.id },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Max Products Limit Reached (6/5)');
    const fits = await carol.put(`/api/v1/catalogs/${doc._id}/pages/${grid.id}`, {
      revision,
      page: withProducts(grid, ['a', 'b']),
    });
    expect(fits.status).toBe(200);
  });

  it('refuses pages added past the page limit, yet lets a catalog over it (after a downgrade) shed pages', async () => {
    const { doc, revision } = await newCatalog(carol);
    const two = [1, 2].map(() => createPage({ layout: getDefaultLayout('products', 4) }));
    const ids = doc.pages.map((p) => p.id);
    const over = await changes(carol, doc._id, {
      revision,
      pages: two,
      order: [...ids, ...two.map((p) => p.id)],
    });
    expect(over.status).toBe(403);
    expect((await over.json()).message).toBe('Max Pages Limit Reached (5/4)');
    const one = await changes(carol, doc._id, { revision, pages: [two[0]], order: [...ids, two[0]!.id] });
    expect(one.status).toBe(200);

    // The plan now allows 2 pages; the catalog has 4. Removing one is allowed, adding one back is not.
    await setLimits({ max_pages_per_catalog: 2, max_products_per_catalog: 5 });
    const shed = await changes(carol, doc._id, { revision: 2, order: [...ids] });
    expect(shed.status).toBe(200);
    const regrow = await changes(carol, doc._id, {
      revision: 3,
      pages: [two[1]],
      order: [...ids, two[1]!.id],
    });
    expect(regrow.status).toBe(403);
    expect((await regrow.json()).message).toBe('Max Pages Limit Reached (4/2)');
    await setLimits({ max_pages_per_catalog: 4, max_products_per_catalog: 5 });
  });

  it('refuses a copy with more pages than the plan allows', async () => {
    const { doc } = await newCatalog(carol);
    await setLimits({ max_pages_per_catalog: 2, max_products_per_catalog: 5 });
    const res = await carol.post(`/api/v1/catalogs/${doc._id}/copy`, { title: 'Too long a copy' });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Max Pages Limit Reached (3/2)');
    await setLimits({ max_pages_per_catalog: 4, max_products_per_catalog: 5 });
  });
});
