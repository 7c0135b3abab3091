import { and, eq } from 'drizzle-orm';
import type { MerchantOrderStatus } from '../../core/orders/index.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { orders } from '../../db/schema.ts';
import type { Mailer } from '../mail/index.ts';
import { conflict, notFound, type Logger } from '../platform/index.ts';
import { orderStatusMail } from './order-mails.server.ts';
import { ORDER_MESSAGES, viewOf, type OrderView } from './orders.server.ts';
import { loadPublishedById, viewPath } from './published.server.ts';

/**
 * The merchant marks one of their real orders new, confirmed, shipped or cancelled (the Orders page), and its buyer
 * is told by mail (orderStatusMail: nothing anyone typed). Setting the status it already has changes and mails
 * nothing; an order awaiting its buyer is accepted first (409); another merchant's order is a 404.
 */
export async function setOrderStatus(opts: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
  ownerId: string;
  orderId: string;
  status: MerchantOrderStatus;
}): Promise<OrderView> {
  const { db } = opts;
  if (!isUuid(opts.orderId)) throw notFound('Order not found.');
  const mine = and(eq(orders.id, opts.orderId), eq(orders.ownerId, opts.ownerId));
  const [row] = await db.select().from(orders).where(mine);
  if (!row) throw notFound('Order not found.');
  if (row.status === 'unconfirmed') throw conflict(ORDER_MESSAGES.statusOfUnconfirmed);
  const published = await loadPublishedById({ db, catalogId: row.catalogId });
  if (!published) throw notFound('Order not found.');
  if (row.status === opts.status) return viewOf(row, published.row);
  // Only from the status the merchant saw: two tabs changing one order mail the buyer once per real change.
  const [saved] = await db
    .update(orders)
    .set({ status: opts.status })
    .where(and(mine, eq(orders.status, row.status)))
    .returning();
  if (!saved) throw conflict('This order was changed meanwhile. Please reload the page.');
  const order = viewOf(saved, published.row);
  const mail = orderStatusMail({
    order,
    published,
    status: opts.status,
    viewUrl: `${opts.appUrl}${viewPath(published.row)}`,
  });
  // The status is kept whatever the mail server says; a mail that fails is logged for the operator.
  await opts.mailer.send(mail).catch((err) => opts.logger.error({ err }, 'order status mail failed'));
  return order;
}
