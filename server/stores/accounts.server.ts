import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { listings, storeAccounts } from '../../db/schema.ts';
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

function describeAccount(row: StoreAccount, listingCount: number): AccountView {
  const details = (row.details ?? {}) as { profile?: unknown };
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
  return rows.map((r) => describeAccount(r, byAccount.get(r.id) ?? 0));
}

export async function getAccount(opts: { db: Db; ownerId: string; accountId: string }): Promise<AccountView> {
  const account = await requireOwnedAccount(opts);
  const [{ n }] = (await opts.db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(eq(listings.accountId, account.id))) as [{ n: number }];
  return describeAccount(account, Number(n));
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
