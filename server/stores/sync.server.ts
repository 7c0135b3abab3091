import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  ConnectorError,
  type Connector,
  type ProductFailure,
  type ProductPage,
  type StoreListing,
} from '../../connectors/index.ts';
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
  /** Listings per write and progress step (default 100, 500 from 2,000 products). */
  batchSize?: number;
  signal?: AbortSignal;
  logger?: { warn: (obj: object, msg: string) => void };
  /**
   * Only the products changed since this time (an incremental sync: the connector's listProductsChangedSince;
   * a connector without it gets a full sync). Nothing is removed: a product gone from the store is seen by the
   * next full sync.
   */
  since?: Date | null;
  /** Only these products (a webhook said they changed): each read again, and removed when the store has it no more. */
  productIds?: readonly string[];
};

export type SyncStoreResult = {
  mode: 'bulk' | 'pages' | 'incremental' | 'products';
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
  try {
    return options.productIds ? await syncProducts(options, ctx) : await syncAll(options, ctx);
  } catch (err) {
    // Credentials the store refuses will not work on a retry: the merchant reconnects (Stores screen).
    if (err instanceof ConnectorError && err.code === 'unauthorized')
      await markReconnect({ db: options.db, accountId: options.account.id });
    throw err;
  }
}

/** The store refused the account's credentials: the Stores screen asks the merchant to reconnect. */
export async function markReconnect(opts: { db: Db; accountId: string }): Promise<void> {
  await opts.db
    .update(storeAccounts)
    .set({ connectionStatus: 'reconnect', updatedAt: new Date() })
    .where(eq(storeAccounts.id, opts.accountId));
}

async function syncAll(options: SyncStoreOptions, ctx: SyncProgress): Promise<SyncStoreResult> {
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
  const knownCategories = categoryList
    ? await saveStoreCollections({
        db,
        account,
        kind: 'category',
        items: categoryList.map((c) => ({ ...c, is_custom_collection: false })),
      })
    : undefined;

  const incremental = !!(options.since && connector.listProductsChangedSince);
  const total = incremental ? 0 : ((await connector.countProducts?.()) ?? 0);
  const mode: SyncStoreResult['mode'] = incremental
    ? 'incremental'
    : connector.exportProducts && total >= (options.bulkThreshold ?? BULK_THRESHOLD)
      ? 'bulk'
      : 'pages';
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
  const writer = listingBatches(options, result, ctx, total, { known, knownCategories });
  const take = async (item: { listing: StoreListing } | { failure: ProductFailure }) => {
    seen.add('failure' in item ? item.failure.external_id : item.listing.external_id);
    await writer.take(item);
  };

  try {
    if (mode === 'incremental') {
      await eachPage((cursor) => connector.listProductsChangedSince!(options.since!, cursor), take);
    } else if (mode === 'bulk') {
      for await (const item of connector.exportProducts!({ signal: options.signal })) await take(item);
    } else {
      await eachPage((cursor) => connector.listProducts(cursor), take);
    }
  } catch (err) {
    // The store failed: the write in flight ends before the sync does (nothing writes after it reports).
    await writer.settle();
    throw err;
  }
  await writer.flush();

  // Only after a complete pass: what we did not see is gone from the store.
  if (mode === 'incremental') {
    await markSynced(db, account.id, false);
    return result;
  }
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
  await markSynced(db, account.id, true);
  return result;
}

/**
 * Every page of a listing, the next one asked for while this one is stored: the store's answer time and our
 * writes overlap (a sync is bound by the slower of the two, not their sum). One page ahead at most.
 */
async function eachPage(
  read: (cursor: string | null) => Promise<ProductPage>,
  take: (item: { listing: StoreListing } | { failure: ProductFailure }) => Promise<void>,
): Promise<void> {
  const ahead = (cursor: string | null) => {
    const p = read(cursor);
    // Awaited below; this only keeps a failure while the current page is stored from being unhandled.
    p.catch(() => {});
    return p;
  };
  let next: Promise<ProductPage> | null = ahead(null);
  while (next) {
    const page: ProductPage = await next;
    next = page.nextCursor ? ahead(page.nextCursor) : null;
    for (const failure of page.failures) await take({ failure });
    for (const listing of page.listings) await take({ listing });
  }
}

/** A pass ended: when (a full one also records itself: the scheduler runs one daily to see deletions). */
async function markSynced(db: Db, accountId: string, full: boolean): Promise<void> {
  const now = new Date();
  await db
    .update(storeAccounts)
    .set({
      lastSyncAt: now,
      connectionStatus: 'connected',
      updatedAt: now,
      ...(full
        ? {
            details: sql`jsonb_set(${storeAccounts.details}, '{lastFullSyncAt}', to_jsonb(${now.toISOString()}::text))`,
          }
        : {}),
    })
    .where(eq(storeAccounts.id, accountId));
}

/**
 * Listings stored in batches through the writer, with their collects (collections and categories), counting
 * what was created, updated and skipped, and reporting progress as products done over the total. A full batch is
 * written while the next one is read: `take` hands it over and returns, and only waits when the batch after it
 * is full too (one write in flight at a time, in order; the database's time overlaps the store's). A failed write
 * is thrown by the next `take` or by `flush`, which waits for every write.
 */
function listingBatches(
  options: SyncStoreOptions,
  result: SyncStoreResult,
  ctx: SyncProgress,
  total: number,
  maps: { known?: Map<string, string>; knownCategories?: Map<string, string> },
) {
  const { db, account } = options;
  // Large stores write 500 at a time (fewer statements and transactions); small ones show progress every 100.
  const batchSize = options.batchSize ?? (total >= 2_000 ? 500 : 100);
  let batch: StoreListing[] = [];
  let done = 0;
  let writing: Promise<void> = Promise.resolve();
  const report = () => ctx.progress(done, Math.max(total, done));
  const write = async (items: StoreListing[]) => {
    const stored = await options.writer.upsert({
      db,
      ownerId: account.userId,
      accountId: account.id,
      listings: items.map(({ collections: _c, categories: _k, ...listing }) => listing),
    });
    result.created += stored.created;
    result.updated += stored.updated;
    const idOf = new Map(stored.listings.map((l) => [l.external_id, l.id]));
    await replaceCollects({
      db,
      account,
      known: maps.known,
      knownCategories: maps.knownCategories,
      memberships: items.flatMap((l) =>
        (l.collections || l.categories) && idOf.has(l.external_id)
          ? [
              {
                listingId: idOf.get(l.external_id)!,
                collections: l.collections ?? [],
                categories: l.categories,
              },
            ]
          : [],
      ),
    });
    done += items.length;
    report();
  };
  /** Starts writing the batch once the write before it is done (whose failure this throws). */
  const handOver = async () => {
    const items = batch;
    batch = [];
    await writing;
    writing = write(items);
    // Awaited by the next handOver or flush; this only keeps a failure meanwhile from being unhandled.
    writing.catch(() => {});
  };
  const flush = async () => {
    if (batch.length) await handOver();
    await writing;
  };
  const take = async (item: { listing: StoreListing } | { failure: ProductFailure }) => {
    if (options.signal?.aborted) throw new Error('The sync was cancelled');
    if ('failure' in item) {
      // Its listing, if any, stays as it was (a full pass counts it as seen, so it is not removed either).
      result.skipped.push(item.failure);
      options.logger?.warn({ failure: item.failure }, 'store product skipped');
      done++;
      report();
      return;
    }
    batch.push(item.listing);
    if (batch.length >= batchSize) await handOver();
  };
  /** Waits for the write in flight, whatever its outcome. */
  const settle = () => writing.catch(() => {});
  return { take, flush, settle };
}

/**
 * The products a webhook named: each read again through the connector and stored, or removed when the store no
 * longer has it. Running it twice changes nothing more.
 */
async function syncProducts(options: SyncStoreOptions, ctx: SyncProgress): Promise<SyncStoreResult> {
  const { db, account, connector } = options;
  const ids = [...new Set(options.productIds)];
  const result: SyncStoreResult = {
    mode: 'products',
    total: ids.length,
    created: 0,
    updated: 0,
    removed: 0,
    collections: null,
    categories: null,
    orders: null,
    skipped: [],
  };
  const writer = listingBatches(options, result, ctx, ids.length, {});
  ctx.progress(0, ids.length);
  for (const id of ids) {
    let listing: StoreListing | null;
    try {
      listing = await connector.getProduct(id);
    } catch (err) {
      if (err instanceof ConnectorError) {
        await writer.settle();
        throw err;
      }
      await writer.take({ failure: { external_id: id, title: null, error: (err as Error).message } });
      continue;
    }
    if (listing) await writer.take({ listing });
    else if (
      await options.writer.remove({ db, ownerId: account.userId, accountId: account.id, externalId: id })
    )
      result.removed++;
  }
  await writer.flush();
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
