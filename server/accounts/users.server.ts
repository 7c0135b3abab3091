import { count, desc, ilike, inArray, or, sql } from 'drizzle-orm';
import { decidingSubscription } from '../../core/billing/index.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/owned.ts';
import { catalogs, subscriptions, users } from '../../db/schema.ts';
import { describeSubscription } from '../billing/index.ts';

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
