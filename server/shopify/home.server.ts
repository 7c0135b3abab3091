import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, storeAccounts } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/index.ts';
import { listCatalogs, wizardChoices } from '../catalogs/index.ts';
import { notFound } from '../platform/index.ts';
import { latestStoreSync, startStoreSync } from '../stores/index.ts';

export type ShopSyncView = {
  /** idle: never synced; running: pending or active; complete; failed. */
  state: 'idle' | 'running' | 'complete' | 'failed';
  done: number;
  total: number;
  lastSyncAt: string | null;
  listingCount: number;
};

async function shopAccount(db: Db, shop: string) {
  const [account] = await db
    .select()
    .from(storeAccounts)
    .where(and(eq(storeAccounts.type, 'shopify'), eq(storeAccounts.shopDomain, shop)));
  return account ?? null;
}

/**
 * What the embedded app's home shows for a shop: its merchant's catalogs, the state of the product sync and
 * the new-catalog wizard's choices.
 */
export async function merchantForShop(opts: { db: Db; shop: string }) {
  const account = await shopAccount(opts.db, opts.shop);
  if (!account)
    return {
      shopName: opts.shop,
      accountId: null,
      catalogs: [],
      sync: null,
      choices: { stores: [], templates: [], layouts: [] },
    };
  const job = await latestStoreSync({ db: opts.db, accountId: account.id });
  const [{ n }] = (await opts.db
    .select({ n: count() })
    .from(listings)
    .where(eq(listings.accountId, account.id))) as [{ n: number }];
  const sync: ShopSyncView = {
    state: !job
      ? 'idle'
      : job.state === 'pending' || job.state === 'active'
        ? 'running'
        : job.state === 'complete'
          ? 'complete'
          : 'failed',
    done: job?.progress.done ?? 0,
    total: job?.progress.total ?? 0,
    lastSyncAt: account.lastSyncAt?.toISOString() ?? null,
    listingCount: Number(n),
  };
  return {
    shopName: account.name || opts.shop,
    accountId: account.id,
    catalogs: await listCatalogs({ db: opts.db, ownerId: account.userId }),
    sync,
    // The new-catalog wizard's choices: the same wizard as /catalogs.
    choices: await wizardChoices({ db: opts.db, ownerId: account.userId }),
  };
}

/** The home's "Sync products" action: a full sync of the shop (the running one, if any). */
export async function startShopSync(opts: { db: Db; jobs: JobQueue; shop: string }) {
  const account = await shopAccount(opts.db, opts.shop);
  if (!account) throw notFound('This shop is not connected.');
  const job = await startStoreSync({ ...opts, ownerId: account.userId, accountId: account.id });
  return { jobId: job.id };
}
