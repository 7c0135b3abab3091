import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, collects, storeAccounts, users } from '../../db/schema.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { upsertListings } from '../../server/listings/index.ts';
import {
  DEFAULT_QUERY,
  categoryFilter,
  listingsUrl,
  type PanelCategory,
} from '../components/listings-panel/api.ts';

type Client = ReturnType<typeof client>;
let server: TestServer;
let alice: Client;
let bob: Client;
let aliceId: string;
let ownAccount: string;
let ids: Record<string, string>;

const get = async (c: Client, p: string) => {
  const res = await c.get(p);
  return { status: res.status, body: await res.json() };
};
const titles = (body: { data: { title: string }[] }) => body.data.map((l) => l.title);

beforeAll(async () => {
  server = await startTestServer();
  alice = client(server.url);
  bob = client(server.url);
  for (const [c, email] of [
    [alice, 'alice@example.com'],
    [bob, 'bob@example.com'],
  ] as const) {
    const res = await c.post('/auth/register', {
      email,
      password: 'password-123',
      confirmPassword: 'password-123',
    });
    expect(res.status).toBe(200);
  }
  const [a] = await server.runtime.db.select().from(users).where(eq(users.email, 'alice@example.com'));
  aliceId = a!.id;
  const accounts = await get(alice, '/api/v1/accounts');
  ownAccount = accounts.body.data[0].id;

  const res = await alice.post('/api/v1/listings', [
    { title: 'Ocean Blue Shirt', price: 50, stock: 10, category: 'Shirts', vendor: 'Blue Co', sku: 'OBS-1' },
    { title: 'oceanic Scarf', price: 20, stock: 0, category: 'Accessories' },
    { title: 'Émile Hat', price: 35, status: 'DRAFT', online: false, category: 'Hats' },
    { title: 'Zebra Socks', stock: 3, status: 'ARCHIVED', category: 'Accessories', sku: 'ZS-9' },
    { title: 'Apple Tee', price: 15, stock: -2, category: 'Shirts', brand: 'Orchard' },
    { title: 'Banana Tee', price: '$15.00', stock: 5, category: 'Shirts' },
  ]);
  expect(res.status).toBe(200);
  const stored = await res.json();
  expect(stored).toMatchObject({ created: 6, updated: 0, count: 6 });
  ids = Object.fromEntries(stored.data.map((l: { id: string; title: string }) => [l.title, l.id]));
  expect((await alice.put(`/api/v1/listings/${ids['Banana Tee']}`, { visible: false })).status).toBe(200);
});
afterAll(() => server?.close());

const listingsOf = (query: string) => get(alice, `/api/v1/accounts/${ownAccount}/listings${query}`);

describe('accounts (SPEC §7)', () => {
  it('lists the own account, with its listings counted', async () => {
    const { status, body } = await get(alice, '/api/v1/accounts');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      type: 'own',
      name: 'My products',
      shop_domain: '',
      listing_count: 6,
    });
    expect(await get(alice, `/api/v1/accounts/${ownAccount}`)).toMatchObject({
      status: 200,
      body: { type: 'own' },
    });
  });

  it('creates the own account when it is missing', async () => {
    const [b] = await server.runtime.db.select().from(users).where(eq(users.email, 'bob@example.com'));
    await server.runtime.db.delete(storeAccounts).where(eq(storeAccounts.userId, b!.id));
    const first = await get(bob, '/api/v1/accounts');
    expect(first.body.data.map((a: { type: string }) => a.type)).toEqual(['own']);
    const again = await get(bob, '/api/v1/accounts');
    expect(again.body.data[0].id).toBe(first.body.data[0].id);
  });

  it('merges account settings', async () => {
    await alice.put(`/api/v1/accounts/${ownAccount}`, { settings: { currency: 'EUR' } });
    const res = await alice.put(`/api/v1/accounts/${ownAccount}`, { settings: { language: 'fr' } });
    expect((await res.json()).settings).toEqual({ currency: 'EUR', language: 'fr' });
  });
});

describe('listing filters, sort, search and paging (SPEC §2.6, §7, §9)', () => {
  it('sorts by title by default, case and accents aside, and answers data, total and count', async () => {
    const { status, body } = await listingsOf('');
    expect(status).toBe(200);
    expect(titles(body)).toEqual([
      'Apple Tee',
      'Banana Tee',
      'Émile Hat',
      'Ocean Blue Shirt',
      'oceanic Scarf',
      'Zebra Socks',
    ]);
    expect([body.total, body.count, body.page, body.page_size]).toEqual([6, 6, 1, 50]);
    expect(body.data[1]).toMatchObject({ price: 15, visible: false, source: 'own', account_id: ownAccount });
  });

  it('sorts alpha-desc, price-asc and price-desc (no price last, ties by title)', async () => {
    expect(titles((await listingsOf('?sort_by=alpha-desc')).body)).toEqual([
      'Zebra Socks',
      'oceanic Scarf',
      'Ocean Blue Shirt',
      'Émile Hat',
      'Banana Tee',
      'Apple Tee',
    ]);
    expect(titles((await listingsOf('?sort_by=price-asc')).body)).toEqual([
      'Apple Tee',
      'Banana Tee',
      'oceanic Scarf',
      'Émile Hat',
      'Ocean Blue Shirt',
      'Zebra Socks',
    ]);
    expect(titles((await listingsOf('?sort_by=price-desc')).body)).toEqual([
      'Ocean Blue Shirt',
      'Émile Hat',
      'oceanic Scarf',
      'Apple Tee',
      'Banana Tee',
      'Zebra Socks',
    ]);
  });

  it('filters by stock (no stock counts as available), online, visible and status', async () => {
    expect(titles((await listingsOf('?in_stock=true')).body)).toEqual([
      'Banana Tee',
      'Émile Hat',
      'Ocean Blue Shirt',
      'Zebra Socks',
    ]);
    expect(titles((await listingsOf('?show_online_only=1')).body)).not.toContain('Émile Hat');
    expect((await listingsOf('?show_online_only=true')).body.total).toBe(5);
    expect(titles((await listingsOf('?visible=false')).body)).toEqual(['Banana Tee']);
    expect((await listingsOf('?visible=true')).body.total).toBe(5);
    expect(titles((await listingsOf('?status=DRAFT')).body)).toEqual(['Émile Hat']);
    expect(titles((await listingsOf('?status=archived')).body)).toEqual(['Zebra Socks']);
    expect(titles((await listingsOf('?status=ACTIVE&in_stock=true&visible=true')).body)).toEqual([
      'Ocean Blue Shirt',
    ]);
    expect(titles((await listingsOf('?category_id=Shirts')).body)).toEqual([
      'Apple Tee',
      'Banana Tee',
      'Ocean Blue Shirt',
    ]);
    expect(titles((await listingsOf('?in_stock=false&status=&keywords=')).body)).toHaveLength(6);
  });

  it('searches words as prefixes of the title, SKU, vendor, brand and category', async () => {
    expect(titles((await listingsOf('?keywords=oce')).body)).toEqual(['Ocean Blue Shirt', 'oceanic Scarf']);
    expect(titles((await listingsOf('?keywords=OCE%20shi')).body)).toEqual(['Ocean Blue Shirt']);
    expect(titles((await listingsOf('?keywords=orch')).body)).toEqual(['Apple Tee']);
    expect(titles((await listingsOf('?keywords=zs-9')).body)).toEqual(['Zebra Socks']);
    expect(titles((await listingsOf('?keywords=blue%20co')).body)).toEqual(['Ocean Blue Shirt']);
    expect(titles((await listingsOf('?keywords=acc')).body)).toEqual(['oceanic Scarf', 'Zebra Socks']);
    expect(titles((await listingsOf('?keywords=%C3%A9mi')).body)).toEqual(['Émile Hat']);
    // Accents aside, both ways: "emile" finds "Émile", "océan" finds "Ocean".
    expect(titles((await listingsOf('?keywords=emile')).body)).toEqual(['Émile Hat']);
    expect(titles((await listingsOf('?keywords=EMI%20hat')).body)).toEqual(['Émile Hat']);
    expect(titles((await listingsOf(`?keywords=${encodeURIComponent('océan')}`)).body)).toEqual([
      'Ocean Blue Shirt',
      'oceanic Scarf',
    ]);
    expect((await get(alice, `/api/v1/accounts/${ownAccount}/listings/count?keywords=emile`)).body).toEqual({
      count: 1,
    });
    expect(titles((await listingsOf('?keywords=tee&in_stock=true')).body)).toEqual(['Banana Tee']);
    expect((await listingsOf('?keywords=shirtz')).body).toMatchObject({ data: [], total: 0, count: 0 });
    // tsquery operators are text, not syntax
    expect((await listingsOf(`?keywords=${encodeURIComponent("oce' | !&:*")}`)).status).toBe(200);
    expect(titles((await listingsOf(`?keywords=${encodeURIComponent('-- &')}`)).body)).toHaveLength(6);
  });

  it('counts what the filters match', async () => {
    expect(await get(alice, `/api/v1/accounts/${ownAccount}/listings/count`)).toEqual({
      status: 200,
      body: { count: 6 },
    });
    expect((await get(alice, `/api/v1/accounts/${ownAccount}/listings/count?keywords=tee`)).body).toEqual({
      count: 2,
    });
  });

  it('pages by 50, and page -1 answers everything', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ title: `Item ${String(i + 1).padStart(3, '0')}` }));
    const c = client(server.url);
    await c.post('/auth/register', {
      email: 'carol@example.com',
      password: 'password-123',
      confirmPassword: 'password-123',
    });
    expect((await c.post('/api/v1/listings', many)).status).toBe(200);
    const account = (await get(c, '/api/v1/accounts')).body.data[0].id;
    const page = (n: number) => get(c, `/api/v1/accounts/${account}/listings?page=${n}`);
    const p2 = (await page(2)).body;
    expect([p2.total, p2.count, p2.data[0].title, p2.data[49].title]).toEqual([
      120,
      50,
      'Item 051',
      'Item 100',
    ]);
    const p3 = (await page(3)).body;
    expect([p3.count, p3.data.at(-1).title]).toEqual([20, 'Item 120']);
    expect((await page(4)).body).toMatchObject({ total: 120, count: 0 });
    expect((await page(-1)).body).toMatchObject({ total: 120, count: 120 });
  });

  it('refuses bad parameters with 400 and the SPEC error shape', async () => {
    expect(await listingsOf('?page=0')).toEqual({
      status: 400,
      body: expect.objectContaining({
        error: 'invalid',
        message: 'page: page is 1 or more, or -1 for every listing',
      }),
    });
    const sort = await listingsOf('?sort_by=cheapest');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/^sort_by: /);
    expect((await listingsOf('?status=SOLD')).status).toBe(400);
    expect((await listingsOf('?in_stock=maybe')).status).toBe(400);
  });
});

describe('a store account: manual, best-selling and created-desc sorts, shops, collections and categories', () => {
  let shopAccount: string;
  beforeAll(async () => {
    const db = server.runtime.db;
    const [acc] = await db
      .insert(storeAccounts)
      .values({ userId: aliceId, type: 'shopify', name: 'Alice Shop', shopDomain: 'alice.myshopify.com' })
      .returning();
    shopAccount = acc!.id;
    const r = await upsertListings({
      db,
      ownerId: aliceId,
      accountId: shopAccount,
      listings: [
        {
          source: 'shopify',
          external_id: 'p1',
          title: 'Anchor',
          store_position: 3,
          sales_rank: 1,
          external_created_at: '2024-01-01T00:00:00Z',
        },
        {
          source: 'shopify',
          external_id: 'p2',
          title: 'Buoy',
          store_position: 1,
          sales_rank: 3,
          external_created_at: '2025-06-01T00:00:00Z',
          category: 'Gear',
        },
        {
          source: 'shopify',
          external_id: 'p3',
          title: 'Compass',
          store_position: 2,
          external_created_at: '2023-01-01T00:00:00Z',
        },
      ],
    });
    const byExt = Object.fromEntries(r.listings.map((l) => [l.external_id, l.id]));
    const cols = await db
      .insert(collections)
      .values([
        {
          ownerId: aliceId,
          accountId: shopAccount,
          kind: 'collection',
          externalId: 'c-summer',
          title: 'Summer',
          isCustomCollection: true,
        },
        { ownerId: aliceId, accountId: shopAccount, kind: 'shop', externalId: 's-1', title: 'Main shop' },
        {
          ownerId: aliceId,
          accountId: shopAccount,
          kind: 'section',
          externalId: 'sec-1',
          title: 'Deck',
          parentExternalId: 's-1',
        },
      ])
      .returning();
    const [summer, shop] = cols;
    await db.insert(collects).values([
      { collectionId: summer!.id, listingId: byExt.p1!, position: 2 },
      { collectionId: summer!.id, listingId: byExt.p3!, position: 1 },
      { collectionId: shop!.id, listingId: byExt.p2! },
    ]);
  });
  const of = (q: string) => get(alice, `/api/v1/accounts/${shopAccount}${q}`);

  it('sorts by the store order, by sales and by creation date', async () => {
    expect(titles((await of('/listings?sort_by=manual')).body)).toEqual(['Buoy', 'Compass', 'Anchor']);
    expect(titles((await of('/listings?sort_by=best-selling')).body)).toEqual(['Anchor', 'Buoy', 'Compass']);
    expect(titles((await of('/listings?sort_by=created-desc')).body)).toEqual(['Buoy', 'Anchor', 'Compass']);
  });

  it('filters by collection, shop and category, and lists them', async () => {
    expect(titles((await of('/listings?collection_id=c-summer')).body)).toEqual(['Anchor', 'Compass']);
    expect(titles((await of('/listings?shop_id=s-1')).body)).toEqual(['Buoy']);
    expect(titles((await of('/listings?category_id=Gear')).body)).toEqual(['Buoy']);
    expect((await of('/shops')).body).toEqual({ data: [{ shop_id: 's-1', title: 'Main shop' }] });
    expect((await of('/shops/s-1/sections')).body).toEqual({
      data: [{ id: 'sec-1', title: 'Deck', shop_id: 's-1' }],
    });
    expect((await of('/categories')).body.data).toEqual([
      {
        id: 'c-summer',
        title: 'Summer',
        name: 'Summer',
        kind: 'collection',
        isCustomCollection: true,
        count: 2,
      },
      { id: 'Gear', title: 'Gear', name: 'Gear', kind: 'listing', isCustomCollection: false, count: 1 },
    ]);
    const collected = (await of('/collects?collection_id=c-summer')).body.data;
    expect(collected.map((c: { position: number }) => c.position)).toEqual([1, 2]);
    expect(
      (await get(alice, `/api/v1/accounts/${ownAccount}/categories`)).body.data.map(
        (c: { id: string; count: number }) => [c.id, c.count],
      ),
    ).toEqual([
      ['Accessories', 2],
      ['Hats', 1],
      ['Shirts', 3],
    ]);
  });

  it("the panel's category list asks a collection by collection_id, a category by category_id", async () => {
    const entries = (await of('/categories')).body.data as PanelCategory[];
    const shown: Record<string, string[]> = {};
    for (const entry of entries) {
      const url = listingsUrl(shopAccount, { ...DEFAULT_QUERY, ...categoryFilter(entry) });
      shown[entry.title] = titles((await get(alice, url)).body);
    }
    expect(shown).toEqual({ Summer: ['Anchor', 'Compass'], Gear: ['Buoy'] });
    // category_id names a category: a collection's id there matches nothing.
    expect(titles((await of('/listings?category_id=c-summer')).body)).toEqual([]);
  });

  it('answers the parent listing by store id, and its translation for a language', async () => {
    await upsertListings({
      db: server.runtime.db,
      ownerId: aliceId,
      accountId: shopAccount,
      listings: [
        { source: 'shopify', external_id: 'p1:fr', parent_id: 'p1', language: 'fr', title: 'Ancre' },
      ],
    });
    expect((await get(alice, '/api/v1/listings/p1/parent?source=shopify')).body.title).toBe('Anchor');
    expect((await get(alice, '/api/v1/listings/p1/parent?language=fr')).body.title).toBe('Ancre');
    expect((await get(alice, '/api/v1/listings/p1/parent?language=de')).body.title).toBe('Anchor');
    expect((await get(alice, `/api/v1/listings/${ids['Apple Tee']}/parent`)).body.title).toBe('Apple Tee');
    expect((await get(bob, '/api/v1/listings/p1/parent')).status).toBe(404);
  });
});
