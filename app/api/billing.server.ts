import { z } from 'zod';
import { BILLING_PERIODS, type BillingPeriod } from '../../core/billing/index.ts';
import { PlanLimitsSchema } from '../../core/model/index.ts';
import {
  changeStripePlan,
  extendOwnTrial,
  findCoupon,
  getCurrentSubscription,
  getPlan,
  getStripe,
  listOffers,
  listPlans,
  ownSubscription,
  quoteFor,
  saveCoupon,
  updateOffer,
  describeSubscription,
  CHECKOUT_MESSAGES,
} from '../../server/billing/index.ts';
import { conflict, notFound } from '../../server/platform/index.ts';
import { defineEndpoint, type Runtime } from '../../server/runtime/index.ts';
import { SubscriptionSchema } from './subscriptions.server.ts';

export const PlanSchema = z.object({
  plan_id: z.string(),
  title: z.string(),
  tier: z.string(),
  yearly_price: z.number(),
  pay_as_you_go_price: z.number(),
  duration: z.number(),
  public: z.boolean(),
  limits: PlanLimitsSchema,
});
const CouponSchema = z.object({ id: z.string(), percent_off: z.number(), valid: z.boolean() });
const OfferSchema = z.object({
  id: z.string(),
  remaining: z.number(),
  expires_at: z.string().nullable(),
  plan_id: z.string().nullable(),
  period: z.enum(['monthly', 'yearly']).nullable(),
  percent_off: z.number(),
});
export const Period = z.enum(BILLING_PERIODS as [BillingPeriod, ...BillingPeriod[]]);
const PlanId = z.string().trim().min(1).max(40);
const CouponCode = z.string().trim().max(60);
const QuoteSchema = z.object({
  period: Period,
  listPrice: z.number(),
  price: z.number(),
  percentOff: z.number(),
  discount: z.object({ kind: z.enum(['coupon', 'offer']), id: z.string() }).nullable(),
  coupon: z.string(),
});

export const listPlansEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/plans',
    summary: 'The plans a merchant can buy, cheapest first (SPEC §3 Plan)',
    tags: ['billing'],
    auth: 'public',
    response: z.object({ data: z.array(PlanSchema) }),
  },
  async ({ runtime }) => ({ data: await listPlans({ db: runtime.db }) }),
);

export const getPlanEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/plans/{planId}',
    summary: 'One plan with its limits',
    tags: ['billing'],
    auth: 'public',
    response: PlanSchema,
    errors: [404],
  },
  async ({ params, runtime }) => getPlan({ db: runtime.db, planId: params.planId ?? '' }),
);

export const quoteEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/plans/{planId}/quote',
    summary: 'The price of a plan and period with a coupon and the open offer (SPEC §5, §9)',
    tags: ['billing'],
    auth: 'public',
    query: z.object({ period: Period, coupon: CouponCode.optional() }),
    response: z.object({ quote: QuoteSchema, planTitle: z.string(), offerId: z.string().nullable() }),
    errors: [404],
  },
  async ({ params, query, runtime }) =>
    quoteFor({ db: runtime.db, planId: params.planId ?? '', period: query.period, couponCode: query.coupon }),
);

export const getCouponEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/coupons',
    summary: 'Check a coupon code: known coupons with their percent_off and whether they are valid',
    tags: ['billing'],
    auth: 'public',
    query: z.object({ code: CouponCode.min(1) }),
    response: CouponSchema,
    errors: [404],
  },
  async ({ query, runtime }) => {
    const coupon = await findCoupon({ db: runtime.db, code: query.code });
    if (!coupon) throw notFound(CHECKOUT_MESSAGES.coupon);
    return coupon;
  },
);

export const saveCouponEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/coupons',
    summary: 'Staff: create or change a coupon',
    tags: ['billing', 'admin'],
    auth: 'admin',
    body: z.object({
      id: z
        .string()
        .trim()
        .min(1)
        .max(60)
        .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
      percent_off: z.number().min(0).max(100),
      valid: z.boolean().default(true),
    }),
    response: CouponSchema,
    errors: [403],
  },
  async ({ body, runtime }) => saveCoupon({ db: runtime.db, coupon: body }),
);

export const listOffersEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/offers',
    summary: 'Offers with their remaining count and end (SPEC §9 ESSENTIAL-ANNUALLY)',
    tags: ['billing'],
    auth: 'public',
    response: z.object({ data: z.array(OfferSchema) }),
  },
  async ({ runtime }) => ({ data: await listOffers({ db: runtime.db }) }),
);

export const updateOfferEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/offers',
    summary: "Staff: set an offer's remaining count, end or discount",
    tags: ['billing', 'admin'],
    auth: 'admin',
    body: z.object({
      id: z.string().trim().min(1).max(60),
      remaining: z.number().int().min(0).max(1_000_000).optional(),
      expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
      percent_off: z.number().min(0).max(100).optional(),
    }),
    response: OfferSchema,
    errors: [403, 404],
  },
  async ({ body, runtime }) => updateOffer({ db: runtime.db, offerId: body.id, changes: body }),
);

export const extendOwnTrialEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/users/me/extend-trial',
    summary: 'Add 7 days to your own trial, once',
    tags: ['billing', 'users'],
    auth: 'user',
    response: z.object({ subscription: SubscriptionSchema }),
    errors: [409],
  },
  async ({ user, runtime }) => ({ subscription: await extendOwnTrial({ db: runtime.db, userId: user.id }) }),
);

export const getSubscriptionEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/subscriptions/{subscriptionId}',
    summary: 'One of your subscriptions',
    tags: ['subscriptions'],
    auth: 'user',
    response: SubscriptionSchema,
    errors: [404],
  },
  async ({ user, params, runtime }) =>
    describeSubscription(await ownSubscription(runtime.db, user.id, params.subscriptionId ?? '')),
);

const ChangePlan = z.object({ planId: PlanId, period: Period });

async function changePlan(
  runtime: Runtime,
  userId: string,
  subscriptionId: string,
  body: z.output<typeof ChangePlan>,
) {
  const stripe = getStripe(runtime.config);
  if (!stripe) throw conflict(CHECKOUT_MESSAGES.notConfigured);
  return {
    subscription: await changeStripePlan({
      db: runtime.db,
      stripe,
      currency: runtime.config.STRIPE_CURRENCY,
      userId,
      subscriptionId,
      planId: body.planId,
      period: body.period,
    }),
  };
}

export const changeSubscriptionEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/subscriptions/{subscriptionId}',
    summary: 'Move one of your card-paid subscriptions to another plan or period (prorated)',
    tags: ['subscriptions'],
    auth: 'user',
    body: ChangePlan,
    response: z.object({ subscription: SubscriptionSchema }),
    errors: [404, 409],
  },
  async ({ user, params, body, runtime }) => {
    await ownSubscription(runtime.db, user.id, params.subscriptionId ?? '');
    return changePlan(runtime, user.id, params.subscriptionId ?? '', body);
  },
);

export const changeCurrentSubscriptionEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/subscriptions',
    summary: 'Move your current card-paid subscription to another plan or period (prorated)',
    tags: ['subscriptions'],
    auth: 'user',
    body: ChangePlan,
    response: z.object({ subscription: SubscriptionSchema }),
    errors: [409],
  },
  async ({ user, body, runtime }) => {
    const current = await getCurrentSubscription({ db: runtime.db, userId: user.id });
    if (!current || current.type !== 'stripe') throw conflict(CHECKOUT_MESSAGES.noSubscription);
    return changePlan(runtime, user.id, current.id, body);
  },
);
