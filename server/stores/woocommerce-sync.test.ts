import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { jobs, listings, storeAccounts, users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import { FakeWooCommerce } from '../../scripts/testing/fake-woocommerce.ts';
import { createJobQueue, type JobQueue } from '../jobs/index.ts';
import { listingWriter } from '../listings/index.ts';
import { encryptSecret } from '../platform/index.ts';
import { connectorFor } from './connectors.server.ts';
import { queueDueStoreSyncs } from './schedule.server.ts';
import { createStoreFetch } from './store-fetch.server.ts';
import { syncStore } from './sync.server.ts';

/* Syncs of a WooCommerce store (the local store of scripts/testing/fake-woocommerce.ts) through syncStore. */

const SECRET = 'woo-sync-test-secret-0123456789abcdef';
const CONFIG = { STORE_PRIVATE_HOSTS: ['127.0.0.1'] };
let db: Db;
let closeDb: () => Promise<void>;
let queue: JobQueue;
let ownerId: string;
let store: FakeWooCommerce;

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  closeDb = () => database.close();
  queue = createJobQueue({ db });
  const [u] = await db.insert(users).values({ email: 'woo-sync@example.com' }).returning();
  ownerId = u!.id;
  store = await new FakeWooCommerce().start();
  store.generate(120, { variableEvery: 4, variationsEach: 2 });
});
afterAll(async () => {
  await store?.stop();
  await queue?.close();
  await closeDb?.();
});

async function wooAccount(s: FakeWooCommerce, shopDomain = s.baseUrl) {
  const [account] = await db
    .insert(storeAccounts)
    .values({
      userId: ownerId,
      type: 'woocommerce',
      name: 'Woo',
      shopDomain,
      connectionStatus: 'connected',
      credentialsEncrypted: encryptSecret(JSON.stringify(s.keys), SECRET),
    })
    .returning();
  return account!;
}
const connector = (account: Awaited<ReturnType<typeof wooAccount>>) =>
  connectorFor({ account, appSecret: SECRET, config: CONFIG, options: { retryBaseMs: 1 } });
const rows = (accountId: string) =>
  db
    .select()
    .from(listings)
    .where(eq(listings.accountId, accountId))
    .orderBy(asc(listings.externalId))
    .then((r) => r.map(({ updatedAt: _u, ...rest }) => rest));
const run = (
  account: Awaited<ReturnType<typeof wooAccount>>,
  extra: Partial<Parameters<typeof syncStore>[0]> = {},
) =>
  syncStore(
    { db, account, connector: connector(account), writer: listingWriter, batchSize: 50, ...extra },
    { progress: () => {} },
  );

describe('WooCommerce sync', () => {
  it('stores every product with its variations, then a second sync changes nothing', async () => {
    const account = await wooAccount(store);
    const first = await run(account);
    expect(first).toMatchObject({
      mode: 'pages',
      total: 120,
      created: 120,
      removed: 0,
      categories: 7,
      skipped: [],
    });
    const stored = await rows(account.id);
    expect(stored).toHaveLength(120);
    expect(stored.filter((l) => (l.document as { variations: unknown[] }).variations.length)).toHaveLength(
      30,
    );
    const second = await run(account);
    expect(second).toMatchObject({ created: 0, updated: 120, removed: 0 });
    expect(await rows(account.id)).toEqual(stored);
    expect(
      (await db.select().from(storeAccounts).where(eq(storeAccounts.id, account.id)))[0]!.details,
    ).toMatchObject({
      lastFullSyncAt: expect.any(String),
    });
  });

  it('a sync that fails part-way (cut answers past every retry) leaves every listing as it was', async () => {
    const account = await wooAccount(store, `${store.baseUrl}/failing`);
    // The same store under another address: the account's listings are its own.
    const s2 = await new FakeWooCommerce(store.keys).start();
    try {
      s2.generate(120, { variableEvery: 4, variationsEach: 2 });
      await db.update(storeAccounts).set({ shopDomain: s2.baseUrl }).where(eq(storeAccounts.id, account.id));
      const acc = { ...account, shopDomain: s2.baseUrl };
      await run(acc);
      const before = await rows(account.id);
      s2.products[0]!.name = 'Changed';
      s2.products.splice(60, 30);
      // Page 1 reads; then page 2 is cut on every try: the sync stops, nothing is removed.
      const requestsBefore = s2.requests.length;
      s2.faultFor = (path, query) => (path.endsWith('/products') && query.page === '2' ? 'truncated' : null);
      await expect(
        syncStore(
          {
            db,
            account: acc,
            connector: connectorFor({
              account: acc,
              appSecret: SECRET,
              config: CONFIG,
              options: { retryBaseMs: 1, pageSize: 50 },
            }),
            writer: listingWriter,
            batchSize: 50,
          },
          { progress: () => {} },
        ),
      ).rejects.toMatchObject({ code: 'invalid_response' });
      expect(s2.requests.length).toBeGreaterThan(requestsBefore);
      // The first page's products were written as the store has them now (one renamed); none was removed.
      const after = await rows(account.id);
      expect(after.map((l) => l.externalId)).toEqual(before.map((l) => l.externalId));
      expect(after.filter((l, i) => l.title !== before[i]!.title).map((l) => l.title)).toEqual(['Changed']);
      expect(after.filter((l, i) => JSON.stringify(l) !== JSON.stringify(before[i])).length).toBe(1);
    } finally {
      await s2.stop();
    }
  });

  it('an incremental sync reads only products changed since, and removes nothing', async () => {
    const s = await new FakeWooCommerce().start();
    try {
      s.generate(10);
      const account = await wooAccount(s);
      await run(account);
      const gone = s.products.pop()!;
      s.products[0]!.name = 'Renamed';
      (s.products[0] as { date_modified_gmt?: string }).date_modified_gmt = '2031-01-01T00:00:00';
      const result = await run(account, { since: new Date('2030-12-31T00:00:00Z') });
      expect(result).toMatchObject({ mode: 'incremental', created: 0, updated: 1, removed: 0 });
      const stored = await rows(account.id);
      expect(stored.map((l) => l.title)).toContain('Renamed');
      expect(stored.map((l) => l.externalId)).toContain(String(gone.id));
    } finally {
      await s.stop();
    }
  });

  it('a product sync (a webhook) reads the named products, and removes one the store no longer has', async () => {
    const s = await new FakeWooCommerce().start();
    try {
      s.generate(3);
      const account = await wooAccount(s);
      await run(account);
      const [a, b] = s.products;
      a!.name = 'Webhook rename';
      s.products.splice(1, 1);
      const result = await run(account, { productIds: [String(a!.id), String(b!.id), String(a!.id)] });
      expect(result).toMatchObject({ mode: 'products', total: 2, updated: 1, removed: 1 });
      expect((await rows(account.id)).map((l) => l.title)).toEqual(['Webhook rename', 'Product 3']);
    } finally {
      await s.stop();
    }
  });

  it('refused keys put the account in the reconnect state', async () => {
    const s = await new FakeWooCommerce().start();
    try {
      s.generate(2);
      const account = await wooAccount(s);
      s.keys.consumerSecret = 'cs_changed_in_the_store';
      await expect(run(account)).rejects.toMatchObject({ code: 'unauthorized' });
      expect(
        (await db.select().from(storeAccounts).where(eq(storeAccounts.id, account.id)))[0]!.connectionStatus,
      ).toBe('reconnect');
    } finally {
      await s.stop();
    }
  });
});

describe('the scheduled sync', () => {
  it('queues a sync of each store due one: incremental after a recent full pass; none for reconnect or disconnected', async () => {
    await db.delete(storeAccounts).where(eq(storeAccounts.userId, ownerId));
    const now = new Date('2030-06-01T12:00:00Z');
    const mk = async (values: Partial<typeof storeAccounts.$inferInsert>) =>
      (
        await db
          .insert(storeAccounts)
          .values({
            userId: ownerId,
            type: 'woocommerce',
            shopDomain: `https://shop-${Math.random()}.example`,
            credentialsEncrypted: 'sealed',
            connectionStatus: 'connected',
            ...values,
          })
          .returning()
      )[0]!;
    const never = await mk({});
    const recentFull = await mk({
      lastSyncAt: new Date('2030-06-01T10:00:00Z'),
      details: { lastFullSyncAt: '2030-06-01T09:00:00.000Z' },
    });
    const oldFull = await mk({
      lastSyncAt: new Date('2030-06-01T10:00:00Z'),
      details: { lastFullSyncAt: '2030-05-30T09:00:00.000Z' },
    });
    await mk({ lastSyncAt: new Date('2030-06-01T11:30:00Z') });
    await mk({ connectionStatus: 'reconnect' });
    await mk({ connectionStatus: 'disconnected', credentialsEncrypted: null });
    await mk({ type: 'shopify', shopDomain: 'x.myshopify.com' });
    expect(await queueDueStoreSyncs({ db, jobs: queue, intervalMinutes: 60, now })).toBe(3);
    const queued = await db.select().from(jobs).where(eq(jobs.name, 'sync-store'));
    const byAccount = new Map(queued.map((j) => [(j.payload as { accountId: string }).accountId, j]));
    expect(byAccount.get(never.id)!.payload).toMatchObject({ since: null });
    expect(byAccount.get(recentFull.id)!.payload).toMatchObject({ since: '2030-06-01T09:59:00.000Z' });
    expect(byAccount.get(oldFull.id)!.payload).toMatchObject({ since: null });
    expect(byAccount.get(never.id)!.dedupeKey).toBe(`sync-store:${never.id}`);
    // Asked again while they are pending: the same jobs.
    await queueDueStoreSyncs({ db, jobs: queue, intervalMinutes: 60, now });
    expect(await db.select().from(jobs).where(eq(jobs.name, 'sync-store'))).toHaveLength(3);
    expect(await queueDueStoreSyncs({ db, jobs: queue, intervalMinutes: 0, now })).toBe(0);
  });
});

describe('the store fetch (SSRF)', () => {
  it('refuses loopback, private and link-local addresses, by name or literal, unless listed', async () => {
    const guarded = createStoreFetch({ privateHosts: [] });
    for (const url of [
      `http://127.0.0.1:${store.port}/wp-json/`,
      `http://localhost:${store.port}/wp-json/`,
      `http://[::1]:${store.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
    ]) {
      const err = await guarded(url).then(
        () => null,
        (e: Error & { cause?: { code?: string } }) => e,
      );
      expect([url, err?.cause?.code]).toEqual([url, 'ERR_STORE_ADDRESS_REFUSED']);
    }
    const allowed = createStoreFetch({ privateHosts: ['127.0.0.1'] });
    expect((await allowed(`http://127.0.0.1:${store.port}/wp-json/`)).status).toBe(200);
    const before = store.requests.length;
    await guarded(`http://127.0.0.1:${store.port}/wp-json/`).catch(() => null);
    expect(store.requests.length).toBe(before);
  });
});
