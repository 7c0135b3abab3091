import { and, eq, isNotNull } from 'drizzle-orm';
import type { Connector, ProductFailure, StoreListing } from '../../connectors/index.ts';
import type { Db } from '../../db/client.ts';
import { listings, storeAccounts } from '../../db/schema.ts';
import { replaceCollects, saveStoreCollections } from './collection-sync.server.ts';
import { saveStoreOrdering, type StoreCollectionOrder } from './ordering.server.ts';

/** From this many products on, a full sync asks the store for one bulk export instead of cursor pages. */
export const BULK_THRESHOLD = 250;

export type SyncProgress = { progress: (done: number, total: number) => void };

/**
 * How a sync stores what it reads: server/listings' upsert and delete by external id (`listingWriter` there).
 * Passed in because listings comes after stores in DESIGN §3's order (listings reads store accounts).
 */
export type ListingWriter = {
  upsert(opts: {
    db: Db;
    ownerId: string;
    accountId: string;
    listings: Omit<StoreListing, 'collections'>[];
  }): Promise<{ created: number; updated: number; listings: { id: string; external_id: string | null }[] }>;
  remove(opts: { db: Db; ownerId: string; accountId: string; externalId: string }): Promise<boolean>;
};

export type SyncStoreOptions = {
  db: Db;
  account: { id: string; userId: string };
  connector: Connector;
  writer: ListingWriter;
  /** Products from which the bulk export is used (default BULK_THRESHOLD). */
  bulkThreshold?: number;
  /** Listings per write and progress step (default 100). */
  batchSize?: number;
  signal?: AbortSignal;
  logger?: { warn: (obj: object, msg: string) => void };
};

export type SyncStoreResult = {
  mode: 'bulk' | 'pages';
  /** Products the store said it has when the sync started. */
  total: number;
  created: number;
  updated: number;
  /** Listings whose product is no longer in the store. */
  removed: number;
  /** How many the store listed; null when it could not list them (the stored ones were kept). */
  collections: number | null;
  categories: number | null;
  /** Collections whose manual and best-selling orders were read; null when they could not be. */
  orders: number | null;
  /** Products that could not be mapped: left as they were (SPEC §8 'skipped silently'), reported here. */
  skipped: ProductFailure[];
};

/**
 * A full sync of one store account: its collections and categories, then every product (a bulk export for
 * large stores, cursor pages otherwise) stored through the listings service in batches with their collects,
 * then the listings of products the store no longer has removed. Safe to run again: listings are keyed by
 * external_id, collections by the store's id. Progress is products done over the store's product count.
 */
export async function syncStore(options: SyncStoreOptions, ctx: SyncProgress): Promise<SyncStoreResult> {
  const { db, account, connector } = options;
  // Collections and categories help filtering but are not the products: when the store cannot list them,
  // the sync goes on with what is stored (nothing is removed), and collects name their collections themselves.
  const [collectionList, categoryList] = await Promise.all([
    connector.listCollections().catch((err: unknown) => {
      options.logger?.warn({ err }, 'store collections could not be listed');
      return null;
    }),
    connector.listCategories().catch((err: unknown) => {
      options.logger?.warn({ err }, 'store categories could not be listed');
      return null;
    }),
  ]);
  const known = collectionList
    ? await saveStoreCollections({ db, account, kind: 'collection', items: collectionList })
    : undefined;
  if (categoryList)
    await saveStoreCollections({
      db,
      account,
      kind: 'category',
      items: categoryList.map((c) => ({ ...c, is_custom_collection: false })),
    });

  const total = (await connector.countProducts?.()) ?? 0;
  const mode =
    connector.exportProducts && total >= (options.bulkThreshold ?? BULK_THRESHOLD) ? 'bulk' : 'pages';
  const result: SyncStoreResult = {
    mode,
    total,
    created: 0,
    updated: 0,
    removed: 0,
    collections: collectionList?.length ?? null,
    categories: categoryList?.length ?? null,
    orders: null,
    skipped: [],
  };
  ctx.progress(0, total);

  const seen = new Set<string>();
  let batch: StoreListing[] = [];
  let done = 0;
  const report = () => ctx.progress(done, Math.max(total, done));
  const flush = async () => {
    if (batch.length === 0) return;
    const stored = await options.writer.upsert({
      db,
      ownerId: account.userId,
      accountId: account.id,
      listings: batch.map(({ collections: _c, ...listing }) => listing),
    });
    result.created += stored.created;
    result.updated += stored.updated;
    const idOf = new Map(stored.listings.map((l) => [l.external_id, l.id]));
    await replaceCollects({
      db,
      account,
      known,
      memberships: batch.flatMap((l) =>
        l.collections && idOf.has(l.external_id)
          ? [{ listingId: idOf.get(l.external_id)!, collections: l.collections }]
          : [],
      ),
    });
    done += batch.length;
    batch = [];
    report();
  };
  const take = async (item: { listing: StoreListing } | { failure: ProductFailure }) => {
    if (options.signal?.aborted) throw new Error('The sync was cancelled');
    if ('failure' in item) {
      // Its listing, if any, stays as it was: not seen would remove it below.
      seen.add(item.failure.external_id);
      result.skipped.push(item.failure);
      options.logger?.warn({ failure: item.failure }, 'store product skipped');
      done++;
      report();
      return;
    }
    seen.add(item.listing.external_id);
    batch.push(item.listing);
    if (batch.length >= (options.batchSize ?? 100)) await flush();
  };

  if (mode === 'bulk') {
    for await (const item of connector.exportProducts!({ signal: options.signal })) await take(item);
  } else {
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<Connector['listProducts']>> = await connector.listProducts(cursor);
      for (const failure of page.failures) await take({ failure });
      for (const listing of page.listings) await take({ listing });
      cursor = page.nextCursor;
    } while (cursor);
  }
  await flush();

  // Only after a complete pass: what we did not see is gone from the store.
  const stored = await db
    .select({ externalId: listings.externalId })
    .from(listings)
    .where(and(eq(listings.accountId, account.id), isNotNull(listings.externalId)));
  for (const { externalId } of stored) {
    if (externalId && !seen.has(externalId)) {
      if (await options.writer.remove({ db, ownerId: account.userId, accountId: account.id, externalId }))
        result.removed++;
    }
  }
  if (connector.collectionOrder && collectionList)
    result.orders = await syncStoreOrdering(
      options,
      collectionList.map((c) => c.external_id),
    );
  await db
    .update(storeAccounts)
    .set({ lastSyncAt: new Date(), connectionStatus: 'connected', updatedAt: new Date() })
    .where(eq(storeAccounts.id, account.id));
  return result;
}

/**
 * The manual and best-selling orders, read per collection once the products are stored (they order listings,
 * so they come after them). Like collections, they help but are not the products: when the store cannot give
 * them, the sorts keep the orders of the last sync.
 */
async function syncStoreOrdering(options: SyncStoreOptions, collectionIds: string[]): Promise<number | null> {
  const { connector } = options;
  try {
    const orders: StoreCollectionOrder[] = [];
    for (const collectionId of collectionIds) {
      if (options.signal?.aborted) throw new Error('The sync was cancelled');
      const order = await connector.collectionOrder!(collectionId);
      if (order) orders.push({ collectionId, ...order });
    }
    await saveStoreOrdering({ db: options.db, account: options.account, orders });
    return orders.length;
  } catch (err) {
    if (options.signal?.aborted) throw err;
    options.logger?.warn({ err }, 'store orders could not be read; the sorts keep the last ones');
    return null;
  }
}
