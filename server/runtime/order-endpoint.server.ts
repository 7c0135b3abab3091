import { z } from 'zod';
import {
  canRead,
  canSee,
  findPublishedRow,
  loadPublished,
  ORDER_MESSAGES,
  OrderInputSchema,
  placeOrder,
  viewerRole,
} from '../catalogs/index.ts';
import { notFound } from '../platform/index.ts';
import { defineEndpoint } from './endpoint.server.ts';

const Line = z.object({
  product_id: z.string(),
  variation_id: z.string().nullable(),
  title: z.string(),
  variation_title: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number(),
  price: z.number().nullable(),
  currency: z.string(),
  line_total: z.number().nullable(),
});

/**
 * SPEC §7 POST catalogs/{catalogId}/orders, the viewer's wholesale cart. Defined here, not in app/api, because
 * two processes serve it: the app on its own host and the viewer on merchants' hosts (DESIGN §4), both from
 * this one definition. A visitor of a password-protected catalog needs it unlocked, like every other URL of
 * that catalog; refusals keep SPEC §8's reason in `message` for the cart to show as Details.
 */
export const placeOrderEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/{catalogId}/orders',
    summary:
      "Send a wholesale order from a catalog's cart (customer, comments, items); priced from the catalog. It stays unconfirmed until the buyer opens the link mailed to them (or the merchant accepts it)",
    tags: ['orders'],
    auth: 'optional',
    body: OrderInputSchema,
    response: z.object({
      message: z.literal(ORDER_MESSAGES.sent),
      /** The order waits for the buyer's confirmation by the mailed link. */
      confirmation: z.literal(ORDER_MESSAGES.confirmByMail),
      order: z.object({
        _id: z.string(),
        status: z.enum(['unconfirmed', 'new']),
        items: z.array(Line),
        total: z.number().nullable(),
        currency: z.string().nullable(),
        created_at: z.string(),
      }),
    }),
    errors: [403, 404, 429],
  },
  async ({ request, params, body, runtime, ip, user }) => {
    const row = await findPublishedRow({ db: runtime.db, ref: params.catalogId ?? '' });
    const published = row ? await loadPublished({ db: runtime.db, row }) : null;
    const cookies = request.headers.get('cookie');
    const role = published ? viewerRole(published.row, user) : 'visitor';
    if (
      !published ||
      !canSee(published, role) ||
      !canRead(published, role, cookies, runtime.config.appSecret)
    )
      throw notFound('Catalog not found.');
    const { order, message, confirmation } = await placeOrder({
      db: runtime.db,
      mailer: runtime.mailer,
      logger: runtime.logger,
      published,
      input: body,
      ip,
      appUrl: runtime.config.appUrl,
    });
    const { _id, status, items, total, currency, created_at } = order;
    return {
      message,
      confirmation,
      order: { _id, status, items, total, currency, created_at },
    };
  },
);
