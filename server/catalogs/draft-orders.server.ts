import { and, eq, isNotNull } from 'drizzle-orm';
import type { DraftOrderLine } from '../../connectors/index.ts';
import { addressLines, formatOrderNumber } from '../../core/orders/index.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { catalogs, orders, storeAccounts } from '../../db/schema.ts';
import { getListingsByIds } from '../listings/index.ts';
import { connectorFor } from '../stores/index.ts';
import type { DraftOrderState, OrderInput, OrderLine } from './orders.server.ts';

/** The message the merchant sees on an order whose draft order could not be made. */
export const DRAFT_ORDER_FAILED = 'The draft order could not be created in your Shopify store';

/** The store product a line is about: our listing's Shopify product id, or the id the page kept. */
async function storeIds(db: Db, ownerId: string, lines: OrderLine[]): Promise<Map<string, string>> {
  const ids = [...new Set(lines.map((l) => l.product_id).filter(isUuid))];
  const listings = ids.length ? await getListingsByIds({ db, ownerId, listingIds: ids }) : [];
  const map = new Map<string, string>();
  for (const l of listings) if (l.id && l.external_id) map.set(l.id, l.external_id);
  for (const line of lines) if (!map.has(line.product_id)) map.set(line.product_id, line.product_id);
  return map;
}

async function setDraftOrder(db: Db, orderId: string, state: DraftOrderState) {
  await db.update(orders).set({ draftOrder: state }).where(eq(orders.id, orderId));
}

/**
 * Make the Shopify draft order of one of our orders (the create-draft-order job). Safe to run twice: an order
 * whose draft exists is left alone. Throws when Shopify fails, so the job retries; after the last attempt
 * markDraftOrderFailed keeps the order and tells the merchant.
 */
export async function createDraftOrderForOrder(opts: {
  db: Db;
  orderId: string;
  appSecret: string;
}): Promise<DraftOrderState> {
  const { db } = opts;
  const [order] = await db.select().from(orders).where(eq(orders.id, opts.orderId));
  if (!order) return { state: 'failed', error: 'The order no longer exists.' };
  const current = order.draftOrder as DraftOrderState | null;
  if (current?.state === 'created') return current;
  const [account] = await db
    .select()
    .from(storeAccounts)
    .where(
      and(
        eq(storeAccounts.userId, order.ownerId),
        eq(storeAccounts.type, 'shopify'),
        isNotNull(storeAccounts.credentialsEncrypted),
      ),
    )
    .limit(1);
  if (!account) {
    const failed: DraftOrderState = { state: 'failed', error: 'No Shopify store is connected.' };
    await setDraftOrder(db, order.id, failed);
    return failed;
  }
  const [catalog] = await db
    .select({ title: catalogs.title })
    .from(catalogs)
    .where(eq(catalogs.id, order.catalogId));
  const lines = order.items as OrderLine[];
  const products = await storeIds(db, order.ownerId, lines);
  const customer = order.customer as OrderInput['customer'];
  const connector = connectorFor({ account, appSecret: opts.appSecret });
  if (!connector.createDraftOrder) throw new Error('This store cannot take draft orders.');
  const number = order.number === null ? '' : `${formatOrderNumber(order.number)} `;
  const address = (label: string, a: OrderInput['customer']['billing'] | undefined) =>
    a ? `${label}: ${addressLines(a, 'en').join(', ')}` : '';
  const note = [
    `Wholesale order ${number}from the catalog "${catalog?.title ?? ''}" (Catalog Builder order ${order.id})`,
    [customer.name, customer.company, customer.phone, customer.address].filter(Boolean).join(', '),
    address('Billing', customer.billing),
    address('Shipping', customer.shipping),
    order.comments,
  ]
    .filter(Boolean)
    .join('\n');
  const draft = await connector.createDraftOrder({
    email: customer.email,
    note,
    tags: ['catalog-builder'],
    lines: lines.map((l): DraftOrderLine => ({
      variantId: l.variation_id,
      productId: products.get(l.product_id) ?? null,
      title: l.variation_title ? `${l.title} (${l.variation_title})` : l.title,
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: l.price,
      currency: l.currency,
    })),
  });
  const created: DraftOrderState = { state: 'created', id: draft.id, name: draft.name, url: draft.adminUrl };
  await setDraftOrder(db, order.id, created);
  return created;
}

/** After the last attempt: the order stays, and says why it has no draft order. */
export async function markDraftOrderFailed(opts: { db: Db; orderId: string; error: string }) {
  const [order] = await opts.db.select().from(orders).where(eq(orders.id, opts.orderId));
  if (!order || (order.draftOrder as DraftOrderState | null)?.state === 'created') return;
  await setDraftOrder(opts.db, order.id, {
    state: 'failed',
    error: `${DRAFT_ORDER_FAILED}: ${opts.error.slice(0, 300)}`,
  });
}
