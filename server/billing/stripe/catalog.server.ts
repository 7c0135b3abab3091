import { and, eq, isNull } from 'drizzle-orm';
import type { BillingPeriod, Quote } from '../../../core/billing/index.ts';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import type { PlanView } from '../plans.server.ts';
import type { Stripe } from './client.server.ts';

/** Stripe's error for an object that does not exist (a price or coupon we have not made yet). */
const isMissing = (err: unknown) => (err as { code?: string })?.code === 'resource_missing';

/**
 * The merchant's Stripe customer, made on first use. Two first checkouts at once may both create one; the one
 * whose id is stored first wins and the other is used no further.
 */
export async function ensureCustomer(opts: {
  db: Db;
  stripe: Stripe;
  user: { id: string; email: string | null; businessName: string | null; stripeCustomerId: string | null };
}): Promise<string> {
  if (opts.user.stripeCustomerId) return opts.user.stripeCustomerId;
  const customer = await opts.stripe.customers.create(
    {
      email: opts.user.email ?? undefined,
      name: opts.user.businessName ?? undefined,
      metadata: { userId: opts.user.id },
    },
    { idempotencyKey: `customer-${opts.user.id}` },
  );
  const [stored] = await opts.db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, opts.user.id), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (stored) return customer.id;
  const [row] = await opts.db
    .select({ id: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, opts.user.id));
  return row!.id!;
}

/**
 * The Stripe price of a plan and period at its list price, found by a lookup key naming the plan, period, amount
 * and currency: a price change in the plans makes a new Stripe price, and old subscribers keep theirs.
 */
export async function ensurePrice(opts: {
  stripe: Stripe;
  plan: PlanView;
  period: BillingPeriod;
  amount: number;
  currency: string;
}): Promise<string> {
  const cents = Math.round(opts.amount * 100);
  const lookupKey = `cb_${opts.plan.plan_id}_${opts.period}_${cents}_${opts.currency}`;
  const found = await opts.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const price = await opts.stripe.prices.create(
    {
      currency: opts.currency,
      unit_amount: cents,
      recurring: { interval: opts.period === 'yearly' ? 'year' : 'month' },
      product_data: { name: `Catalog Builder ${opts.plan.title}` },
      nickname: `${opts.plan.title} (${opts.period})`,
      lookup_key: lookupKey,
      metadata: { planId: opts.plan.plan_id, period: opts.period, title: opts.plan.title },
    },
    { idempotencyKey: `price-${lookupKey}` },
  );
  return price.id;
}

/**
 * A Stripe coupon taking off exactly what our quote takes off (SPEC §9 rounds the reduced price to whole units;
 * a percentage coupon at Stripe would charge the cents), so the invoice shows the code and the SPEC price.
 */
export async function ensureDiscountCoupon(opts: {
  stripe: Stripe;
  quote: Quote;
  planId: string;
  currency: string;
}): Promise<string | null> {
  const { quote } = opts;
  if (!quote.discount || quote.price >= quote.listPrice) return null;
  const off = Math.round((quote.listPrice - quote.price) * 100);
  const id = `cb_${quote.discount.id}_${opts.planId}_${quote.period}_${off}_${opts.currency}`.replace(
    /[^A-Za-z0-9_-]/g,
    '-',
  );
  try {
    return (await opts.stripe.coupons.retrieve(id)).id;
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  try {
    const coupon = await opts.stripe.coupons.create({
      id,
      amount_off: off,
      currency: opts.currency,
      duration: 'forever',
      name: `${quote.discount.id} (−${quote.percentOff}%)`,
      metadata: { kind: quote.discount.kind, code: quote.discount.id },
    });
    return coupon.id;
  } catch (err) {
    // Made meanwhile by another checkout.
    if ((err as { code?: string })?.code === 'resource_already_exists') return id;
    throw err;
  }
}
