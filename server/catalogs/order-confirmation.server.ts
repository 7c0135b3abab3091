import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { FIRST_ORDER_NUMBER } from '../../core/orders/index.ts';
import { orders, orderSequences, storeAccounts } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/index.ts';
import { conflict, forbidden, hashToken, notFound, type Logger } from '../platform/index.ts';
import { orderMails } from './order-mails.server.ts';
import { countOrdersLastCycle, ORDER_MESSAGES, viewOf, type OrderView } from './orders.server.ts';
import { loadPublishedById, viewPath, type PublishedCatalog } from './published.server.ts';

/** How long the buyer's confirmation link works. */
export const CONFIRM_LINK_DAYS = 7;
/** Unconfirmed orders nobody confirmed nor accepted are dropped after this many days. */
export const UNCONFIRMED_KEEP_DAYS = 30;

const DAY_MS = 86_400_000;

type OrderRow = typeof orders.$inferSelect;
type Deps = { db: Db; mailer: Mailer; jobs: JobQueue; logger: Logger; appUrl: string };

/** The owner's next order number (#1001 first): their sequence moved on in one statement, so two never share one. */
async function nextOrderNumber(db: Pick<Db, 'insert'>, ownerId: string): Promise<number> {
  const [seq] = await db
    .insert(orderSequences)
    .values({ ownerId, last: FIRST_ORDER_NUMBER })
    .onConflictDoUpdate({ target: orderSequences.ownerId, set: { last: sql`${orderSequences.last} + 1` } })
    .returning({ last: orderSequences.last });
  return seq!.last;
}

/**
 * Make an unconfirmed order real, once: within the plan's orders of this cycle, it becomes `new` (counted) with the
 * owner's next order number, and for a Shopify merchant it is queued as a draft order. `raced` when it was not unconfirmed any more (someone
 * else made it real first), `limit` when the plan has no order left this cycle.
 */
async function makeReal(
  deps: Deps,
  row: OrderRow,
  pub: PublishedCatalog,
  by: 'buyer' | 'merchant',
): Promise<{ kind: 'real'; order: OrderView } | { kind: 'limit' } | { kind: 'raced' }> {
  const { db } = deps;
  const { count: used } = await countOrdersLastCycle({ db, ownerId: row.ownerId });
  if (used >= pub.plan.max_orders) return { kind: 'limit' };
  const [shopify] = await db
    .select({ id: storeAccounts.id })
    .from(storeAccounts)
    .where(and(eq(storeAccounts.userId, row.ownerId), eq(storeAccounts.type, 'shopify')))
    .limit(1);
  // One transaction: a number is spent only on the order that became real (none on a lost race).
  const saved = await db.transaction(async (tx) => {
    const [made] = await tx
      .update(orders)
      .set({
        status: 'new',
        ...(by === 'buyer' ? { emailConfirmedAt: new Date() } : {}),
        draftOrder: shopify ? { state: 'pending' } : null,
      })
      .where(and(eq(orders.id, row.id), eq(orders.status, 'unconfirmed')))
      .returning({ id: orders.id });
    if (!made) return null;
    const number = await nextOrderNumber(tx, row.ownerId);
    const [numbered] = await tx.update(orders).set({ number }).where(eq(orders.id, row.id)).returning();
    return numbered ?? null;
  });
  if (!saved) return { kind: 'raced' };
  const order = viewOf(saved, pub.row);
  if (shopify)
    await deps.jobs.enqueue('create-draft-order', { orderId: order._id }, { ownerId: row.ownerId });
  return { kind: 'real', order };
}

export type ConfirmOutcome =
  | { kind: 'pending' | 'confirmed' | 'already'; order: OrderView; published: PublishedCatalog }
  | { kind: 'invalid' }
  | { kind: 'expired' | 'limit'; order: OrderView; published: PublishedCatalog };

/** The order a confirmation link names, as the confirmation page shows it before the buyer presses the button. */
export async function findOrderToConfirm(opts: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<ConfirmOutcome> {
  const { db } = opts;
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(opts.token)) return { kind: 'invalid' };
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.confirmTokenHash, hashToken(opts.token)));
  if (!row) return { kind: 'invalid' };
  const published = await loadPublishedById({ db, catalogId: row.catalogId });
  if (!published) return { kind: 'invalid' };
  const order = viewOf(row, published.row);
  if (row.status !== 'unconfirmed') return { kind: 'already', order, published };
  const now = opts.now ?? new Date();
  if (now.getTime() - row.createdAt.getTime() > CONFIRM_LINK_DAYS * DAY_MS)
    return { kind: 'expired', order, published };
  return { kind: 'pending', order, published };
}

/**
 * The buyer confirms their address (the button of the mailed link's page): the order becomes real and only now
 * do the merchant's mail and the buyer's confirmation, with everything the buyer typed, go out.
 */
export async function confirmOrder(opts: Deps & { token: string; now?: Date }): Promise<ConfirmOutcome> {
  const found = await findOrderToConfirm(opts);
  if (found.kind !== 'pending') return found;
  const [row] = await opts.db.select().from(orders).where(eq(orders.id, found.order._id));
  const made = await makeReal(opts, row!, found.published, 'buyer');
  if (made.kind === 'limit') return { ...found, kind: 'limit' };
  if (made.kind === 'raced') return { ...found, kind: 'already' };
  const { order } = made;
  const viewUrl = `${opts.appUrl}${viewPath(found.published.row)}`;
  for (const mail of orderMails({ order, published: found.published, viewUrl })) {
    await opts.mailer.send(mail).catch((err) => opts.logger.error({ err }, 'order mail failed'));
  }
  return { kind: 'confirmed', order, published: found.published };
}

/**
 * The merchant accepts an order the buyer did not confirm (the Orders page): it becomes real. Nothing is mailed
 * to the address the sender typed; the merchant contacts the buyer.
 */
export async function acceptOrder(opts: Deps & { ownerId: string; orderId: string }): Promise<OrderView> {
  const { db } = opts;
  if (!isUuid(opts.orderId)) throw notFound('Order not found.');
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, opts.orderId), eq(orders.ownerId, opts.ownerId)));
  if (!row) throw notFound('Order not found.');
  if (row.status !== 'unconfirmed') throw conflict(ORDER_MESSAGES.notUnconfirmed);
  const published = await loadPublishedById({ db, catalogId: row.catalogId });
  if (!published) throw notFound('Order not found.');
  const made = await makeReal(opts, row, published, 'merchant');
  if (made.kind === 'limit') throw forbidden(ORDER_MESSAGES.limit);
  if (made.kind === 'raced') throw conflict(ORDER_MESSAGES.notUnconfirmed);
  return made.order;
}

/** Housekeeping: unconfirmed orders nobody confirmed nor accepted within a month go. */
export async function purgeUnconfirmedOrders(opts: { db: Db }): Promise<void> {
  await opts.db
    .delete(orders)
    .where(
      and(
        eq(orders.status, 'unconfirmed'),
        lt(orders.createdAt, sql`now() - make_interval(days => ${UNCONFIRMED_KEEP_DAYS})`),
      ),
    );
}
