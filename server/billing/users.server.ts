import { and, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { decidingSubscription } from '../../core/billing/index.ts';
import { tableCsv } from '../../core/csv/index.ts';
import type { Db } from '../../db/client.ts';
import { listOrder } from '../../db/list-sort.ts';
import { containsPattern } from '../../db/owned.ts';
import { catalogs, storeAccounts, subscriptions, users } from '../../db/schema.ts';
import { readUserSettings, sessionStats, staffActionsFor, type User } from '../accounts/index.ts';
import { describeSubscription, getCurrentSubscription } from './subscriptions.server.ts';

export const USER_SORTS = {
  email: users.email,
  created_at: users.createdAt,
  last_login_at: users.lastLoginAt,
  platform: users.platform,
};

/**
 * Staff list of users (SPEC §2.1 /admin/users, §7 GET api/v1/users: page, limit, filter → data, total, count) with
 * what staff act on: the subscription that decides what each may do (the entitlements' choice, so staff see what
 * the merchant sees), the store platforms and their connection status (SPEC §7 store check), the catalogs, the
 * recorded sessions' minimum, maximum and total durations, and what staff did to the account. Search by email or
 * business name; sort by email, created_at (default newest first), last_login_at or platform.
 */
export async function listUsers(opts: {
  db: Db;
  page: number;
  limit: number;
  filter?: string;
  sort?: string;
}) {
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
    .orderBy(...listOrder(opts.sort, USER_SORTS, '-created_at'), users.id)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = await describeForStaff(opts.db, rows);
  return { data, total: Number(total), count: data.length };
}

type UserRow = typeof users.$inferSelect;

async function describeForStaff(db: Db, rows: UserRow[]) {
  const ids = rows.map((r) => r.id);
  const [subs, catalogCounts, stores, sessions, actions] = ids.length
    ? await Promise.all([
        db.select().from(subscriptions).where(inArray(subscriptions.userId, ids)),
        db
          .select({ ownerId: catalogs.ownerId, n: sql<number>`count(*)::int` })
          .from(catalogs)
          .where(inArray(catalogs.ownerId, ids))
          .groupBy(catalogs.ownerId),
        db
          .select({
            userId: storeAccounts.userId,
            id: storeAccounts.id,
            type: storeAccounts.type,
            shop: storeAccounts.shopDomain,
            connectionStatus: storeAccounts.connectionStatus,
            lastSyncAt: storeAccounts.lastSyncAt,
          })
          .from(storeAccounts)
          .where(and(inArray(storeAccounts.userId, ids), ne(storeAccounts.type, 'own'))),
        sessionStats({ db, userIds: ids }),
        staffActionsFor({ db, subjectType: 'user', subjectIds: ids }),
      ])
    : [[], [], [], new Map(), new Map()];
  const now = new Date();
  return rows.map((u) => {
    const chosen = decidingSubscription(
      subs.filter((s) => s.userId === u.id),
      now,
    );
    const sub = chosen && subs.find((s) => s.id === chosen.id);
    const stats = sessions.get(u.id);
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
      stores: stores
        .filter((s) => s.userId === u.id)
        .map((s) => ({
          _id: s.id,
          type: s.type,
          shop: s.shop,
          connectionStatus: s.connectionStatus,
          lastSyncAt: s.lastSyncAt?.toISOString() ?? null,
        })),
      sessions: {
        count: stats?.count ?? 0,
        min: stats?.minSeconds ?? 0,
        max: stats?.maxSeconds ?? 0,
        total: stats?.totalSeconds ?? 0,
      },
      staffActions: actions.get(u.id) ?? [],
    };
  });
}

/** Every user as CSV (GET api/v1/download-users): the columns of the staff list, oldest account first. */
export async function usersCsv(opts: { db: Db }): Promise<string> {
  const head = [
    'email',
    'business_name',
    'platform',
    'roles',
    'plan',
    'trial',
    'days_left',
    'catalogs',
    'stores',
    'sessions',
    'session_total_seconds',
    'created_at',
    'last_login_at',
  ];
  const lines: unknown[][] = [];
  // In pages, so a large user base never sits in memory as one query's rows.
  for (let page = 1; ; page++) {
    const rows = await opts.db
      .select()
      .from(users)
      .orderBy(users.createdAt, users.id)
      .limit(CSV_PAGE)
      .offset((page - 1) * CSV_PAGE);
    for (const u of await describeForStaff(opts.db, rows)) {
      lines.push([
        u.email,
        u.businessName,
        u.platform,
        u.roles.join(' '),
        u.subscription?.title ?? '',
        u.subscription ? (u.subscription.is_trial ? 'yes' : 'no') : '',
        u.subscription?.days_left ?? 0,
        u.catalogs,
        u.stores.map((s) => `${s.type}:${s.connectionStatus}`).join(' '),
        u.sessions.count,
        u.sessions.total,
        u.createdAt,
        u.lastLoginAt ?? '',
      ]);
    }
    if (rows.length < CSV_PAGE) break;
  }
  return tableCsv(head, lines);
}

const CSV_PAGE = 500;

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
