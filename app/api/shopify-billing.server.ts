import { z } from 'zod';
import { isRemoteSubscriptionActive, startShopifySubscription } from '../../server/billing/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

/** The embedded app calls with its Shopify session token; the standalone site with the session cookie. */
const fromEmbeddedApp = (request: Request) => /^Bearer\s/i.test(request.headers.get('authorization') ?? '');

export const shopifySubscribeEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/shopify/subscriptions',
    summary:
      "Start paying for a plan through Shopify's Billing API: returns the confirmation page (redirect_url) where the merchant approves the charge",
    tags: ['billing', 'shopify'],
    auth: 'user',
    body: z.object({
      planId: z.string().trim().min(1).max(40),
      // SPEC §7 sends the plan's name and price too; the price charged is always ours, from the plan.
      name: z.string().max(120).optional(),
      price: z.number().nonnegative().optional(),
      yearlySubscription: z.boolean().default(false),
      terms: z.string().max(500).optional(),
      // SPEC §7 sends a discount too; the discount applied is always ours (the coupon's or the open offer's).
      discountPercentage: z.number().min(0).max(100).optional(),
      coupon: z.string().trim().max(60).optional(),
    }),
    response: z.object({ redirect_url: z.string() }),
    errors: [400, 404],
  },
  async ({ user, body, runtime, request }) =>
    startShopifySubscription({
      db: runtime.db,
      appSecret: runtime.config.appSecret,
      userId: user.id,
      planId: body.planId,
      yearly: body.yearlySubscription,
      couponCode: body.coupon ?? null,
      returnUrl: fromEmbeddedApp(request)
        ? // The embedded app has no cookie: the merchant comes back to its plans page inside their admin.
          (shop) =>
            `https://${shop}/admin/apps/${runtime.config.SHOPIFY_API_KEY}/app/plans?planId=${encodeURIComponent(body.planId)}`
        : `${runtime.config.appUrl}/thank-you?planId=${encodeURIComponent(body.planId)}`,
      test: runtime.config.NODE_ENV !== 'production',
    }),
);

export const remoteSubscriptionEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v2/users/is-remote-subscription-active',
    summary: "Whether the merchant's Shopify app subscription is active (asked of Shopify and recorded)",
    tags: ['billing', 'shopify'],
    auth: 'user',
    response: z.object({ active: z.boolean() }),
    errors: [400],
  },
  async ({ user, runtime }) =>
    isRemoteSubscriptionActive({ db: runtime.db, appSecret: runtime.config.appSecret, userId: user.id }),
);
