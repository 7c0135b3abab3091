import { and, count, eq, gte, max, ne } from 'drizzle-orm';
import { cycleStart, usageOf, type Entitlements } from '../../core/billing/index.ts';
import type { Db } from '../../db/client.ts';
import { catalogs, orders, subscriptions } from '../../db/schema.ts';

export type Usage = {
  catalogs: ReturnType<typeof usageOf>;
  /** The fullest catalog against the per-catalog limits. */
  pages: ReturnType<typeof usageOf>;
  products: ReturnType<typeof usageOf>;
  /**
   * Digital orders taken through flipbooks since the current monthly cycle began: real ones, as the plan counts
   * them (server/catalogs isRealOrder), not those still awaiting their buyer's confirmation.
   */
  orders: ReturnType<typeof usageOf> & { since: string };
};

/** What the merchant uses against the limits of their plan, for the dashboard's meters. */
export async function getUsage(opts: {
  db: Db;
  userId: string;
  ent: Entitlements;
  now?: Date;
}): Promise<Usage> {
  const now = opts.now ?? new Date();
  const [totals] = await opts.db
    .select({ n: count(), pages: max(catalogs.pageCount), products: max(catalogs.productCount) })
    .from(catalogs)
    .where(eq(catalogs.ownerId, opts.userId));
  let since = new Date(now.getTime() - 30 * 86_400_000);
  if (opts.ent.subscriptionId) {
    const [sub] = await opts.db
      .select({ startDate: subscriptions.startDate })
      .from(subscriptions)
      .where(eq(subscriptions.id, opts.ent.subscriptionId));
    if (sub) since = cycleStart(sub.startDate, now);
  }
  const [taken] = await opts.db
    .select({ n: count() })
    .from(orders)
    .where(
      and(eq(orders.ownerId, opts.userId), gte(orders.createdAt, since), ne(orders.status, 'unconfirmed')),
    );
  const { limits } = opts.ent;
  return {
    catalogs: usageOf(Number(totals?.n ?? 0), limits.max_catalogs),
    pages: usageOf(Number(totals?.pages ?? 0), limits.max_pages_per_catalog),
    products: usageOf(Number(totals?.products ?? 0), limits.max_products_per_catalog),
    orders: { ...usageOf(Number(taken?.n ?? 0), limits.max_orders), since: since.toISOString() },
  };
}
