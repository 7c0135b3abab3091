import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage } from '../../core/layouts/index.ts';
import { PageLayoutSchema } from '../../core/model/index.ts';
import { pageLayouts, subscriptions, users } from '../../db/schema.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;
let owner: Awaited<ReturnType<typeof registeredClient>>;
let other: Awaited<ReturnType<typeof registeredClient>>;
let trial: Awaited<ReturnType<typeof registeredClient>>;
let staff: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({
    WORKER: 'off',
    ADMIN_EMAIL: 'layout-staff@example.com',
    ADMIN_PASSWORD: 'layout-staff-password-1',
  });
  staff = client(server.url);
  await staff.post('/auth/login', { email: 'layout-staff@example.com', password: 'layout-staff-password-1' });
  owner = await registeredClient(server.url, 'layouts@example.com');
  other = await registeredClient(server.url, 'layouts-other@example.com');
  trial = await registeredClient(server.url, 'layouts-trial@example.com');
  for (const email of ['layouts@example.com', 'layouts-other@example.com']) {
    const [u] = await server.runtime.db.select().from(users).where(eq(users.email, email));
    await server.runtime.db.insert(subscriptions).values({
      userId: u!.id,
      planId: 'BUSINESS',
      type: 'manual',
      title: 'Business',
      startDate: new Date(),
      durationDays: 365,
    });
  }
});
afterAll(() => server?.close());

const custom = PageLayoutSchema.parse({
  title: 'Two columns',
  cells: [
    { x: 0, y: 0, width: 0.5, height: 1, accepts: ['application/product'] },
    { x: 0.5, y: 0, width: 0.5, height: 1, accepts: ['image/*'] },
  ],
});

describe('page layouts API', () => {
  it('lists the product layouts and answers the special pages by name', async () => {
    const list = await (await owner.get('/api/v1/pagelayouts')).json();
    expect(list.data.map((l: { _id: string }) => l._id)).toContain('default-products-9');
    const names = {
      wholesalecontract: 'wholesale-contract',
      fullTextPage: 'full-text',
      tableofcontents: 'table-of-contents',
      wholesaleform: 'wholesale-order-form',
      profilepage: 'profile',
      summaryPage: 'summary',
    };
    for (const [name, type] of Object.entries(names)) {
      const res = await owner.get(`/api/v1/pagelayouts/${name}`);
      expect(res.status, name).toBe(200);
      expect((await res.json()).data.type).toBe(type);
    }
    const form = await (await owner.get('/api/v1/pagelayouts/wholesaleform?nbPages=3')).json();
    expect(form.nbPages).toBe(3);
    const unknown = await owner.get('/api/v1/pagelayouts/nope');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain('pageLayoutId');
  });

  it('saves layouts for plans with custom layouts; the trial is asked to upgrade', async () => {
    const refused = await trial.post('/api/v1/pagelayouts', { layout: custom });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Please upgrade to use this feature');
    const bad = await owner.post('/api/v1/pagelayouts', { layout: { cells: [{ x: 4 }] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('layout.cells.0.x');
  });

  it('lets only the owner update or delete a layout, and not while a page uses it', async () => {
    const created = (await (await owner.post('/api/v1/pagelayouts', { layout: custom })).json()).data;
    expect(created).toMatchObject({ title: 'Two columns', type: 'custom', isOwner: true, margin: 10 });
    const renamed = await owner.put(`/api/v1/pagelayouts/${created._id}`, {
      layout: { ...custom, title: 'Duo' },
    });
    expect((await renamed.json()).data.title).toBe('Duo');
    expect((await other.put(`/api/v1/pagelayouts/${created._id}`, { layout: custom })).status).toBe(404);
    expect((await other.del(`/api/v1/pagelayouts/${created._id}`)).status).toBe(404);
    const builtIn = await owner.put('/api/v1/pagelayouts/default-products-9', { layout: custom });
    expect(builtIn.status).toBe(403);

    // A catalog page on the layout keeps it from being deleted.
    const page = createPage({ layout: PageLayoutSchema.parse({ ...custom, _id: created._id }) });
    await owner.post('/api/v1/catalogs', { catalog: { title: 'Uses it', pages: [page] } });
    const inUse = await owner.del(`/api/v1/pagelayouts/${created._id}`);
    expect(inUse.status).toBe(409);
    expect((await inUse.json()).message).toBe(
      'Your catalog is using this layout. Please remove it from the catalog before deleting it.',
    );
    const unused = (await (await owner.post('/api/v1/pagelayouts', { layout: custom })).json()).data;
    expect((await owner.del(`/api/v1/pagelayouts/${unused._id}`)).status).toBe(200);
    const list = await (await owner.get('/api/v1/pagelayouts')).json();
    expect(list.data.map((l: { _id: string }) => l._id)).not.toContain(unused._id);
    expect((await other.get('/api/v1/pagelayouts')).ok).toBe(true);
    const theirs = await (await other.get('/api/v1/pagelayouts')).json();
    expect(theirs.data.map((l: { _id: string }) => l._id)).not.toContain(created._id);
  });

  it('offers library layouts only when public and available to the plan, in the order a merchant reads them', async () => {
    const db = server.runtime.db;
    const base = { cells: custom.cells, type: 'products' as const };
    const add = async (id: string, title: string, extra: Partial<typeof pageLayouts.$inferInsert>) =>
      db.insert(pageLayouts).values({
        id,
        ownerId: null,
        title,
        type: 'products',
        document: { ...base, title, _id: id },
        ...extra,
      });
    await add('lib-hidden', 'Hidden', { public: false });
    await add('lib-paid', 'Paid only', { availability: 'paid' });
    await add('lib-custom', 'Custom plans', { availability: 'custom' });
    const ids = async (c: typeof owner) =>
      ((await (await c.get('/api/v1/pagelayouts')).json()).data as { _id: string }[]).map((l) => l._id);
    const paying = await ids(owner);
    expect(paying).toContain('lib-paid');
    expect(paying).not.toContain('lib-hidden');
    expect(paying).not.toContain('lib-custom');
    const onTrial = await ids(trial);
    expect(onTrial).not.toContain('lib-paid');
    // 2 per page before 12 per page (never the text order).
    const products = onTrial.filter((id) => /^default-products-\d+$/.test(id));
    const counts = products.map((id) => Number(id.split('-').pop()));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect((await (await trial.get('/api/v1/pagelayouts')).json()).custom_subscription).toBe(false);
    // A library layout the merchant cannot use is as unknown to them as another merchant's.
    expect((await trial.put('/api/v1/pagelayouts/lib-hidden', { layout: custom })).status).toBe(404);

    const library = await (await staff.get('/api/v1/pagelayouts?scope=library')).json();
    const all = library.data.map((l: { _id: string }) => l._id);
    expect(all).toEqual(expect.arrayContaining(['lib-hidden', 'lib-paid', 'lib-custom']));
    expect((await owner.get('/api/v1/pagelayouts?scope=library')).status).toBe(403);
  });

  it('lets staff keep the library: add with an order, update, and not delete one any catalog uses', async () => {
    const made = await staff.post('/api/v1/pagelayouts', {
      layout: { ...custom, title: 'Staff pick', type: 'products' },
      library: true,
      ordering: 1,
    });
    expect(made.status).toBe(200);
    const layout = (await made.json()).data;
    expect(layout).toMatchObject({ library: true, ordering: 1, isOwner: true, owner: null });
    expect((await owner.post('/api/v1/pagelayouts', { layout: custom, library: true })).status).toBe(403);
    const list = (await (await owner.get('/api/v1/pagelayouts')).json()).data as {
      _id: string;
      type: string;
    }[];
    // Ordering 1 comes first among the product layouts.
    expect(list.filter((l) => l.type === 'products')[0]!._id).toBe(layout._id);
    // A merchant saving it is told to keep a copy instead.
    const refused = await owner.put(`/api/v1/pagelayouts/${layout._id}`, { layout: custom });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(
      'Only the owner may change this layout. Save it as a new layout instead.',
    );
    const renamed = await staff.put(`/api/v1/pagelayouts/${layout._id}`, {
      layout: { ...custom, title: 'Staff pick 2', type: 'products' },
      ordering: 5,
    });
    expect((await renamed.json()).data).toMatchObject({ title: 'Staff pick 2', ordering: 5 });

    const page = createPage({ layout: PageLayoutSchema.parse({ ...custom, _id: layout._id }) });
    await owner.post('/api/v1/catalogs', { catalog: { title: 'Uses the pick', pages: [page] } });
    const inUse = await staff.del(`/api/v1/pagelayouts/${layout._id}`);
    expect(inUse.status).toBe(409);
    expect((await inUse.json()).message).toBe(
      'Your catalog is using this layout. Please remove it from the catalog before deleting it.',
    );
  });
});

describe('the layout screens (/pagelayouts, /admin/pagelayouts, /admin/playground, /admin/settings)', () => {
  const html = { Accept: 'text/html' };

  it("shows a merchant their layouts and the library's they may use; another's or a refused one is a 404", async () => {
    const mine = (
      await (
        await owner.post('/api/v1/pagelayouts', { layout: { ...custom, title: 'Screen own grid' } })
      ).json()
    ).data;
    await server.runtime.db.insert(pageLayouts).values({
      id: 'screen-paid-only',
      ownerId: null,
      title: 'Screen paid only',
      type: 'products',
      availability: 'paid',
      document: { ...custom, title: 'Screen paid only', _id: 'screen-paid-only' },
    });
    const list = await owner.get('/pagelayouts', html);
    expect(list.status).toBe(200);
    const page = await list.text();
    expect(page).toContain('Screen own grid');
    expect(page).toContain('Screen paid only');
    const one = await owner.get(`/pagelayouts/${mine._id}`, html);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('Layout: Screen own grid');
    expect((await owner.get('/pagelayouts/new', html)).status).toBe(200);

    // Another merchant never sees it; the trial is not offered the paid layout.
    expect(await (await other.get('/pagelayouts', html)).text()).not.toContain('Screen own grid');
    expect((await other.get(`/pagelayouts/${mine._id}`, html)).status).toBe(404);
    expect(await (await trial.get('/pagelayouts', html)).text()).not.toContain('Screen paid only');
    expect((await trial.get('/pagelayouts/screen-paid-only', html)).status).toBe(404);
    expect((await owner.get('/pagelayouts/no-such-layout', html)).status).toBe(404);
  });

  it('keeps the staff screens for staff: merchants are refused with 403, never the page', async () => {
    await server.runtime.db.insert(pageLayouts).values({
      id: 'screen-hidden',
      ownerId: null,
      title: 'Screen hidden layout',
      type: 'custom',
      public: false,
      document: { ...custom, title: 'Screen hidden layout', _id: 'screen-hidden' },
    });
    for (const path of [
      '/admin/pagelayouts',
      '/admin/pagelayouts/new',
      '/admin/pagelayouts/screen-hidden',
      '/admin/playground',
      '/admin/settings',
    ]) {
      const refused = await owner.get(path, html);
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).not.toContain('Screen hidden layout');
    }
    const library = await staff.get('/admin/pagelayouts', html);
    expect(library.status).toBe(200);
    expect(await library.text()).toContain('Screen hidden layout');
    expect((await staff.get('/admin/pagelayouts/screen-hidden', html)).status).toBe(200);
    expect((await staff.get('/admin/playground', html)).status).toBe(200);
    // A merchant's own layout is not the library's.
    const theirs = (await (await owner.get('/api/v1/pagelayouts')).json()).data as {
      _id: string;
      library: boolean;
    }[];
    const own = theirs.find((l) => !l.library)!;
    expect((await staff.get(`/admin/pagelayouts/${own._id}`, html)).status).toBe(404);
  });

  it('shows staff the global settings as stored', async () => {
    const set = await staff.put('/api/v1/global-settings', {
      key: 'promotion',
      value: { active: true, text: 'Screen promotion', coupon: 'SCREEN10' },
    });
    expect(set.status).toBe(200);
    const page = await staff.get('/admin/settings', html);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Screen promotion');
    expect(text).toContain('SCREEN10');
  });
});
