import { count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { decidingSubscription } from '../../core/billing/index.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/owned.ts';
import { catalogs, storeAccounts, subscriptions, users } from '../../db/schema.ts';
import { readUserSettings, type User } from '../accounts/index.ts';
import { describeSubscription, getCurrentSubscription } from './subscriptions.server.ts';

/**
 * Staff list of users with the subscription that decides what each may do (the entitlements' choice, so staff
 * see what the merchant sees); search by email or business name.
 */
export async function listUsers(opts: { db: Db; page: number; limit: number; filter?: string }) {
  const where = opts.filter
    ? or(
        ilike(users.email, containsPattern(opts.filter)),
        ilike(users.businessName, containsPattern(opts.filter)),
      )
    : undefined;
  const [{ total }] = (await opts.db.select({ total: count() }).from(users).where(where)) as [
    { total: number },
  ];
  const rows = await opts.db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const ids = rows.map((r) => r.id);
  const subs = ids.length
    ? await opts.db.select().from(subscriptions).where(inArray(subscriptions.userId, ids))
    : [];
  const catalogCounts = ids.length
    ? await opts.db
        .select({ ownerId: catalogs.ownerId, n: sql<number>`count(*)::int` })
        .from(catalogs)
        .where(inArray(catalogs.ownerId, ids))
        .groupBy(catalogs.ownerId)
    : [];
  const now = new Date();
  const data = rows.map((u) => {
    const chosen = decidingSubscription(
      subs.filter((s) => s.userId === u.id),
      now,
    );
    const sub = chosen && subs.find((s) => s.id === chosen.id);
    return {
      _id: u.id,
      email: u.email,
      businessName: u.businessName,
      roles: u.roles,
      platform: u.platform,
      createdAt: u.createdAt.toISOString(),
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      catalogs: catalogCounts.find((c) => c.ownerId === u.id)?.n ?? 0,
      subscription: sub ? describeSubscription(sub, now) : null,
    };
  });
  return { data, total: Number(total), count: data.length };
}

/** The signed-in user as the client sees it (GET /loggedin), with the subscription that decides what they may do. */
export async function describeUser(opts: { db: Db; user: User }) {
  const { user } = opts;
  const sub = await getCurrentSubscription({ db: opts.db, userId: user.id });
  const subscription = sub ? describeSubscription(sub) : null;
  const accounts = await opts.db
    .select({
      id: storeAccounts.id,
      type: storeAccounts.type,
      name: storeAccounts.name,
      shop: storeAccounts.shopDomain,
    })
    .from(storeAccounts)
    .where(eq(storeAccounts.userId, user.id));
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    businessName: user.businessName,
    roles: user.roles,
    isAdmin: user.roles.includes('admin'),
    platform: user.platform,
    locale: user.locale,
    // Every setting with its default where the account has none (SPEC §3 User settings).
    settings: readUserSettings(user.settings).settings,
    accounts: accounts.map((a) => ({
      _id: a.id,
      type: a.type,
      details: { profile: { name: a.name, shop: a.shop } },
    })),
    subscription,
    hasExpired: subscription ? subscription.hasExpired : true,
    createdAt: user.createdAt.toISOString(),
  };
}
