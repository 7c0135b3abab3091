import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../../db/schema.ts';
import type { FakeProduct, FakeShopifyAdmin } from '../../scripts/testing/fake-shopify-admin.ts';
import { addFakeProduct } from '../../scripts/testing/fake-shopify-products.ts';
import { openStoreShops, type StoreShops } from '../../scripts/testing/store-shops.ts';
import { listingWriter, listListings, type ListingSort } from '../listings/index.ts';
import { createLogger } from '../platform/index.ts';
import { applyShopifyProductWebhook } from '../shopify/index.ts';
import type { StoreAccount } from './accounts.server.ts';
import { listCollects } from './collections.server.ts';
import { mergeOrders } from './ordering.server.ts';
import { syncStore } from './sync.server.ts';

const SECRET = 'store-ordering-test-secret-0123456789ab';
let shops: StoreShops;

beforeAll(async () => {
  shops = await openStoreShops({
    ownerEmail: 'orders@example.com',
    appSecret: SECRET,
    accessToken: 'shpat_orders_test',
    prefix: 'orders',
    name: 'Orders',
  });
});
afterAll(() => shops?.close());

const sync = (account: StoreAccount, opts: { bulkThreshold?: number } = {}) =>
  syncStore(
    {
      db: shops.db,
      account,
      connector: shops.connector(account),
      writer: listingWriter,
      ...opts,
    },
    { progress: () => {} },
  );

const sorted = async (account: StoreAccount, sortBy: ListingSort, collectionId?: string) =>
  (
    await listListings({
      db: shops.db,
      ownerId: shops.ownerId,
      accountId: account.id,
      sortBy,
      filters: { collectionId },
    })
  ).data.map((l) => l.title);

describe('merging the store orders of several collections into one', () => {
  it('keeps every list order when they agree, earliest-standing first where they say nothing', () => {
    const merged = mergeOrders([
      ['a', 'c', 'b'],
      ['d', 'b'],
    ]);
    expect([...merged.entries()]).toEqual([
      ['a', 1],
      ['d', 2],
      ['c', 3],
      ['b', 4],
    ]);
  });

  it('breaks a disagreement (x before y here, y before x there) without losing anyone', () => {
    const merged = mergeOrders([['x', 'y', 'z'], ['y', 'x'], []]);
    expect([...merged.keys()].sort()).toEqual(['x', 'y', 'z']);
    expect([...merged.values()].sort()).toEqual([1, 2, 3]);
    expect(merged.get('z')).toBe(3);
  });
});

describe('store sync: the manual, best-selling and created-desc sorts (SPEC §9)', () => {
  let account: StoreAccount;
  let admin: FakeShopifyAdmin;
  let p: Record<string, FakeProduct>;

  beforeAll(async () => {
    ({ account, admin } = await shops.connectedShop());
    const make = (title: string, createdAt: string, unitsSold: number) =>
      addFakeProduct(admin, { title, createdAt, unitsSold });
    p = {
      anchor: make('Anchor', '2024-01-10T08:00:00Z', 50),
      buoy: make('Buoy', '2025-03-01T08:00:00Z', 10),
      compass: make('Compass', '2023-05-20T08:00:00Z', 30),
      deck: make('Deck', '2025-01-15T08:00:00Z', 40),
      easel: make('Easel', '2022-02-02T08:00:00Z', 100),
    };
    admin.collections.push(
      {
        id: 'gid://shopify/Collection/71',
        title: 'Summer',
        handle: 'summer',
        smart: false,
        manualOrder: [p.compass!.id, p.anchor!.id, p.buoy!.id],
      },
      {
        id: 'gid://shopify/Collection/72',
        title: 'Sale',
        handle: 'sale',
        smart: true,
        manualOrder: [p.deck!.id, p.buoy!.id],
      },
    );
    for (const k of ['anchor', 'buoy', 'compass']) p[k]!.collections.push('gid://shopify/Collection/71');
    for (const k of ['buoy', 'deck']) p[k]!.collections.push('gid://shopify/Collection/72');
    expect(await sync(account)).toMatchObject({ mode: 'pages', created: 5, orders: 2 });
  });

  it("orders newest first by the product's createdAt", async () => {
    expect(await sorted(account, 'created-desc')).toEqual(['Buoy', 'Deck', 'Anchor', 'Compass', 'Easel']);
  });

  it('orders by sales as the collections rank them (BEST_SELLING); a product in none comes after', async () => {
    expect(await sorted(account, 'best-selling')).toEqual(['Anchor', 'Deck', 'Compass', 'Buoy', 'Easel']);
    expect(await sorted(account, 'best-selling', 'gid://shopify/Collection/72')).toEqual(['Deck', 'Buoy']);
  });

  it("follows one collection's manual order exactly, and merges them across the shop", async () => {
    expect(await sorted(account, 'manual', 'gid://shopify/Collection/71')).toEqual([
      'Compass',
      'Anchor',
      'Buoy',
    ]);
    expect(await sorted(account, 'manual', 'gid://shopify/Collection/72')).toEqual(['Deck', 'Buoy']);
    expect(await sorted(account, 'manual')).toEqual(['Compass', 'Deck', 'Anchor', 'Buoy', 'Easel']);
    const summer = await listCollects({
      db: shops.db,
      ownerId: shops.ownerId,
      accountId: account.id,
      collectionId: 'gid://shopify/Collection/71',
    });
    expect(summer.map((c) => c.position)).toEqual([1, 2, 3]);
  });

  it('a product webhook keeps the places the sync gave; the next sync follows the new orders', async () => {
    const rowOf = async (product: FakeProduct) =>
      (
        await shops.db
          .select()
          .from(listings)
          .where(and(eq(listings.accountId, account.id), eq(listings.externalId, product.id)))
      )[0]!;
    const before = await rowOf(p.anchor!);
    p.anchor!.title = 'Anchor, brass';
    const outcome = await applyShopifyProductWebhook({
      db: shops.db,
      logger: createLogger('silent'),
      appSecret: SECRET,
      account,
      topic: 'PRODUCTS_UPDATE',
      payload: { admin_graphql_api_id: p.anchor!.id },
    });
    expect(outcome).toBe('stored');
    const after = await rowOf(p.anchor!);
    expect([after.title, after.storePosition, after.salesRank, after.externalCreatedAt]).toEqual([
      'Anchor, brass',
      before.storePosition,
      before.salesRank,
      new Date('2024-01-10T08:00:00Z'),
    ]);
    expect(await sorted(account, 'manual', 'gid://shopify/Collection/71')).toEqual([
      'Compass',
      'Anchor, brass',
      'Buoy',
    ]);

    admin.collections[0]!.manualOrder = [p.buoy!.id, p.compass!.id, p.anchor!.id];
    p.easel!.collections.push('gid://shopify/Collection/71');
    expect(await sync(account, { bulkThreshold: 1 })).toMatchObject({ mode: 'bulk', orders: 2 });
    expect(await sorted(account, 'manual', 'gid://shopify/Collection/71')).toEqual([
      'Buoy',
      'Compass',
      'Anchor, brass',
      'Easel',
    ]);
    // Easel (100 sold) is now in a collection, so it has a rank: first.
    expect(await sorted(account, 'best-selling', 'gid://shopify/Collection/71')).toEqual([
      'Easel',
      'Anchor, brass',
      'Compass',
      'Buoy',
    ]);
    expect((await sorted(account, 'best-selling'))[0]).toBe('Easel');
  });

  it('reads createdAt from a bulk export as well', async () => {
    const { account: large, admin: shop } = await shops.connectedShop();
    addFakeProduct(shop, { title: 'Old', createdAt: '2020-01-01T00:00:00Z' });
    addFakeProduct(shop, { title: 'New', createdAt: '2026-02-01T00:00:00Z' });
    expect(await sync(large, { bulkThreshold: 1 })).toMatchObject({ mode: 'bulk', created: 2 });
    expect(await sorted(large, 'created-desc')).toEqual(['New', 'Old']);
    const rows = await shops.db.select().from(listings).where(eq(listings.accountId, large.id));
    expect(rows.map((r) => r.externalCreatedAt?.toISOString()).sort()).toEqual([
      '2020-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
  });
});
