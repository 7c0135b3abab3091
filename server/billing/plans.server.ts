import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { BillingPeriod, CouponFacts, OfferFacts } from '../../core/billing/index.ts';
import type { PlanLimits } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { coupons, offerRedemptions, offers, plans } from '../../db/schema.ts';
import { notFound } from '../platform/index.ts';

/** SPEC §3 Plan as the API and the pricing page show it. */
export type PlanView = {
  plan_id: string;
  title: string;
  tier: string;
  /** Monthly price when paid yearly; the year costs 12 times this (SPEC §9). */
  yearly_price: number;
  pay_as_you_go_price: number;
  duration: number;
  public: boolean;
  limits: PlanLimits;
};

const viewPlan = (p: typeof plans.$inferSelect): PlanView => ({
  plan_id: p.id,
  title: p.title,
  tier: p.tier,
  yearly_price: p.yearlyPrice,
  pay_as_you_go_price: p.payAsYouGoPrice,
  duration: p.durationDays,
  public: p.public,
  limits: p.limits as PlanLimits,
});

/** The plans a merchant can buy, cheapest first. */
export async function listPlans(opts: { db: Db }): Promise<PlanView[]> {
  const rows = await opts.db.select().from(plans).where(eq(plans.public, true)).orderBy(asc(plans.ordering));
  return rows.map(viewPlan);
}

export async function getPlan(opts: { db: Db; planId: string }): Promise<PlanView> {
  const [row] = await opts.db.select().from(plans).where(eq(plans.id, opts.planId));
  if (!row) throw notFound('This plan does not exist.');
  return viewPlan(row);
}

/** A plan a merchant may buy (public and not the trial), or 404 naming it. */
export async function getPurchasablePlan(opts: { db: Db; planId: string }): Promise<PlanView> {
  const plan = await getPlan(opts);
  if (!plan.public || plan.tier === 'trial') throw notFound('This plan cannot be bought.');
  return plan;
}

/** Coupon codes are compared without case or surrounding spaces. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

export async function findCoupon(opts: { db: Db; code: string }): Promise<CouponFacts | null> {
  const id = normalizeCouponCode(opts.code);
  if (!id) return null;
  const [row] = await opts.db.select().from(coupons).where(eq(coupons.id, id));
  return row ? { id: row.id, percent_off: row.percentOff, valid: row.valid } : null;
}

/** Staff create or change a coupon (POST /api/v1/coupons). */
export async function saveCoupon(opts: { db: Db; coupon: CouponFacts }): Promise<CouponFacts> {
  const values = {
    id: normalizeCouponCode(opts.coupon.id),
    percentOff: opts.coupon.percent_off,
    valid: opts.coupon.valid,
  };
  const [row] = await opts.db
    .insert(coupons)
    .values(values)
    .onConflictDoUpdate({ target: coupons.id, set: { percentOff: values.percentOff, valid: values.valid } })
    .returning();
  return { id: row!.id, percent_off: row!.percentOff, valid: row!.valid };
}

const viewOffer = (o: typeof offers.$inferSelect): OfferFacts => ({
  id: o.id,
  remaining: o.remaining,
  expires_at: o.expiresAt?.toISOString() ?? null,
  plan_id: o.planId,
  period: o.period === 'monthly' || o.period === 'yearly' ? o.period : null,
  percent_off: o.percentOff,
});

export async function listOffers(opts: { db: Db }): Promise<OfferFacts[]> {
  return (await opts.db.select().from(offers).orderBy(asc(offers.id))).map(viewOffer);
}

export async function findOffer(opts: { db: Db; offerId: string }): Promise<OfferFacts | null> {
  const [row] = await opts.db.select().from(offers).where(eq(offers.id, opts.offerId));
  return row ? viewOffer(row) : null;
}

/** The offer open for a plan and period now, if any. */
export async function openOfferFor(opts: {
  db: Db;
  planId: string;
  period: BillingPeriod;
  now?: Date;
}): Promise<OfferFacts | null> {
  const all = await listOffers(opts);
  const now = opts.now ?? new Date();
  return (
    all.find(
      (o) =>
        o.remaining > 0 &&
        (!o.expires_at || new Date(o.expires_at) > now) &&
        (!o.plan_id || o.plan_id === opts.planId) &&
        (!o.period || o.period === opts.period),
    ) ?? null
  );
}

/** Staff set an offer's remaining count, end or discount (PUT /api/v1/offers). */
export async function updateOffer(opts: {
  db: Db;
  offerId: string;
  changes: { remaining?: number; expires_at?: string | null; percent_off?: number };
}): Promise<OfferFacts> {
  const set: Partial<typeof offers.$inferInsert> = {};
  if (opts.changes.remaining !== undefined) set.remaining = opts.changes.remaining;
  if (opts.changes.expires_at !== undefined)
    set.expiresAt = opts.changes.expires_at === null ? null : new Date(opts.changes.expires_at);
  if (opts.changes.percent_off !== undefined) set.percentOff = opts.changes.percent_off;
  const [row] = Object.keys(set).length
    ? await opts.db.update(offers).set(set).where(eq(offers.id, opts.offerId)).returning()
    : await opts.db.select().from(offers).where(eq(offers.id, opts.offerId));
  if (!row) throw notFound('This offer does not exist.');
  return viewOffer(row);
}

/**
 * SPEC §9: an order placed with the offer decrements its remaining count once. The order is recorded first, so
 * a replayed webhook or a second confirmation of the same order changes nothing. Answers whether it counted.
 */
export async function redeemOffer(opts: {
  db: Db;
  offerId: string;
  reference: string;
  userId: string | null;
}): Promise<boolean> {
  return opts.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(offerRedemptions)
      .values({ offerId: opts.offerId, reference: opts.reference, userId: opts.userId })
      .onConflictDoNothing()
      .returning({ offerId: offerRedemptions.offerId });
    if (!recorded) return false;
    await tx
      .update(offers)
      .set({ remaining: sql`${offers.remaining} - 1` })
      .where(and(eq(offers.id, opts.offerId), gt(offers.remaining, 0)));
    return true;
  });
}
