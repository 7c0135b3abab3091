import { eq } from 'drizzle-orm';
import { quote as priceQuote, type BillingPeriod, type Quote } from '../../../core/billing/index.ts';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '../../platform/index.ts';
import { getEntitlements } from '../entitlements.server.ts';
import { findCoupon, getPurchasablePlan, openOfferFor } from '../plans.server.ts';
import type { Stripe } from './client.server.ts';
import { ensureCustomer, ensureDiscountCoupon, ensurePrice } from './catalog.server.ts';
import { applyStripeSubscription } from './subscriptions.server.ts';
import { assertBillingOn } from '../policy.server.ts';

export const CHECKOUT_MESSAGES = {
  notConfigured: 'Online payment is not configured on this server.',
  shopify: 'Your store is on Shopify: choose your plan in Catalog Builder inside your Shopify admin.',
  already: 'You already have a subscription. Change its plan from your dashboard.',
  coupon: 'This coupon is not valid.',
  noSubscription: 'You have no subscription paid by card yet. Choose a plan on the pricing page.',
} as const;

type Merchant = {
  id: string;
  email: string | null;
  businessName: string | null;
  stripeCustomerId: string | null;
  platform: string;
  createdAt: Date;
  roles: string[];
};

/** The price of a plan for this merchant now: their coupon (SPEC §5) and the open offer (SPEC §9). */
export async function quoteFor(opts: {
  db: Db;
  planId: string;
  period: BillingPeriod;
  couponCode?: string | null;
  now?: Date;
}): Promise<{ quote: Quote; planTitle: string; offerId: string | null }> {
  const now = opts.now ?? new Date();
  const plan = await getPurchasablePlan({ db: opts.db, planId: opts.planId });
  const code = opts.couponCode?.trim() || null;
  const coupon = code ? await findCoupon({ db: opts.db, code }) : null;
  const offer = await openOfferFor({ db: opts.db, planId: plan.plan_id, period: opts.period, now });
  const q = priceQuote({ plan, period: opts.period, couponCode: code, coupon, offer, now });
  if (q.coupon === 'unknown' || q.coupon === 'invalid')
    throw badRequest(`coupon: ${CHECKOUT_MESSAGES.coupon}`, [
      { path: ['coupon'], message: CHECKOUT_MESSAGES.coupon },
    ]);
  return { quote: q, planTitle: plan.title, offerId: q.discount?.kind === 'offer' ? q.discount.id : null };
}

/**
 * A Stripe Checkout Session in subscription mode for a plan and period, at our quoted price: the card form is
 * Stripe's, the subscription starts when it is paid (webhooks and the thank-you page record it).
 */
export async function startStripeCheckout(opts: {
  db: Db;
  stripe: Stripe;
  appUrl: string;
  currency: string;
  user: Merchant;
  planId: string;
  period: BillingPeriod;
  couponCode?: string | null;
}): Promise<{ url: string; session_id: string; quote: Quote }> {
  assertBillingOn();
  if (opts.user.platform === 'shopify') throw conflict(CHECKOUT_MESSAGES.shopify);
  const ent = await getEntitlements({ db: opts.db, user: opts.user });
  if (!ent.hasExpired && ent.provider === 'stripe') throw conflict(CHECKOUT_MESSAGES.already);
  const { quote, planTitle, offerId } = await quoteFor(opts);
  const customer = await ensureCustomer(opts);
  const price = await ensurePrice({
    stripe: opts.stripe,
    plan: await getPurchasablePlan({ db: opts.db, planId: opts.planId }),
    period: opts.period,
    amount: quote.listPrice,
    currency: opts.currency,
  });
  const coupon = await ensureDiscountCoupon({
    stripe: opts.stripe,
    quote,
    planId: opts.planId,
    currency: opts.currency,
  });
  const couponId = quote.discount?.kind === 'coupon' ? quote.discount.id : '';
  const metadata = {
    userId: opts.user.id,
    planId: opts.planId,
    period: opts.period,
    amount: String(quote.price),
    couponId,
    offerId: offerId ?? '',
  };
  const session = await opts.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: opts.user.id,
    line_items: [{ price, quantity: 1 }],
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    metadata,
    subscription_data: { metadata, description: `Catalog Builder ${planTitle}` },
    success_url: `${opts.appUrl}/thank-you?planId=${encodeURIComponent(opts.planId)}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${opts.appUrl}/subscribe?planId=${encodeURIComponent(opts.planId)}&period=${opts.period}&canceled=1`,
  });
  if (couponId)
    await opts.db.update(users).set({ stripeCouponId: couponId }).where(eq(users.id, opts.user.id));
  if (!session.url) throw new ApiError('internal', 'Stripe did not answer a checkout page.');
  return { url: session.url, session_id: session.id, quote };
}

/**
 * The return from Checkout (/thank-you, /cards): ask Stripe for the session and record what it did, so the
 * merchant sees their plan even before the webhooks arrive. Another merchant's session is a 404.
 */
export async function confirmCheckoutSession(opts: {
  db: Db;
  stripe: Stripe;
  user: { id: string; stripeCustomerId: string | null };
  sessionId: string;
}): Promise<{ status: string; mode: string; planId: string | null }> {
  let session;
  try {
    session = await opts.stripe.checkout.sessions.retrieve(opts.sessionId, {
      expand: ['subscription', 'setup_intent'],
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'resource_missing') throw notFound('This payment was not found.');
    throw err;
  }
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (session.client_reference_id !== opts.user.id && (!customer || customer !== opts.user.stripeCustomerId))
    throw notFound('This payment was not found.');
  if (
    session.status === 'complete' &&
    session.mode === 'subscription' &&
    session.subscription &&
    typeof session.subscription === 'object'
  )
    await applyStripeSubscription(opts.db, session.subscription, new Date());
  if (
    session.status === 'complete' &&
    session.mode === 'setup' &&
    session.setup_intent &&
    typeof session.setup_intent === 'object'
  ) {
    const pm = session.setup_intent.payment_method;
    const pmId = typeof pm === 'string' ? pm : pm?.id;
    if (pmId && customer)
      await opts.stripe.customers.update(customer, { invoice_settings: { default_payment_method: pmId } });
  }
  return { status: session.status ?? 'open', mode: session.mode, planId: session.metadata?.planId ?? null };
}
