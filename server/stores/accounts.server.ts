import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { platformOf } from '../../connectors/index.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { jobs, listings, storeAccounts } from '../../db/schema.ts';
import { notFound } from '../platform/index.ts';

export type StoreAccount = typeof storeAccounts.$inferSelect;

/** What the API shows of a store account: never its credentials. */
export type AccountView = {
  id: string;
  _id: string;
  type: string;
  name: string;
  shop_domain: string;
  connection_status: string;
  last_sync_at: string | null;
  details: { profile: unknown };
  settings: Record<string, unknown>;
  listing_count: number;
  /** The platform's name (WooCommerce); null for the own account. */
  platform_name: string | null;
  /** The platform closed (TradeGecko): the listings stay, nothing syncs. */
  discontinued: boolean;
  /** The latest sync of the store (running, or the last one): its state and products done over total. */
  sync: SyncView | null;
  /** What the last finished sync did, with the products it skipped (SPEC §8: skipped, reported here). */
  last_sync_result: SyncResultView | null;
  /** Whether the store tells us of product changes (webhooks registered), or why not. */
  webhooks: { active: boolean; error: string | null };
};

export type SyncView = {
  job_id: string;
  state: string;
  done: number;
  total: number;
  error: string | null;
  updated_at: string;
};

export type SyncResultView = {
  finished_at: string;
  created: number;
  updated: number;
  removed: number;
  skipped_count: number;
  /** The first 100 skipped products: title (or id) and why. */
  skipped: { external_id: string; title: string | null; error: string }[];
};

export const OWN_ACCOUNT_NAME = 'My products';

/**
 * store_accounts names its owner `user_id`, so db/owned.ts's helpers (which expect `owner_id`) do not fit;
 * this is the same rule for accounts: the id and the owner together, a malformed id never reaching the database.
 */
export async function findOwnedAccount(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
}): Promise<StoreAccount | null> {
  if (!isUuid(opts.accountId)) return null;
  const [row] = await opts.db
    .select()
    .from(storeAccounts)
    .where(and(eq(storeAccounts.id, opts.accountId), eq(storeAccounts.userId, opts.ownerId)))
    .limit(1);
  return row ?? null;
}

/** The account, or a 404 whether it does not exist or belongs to someone else. */
export async function requireOwnedAccount(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
}): Promise<StoreAccount> {
  const account = await findOwnedAccount(opts);
  if (!account) throw notFound('This store account does not exist.');
  return account;
}

/**
 * The account of hand-made and imported listings. Registration creates it; users made before that, or
 * through another path, get it on first use. The unique (user, type, shop) index makes concurrent calls safe.
 */
export async function ensureOwnAccount(opts: { db: Db; ownerId: string }): Promise<StoreAccount> {
  const where = and(
    eq(storeAccounts.userId, opts.ownerId),
    eq(storeAccounts.type, 'own'),
    eq(storeAccounts.shopDomain, ''),
  );
  const [existing] = await opts.db.select().from(storeAccounts).where(where).limit(1);
  if (existing) return existing;
  await opts.db
    .insert(storeAccounts)
    .values({ userId: opts.ownerId, type: 'own', name: OWN_ACCOUNT_NAME, shopDomain: '' })
    .onConflictDoNothing();
  const [row] = await opts.db.select().from(storeAccounts).where(where).limit(1);
  return row!;
}

type JobRowLite = typeof jobs.$inferSelect;

/** The latest sync job and the latest finished one of each account. */
async function syncJobsOf(
  db: Db,
  ownerId: string,
  accountIds: string[],
): Promise<Map<string, { latest?: JobRowLite; finished?: JobRowLite }>> {
  const out = new Map<string, { latest?: JobRowLite; finished?: JobRowLite }>();
  if (accountIds.length === 0) return out;
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.ownerId, ownerId),
        inArray(jobs.name, ['sync-store']),
        sql`${jobs.payload}->>'accountId' in (${sql.join(
          accountIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(500);
  for (const row of rows) {
    const id = String((row.payload as { accountId?: unknown }).accountId);
    const entry = out.get(id) ?? {};
    entry.latest ??= row;
    if (row.state === 'complete') entry.finished ??= row;
    out.set(id, entry);
  }
  return out;
}

function syncView(row: JobRowLite | undefined): SyncView | null {
  if (!row) return null;
  return {
    job_id: row.id,
    state: row.state,
    done: row.progressDone,
    total: row.progressTotal,
    error: row.error,
    updated_at: row.updatedAt.toISOString(),
  };
}

function resultView(row: JobRowLite | undefined): SyncResultView | null {
  if (!row) return null;
  const r = (row.result ?? {}) as {
    created?: number;
    updated?: number;
    removed?: number;
    skipped?: { external_id: string; title: string | null; error: string }[];
  };
  const skipped = Array.isArray(r.skipped) ? r.skipped : [];
  return {
    finished_at: row.updatedAt.toISOString(),
    created: Number(r.created ?? 0),
    updated: Number(r.updated ?? 0),
    removed: Number(r.removed ?? 0),
    skipped_count: skipped.length,
    skipped: skipped.slice(0, 100).map((f) => ({
      external_id: String(f.external_id ?? ''),
      title: typeof f.title === 'string' ? f.title : null,
      error: String(f.error ?? ''),
    })),
  };
}

function describeAccount(
  row: StoreAccount,
  listingCount: number,
  syncs: { latest?: JobRowLite; finished?: JobRowLite } = {},
): AccountView {
  const details = (row.details ?? {}) as {
    profile?: unknown;
    webhooks?: { ids?: unknown[]; error?: unknown };
  };
  const platform = platformOf(row.type);
  return {
    id: row.id,
    _id: row.id,
    type: row.type,
    name: row.name,
    shop_domain: row.shopDomain,
    connection_status: row.connectionStatus,
    last_sync_at: row.lastSyncAt ? row.lastSyncAt.toISOString() : null,
    details: { profile: details.profile ?? null },
    settings: (row.settings ?? {}) as Record<string, unknown>,
    listing_count: listingCount,
    platform_name: platform?.name ?? null,
    discontinued: platform?.connect === 'discontinued',
    sync: syncView(syncs.latest),
    last_sync_result: resultView(syncs.finished),
    webhooks: {
      active: Array.isArray(details.webhooks?.ids) && details.webhooks.ids.length > 0,
      error: typeof details.webhooks?.error === 'string' ? details.webhooks.error : null,
    },
  };
}

/** The user's store accounts, own first, each with its number of listings. */
export async function listAccounts(opts: { db: Db; ownerId: string }): Promise<AccountView[]> {
  await ensureOwnAccount(opts);
  const rows = await opts.db
    .select()
    .from(storeAccounts)
    .where(eq(storeAccounts.userId, opts.ownerId))
    .orderBy(sql`${storeAccounts.type} <> 'own'`, asc(storeAccounts.createdAt), asc(storeAccounts.id));
  const counts = await opts.db
    .select({ accountId: listings.accountId, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(eq(listings.ownerId, opts.ownerId))
    .groupBy(listings.accountId);
  const byAccount = new Map(counts.map((c) => [c.accountId, Number(c.n)]));
  const syncs = await syncJobsOf(
    opts.db,
    opts.ownerId,
    rows.filter((r) => r.type !== 'own').map((r) => r.id),
  );
  return rows.map((r) => describeAccount(r, byAccount.get(r.id) ?? 0, syncs.get(r.id)));
}

export async function getAccount(opts: { db: Db; ownerId: string; accountId: string }): Promise<AccountView> {
  const account = await requireOwnedAccount(opts);
  const [{ n }] = (await opts.db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(eq(listings.accountId, account.id))) as [{ n: number }];
  const syncs = await syncJobsOf(opts.db, opts.ownerId, account.type === 'own' ? [] : [account.id]);
  return describeAccount(account, Number(n), syncs.get(account.id));
}

/** SPEC §7 'Accounts: update with settings': settings are merged, so a client may send only what it changes. */
export async function updateAccountSettings(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
  settings: Record<string, unknown>;
}): Promise<AccountView> {
  const account = await requireOwnedAccount(opts);
  await opts.db
    .update(storeAccounts)
    .set({
      settings: { ...((account.settings ?? {}) as Record<string, unknown>), ...opts.settings },
      updatedAt: new Date(),
    })
    .where(eq(storeAccounts.id, account.id));
  return getAccount(opts);
}
