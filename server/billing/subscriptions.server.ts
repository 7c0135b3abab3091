import { and, desc, eq, ne } from 'drizzle-orm';
import { DEFAULT_PLAN_LIMITS_WHEN_NO_PLAN } from '../../core/constants.ts';
import type { PlanLimits } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { plans, subscriptions, users } from '../../db/schema.ts';
import { DEFAULT_UPGRADE_PLAN_ID, NO_FEATURES, TRIAL_PLAN_ID } from '../../db/seed/plans.ts';
import { notFound } from '../platform/index.ts';

const DAY_MS = 86_400_000;
/** How many days "extend trial" adds from today. */
export const TRIAL_EXTENSION_DAYS = 14;

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
};

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Paid and trial subscriptions expire at start_date plus duration days; days left are never negative. */
export function describeSubscription(row: SubscriptionRow, now = new Date()): SubscriptionView {
  const expires = new Date(row.startDate.getTime() + row.durationDays * DAY_MS);
  const daysLeft = Math.max(0, Math.ceil((expires.getTime() - now.getTime()) / DAY_MS));
  return {
    id: row.id,
    plan: row.planId,
    title: row.title,
    type: row.type,
    is_trial: row.isTrial,
    start_date: row.startDate.toISOString(),
    duration: row.durationDays,
    status: row.status,
    expires_at: expires.toISOString(),
    days_left: daysLeft,
    hasExpired: row.status !== 'active' || expires.getTime() <= now.getTime(),
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

/** The subscription in force: the latest active one. */
export async function getCurrentSubscription(opts: {
  db: Db;
  userId: string;
}): Promise<SubscriptionRow | null> {
  const [row] = await opts.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, opts.userId), eq(subscriptions.status, 'active')))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.createdAt))
    .limit(1);
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

/** The limits that apply to a user now; with no plan at all, SPEC §9's defaults. */
export async function getPlanLimits(opts: {
  db: Db;
  userId: string;
}): Promise<PlanLimits & { isTrial: boolean; hasExpired: boolean; planId: string | null }> {
  const sub = await getCurrentSubscription(opts);
  if (!sub) {
    return {
      ...DEFAULT_PLAN_LIMITS_WHEN_NO_PLAN,
      ...NO_FEATURES,
      isTrial: false,
      hasExpired: true,
      planId: null,
    };
  }
  const [plan] = await opts.db.select().from(plans).where(eq(plans.id, sub.planId));
  const view = describeSubscription(sub);
  return {
    ...(plan!.limits as PlanLimits),
    isTrial: sub.isTrial,
    hasExpired: view.hasExpired,
    planId: sub.planId,
  };
}

async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!u) throw notFound('No user has this email.');
  return u.id;
}

/**
 * Staff move an account off trial (upgrade=true: a manual subscription to the upgrade plan) or back
 * (upgrade=false: paid subscriptions are cancelled and the trial is what remains).
 */
export async function setUpgradeByEmail(opts: {
  db: Db;
  email: string;
  upgrade: boolean;
  planId?: string;
}): Promise<SubscriptionView | null> {
  const userId = await userIdByEmail(opts.db, opts.email);
  return opts.db.transaction(async (tx) => {
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
          startDate: new Date(),
          durationDays: plan.durationDays,
        })
        .returning();
      return describeSubscription(row!);
    }
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.isTrial, false),
          ne(subscriptions.status, 'cancelled'),
        ),
      );
    const current = await getCurrentSubscription({ db: tx as unknown as Db, userId });
    return current ? describeSubscription(current) : null;
  });
}

/** Extend a user's trial so it ends TRIAL_EXTENSION_DAYS from now (a new trial if they never had one). */
export async function extendTrialByEmail(opts: {
  db: Db;
  email: string;
  now?: Date;
}): Promise<SubscriptionView> {
  const now = opts.now ?? new Date();
  const userId = await userIdByEmail(opts.db, opts.email);
  const [trial] = await opts.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isTrial, true)))
    .orderBy(desc(subscriptions.startDate))
    .limit(1);
  if (!trial) return describeSubscription(await startTrial({ db: opts.db, userId, now }), now);
  // Whole days elapsed, rounded down, so the trial ends within the last day before now + TRIAL_EXTENSION_DAYS.
  const elapsedDays = Math.floor((now.getTime() - trial.startDate.getTime()) / DAY_MS);
  const [row] = await opts.db
    .update(subscriptions)
    .set({ durationDays: Math.max(0, elapsedDays) + TRIAL_EXTENSION_DAYS, status: 'active', updatedAt: now })
    .where(eq(subscriptions.id, trial.id))
    .returning();
  return describeSubscription(row!, now);
}
