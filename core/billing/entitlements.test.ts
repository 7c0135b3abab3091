import { describe, expect, it } from 'vitest';
import type { PlanLimits } from '../model/index.ts';
import {
  computeEntitlements,
  cycleStart,
  gateFor,
  isUnlimited,
  NO_PLAN_LIMITS,
  templateGate,
  type PlanFacts,
  type SubscriptionFacts,
} from './index.ts';

const DAY = 86_400_000;
const now = new Date('2026-05-01T12:00:00Z');
const off = { ...NO_PLAN_LIMITS, max_catalogs: 1, max_pages_per_catalog: 1, max_products_per_catalog: 1 };
const limits = (more: Partial<PlanLimits>): PlanLimits => ({ ...off, ...more });
const plans: PlanFacts[] = [
  {
    id: 'trial',
    title: 'Free trial',
    tier: 'trial',
    ordering: 0,
    public: false,
    limits: limits({ wholesale_features: true }),
  },
  {
    id: 'ESSENTIAL',
    title: 'Essential',
    tier: 'essential',
    ordering: 10,
    public: true,
    limits: limits({ products_link: true }),
  },
  {
    id: 'PERSONAL',
    title: 'Personal',
    tier: 'personal',
    ordering: 20,
    public: true,
    limits: limits({ products_link: true, embeddable: true }),
  },
  {
    id: 'BUSINESS',
    title: 'Business',
    tier: 'business',
    ordering: 30,
    public: true,
    limits: limits({ products_link: true, embeddable: true, wholesale_features: true, max_catalogs: 25 }),
  },
  {
    id: 'CUSTOM',
    title: 'Custom',
    tier: 'custom',
    ordering: 60,
    public: false,
    limits: limits({ products_link: true, embeddable: true, wholesale_features: true, custom_design: true }),
  },
];
let n = 0;
const sub = (more: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  id: `s${++n}`,
  planId: 'trial',
  type: 'trial',
  isTrial: true,
  title: 'Free trial',
  startDate: new Date(now.getTime() - DAY),
  durationDays: 14,
  status: 'active',
  period: null,
  cancelAtPeriodEnd: false,
  ...more,
});
const user = { createdAt: new Date('2026-01-01T00:00:00Z'), roles: [] as string[] };
const ent = (subscriptions: SubscriptionFacts[], u = user, at = now) =>
  computeEntitlements({ subscriptions, plans, user: u, now: at });

describe('entitlements (SPEC §3 Plan, §4 Trial and subscription, §9)', () => {
  it('gives a user without any plan the SPEC §9 defaults and calls them expired', () => {
    const e = ent([]);
    expect(e).toMatchObject({ status: 'none', hasExpired: true, daysLeft: 0, planId: null });
    expect(e.limits).toMatchObject({
      max_catalogs: 9999,
      max_pages_per_catalog: 9999,
      max_products_per_catalog: 999_999,
      max_orders: 0,
      embeddable: false,
    });
  });

  it('counts a trial in force, with days left rounded up', () => {
    expect(ent([sub({})])).toMatchObject({ status: 'trial', isTrial: true, hasExpired: false, daysLeft: 13 });
  });

  it('expires a plan at start_date plus duration days and never shows negative days left', () => {
    const paid = sub({ planId: 'BUSINESS', type: 'manual', isTrial: false, durationDays: 30 });
    const start = paid.startDate.getTime();
    expect(ent([paid], user, new Date(start + 29.5 * DAY))).toMatchObject({ daysLeft: 1, hasExpired: false });
    expect(ent([paid], user, new Date(start + 30 * DAY))).toMatchObject({
      status: 'expired',
      daysLeft: 0,
      hasExpired: true,
      planId: 'BUSINESS',
    });
    expect(ent([paid], user, new Date(start + 400 * DAY)).daysLeft).toBe(0);
  });

  it('lets a paid plan in force decide over a trial, and the trial decide again once the paid one is cancelled', () => {
    const trial = sub({});
    const paid = sub({
      planId: 'BUSINESS',
      type: 'stripe',
      isTrial: false,
      durationDays: 365,
      period: 'yearly',
    });
    expect(ent([trial, paid])).toMatchObject({
      status: 'active',
      planId: 'BUSINESS',
      provider: 'stripe',
      period: 'yearly',
    });
    expect(ent([trial, { ...paid, status: 'cancelled' }])).toMatchObject({
      status: 'trial',
      planId: 'trial',
    });
    expect(ent([trial, { ...paid, status: 'past_due' }])).toMatchObject({
      status: 'past_due',
      hasExpired: false,
    });
    expect(ent([trial, { ...paid, status: 'pending' }])).toMatchObject({ status: 'trial' });
    // A cancellation ends the plan before its paid-up date: no days left, and an ended trial still names it.
    const endedTrial = { ...trial, startDate: new Date(now.getTime() - 30 * DAY) };
    expect(ent([{ ...paid, status: 'cancelled' }])).toMatchObject({ status: 'expired', daysLeft: 0 });
    expect(ent([endedTrial, { ...paid, status: 'cancelled' }])).toMatchObject({
      status: 'expired',
      planId: 'trial',
      daysLeft: 0,
    });
  });

  it('shows the pricing page only to users created after 2015-12-30 18:00', () => {
    expect(ent([], { createdAt: new Date('2015-12-30T18:00:00Z'), roles: [] }).pricingVisible).toBe(false);
    expect(ent([], { createdAt: new Date('2015-12-30T18:00:01Z'), roles: [] }).pricingVisible).toBe(true);
  });
});

describe('gates (SPEC §6)', () => {
  it('dims download, print and embed for trial users, and opens them on a paid plan', () => {
    const trial = ent([sub({})]);
    for (const f of ['download', 'print', 'embed'] as const)
      expect(gateFor(trial, f, plans)).toEqual({ kind: 'trial' });
    const business = ent([sub({ planId: 'BUSINESS', type: 'manual', isTrial: false })]);
    for (const f of ['download', 'print', 'embed'] as const)
      expect(gateFor(business, f, plans)).toEqual({ kind: 'open' });
  });

  it('asks for the cheapest plan that unlocks a feature, Essential-only and Custom-only ones named as such', () => {
    const essential = ent([sub({ planId: 'ESSENTIAL', type: 'manual', isTrial: false })]);
    expect(gateFor(essential, 'embed', plans)).toEqual({ kind: 'upgrade', plan: 'Personal' });
    expect(gateFor(essential, 'wholesale_features', plans)).toEqual({ kind: 'upgrade', plan: 'Business' });
    expect(gateFor(essential, 'custom_design', plans)).toEqual({ kind: 'custom' });
    expect(gateFor(ent([]), 'products_link', plans)).toEqual({ kind: 'essential' });
  });

  it('closes everything but staff when the subscription expired', () => {
    const expired = ent([sub({ startDate: new Date(now.getTime() - 40 * DAY) })]);
    expect(gateFor(expired, 'download', plans)).toEqual({ kind: 'upgrade', plan: 'Essential' });
    expect(gateFor(expired, 'wholesale_features', plans)).toEqual({ kind: 'upgrade', plan: 'Business' });
    const staff = ent([], { ...user, roles: ['admin'] });
    expect(gateFor(staff, 'download', plans)).toEqual({ kind: 'open' });
  });

  it('lets the Essential plan start only from the five Essential templates (SPEC §9)', () => {
    const essential = ent([sub({ planId: 'ESSENTIAL', type: 'manual', isTrial: false })]);
    expect(templateGate(essential, 'template-line-sheet', plans)).toEqual({ kind: 'open' });
    expect(templateGate(essential, 'template-fashion-lookbook-xl', plans)).toEqual({
      kind: 'upgrade',
      plan: 'Personal',
    });
    const business = ent([sub({ planId: 'BUSINESS', type: 'manual', isTrial: false })]);
    expect(templateGate(business, 'template-fashion-lookbook-xl', plans)).toEqual({ kind: 'open' });
  });
});

describe('order cycles', () => {
  it('counts monthly cycles from the subscription start, the 31st falling back to the month end', () => {
    const start = new Date('2026-01-31T09:00:00Z');
    expect(cycleStart(start, new Date('2026-01-31T10:00:00Z')).toISOString()).toBe(
      '2026-01-31T09:00:00.000Z',
    );
    expect(cycleStart(start, new Date('2026-02-27T10:00:00Z')).toISOString()).toBe(
      '2026-01-31T09:00:00.000Z',
    );
    expect(cycleStart(start, new Date('2026-02-28T10:00:00Z')).toISOString()).toBe(
      '2026-02-28T09:00:00.000Z',
    );
    expect(cycleStart(start, new Date('2026-03-30T10:00:00Z')).toISOString()).toBe(
      '2026-02-28T09:00:00.000Z',
    );
    expect(cycleStart(start, new Date('2026-03-31T09:00:00Z')).toISOString()).toBe(
      '2026-03-31T09:00:00.000Z',
    );
    expect(cycleStart(start, new Date('2025-12-01T00:00:00Z')).toISOString()).toBe(
      '2026-01-31T09:00:00.000Z',
    );
  });
});

describe('billing off (BILLING=off: one plan for every account)', () => {
  const offEnt = (subscriptions: SubscriptionFacts[], planId: string) =>
    computeEntitlements({ subscriptions, plans, user, now, billing: { mode: 'off', planId } });

  it('gives the named plan, or the highest, whatever the subscriptions: no trial, no end, no watermark', () => {
    expect(offEnt([sub({})], 'PERSONAL')).toMatchObject({
      billing: 'off',
      status: 'active',
      planId: 'PERSONAL',
      isTrial: false,
      hasExpired: false,
      watermark: false,
      expiresAt: null,
    });
    expect(offEnt([], 'NOT-A-PLAN')).toMatchObject({ planId: 'CUSTOM', hasExpired: false });
    const ended = sub({ startDate: new Date(now.getTime() - 400 * DAY) });
    expect(offEnt([ended], 'ESSENTIAL')).toMatchObject({ planId: 'ESSENTIAL', hasExpired: false });
  });

  it('opens what the plan has and marks the rest unavailable, never a way to upgrade', () => {
    const e = offEnt([], 'ESSENTIAL');
    expect(gateFor(e, 'download', plans)).toEqual({ kind: 'open' });
    expect(gateFor(e, 'products_link', plans)).toEqual({ kind: 'open' });
    expect(gateFor(e, 'embed', plans)).toEqual({ kind: 'unavailable' });
    expect(gateFor(e, 'wholesale_features', plans)).toEqual({ kind: 'unavailable' });
    expect(templateGate(e, 'some-template', plans)).toEqual({ kind: 'unavailable' });
    expect(gateFor(offEnt([], 'CUSTOM'), 'embed', plans)).toEqual({ kind: 'open' });
  });
});

describe('isUnlimited', () => {
  it("reads the top plans' all-nines limits as no limit, and every other count as a number", () => {
    for (const n of [9_999, 99_999, 999_999]) expect(isUnlimited(n), String(n)).toBe(true);
    for (const n of [0, 9, 999, 1_000, 9_998, 10_000, 99_990]) expect(isUnlimited(n), String(n)).toBe(false);
  });
});
