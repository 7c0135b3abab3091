import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, listings, storeAccounts } from '../../db/schema.ts';
import { addFakeProduct, addIpods } from '../../scripts/testing/fake-shopify-products.ts';
import { openStoreShops, type StoreShops } from '../../scripts/testing/store-shops.ts';
import { findListingByExternalId, listingWriter } from '../listings/index.ts';
import type { Connector } from '../../connectors/index.ts';
import { listCollects } from './collections.server.ts';
import { syncStore, type ListingWriter } from './sync.server.ts';

const SECRET = 'store-sync-test-secret-0123456789abcdef';
let shops: StoreShops;

beforeAll(async () => {
  shops = await openStoreShops({
    ownerEmail: 'merchant@example.com',
    appSecret: SECRET,
    accessToken: 'shpat_sync_test',
    prefix: 'sync',
    name: 'Sync',
    currencyCode: 'CAD',
  });
});
afterAll(() => shops?.close());

const rowsOf = (accountId: string) =>
  shops.db.select().from(listings).where(eq(listings.accountId, accountId)).orderBy(listings.title);

describe('store sync: cursor pages (small shop)', () => {
  it('stores products, collections, categories and collects, skips and reports a product that fails', async () => {
    const { account, admin, domain } = await shops.connectedShop();
    const [nano] = addIpods(admin, domain);
    admin.collections.push(
      { id: 'gid://shopify/Collection/21', title: 'Music', handle: 'music', smart: false },
      { id: 'gid://shopify/Collection/22', title: 'Best sellers', handle: 'best', smart: true },
    );
    nano!.collections = ['gid://shopify/Collection/21', 'gid://shopify/Collection/22'];
    addFakeProduct(admin, { title: 'Tee', price: 12 });
    const broken = addFakeProduct(admin, { title: 'Broken' });
    broken.title = null;

    const progress: [number, number][] = [];
    const result = await syncStore(
      { db: shops.db, account, connector: shops.connector(account), writer: listingWriter },
      { progress: (d, t) => progress.push([d, t]) },
    );
    expect(result).toEqual({
      mode: 'pages',
      total: 4,
      created: 3,
      updated: 0,
      removed: 0,
      collections: 2,
      categories: 2,
      orders: 2,
      skipped: [
        {
          external_id: broken.id,
          title: null,
          error: 'title: Invalid input: expected string, received null',
        },
      ],
    });
    expect(progress).toEqual([
      [0, 4],
      [1, 4],
      [4, 4],
    ]);
    const rows = await rowsOf(account.id);
    expect(rows.map((r) => [r.title, r.source, r.price, r.stock, r.category])).toEqual([
      ['IPod Nano - 8GB', 'shopify', 199, 100, 'Cult Products'],
      ['IPod Touch 8GB', 'shopify', 199, 13, 'Cult Products'],
      ['Tee', 'shopify', 12, 5, 'Shirts'],
    ]);
    expect((rows[0]!.document as { iso_currency_code: string }).iso_currency_code).toBe('CAD');
    const stored = await shops.db
      .select()
      .from(collections)
      .where(eq(collections.accountId, account.id))
      .orderBy(collections.kind, collections.title);
    expect(stored.map((c) => [c.kind, c.externalId, c.title, c.isCustomCollection])).toEqual([
      ['category', 'Cult Products', 'Cult Products', false],
      ['category', 'Shirts', 'Shirts', false],
      ['collection', 'gid://shopify/Collection/22', 'Best sellers', false],
      ['collection', 'gid://shopify/Collection/21', 'Music', true],
    ]);
    const collectRows = await listCollects({ db: shops.db, ownerId: shops.ownerId, accountId: account.id });
    expect(collectRows.map((c) => [c.collection_id, c.listing_id])).toEqual([
      ['gid://shopify/Collection/21', rows[0]!.id],
      ['gid://shopify/Collection/22', rows[0]!.id],
    ]);
    const [after] = await shops.db.select().from(storeAccounts).where(eq(storeAccounts.id, account.id));
    expect(after!.connectionStatus).toBe('connected');
    expect(after!.lastSyncAt).toBeInstanceOf(Date);
  });

  it('syncing again updates in place, adds new products and removes those the store no longer has', async () => {
    const { account, admin } = await shops.connectedShop();
    const keep = addFakeProduct(admin, { title: 'Keep', price: 10 });
    addFakeProduct(admin, { title: 'Goes away' });
    admin.collections.push({ id: 'gid://shopify/Collection/31', title: 'Old', handle: 'old', smart: false });
    keep.collections = ['gid://shopify/Collection/31'];
    await syncStore(
      { db: shops.db, account, connector: shops.connector(account), writer: listingWriter },
      { progress: () => {} },
    );
    const keepId = (await rowsOf(account.id)).find((r) => r.title === 'Keep')!.id;

    keep.variants[0]!.price = '11.50';
    keep.collections = [];
    admin.products.splice(1, 1);
    admin.collections.splice(0, 1);
    addFakeProduct(admin, { title: 'New' });
    const result = await syncStore(
      { db: shops.db, account, connector: shops.connector(account), writer: listingWriter },
      { progress: () => {} },
    );
    expect([result.created, result.updated, result.removed]).toEqual([1, 1, 1]);
    const rows = await rowsOf(account.id);
    expect(rows.map((r) => [r.title, r.price])).toEqual([
      ['Keep', 11.5],
      ['New', 10],
    ]);
    expect(rows[0]!.id).toBe(keepId);
    expect(await listCollects({ db: shops.db, ownerId: shops.ownerId, accountId: account.id })).toEqual([]);
  });
});

describe('store sync: reading and writing overlap', () => {
  it('reads the next pages while a batch is written, one write at a time and in order', async () => {
    const { account, admin } = await shops.connectedShop();
    for (const title of ['One', 'Two', 'Three', 'Four']) addFakeProduct(admin, { title });
    const events: string[] = [];
    let pagesAsked = 0;
    let thirdPageAsked!: () => void;
    const thirdPage = new Promise<void>((r) => (thirdPageAsked = r));
    // The shop's products served one a page (the cursor is the next one's index).
    const store = shops.connector(account);
    const { listings: all } = await store.listProducts(null);
    expect(all).toHaveLength(4);
    const connector: Connector = Object.assign(Object.create(store) as Connector, {
      listProducts: async (cursor?: string | null) => {
        events.push(`read ${++pagesAsked}`);
        if (pagesAsked === 3) thirdPageAsked();
        const i = Number(cursor ?? 0);
        return { listings: [all[i]!], failures: [], nextCursor: i + 1 < all.length ? String(i + 1) : null };
      },
    });
    // The first write ends only once the third page was asked for: a sync that waited for each write before
    // reading on would never get there.
    let writes = 0;
    const writer: ListingWriter = {
      remove: listingWriter.remove,
      upsert: async (opts) => {
        const n = ++writes;
        events.push(`write ${n}: ${opts.listings.map((l) => l.title).join(', ')}`);
        if (n === 1) await thirdPage;
        const stored = await listingWriter.upsert(opts);
        events.push(`written ${n}`);
        return stored;
      },
    };
    const result = await syncStore(
      { db: shops.db, account, connector, writer, batchSize: 1 },
      { progress: () => {} },
    );
    expect(result).toMatchObject({ created: 4, skipped: [] });
    expect(events.indexOf('read 3')).toBeLessThan(events.indexOf('written 1'));
    // Never two writes at once: each starts after the one before it ended.
    const writeEvents = events.filter((e) => e.startsWith('writ'));
    expect(writeEvents).toEqual([
      'write 1: One',
      'written 1',
      'write 2: Two',
      'written 2',
      'write 3: Three',
      'written 3',
      'write 4: Four',
      'written 4',
    ]);
    expect((await rowsOf(account.id)).map((r) => r.title).sort()).toEqual(['Four', 'One', 'Three', 'Two']);
  });
});

describe('store sync: what the store cannot list', () => {
  it('goes on without categories when the API has no productTypes, keeping the stored ones', async () => {
    const { account, admin } = await shops.connectedShop();
    addFakeProduct(admin, { title: 'Belt', productType: 'Accessories' });
    await syncStore(
      { db: shops.db, account, connector: shops.connector(account), writer: listingWriter },
      { progress: () => {} },
    );
    admin.missingFields.add('productTypes');
    addFakeProduct(admin, { title: 'Bag', productType: 'Bags' });
    const result = await syncStore(
      { db: shops.db, account, connector: shops.connector(account), writer: listingWriter },
      { progress: () => {} },
    );
    expect(result).toMatchObject({ created: 1, updated: 1, categories: null, collections: 0 });
    const categories = await shops.db
      .select()
      .from(collections)
      .where(and(eq(collections.accountId, account.id), eq(collections.kind, 'category')));
    expect(categories.map((c) => c.title)).toEqual(['Accessories']);
    expect((await rowsOf(account.id)).map((r) => r.category)).toEqual(['Bags', 'Accessories']);
  });
});

describe('store sync: bulk export (large shop)', () => {
  it('uses one bulk operation above the threshold, reports progress per batch and waits out a throttled answer', async () => {
    const { account, admin } = await shops.connectedShop();
    admin.collections.push({
      id: 'gid://shopify/Collection/41',
      title: 'Knitwear',
      handle: 'knit',
      smart: false,
    });
    for (let i = 1; i <= 25; i++) {
      const p = addFakeProduct(admin, {
        title: `Sweater ${String(i).padStart(2, '0')}`,
        variants: 2,
        price: 50,
      });
      if (i <= 5) p.collections = ['gid://shopify/Collection/41'];
    }
    admin.forcedThrottles.push({ requested: 52, available: 50, restoreRate: 100 });
    const c = shops.connector(account);
    const progress: [number, number][] = [];
    const result = await syncStore(
      { db: shops.db, account, connector: c, writer: listingWriter, bulkThreshold: 20, batchSize: 10 },
      { progress: (d, t) => progress.push([d, t]) },
    );
    expect(result).toMatchObject({
      mode: 'bulk',
      total: 25,
      created: 25,
      updated: 0,
      removed: 0,
      skipped: [],
    });
    expect(progress).toEqual([
      [0, 25],
      [10, 25],
      [20, 25],
      [25, 25],
    ]);
    expect(admin.bulkOps).toHaveLength(1);
    expect(admin.log.filter((l) => l.fields[0] === 'products')).toEqual([]);
    // (52 - 50) points at 100 per second: 20 ms, then the same query again.
    expect((c as unknown as { client: { waits: unknown[] } }).client.waits).toContainEqual({
      ms: 20,
      reason: 'throttled',
    });
    expect(admin.log.filter((l) => l.throttled)).toHaveLength(1);
    const rows = await rowsOf(account.id);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toMatchObject({ title: 'Sweater 01', price: 50, stock: 10 });
    const sweater = await findListingByExternalId({
      db: shops.db,
      ownerId: shops.ownerId,
      accountId: account.id,
      externalId: admin.products[0]!.id,
    });
    expect(sweater!.variations.map((v) => [v.title, v.price])).toEqual([
      ['Size 1', 50],
      ['Size 2', 51],
    ]);
    const inKnitwear = await listCollects({
      db: shops.db,
      ownerId: shops.ownerId,
      accountId: account.id,
      collectionId: 'gid://shopify/Collection/41',
    });
    expect(inKnitwear).toHaveLength(5);
  });

  it('stops on a failed bulk operation without removing any listing', async () => {
    const { account, admin } = await shops.connectedShop();
    for (let i = 1; i <= 3; i++) addFakeProduct(admin, { title: `Cap ${i}` });
    await syncStore(
      { db: shops.db, account, connector: shops.connector(account), writer: listingWriter },
      { progress: () => {} },
    );
    admin.failNextBulk = 'ACCESS_DENIED';
    await expect(
      syncStore(
        {
          db: shops.db,
          account,
          connector: shops.connector(account),
          writer: listingWriter,
          bulkThreshold: 1,
        },
        { progress: () => {} },
      ),
    ).rejects.toThrow('The Shopify export ended FAILED (ACCESS_DENIED)');
    expect(await rowsOf(account.id)).toHaveLength(3);
    const [row] = await shops.db
      .select()
      .from(listings)
      .where(and(eq(listings.accountId, account.id), eq(listings.title, 'Cap 1')));
    expect(row!.source).toBe('shopify');
  });
});
