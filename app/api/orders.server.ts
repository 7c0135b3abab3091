import { z } from 'zod';
import { MERCHANT_ORDER_STATUSES, ORDER_STATUSES } from '../../core/orders/index.ts';
import {
  acceptOrder,
  countOrdersLastCycle,
  listOrders,
  listUserEvents,
  ordersCsv,
  recordUserEvent,
  setOrderStatus,
  UserEventSchema,
} from '../../server/catalogs/index.ts';
import { placeOrderEndpoint } from '../../server/runtime/index.ts';
import { assertFeature, getEntitlements } from '../../server/billing/index.ts';
import { defineEndpoint, type Runtime } from '../../server/runtime/index.ts';

/** Served by the app on its host and by the viewer on merchants' hosts (server/catalogs/order-endpoint). */
export { placeOrderEndpoint };

const Order = z.object({
  _id: z.string(),
  /** The merchant's short order number (#1042 is 1042); null while the order awaits its buyer's confirmation. */
  number: z.number().nullable(),
  catalog: z.object({ _id: z.string(), title: z.string(), url: z.string() }),
  customer: z.record(z.string(), z.unknown()),
  comments: z.string(),
  items: z.array(z.record(z.string(), z.unknown())),
  total: z.number().nullable(),
  currency: z.string().nullable(),
  draft_order: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(ORDER_STATUSES),
  email_confirmed: z.boolean(),
  created_at: z.string(),
});

const orderDeps = (runtime: Runtime) => ({ ...runtime, appUrl: runtime.config.appUrl });

export const acceptOrderEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/orders/{orderId}/accept',
    summary:
      'Accept an order the buyer has not confirmed by mail: it becomes a real order (counted, sent to Shopify)',
    tags: ['orders'],
    auth: 'user',
    response: Order,
    errors: [403, 404, 409],
  },
  async ({ user, params, runtime }) =>
    acceptOrder({ ...orderDeps(runtime), ownerId: user.id, orderId: params.orderId ?? '' }),
);

export const setOrderStatusEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/orders/{orderId}/status',
    summary:
      'Mark an order new, confirmed, shipped or cancelled; its buyer is told by mail. An order awaiting its buyer is accepted first (409)',
    tags: ['orders'],
    auth: 'user',
    body: z.object({ status: z.enum(MERCHANT_ORDER_STATUSES) }),
    response: Order,
    errors: [404, 409],
  },
  async ({ user, params, body, runtime }) =>
    setOrderStatus({
      ...orderDeps(runtime),
      ownerId: user.id,
      orderId: params.orderId ?? '',
      status: body.status,
    }),
);

export const listOrdersEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/orders',
    summary: "The signed-in merchant's orders, newest first (format=csv: every order as a CSV download)",
    tags: ['orders'],
    auth: 'user',
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(25),
      catalogId: z.string().max(100).optional(),
      format: z.enum(['json', 'csv']).default('json'),
    }),
    response: z.object({ data: z.array(Order), total: z.number(), count: z.number() }),
    errors: [403, 404],
  },
  async ({ user, query, runtime }) => {
    if (query.format === 'csv') {
      // SPEC §3 csv_export: the download is a plan feature; the list itself stays open to every merchant.
      const ent = await getEntitlements({ db: runtime.db, userId: user.id });
      await assertFeature({ db: runtime.db, ent, feature: 'csv_export' });
      const csv = await ordersCsv({ db: runtime.db, ownerId: user.id, catalogId: query.catalogId });
      return new Response(`\ufeff${csv}`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="orders.csv"',
          'Cache-Control': 'no-store',
        },
      });
    }
    return listOrders({ db: runtime.db, ownerId: user.id, ...query });
  },
);

export const ordersLastCycleEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/orders/count/last-cycle',
    summary:
      'How many real orders (confirmed by the buyer or accepted) the merchant received in the current billing cycle, and the plan allowance',
    tags: ['orders'],
    auth: 'user',
    response: z.object({ count: z.number(), since: z.string(), max_orders: z.number() }),
  },
  async ({ user, runtime }) => {
    const [counted, limits] = await Promise.all([
      countOrdersLastCycle({ db: runtime.db, ownerId: user.id }),
      getEntitlements({ db: runtime.db, userId: user.id }).then((e) => e.limits),
    ]);
    return { ...counted, max_orders: limits.max_orders };
  },
);

const EventView = z.object({ _id: z.string(), type: z.string(), created_at: z.string() });

export const recordEventEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v2/users/me/events',
    summary: 'Record an event of the signed-in user (type, e.g. editor_page_viewed, and data)',
    tags: ['users'],
    auth: 'user',
    body: UserEventSchema,
    response: EventView,
  },
  async ({ user, body, runtime }) => recordUserEvent({ db: runtime.db, userId: user.id, event: body }),
);

export const listEventsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v2/users/me/events',
    summary: "The signed-in user's latest events, optionally of one type",
    tags: ['users'],
    auth: 'user',
    query: z.object({
      type: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({
      data: z.array(EventView.extend({ data: z.unknown() })),
      total: z.number(),
      count: z.number(),
    }),
  },
  async ({ user, query, runtime }) =>
    listUserEvents({ db: runtime.db, userId: user.id, type: query.type, limit: query.limit }),
);
