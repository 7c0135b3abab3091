import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { applyProviderSubscription, type ProviderSubscription } from '../provider-subscriptions.server.ts';
import { redeemOffer } from '../plans.server.ts';

/** Our status for Stripe's: retries keep a plan (past_due), an unfinished first payment is pending. */
function statusOf(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'incomplete') return 'pending';
  return 'cancelled';
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The merchant a Stripe customer belongs to: the customer id we stored, else the id we put in its metadata. */
export async function userForCustomer(db: Db, customerId: string | null, metadataUserId?: string) {
  if (customerId) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
    if (u) return u.id;
  }
  if (metadataUserId && /^[0-9a-f-]{36}$/i.test(metadataUserId)) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, metadataUserId));
    if (u) return u.id;
  }
  return null;
}

/**
 * Record a Stripe subscription as Stripe describes it at `eventAt` (an event's created time). The plan and period
 * come from the price (our prices carry them in metadata), the amount from what our checkout quoted.
 */
export async function applyStripeSubscription(
  db: Db,
  sub: Stripe.Subscription,
  eventAt: Date,
): Promise<{ applied: boolean; userId: string | null }> {
  const item = sub.items.data[0];
  if (!item) return { applied: false, userId: null };
  const meta = { ...sub.metadata, ...item.price.metadata };
  const userId = await userForCustomer(db, idOf(sub.customer), sub.metadata.userId);
  if (!userId || !meta.planId) return { applied: false, userId };
  const amount =
    sub.metadata.amount !== undefined ? Number(sub.metadata.amount) : (item.price.unit_amount ?? 0) / 100;
  const applied = await applyProviderSubscription(db, {
    type: 'stripe',
    externalId: sub.id,
    userId,
    planId: meta.planId,
    period: meta.period === 'monthly' || meta.period === 'yearly' ? meta.period : null,
    status: statusOf(sub.status),
    externalStatus: sub.status,
    periodStart: new Date(item.current_period_start * 1000),
    periodEnd: new Date(item.current_period_end * 1000),
    amount: Number.isFinite(amount) ? amount : null,
    currency: sub.currency,
    couponId: sub.metadata.couponId || null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    eventAt,
  });
  if (applied && sub.metadata.offerId && statusOf(sub.status) === 'active')
    await redeemOffer({ db, offerId: sub.metadata.offerId, reference: sub.id, userId });
  return { applied, userId };
}
