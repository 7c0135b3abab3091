import { and, count, desc, eq, gte, ne } from 'drizzle-orm';
import { z } from 'zod';
import { isProductElement, onlinePath, type Catalog, type Product } from '../../core/model/index.ts';
import { cycleStart as billingCycleStart } from '../../core/billing/index.ts';
import { tableCsv } from '../../core/csv/index.ts';
import {
  addressLines,
  AddressSchema,
  formatOrderNumber,
  ORDER_STATUSES,
  type Address,
  type OrderStatus,
} from '../../core/orders/index.ts';
import type { Db } from '../../db/client.ts';
import { findOwned, ownedBy } from '../../db/owned.ts';
import { catalogs, orders } from '../../db/schema.ts';
import { accountSubject, hitRateLimit } from '../accounts/index.ts';
import { getCurrentSubscription } from '../billing/index.ts';
import type { Mailer } from '../mail/index.ts';
import { badRequest, forbidden, hashToken, notFound, randomToken, type Logger } from '../platform/index.ts';
import { confirmationRequestMail } from './order-mails.server.ts';
import type { PublishedCatalog } from './published.server.ts';

/** SPEC §8 order messages, and the refusals of SPEC §6 (digital orders need the plan and the setting). */
export const ORDER_MESSAGES = {
  sent: 'Your order was successfully sent. You should receive a confirmation by email within a few minutes.',
  failed: 'An error occured. Please try again.',
  closed: 'This catalog does not take orders.',
  limit: 'This catalog cannot take more orders this month. Please contact the seller.',
  unknownItem: 'This product is not in this catalog.',
  unknownVariation: 'This variant is not in this catalog.',
  /** What the buyer is told besides SPEC §8's message: the order waits for their confirmation. */
  confirmByMail:
    'Please confirm your order with the link we sent to your email address: the seller receives it once it is confirmed.',
  notUnconfirmed: 'This order is already confirmed.',
  /** A catalog that takes no backorders refuses a quantity over the stock it shows. */
  overStock: (title: string, available: number) =>
    available > 0
      ? `Only ${available} of “${title}” ${available === 1 ? 'is' : 'are'} in stock.`
      : `“${title}” is out of stock.`,
  /** The merchant sets a status only on a real order: one awaiting its buyer is accepted first. */
  statusOfUnconfirmed: 'Accept this order before changing its status.',
} as const;

/**
 * Order states (core/orders). An order sent from a catalog is `unconfirmed` until the buyer confirms their email
 * address by the mailed link or the merchant accepts it; then it is `new`, a real order (counted against the plan,
 * numbered, mailed with its details, sent to Shopify), which the merchant marks confirmed, shipped or cancelled.
 */
export { ORDER_STATUSES, type OrderStatus };

/** Real orders: every status but unconfirmed (the monthly quota and the cycle's count read these). */
export const isRealOrder = ne(orders.status, 'unconfirmed');

const MAX_LINES = 500;
const MAX_QUANTITY = 100_000;

/** SPEC §7 POST catalogs/{id}/orders: customer, comments, items. Prices never come from the client. */
export const OrderInputSchema = z.object({
  customer: z.object({
    name: z.string().trim().min(1, 'Enter your name').max(200),
    email: z.string().trim().toLowerCase().email('Enter a valid email address').max(320),
    company: z.string().trim().max(200).optional().default(''),
    phone: z.string().trim().max(60).optional().default(''),
    /** Free text, as orders sent before addresses had their fields carry it. */
    address: z.string().trim().max(1000).optional().default(''),
    /** Where the invoice goes (the cart asks for it; each address given is complete). */
    billing: AddressSchema.nullable().optional().default(null),
    /** Where the goods go; null: to the billing address. */
    shipping: AddressSchema.nullable().optional().default(null),
  }),
  comments: z.string().trim().max(5000).optional().default(''),
  items: z
    .array(
      z.object({
        product_id: z.string().min(1).max(800),
        variation_id: z.string().max(800).nullable().optional(),
        quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_QUANTITY),
      }),
    )
    .min(1, 'Add at least one product')
    .max(MAX_LINES),
});
export type OrderInput = z.output<typeof OrderInputSchema>;

export type OrderLine = {
  product_id: string;
  variation_id: string | null;
  title: string;
  variation_title: string | null;
  sku: string | null;
  quantity: number;
  price: number | null;
  currency: string;
  line_total: number | null;
  /** The stock the catalog showed for it (null: not tracked). */
  stock?: number | null;
  /** Units ordered beyond that stock, on a catalog that takes backorders (0 or absent: none). */
  backorder?: number;
};

export type DraftOrderState =
  | { state: 'pending' }
  | { state: 'created'; id: string; name: string; url: string }
  | { state: 'failed'; error: string };

export type OrderView = {
  _id: string;
  /** The merchant's short number for it (#1042 is 1042); null while it awaits its buyer's confirmation. */
  number: number | null;
  /** The catalog it came from, and its online version (SPEC §2.2 view/{slug or id}). */
  catalog: { _id: string; title: string; url: string };
  customer: OrderInput['customer'];
  comments: string;
  items: OrderLine[];
  total: number | null;
  currency: string | null;
  draft_order: DraftOrderState | null;
  status: OrderStatus;
  /** The buyer confirmed their address by the mailed link (false for orders the merchant accepted). */
  email_confirmed: boolean;
  created_at: string;
};

/** Every product of the catalog by id (a product placed twice is one product). */
export function catalogProducts(catalog: Catalog): Map<string, Product> {
  const map = new Map<string, Product>();
  for (const page of catalog.pages)
    for (const el of page.elements) if (el && isProductElement(el)) map.set(el.properties.id, el.properties);
  return map;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The order's lines priced from the catalog; a product or variant the catalog lacks is a 400 naming it. A quantity
 * over the stock the catalog shows (all lines of one product or variant together) is refused with a 400 naming the
 * line when the catalog takes no backorders (SPEC §3 settings `allow_backorders`), else taken and flagged on the
 * line (`backorder`: the units beyond the stock).
 */
export function priceOrder(
  catalog: Catalog,
  items: OrderInput['items'],
  opts: { allowBackorders: boolean } = { allowBackorders: catalog.settings.allow_backorders },
): OrderLine[] {
  const products = catalogProducts(catalog);
  const ordered = new Map<string, number>();
  return items.map((item, i) => {
    const product = products.get(item.product_id);
    if (!product)
      throw badRequest(ORDER_MESSAGES.unknownItem, [
        { path: ['items', String(i), 'product_id'], message: ORDER_MESSAGES.unknownItem },
      ]);
    const variation = item.variation_id
      ? product.variations.find((v) => v.id === item.variation_id)
      : undefined;
    if (item.variation_id && !variation)
      throw badRequest(ORDER_MESSAGES.unknownVariation, [
        { path: ['items', String(i), 'variation_id'], message: ORDER_MESSAGES.unknownVariation },
      ]);
    const price = variation?.price ?? product.price ?? null;
    const variationTitle = variation ? variation.title || variation.options.join(' / ') : null;
    const stock = variation ? (variation.stock ?? null) : (product.stock ?? null);
    const key = `${product.id}\u0000${variation?.id ?? ''}`;
    const before = ordered.get(key) ?? 0;
    ordered.set(key, before + item.quantity);
    const backorder =
      stock === null ? 0 : Math.min(item.quantity, Math.max(0, before + item.quantity - stock));
    if (backorder > 0 && !opts.allowBackorders) {
      const name = variationTitle ? `${product.title} (${variationTitle})` : product.title;
      const available = Math.max(0, (stock ?? 0) - before);
      const message = ORDER_MESSAGES.overStock(name, available);
      throw badRequest(message, [
        { path: ['items', String(i), 'quantity'], message, problem: 'over_stock', title: name, available },
      ]);
    }
    return {
      product_id: product.id,
      variation_id: variation?.id ?? null,
      title: product.title,
      variation_title: variationTitle,
      sku: variation?.sku ?? product.sku ?? null,
      quantity: item.quantity,
      price,
      currency: product.iso_currency_code,
      line_total: price === null ? null : round2(price * item.quantity),
      stock,
      backorder,
    };
  });
}

/**
 * When the current billing cycle began: the subscription's start date moved on by whole months, clamped to a
 * month's last day (core/billing, the same rule as the dashboard's usage; a yearly plan still counts orders per
 * month); without a subscription, the calendar month.
 */
export function cycleStart(start: Date | null, now = new Date()): Date {
  if (!start) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return billingCycleStart(start, now);
}

/**
 * SPEC §7 GET orders/count/last-cycle: the owner's real orders since the current cycle began (an order nobody
 * confirmed does not use the plan's allowance).
 */
export async function countOrdersLastCycle(opts: { db: Db; ownerId: string; now?: Date }) {
  const sub = await getCurrentSubscription({ db: opts.db, userId: opts.ownerId });
  const since = cycleStart(sub?.startDate ?? null, opts.now);
  const [{ n }] = (await opts.db
    .select({ n: count() })
    .from(orders)
    .where(ownedBy(orders, opts.ownerId, and(gte(orders.createdAt, since), isRealOrder)))) as [{ n: number }];
  return { count: Number(n), since: since.toISOString() };
}

export function viewOf(
  row: typeof orders.$inferSelect,
  catalog: { title: string; slug: string | null },
): OrderView {
  const customer = row.customer as Partial<OrderInput['customer']>;
  return {
    _id: row.id,
    number: row.number ?? null,
    catalog: {
      _id: row.catalogId,
      title: catalog.title,
      url: onlinePath({ id: row.catalogId, slug: catalog.slug }),
    },
    // Orders sent before addresses had fields carry none.
    customer: {
      ...customer,
      billing: customer.billing ?? null,
      shipping: customer.shipping ?? null,
    } as OrderInput['customer'],
    comments: row.comments,
    items: row.items as OrderLine[],
    total: row.total,
    currency: row.currency,
    draft_order: (row.draftOrder as DraftOrderState | null) ?? null,
    status: (ORDER_STATUSES as readonly string[]).includes(row.status) ? (row.status as OrderStatus) : 'new',
    email_confirmed: !!row.emailConfirmedAt,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Take a wholesale order from a catalog's visitor (SPEC §4 'Orders', §6): the catalog must take digital orders
 * and the owner's plan allow them and have room left this cycle (max_orders); lines are priced from the catalog.
 * The order is stored unconfirmed and the buyer gets a link to confirm it, in a mail that carries nothing the
 * sender typed (anyone can type anyone's address). Only a confirmed order (confirmOrder) or one the merchant
 * accepts (acceptOrder) is real: counted, mailed with its details, sent to Shopify. Intake is limited per address,
 * per catalog and per buyer address.
 */
export async function placeOrder(opts: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  published: PublishedCatalog;
  input: OrderInput;
  ip: string;
  /** The app's public address: the confirmation link goes there. */
  appUrl: string;
}): Promise<{
  order: OrderView;
  message: typeof ORDER_MESSAGES.sent;
  confirmation: typeof ORDER_MESSAGES.confirmByMail;
}> {
  const { db, published: pub } = opts;
  await hitRateLimit({ db, name: 'order', subject: opts.ip });
  if (!takesOrders(pub)) throw forbidden(ORDER_MESSAGES.closed);
  const lines = priceOrder(pub.catalog, opts.input.items, {
    allowBackorders: pub.catalog.settings.allow_backorders,
  });
  await hitRateLimit({ db, name: 'orderCatalog', subject: pub.row.id });
  const { count: used } = await countOrdersLastCycle({ db, ownerId: pub.row.ownerId });
  if (used >= pub.plan.max_orders) throw forbidden(ORDER_MESSAGES.limit);
  await hitRateLimit({ db, name: 'orderEmail', subject: accountSubject(opts.input.customer.email) });
  const currencies = [...new Set(lines.map((l) => l.currency))];
  const total =
    currencies.length === 1 && lines.every((l) => l.line_total !== null)
      ? round2(lines.reduce((s, l) => s + (l.line_total ?? 0), 0))
      : null;
  const token = randomToken(24);
  const [row] = await db
    .insert(orders)
    .values({
      catalogId: pub.row.id,
      ownerId: pub.row.ownerId,
      customer: opts.input.customer,
      comments: opts.input.comments,
      items: lines,
      total,
      currency: currencies.length === 1 ? currencies[0]! : null,
      status: 'unconfirmed',
      confirmTokenHash: hashToken(token),
    })
    .returning();
  const order = viewOf(row!, pub.row);
  // The order is kept whatever the mail server says; a mail that fails is logged for the operator.
  const mail = confirmationRequestMail({
    order,
    published: pub,
    confirmUrl: `${opts.appUrl}/view/order-confirmation/${token}`,
  });
  await opts.mailer.send(mail).catch((err) => opts.logger.error({ err }, 'order mail failed'));
  return { order, message: ORDER_MESSAGES.sent, confirmation: ORDER_MESSAGES.confirmByMail };
}

/** SPEC §6: the shopping cart needs products_link digital_orders and the plan's digital_orders. */
export function takesOrders(pub: Pick<PublishedCatalog, 'catalog' | 'plan'>): boolean {
  return (
    pub.catalog.settings.products_link === 'digital_orders' &&
    pub.plan.digital_orders &&
    !pub.plan.hasExpired &&
    pub.plan.max_orders > 0
  );
}

/** SPEC §7 GET orders: the owner's orders, newest first, paged, optionally for one catalog. */
export async function listOrders(opts: {
  db: Db;
  ownerId: string;
  page: number;
  limit: number;
  catalogId?: string;
}): Promise<{ data: OrderView[]; total: number; count: number }> {
  if (opts.catalogId && !(await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId)))
    throw notFound('Catalog not found.');
  const where = ownedBy(
    orders,
    opts.ownerId,
    opts.catalogId ? eq(orders.catalogId, opts.catalogId) : undefined,
  );
  const [{ n }] = (await opts.db.select({ n: count() }).from(orders).where(where)) as [{ n: number }];
  const rows = await opts.db
    .select({ order: orders, title: catalogs.title, slug: catalogs.slug })
    .from(orders)
    .innerJoin(catalogs, eq(catalogs.id, orders.catalogId))
    .where(where)
    .orderBy(desc(orders.createdAt))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = rows.map((r) => viewOf(r.order, r));
  return { data, total: Number(n), count: data.length };
}

/** An address on one CSV cell: its lines joined by commas. */
const addressCell = (a: Address | null, lang: string) => (a ? addressLines(a, lang).join(', ') : '');

/** The owner's orders as CSV, one row per line (the Orders page's download). */
export async function ordersCsv(opts: { db: Db; ownerId: string; catalogId?: string }): Promise<string> {
  const { data } = await listOrders({ ...opts, page: 1, limit: 100_000 });
  const head = [
    'order_number',
    'order_id',
    'date',
    'catalog',
    'customer_name',
    'customer_email',
    'company',
    'phone',
    'address',
    'billing_address',
    'shipping_address',
    'comments',
    'product',
    'variant',
    'sku',
    'quantity',
    'backorder',
    'unit_price',
    'line_total',
    'currency',
    'shopify_draft_order',
    'status',
  ];
  const rows = data.flatMap((o) =>
    o.items.map((l) => [
      o.number === null ? '' : formatOrderNumber(o.number),
      o._id,
      o.created_at,
      o.catalog.title,
      o.customer.name,
      o.customer.email,
      o.customer.company,
      o.customer.phone,
      o.customer.address,
      addressCell(o.customer.billing, 'en'),
      addressCell(o.customer.shipping ?? o.customer.billing, 'en'),
      o.comments,
      l.title,
      l.variation_title,
      l.sku,
      l.quantity,
      l.backorder ?? 0,
      l.price,
      l.line_total,
      l.currency,
      o.draft_order?.state === 'created' ? o.draft_order.name : '',
      o.status,
    ]),
  );
  return tableCsv(head, rows);
}
