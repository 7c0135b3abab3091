import {
  DEFAULT_PLAN_LIMITS_WHEN_NO_PLAN,
  ESSENTIAL_TEMPLATE_IDS,
  PRICING_PAGE_USERS_CREATED_AFTER,
} from '../constants.ts';
import type { PlanLimits } from '../model/index.ts';
import type { BillingPeriod } from './prices.ts';

const DAY_MS = 86_400_000;

export type PlanTier = 'trial' | 'essential' | 'personal' | 'business' | 'enterprise' | 'premium' | 'custom';
export type PlanFacts = {
  id: string;
  title: string;
  tier: PlanTier;
  ordering: number;
  public: boolean;
  limits: PlanLimits;
};
export type SubscriptionFacts = {
  id: string;
  planId: string;
  /** trial, stripe, shopify, manual, custom */
  type: string;
  isTrial: boolean;
  title: string;
  startDate: Date;
  durationDays: number;
  /** active, past_due, pending, cancelled */
  status: string;
  period: string | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * Whether this server charges for plans. On: trials, subscriptions and payments decide. Off (a self-hosted server
 * with no payment provider, BILLING=off): every account has one plan, in force for good, with no trial and no
 * watermark, and nothing anywhere asks to upgrade.
 */
export type BillingPolicy = { mode: 'on' } | { mode: 'off'; planId: string };
export const BILLING_ON: BillingPolicy = { mode: 'on' };

/** trial and active are in force; past_due is in force while the provider retries; expired and none are not. */
export type EntitlementStatus = 'trial' | 'active' | 'past_due' | 'expired' | 'none';

/** Everything SPEC asks of a plan for one user at one instant. Plain data: it crosses to the browser as is. */
export type Entitlements = {
  /** The server's billing mode: with 'off', no trial, no end date, no upgrade (BillingPolicy). */
  billing: BillingPolicy['mode'];
  status: EntitlementStatus;
  planId: string | null;
  planTitle: string | null;
  tier: PlanTier | null;
  isTrial: boolean;
  /** No subscription in force (SPEC §6: the editor sends the user to /dashboard, other screens to /subscribe). */
  hasExpired: boolean;
  /** Never negative (SPEC §4). */
  daysLeft: number;
  expiresAt: string | null;
  subscriptionId: string | null;
  /** Who bills it: trial, stripe, shopify, manual, custom; null without any subscription. */
  provider: string | null;
  period: BillingPeriod | null;
  cancelAtPeriodEnd: boolean;
  limits: PlanLimits;
  /** SPEC §6: trial accounts (and lapsed ones) get the watermark on rendered pages. */
  watermark: boolean;
  isStaff: boolean;
  /** SPEC §9: the pricing page is shown to users created after 2015-12-30 18:00. */
  pricingVisible: boolean;
};

/** Every feature switched off: what a user without any plan gets besides SPEC §9's counts. */
export const NO_FEATURES = {
  embeddable: false,
  products_link: false,
  custom_domain: false,
  privacy: false,
  password: false,
  wholesale_features: false,
  csv_export: false,
  custom_themes: false,
  custom_fields: false,
  custom_design: false,
  custom_layouts: false,
  custom_fonts: false,
  analytics: false,
  priority_support: false,
  digital_orders: false,
} as const;

/** SPEC §9: the limits when a user has no plan at all. */
export const NO_PLAN_LIMITS: PlanLimits = { ...NO_FEATURES, ...DEFAULT_PLAN_LIMITS_WHEN_NO_PLAN };

/** SPEC §4: a subscription ends at start_date plus duration days. */
export function subscriptionEnd(sub: Pick<SubscriptionFacts, 'startDate' | 'durationDays'>): Date {
  return new Date(sub.startDate.getTime() + sub.durationDays * DAY_MS);
}

/** Whole days until `end`, rounded up, never negative (SPEC §4). */
export function daysUntil(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

const IN_FORCE = new Set(['active', 'past_due']);

/** A subscription counts now when its status keeps it and its end has not passed. */
export function isInForce(sub: SubscriptionFacts, now: Date): boolean {
  return IN_FORCE.has(sub.status) && subscriptionEnd(sub).getTime() > now.getTime();
}

/**
 * The subscription that decides what a user may do: among those in force, a paid one before a trial, then the
 * one that runs longest. Without one in force, the one that ended last (to name the plan that expired).
 */
export function decidingSubscription(subs: SubscriptionFacts[], now: Date): SubscriptionFacts | null {
  const inForce = subs.filter((s) => isInForce(s, now));
  const byEnd = (a: SubscriptionFacts, b: SubscriptionFacts) =>
    subscriptionEnd(b).getTime() - subscriptionEnd(a).getTime();
  if (inForce.length) {
    const paid = inForce.filter((s) => !s.isTrial).sort(byEnd);
    return paid[0] ?? inForce.sort(byEnd)[0]!;
  }
  // Cancelled ones only when nothing else ended: a cancellation ends a subscription before its paid-up date.
  const ended = subs.filter((s) => s.status !== 'pending').sort(byEnd);
  return ended.find((s) => s.status !== 'cancelled') ?? ended[0] ?? null;
}

/** The plan every account has with billing off: the one named, else the highest there is. */
export function billingOffPlan(plans: PlanFacts[], planId: string): PlanFacts | null {
  const paid = plans.filter((p) => p.tier !== 'trial').sort((a, b) => a.ordering - b.ordering);
  return paid.find((p) => p.id === planId) ?? paid.at(-1) ?? null;
}

export function computeEntitlements(opts: {
  subscriptions: SubscriptionFacts[];
  plans: PlanFacts[];
  user: { createdAt: Date; roles: string[] };
  now: Date;
  /** The server's billing mode; default on. */
  billing?: BillingPolicy;
}): Entitlements {
  const { now } = opts;
  const isStaff = opts.user.roles.includes('admin') || opts.user.roles.includes('manager');
  const pricingVisible = opts.user.createdAt.getTime() > new Date(PRICING_PAGE_USERS_CREATED_AFTER).getTime();
  if (opts.billing?.mode === 'off') {
    // Subscriptions (a trial started at sign-up, one staff gave) do not count: the server gives one plan to all.
    const plan = billingOffPlan(opts.plans, opts.billing.planId);
    return {
      billing: 'off',
      status: 'active',
      planId: plan?.id ?? null,
      planTitle: plan?.title ?? null,
      tier: plan?.tier ?? null,
      isTrial: false,
      hasExpired: false,
      daysLeft: 0,
      expiresAt: null,
      subscriptionId: null,
      provider: null,
      period: null,
      cancelAtPeriodEnd: false,
      limits: plan?.limits ?? NO_PLAN_LIMITS,
      watermark: false,
      isStaff,
      pricingVisible,
    };
  }
  const sub = decidingSubscription(opts.subscriptions, now);
  if (!sub) {
    return {
      billing: 'on',
      status: 'none',
      planId: null,
      planTitle: null,
      tier: null,
      isTrial: false,
      hasExpired: true,
      daysLeft: 0,
      expiresAt: null,
      subscriptionId: null,
      provider: null,
      period: null,
      cancelAtPeriodEnd: false,
      limits: NO_PLAN_LIMITS,
      watermark: false,
      isStaff,
      pricingVisible,
    };
  }
  const plan = opts.plans.find((p) => p.id === sub.planId);
  const end = subscriptionEnd(sub);
  const inForce = isInForce(sub, now);
  const status: EntitlementStatus = !inForce
    ? 'expired'
    : sub.isTrial
      ? 'trial'
      : sub.status === 'past_due'
        ? 'past_due'
        : 'active';
  return {
    billing: 'on',
    status,
    planId: sub.planId,
    planTitle: plan?.title ?? sub.title,
    tier: plan?.tier ?? null,
    isTrial: sub.isTrial,
    hasExpired: !inForce,
    daysLeft: inForce ? daysUntil(end, now) : 0,
    expiresAt: end.toISOString(),
    subscriptionId: sub.id,
    provider: sub.type,
    period: sub.period === 'monthly' || sub.period === 'yearly' ? sub.period : null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    limits: plan?.limits ?? NO_PLAN_LIMITS,
    watermark: sub.isTrial || !inForce,
    isStaff,
    pricingVisible,
  };
}

export type BooleanLimit = {
  [K in keyof PlanLimits]: PlanLimits[K] extends boolean ? K : never;
}[keyof PlanLimits];
/** Actions SPEC §6 refuses to trial accounts. */
export type TrialAction = 'download' | 'print' | 'embed';
export type Feature = BooleanLimit | TrialAction;

/**
 * How a control behind the plan shows (SPEC §6): open; disabled with the unlocking plan's label (Business for
 * most) and 'Please upgrade to use this feature'; dimmed with the Essential-only or Custom-only text and an
 * Upgrade action; dimmed for trial users.
 */
export type Gate =
  | { kind: 'open' }
  | { kind: 'upgrade'; plan: string }
  | { kind: 'essential' }
  | { kind: 'custom' }
  | { kind: 'trial' }
  /** Billing off: the server's one plan leaves it out, and there is nothing to upgrade to. */
  | { kind: 'unavailable' };

const TRIAL_ACTIONS = new Set<Feature>(['download', 'print', 'embed']);

/** The cheapest public plan that has a feature, by the plans' order. */
function unlockingPlan(plans: PlanFacts[], feature: BooleanLimit): PlanFacts | null {
  return (
    [...plans]
      .filter((p) => p.public && p.tier !== 'trial' && p.limits[feature])
      .sort((a, b) => a.ordering - b.ordering)[0] ?? null
  );
}

function upgradeTo(plans: PlanFacts[], feature: BooleanLimit | null): Gate {
  if (!feature) {
    const first = [...plans]
      .filter((p) => p.public && p.tier !== 'trial')
      .sort((a, b) => a.ordering - b.ordering)[0];
    return { kind: 'upgrade', plan: first?.title ?? 'Business' };
  }
  const plan = unlockingPlan(plans, feature);
  if (!plan) return { kind: 'custom' };
  if (plan.tier === 'essential') return { kind: 'essential' };
  return { kind: 'upgrade', plan: plan.title };
}

/** The gate of one feature for these entitlements. */
export function gateFor(ent: Entitlements, feature: Feature, plans: PlanFacts[]): Gate {
  if (ent.isStaff) return { kind: 'open' };
  if (ent.billing === 'off') {
    const limit: BooleanLimit | null =
      feature === 'embed' ? 'embeddable' : TRIAL_ACTIONS.has(feature) ? null : (feature as BooleanLimit);
    return !limit || ent.limits[limit] ? { kind: 'open' } : { kind: 'unavailable' };
  }
  if (TRIAL_ACTIONS.has(feature)) {
    if (ent.hasExpired) return upgradeTo(plans, feature === 'embed' ? 'embeddable' : null);
    if (ent.isTrial) return { kind: 'trial' };
    if (feature === 'embed' && !ent.limits.embeddable) return upgradeTo(plans, 'embeddable');
    return { kind: 'open' };
  }
  const limit = feature as BooleanLimit;
  if (!ent.hasExpired && ent.limits[limit]) return { kind: 'open' };
  if (ent.isTrial && !ent.hasExpired) return { kind: 'trial' };
  return upgradeTo(plans, limit);
}

/** Every feature's gate, for a page to hand its controls. */
export function gatesFor(ent: Entitlements, plans: PlanFacts[]): Record<Feature, Gate> {
  const features = [...Object.keys(NO_FEATURES), ...TRIAL_ACTIONS] as Feature[];
  return Object.fromEntries(features.map((f) => [f, gateFor(ent, f, plans)])) as Record<Feature, Gate>;
}

/** SPEC §9: on the Essential plan only the five Essential templates can be started from. */
export function templateGate(ent: Entitlements, templateId: string, plans: PlanFacts[]): Gate {
  if (ent.isStaff || ent.tier !== 'essential') return { kind: 'open' };
  if ((ESSENTIAL_TEMPLATE_IDS as readonly string[]).includes(templateId)) return { kind: 'open' };
  if (ent.billing === 'off') return { kind: 'unavailable' };
  const next = [...plans]
    .filter((p) => p.public && p.ordering > (plans.find((x) => x.id === ent.planId)?.ordering ?? 0))
    .sort((a, b) => a.ordering - b.ordering)[0];
  return { kind: 'upgrade', plan: next?.title ?? 'Business' };
}

/** A count against its limit (catalogs, pages, products, orders this cycle) for the dashboard's meters. */
export function usageOf(count: number, limit: number) {
  return { count, limit, reached: count >= limit, over: count > limit };
}

/**
 * The start of the monthly cycle `now` falls in, counted in calendar months from the subscription's start (a
 * cycle starting on the 31st starts on the last day of shorter months). Orders are counted per cycle.
 */
export function cycleStart(start: Date, now: Date): Date {
  if (now.getTime() <= start.getTime()) return start;
  const at = (months: number) => {
    const y = start.getUTCFullYear();
    const m = start.getUTCMonth() + months;
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const d = new Date(start);
    d.setUTCFullYear(y, m, Math.min(start.getUTCDate(), lastDay));
    return d;
  };
  let months = (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + now.getUTCMonth() - start.getUTCMonth();
  while (months > 0 && at(months).getTime() > now.getTime()) months--;
  return at(months);
}

/** The top plans store 9 999 or 999 999 (all nines) for "no limit": shown as no limit, never as the number. */
export const isUnlimited = (n: number): boolean => n >= 9_999 && /^9+$/.test(String(n));
