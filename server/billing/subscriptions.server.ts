import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { SELF_TRIAL_EXTENSION_DAYS, TRIAL_EXTENSION_DAYS } from '../../core/constants.ts';
import { daysUntil, decidingSubscription, isInForce, subscriptionEnd } from '../../core/billing/index.ts';
import type { Db } from '../../db/client.ts';
import { plans, subscriptions, users } from '../../db/schema.ts';
import { DEFAULT_UPGRADE_PLAN_ID, TRIAL_PLAN_ID } from '../../db/seed/plans.ts';
import { recordStaffAction, type User } from '../accounts/index.ts';
import { conflict, notFound } from '../platform/index.ts';
import { loadSubscriptionFacts } from './entitlements.server.ts';
import { assertBillingOn } from './policy.server.ts';

const DAY_MS = 86_400_000;
export { TRIAL_EXTENSION_DAYS };

export type SubscriptionView = {
  id: string;
  plan: string;
  title: string;
  type: string;
  is_trial: boolean;
  start_date: string;
  duration: number;
  status: string;
  expires_at: string;
  days_left: number;
  hasExpired: boolean;
  period: string | null;
  amount: number | null;
  currency: string | null;
  cancel_at_period_end: boolean;
};

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** SPEC §3 subscription fields; it expires at start_date plus duration days, days left never negative (SPEC §4). */
export function describeSubscription(row: SubscriptionRow, now = new Date()): SubscriptionView {
  const end = subscriptionEnd(row);
  const inForce = isInForce(row, now);
  return {
    id: row.id,
    plan: row.planId,
    title: row.title,
    type: row.type,
    is_trial: row.isTrial,
    start_date: row.startDate.toISOString(),
    duration: row.durationDays,
    status: row.status,
    expires_at: end.toISOString(),
    // A cancelled or lapsed subscription has no days left, whatever it was paid up to.
    days_left: inForce ? daysUntil(end, now) : 0,
    hasExpired: !inForce,
    period: row.period,
    amount: row.amount,
    currency: row.currency,
    cancel_at_period_end: row.cancelAtPeriodEnd,
  };
}

export async function startTrial(opts: { db: Db; userId: string; now?: Date }): Promise<SubscriptionRow> {
  const [plan] = await opts.db.select().from(plans).where(eq(plans.id, TRIAL_PLAN_ID));
  if (!plan) throw new Error('The trial plan is missing: the database was not seeded');
  const [row] = await opts.db
    .insert(subscriptions)
    .values({
      userId: opts.userId,
      planId: plan.id,
      type: 'trial',
      isTrial: true,
      title: plan.title,
      startDate: opts.now ?? new Date(),
      durationDays: plan.durationDays,
    })
    .returning();
  return row!;
}

/** The subscription that decides what the user may do (the entitlements' choice), or null without any. */
export async function getCurrentSubscription(opts: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<SubscriptionRow | null> {
  const facts = await loadSubscriptionFacts(opts.db, opts.userId);
  const chosen = decidingSubscription(facts, opts.now ?? new Date());
  if (!chosen) return null;
  const [row] = await opts.db.select().from(subscriptions).where(eq(subscriptions.id, chosen.id));
  return row ?? null;
}

export async function listSubscriptions(opts: { db: Db; userId: string }): Promise<SubscriptionView[]> {
  const rows = await opts.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, opts.userId))
    .orderBy(desc(subscriptions.startDate));
  return rows.map((r) => describeSubscription(r));
}

export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!u) throw notFound('No user has this email.');
  return u.id;
}

/** Subscriptions a provider bills: only the provider may end or lengthen them, or the two would disagree. */
const PROVIDER_BILLED = ['stripe', 'shopify'];
const providerName = (type: string) => (type === 'shopify' ? 'Shopify' : 'Stripe');

/**
 * Staff move an account off trial (upgrade=true: a manual subscription to the upgrade plan) or back
 * (upgrade=false: staff-made paid subscriptions are cancelled and the trial is what remains). A subscription a
 * provider bills is cancelled there, never here (409).
 */
export async function setUpgradeByEmail(opts: {
  db: Db;
  email: string;
  upgrade: boolean;
  planId?: string;
  now?: Date;
  /** The staff member doing it: the change is recorded on the account's row (who, what, when). */
  actor?: Pick<User, 'id' | 'email'>;
}): Promise<SubscriptionView | null> {
  const now = opts.now ?? new Date();
  const userId = await userIdByEmail(opts.db, opts.email);
  const result = await changeUpgrade(opts, userId, now);
  if (opts.actor)
    await recordStaffAction({
      db: opts.db,
      actor: opts.actor,
      action: opts.upgrade ? 'upgrade' : 'downgrade',
      subjectType: 'user',
      subjectId: userId,
      details: { plan: result?.plan ?? null, days_left: result?.days_left ?? 0 },
    });
  return result;
}

function changeUpgrade(
  opts: { db: Db; upgrade: boolean; planId?: string },
  userId: string,
  now: Date,
): Promise<SubscriptionView | null> {
  return opts.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (opts.upgrade) {
      const [plan] = await tx
        .select()
        .from(plans)
        .where(eq(plans.id, opts.planId ?? DEFAULT_UPGRADE_PLAN_ID));
      if (!plan) throw notFound('Unknown plan.');
      const [row] = await tx
        .insert(subscriptions)
        .values({
          userId,
          planId: plan.id,
          type: 'manual',
          isTrial: false,
          title: plan.title,
          startDate: now,
          durationDays: plan.durationDays,
        })
        .returning();
      return describeSubscription(row!, now);
    }
    const billed = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.type, PROVIDER_BILLED),
          inArray(subscriptions.status, ['active', 'past_due']),
        ),
      );
    const live = billed.find((s) => isInForce(s, now));
    if (live)
      throw conflict(
        `This account pays through ${providerName(live.type)}: cancel the subscription there and it ends here too.`,
      );
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.isTrial, false),
          ne(subscriptions.status, 'cancelled'),
        ),
      );
    const current = await getCurrentSubscription({ db, userId, now });
    return current ? describeSubscription(current, now) : null;
  });
}

/**
 * Lengthen the subscription in force (or the one that ended last) by `days`, counted from its end, or from now
 * when it has ended: the days left always grow by exactly `days`.
 */
async function lengthen(db: Db, row: SubscriptionRow, days: number, now: Date): Promise<SubscriptionRow> {
  const end = subscriptionEnd(row);
  // An ended one restarts from now: whole days elapsed, rounded down, so it ends within the last day before now + days.
  const base =
    end.getTime() > now.getTime()
      ? row.durationDays
      : Math.floor((now.getTime() - row.startDate.getTime()) / DAY_MS);
  const [updated] = await db
    .update(subscriptions)
    .set({ durationDays: Math.max(0, base) + days, status: 'active', updatedAt: now })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return updated!;
}

/**
 * Staff extend an account (SPEC §4 'extend a trial'): the subscription that decides what it may do gets
 * TRIAL_EXTENSION_DAYS more, from its end or from now if it ended; an account without any gets a trial.
 */
export async function extendTrialByEmail(opts: {
  db: Db;
  email: string;
  now?: Date;
  /** The staff member doing it: the extension is recorded on the account's row (who, what, when). */
  actor?: Pick<User, 'id' | 'email'>;
}): Promise<SubscriptionView> {
  const now = opts.now ?? new Date();
  const userId = await userIdByEmail(opts.db, opts.email);
  const current = await getCurrentSubscription({ db: opts.db, userId, now });
  if (current && PROVIDER_BILLED.includes(current.type))
    throw conflict(
      `This account pays through ${providerName(current.type)}; its period is set there, not extended here.`,
    );
  const extended = current
    ? describeSubscription(await lengthen(opts.db, current, TRIAL_EXTENSION_DAYS, now), now)
    : describeSubscription(await startTrial({ db: opts.db, userId, now }), now);
  if (opts.actor)
    await recordStaffAction({
      db: opts.db,
      actor: opts.actor,
      action: 'extend_trial',
      subjectType: 'user',
      subjectId: userId,
      details: { days: TRIAL_EXTENSION_DAYS, days_left: extended.days_left },
    });
  return extended;
}

export const EXTEND_TRIAL_MESSAGES = {
  notTrial: 'Only a free trial can be extended.',
  already: 'Your trial was already extended once.',
} as const;

/**
 * SPEC §7 POST users/me/extend-trial: a merchant on trial (running or ended) may add SELF_TRIAL_EXTENSION_DAYS
 * once; a second time, or without a trial, is a 409.
 */
export async function extendOwnTrial(opts: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<SubscriptionView> {
  assertBillingOn();
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const current = await getCurrentSubscription({ db, userId: opts.userId, now });
    if (!current?.isTrial) throw conflict(EXTEND_TRIAL_MESSAGES.notTrial);
    // Claim the one extension in the same statement that checks it, so two clicks at once extend once.
    const claimed = await tx
      .update(users)
      .set({
        flags: sql`${users.flags} || jsonb_build_object('trialExtendedAt', ${now.toISOString()}::text)`,
      })
      .where(and(eq(users.id, opts.userId), sql`not (${users.flags} ? 'trialExtendedAt')`))
      .returning({ id: users.id });
    if (!claimed.length) throw conflict(EXTEND_TRIAL_MESSAGES.already);
    return describeSubscription(await lengthen(db, current, SELF_TRIAL_EXTENSION_DAYS, now), now);
  });
}
