import { and, eq, sql } from 'drizzle-orm';
import type { BillingPeriod } from '../../core/billing/index.ts';
import type { Db } from '../../db/client.ts';
import { plans, subscriptions } from '../../db/schema.ts';

const DAY_MS = 86_400_000;

/** A subscription as Stripe or Shopify last described it. */
export type ProviderSubscription = {
  type: 'stripe' | 'shopify';
  externalId: string;
  userId: string;
  planId: string;
  period: BillingPeriod | null;
  /** active, past_due, pending or cancelled (our words for the provider's). */
  status: 'active' | 'past_due' | 'pending' | 'cancelled';
  externalStatus: string;
  periodStart: Date;
  periodEnd: Date;
  amount: number | null;
  currency: string | null;
  couponId: string | null;
  cancelAtPeriodEnd: boolean;
  /** When the provider said this: an older description never replaces a newer one. */
  eventAt: Date;
};

/**
 * Write what a provider says about one of its subscriptions, keyed by its id, so a replay writes the same row.
 * Events arrive out of order: a description older than the one applied changes nothing, and a cancelled
 * subscription stays cancelled (Stripe and Shopify never revive one; a new one has a new id). Answers whether it
 * was applied.
 */
export async function applyProviderSubscription(db: Db, s: ProviderSubscription): Promise<boolean> {
  const [plan] = await db.select({ title: plans.title }).from(plans).where(eq(plans.id, s.planId));
  if (!plan) throw new Error(`Unknown plan ${s.planId} from ${s.type} subscription ${s.externalId}`);
  const values = {
    userId: s.userId,
    planId: s.planId,
    type: s.type,
    isTrial: false,
    title: plan.title,
    startDate: s.periodStart,
    durationDays: Math.max(1, Math.ceil((s.periodEnd.getTime() - s.periodStart.getTime()) / DAY_MS)),
    status: s.status,
    externalId: s.externalId,
    period: s.period,
    amount: s.amount,
    currency: s.currency,
    couponId: s.couponId,
    externalStatus: s.externalStatus,
    externalEventAt: s.eventAt,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    updatedAt: new Date(),
  };
  const { userId: _owner, type: _type, externalId: _id, ...changes } = values;
  const written = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [subscriptions.type, subscriptions.externalId],
      targetWhere: sql`external_id is not null`,
      set: changes,
      setWhere: sql`${subscriptions.status} <> 'cancelled' and (${subscriptions.externalEventAt} is null or ${subscriptions.externalEventAt} <= ${s.eventAt.toISOString()}::timestamptz)`,
    })
    .returning({ id: subscriptions.id });
  return written.length > 0;
}

/** Mark a provider's subscription past due (a payment failed) unless a newer word says otherwise. */
export async function markPastDue(db: Db, opts: { type: string; externalId: string; eventAt: Date }) {
  const rows = await db
    .update(subscriptions)
    .set({
      status: 'past_due',
      externalStatus: 'past_due',
      externalEventAt: opts.eventAt,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(subscriptions.type, opts.type),
        eq(subscriptions.externalId, opts.externalId),
        sql`${subscriptions.status} <> 'cancelled'`,
        sql`(${subscriptions.externalEventAt} is null or ${subscriptions.externalEventAt} <= ${opts.eventAt.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ userId: subscriptions.userId });
  return rows[0]?.userId ?? null;
}

export async function findProviderSubscription(db: Db, type: string, externalId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.type, type), eq(subscriptions.externalId, externalId)));
  return row ?? null;
}
