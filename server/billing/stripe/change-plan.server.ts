import { and, eq } from 'drizzle-orm';
import type { BillingPeriod } from '../../../core/billing/index.ts';
import { isUuid } from '../../../db/owned.ts';
import type { Db } from '../../../db/client.ts';
import { subscriptions } from '../../../db/schema.ts';
import { conflict, notFound } from '../../platform/index.ts';
import { getPurchasablePlan } from '../plans.server.ts';
import { describeSubscription, type SubscriptionView } from '../subscriptions.server.ts';
import type { Stripe } from './client.server.ts';
import { ensurePrice } from './catalog.server.ts';
import { applyStripeSubscription } from './subscriptions.server.ts';
import { quoteFor, CHECKOUT_MESSAGES } from './checkout.server.ts';
import { assertBillingOn } from '../policy.server.ts';

/** One of the merchant's own subscriptions (another merchant's id answers 404, as if it did not exist). */
export async function ownSubscription(db: Db, userId: string, subscriptionId: string) {
  if (!isUuid(subscriptionId)) throw notFound('Subscription not found.');
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
  if (!row) throw notFound('Subscription not found.');
  return row;
}

/**
 * SPEC §7 PUT subscriptions: move the merchant's Stripe subscription to another plan or period. Stripe prorates;
 * the row follows what Stripe answers (and its webhooks later).
 */
export async function changeStripePlan(opts: {
  db: Db;
  stripe: Stripe;
  currency: string;
  userId: string;
  subscriptionId: string;
  planId: string;
  period: BillingPeriod;
}): Promise<SubscriptionView> {
  assertBillingOn();
  const row = await ownSubscription(opts.db, opts.userId, opts.subscriptionId);
  if (row.type !== 'stripe' || !row.externalId || row.status === 'cancelled')
    throw conflict(CHECKOUT_MESSAGES.noSubscription);
  const { quote } = await quoteFor({ db: opts.db, planId: opts.planId, period: opts.period });
  const plan = await getPurchasablePlan({ db: opts.db, planId: opts.planId });
  const current = await opts.stripe.subscriptions.retrieve(row.externalId);
  const item = current.items.data[0]!;
  const price = await ensurePrice({
    stripe: opts.stripe,
    plan,
    period: opts.period,
    amount: quote.listPrice,
    currency: opts.currency,
  });
  const updated = await opts.stripe.subscriptions.update(row.externalId, {
    items: [{ id: item.id, price }],
    proration_behavior: 'create_prorations',
    discounts: '',
    metadata: {
      planId: opts.planId,
      period: opts.period,
      amount: String(quote.listPrice),
      couponId: '',
      offerId: '',
    },
  });
  await applyStripeSubscription(opts.db, updated, new Date());
  return describeSubscription(await ownSubscription(opts.db, opts.userId, opts.subscriptionId));
}
