import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/owned.ts';
import { catalogs, subscriptions, users } from '../../db/schema.ts';
import { describeSubscription } from '../billing/index.ts';

/** Staff list of users with their current subscription; search by email or business name. */
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
    ? await opts.db
        .select()
        .from(subscriptions)
        .where(and(inArray(subscriptions.userId, ids), eq(subscriptions.status, 'active')))
        .orderBy(desc(subscriptions.startDate))
    : [];
  const catalogCounts = ids.length
    ? await opts.db
        .select({ ownerId: catalogs.ownerId, n: sql<number>`count(*)::int` })
        .from(catalogs)
        .where(inArray(catalogs.ownerId, ids))
        .groupBy(catalogs.ownerId)
    : [];
  const data = rows.map((u) => {
    const sub = subs.find((s) => s.userId === u.id);
    return {
      _id: u.id,
      email: u.email,
      businessName: u.businessName,
      roles: u.roles,
      platform: u.platform,
      createdAt: u.createdAt.toISOString(),
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      catalogs: catalogCounts.find((c) => c.ownerId === u.id)?.n ?? 0,
      subscription: sub ? describeSubscription(sub) : null,
    };
  });
  return { data, total: Number(total), count: data.length };
}
