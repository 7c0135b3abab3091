import { asc, eq } from 'drizzle-orm';
import {
  billingOffPlan,
  computeEntitlements,
  gateFor,
  gatesFor,
  templateGate,
  type Entitlements,
  type Feature,
  type Gate,
  type PlanFacts,
  type PlanTier,
  type SubscriptionFacts,
  type TrialAction,
  type BillingPolicy,
} from '../../core/billing/index.ts';
import type { Catalog, Page, PlanLimits } from '../../core/model/index.ts';
import { checkPlanLimits, PLAN_LIMIT_MESSAGES } from '../../core/rules/index.ts';
import type { Db } from '../../db/client.ts';
import { plans, subscriptions, users } from '../../db/schema.ts';
import { ApiError, forbidden } from '../platform/index.ts';
import { billingPolicy } from './policy.server.ts';

/**
 * The one place that says what a plan allows (DESIGN §8b). The API, the pages, the worker and staff screens ask
 * here; nothing else reads plan limits.
 */

/** SPEC §6 and §8 texts of the gates. */
export const GATE_MESSAGES = {
  upgrade: 'Please upgrade to use this feature',
  embed: 'Please subscribe to be able to embed your catalog.',
  expired: 'Your subscription has expired. Please choose a plan to continue.',
  unavailable: "This feature is not included in this server's plan.",
  maxCatalogs: (n: number, limit: number) => `Max Catalogs Limit Reached (${n}/${limit})`,
  maxProducts: (n: number, limit: number) => `Max Products Limit Reached (${n}/${limit})`,
} as const;

type UserFacts = { id: string; createdAt: Date; roles: string[] };

export async function loadPlanFacts(db: Db): Promise<PlanFacts[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.ordering));
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    tier: p.tier as PlanTier,
    ordering: p.ordering,
    public: p.public,
    limits: p.limits as PlanLimits,
  }));
}

export async function loadSubscriptionFacts(db: Db, userId: string): Promise<SubscriptionFacts[]> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return rows.map((r) => ({
    id: r.id,
    planId: r.planId,
    type: r.type,
    isTrial: r.isTrial,
    title: r.title,
    startDate: r.startDate,
    durationDays: r.durationDays,
    status: r.status,
    period: r.period,
    cancelAtPeriodEnd: r.cancelAtPeriodEnd,
  }));
}

/**
 * What a user may do now: from their subscriptions, the plans and the clock, under the server's billing mode
 * (policy.server.ts; a test may pass its own).
 */
export async function getEntitlements(opts: {
  db: Db;
  /** The user row if the caller has it (saves a read), else its id. */
  user?: UserFacts;
  userId?: string;
  now?: Date;
  billing?: BillingPolicy;
}): Promise<Entitlements> {
  let user = opts.user;
  if (!user) {
    const [row] = await opts.db
      .select({ id: users.id, createdAt: users.createdAt, roles: users.roles })
      .from(users)
      .where(eq(users.id, opts.userId!));
    user = row ?? { id: opts.userId!, createdAt: new Date(0), roles: [] };
  }
  const [subs, planFacts] = await Promise.all([
    loadSubscriptionFacts(opts.db, user.id),
    loadPlanFacts(opts.db),
  ]);
  return computeEntitlements({
    subscriptions: subs,
    plans: planFacts,
    user,
    now: opts.now ?? new Date(),
    billing: opts.billing ?? billingPolicy(),
  });
}

/** Entitlements with every feature's gate, for pages that show gated controls. */
export async function getEntitlementsWithGates(opts: {
  db: Db;
  user: UserFacts;
  now?: Date;
  billing?: BillingPolicy;
}): Promise<{ entitlements: Entitlements; gates: Record<Feature, Gate> }> {
  const planFacts = await loadPlanFacts(opts.db);
  const subs = await loadSubscriptionFacts(opts.db, opts.user.id);
  const entitlements = computeEntitlements({
    subscriptions: subs,
    plans: planFacts,
    user: opts.user,
    now: opts.now ?? new Date(),
    billing: opts.billing ?? billingPolicy(),
  });
  return { entitlements, gates: gatesFor(entitlements, planFacts) };
}

/** SPEC §6: an expired or inactive subscription stops the merchant's work (staff are never stopped). */
export function assertInForce(ent: Entitlements): void {
  if (!ent.isStaff && ent.hasExpired)
    throw new ApiError('forbidden', GATE_MESSAGES.expired, { details: { reason: 'subscription_expired' } });
}

/**
 * Entitlements from facts another query already read (the viewer reads a catalog, its owner, the subscriptions and
 * the plans in one query), under the server's billing mode.
 */
export function entitlementsFromFacts(facts: {
  subscriptions: SubscriptionFacts[];
  plans: PlanFacts[];
  user: { createdAt: Date; roles: string[] };
  now?: Date;
}): Entitlements {
  return computeEntitlements({ ...facts, now: facts.now ?? new Date(), billing: billingPolicy() });
}

/** With billing off, the plan every account has (pages say so to visitors too); null with billing on. */
export async function includedPlan(db: Db): Promise<PlanFacts | null> {
  const policy = billingPolicy();
  return policy.mode === 'off' ? billingOffPlan(await loadPlanFacts(db), policy.planId) : null;
}

/** The signed-in merchant's work needs a subscription in force (the API's side of SPEC §6's redirects). */
export async function assertUserInForce(opts: { db: Db; user: UserFacts }): Promise<void> {
  assertInForce(await getEntitlements({ db: opts.db, user: opts.user }));
}

/** A feature behind the plan: 403 with SPEC §6's text when its gate is closed. */
export async function assertFeature(opts: { db: Db; ent: Entitlements; feature: Feature }): Promise<void> {
  const gate = gateFor(opts.ent, opts.feature, await loadPlanFacts(opts.db));
  if (gate.kind === 'open') return;
  throw forbidden(gateRefusal(gate, opts.feature === 'embed' && !opts.ent.isTrial));
}

/** The 403 text of a closed gate: SPEC §6's, or, with billing off, that the server's plan leaves it out. */
export function gateRefusal(gate: Gate, embed = false): string {
  if (gate.kind === 'unavailable') return GATE_MESSAGES.unavailable;
  return embed ? GATE_MESSAGES.embed : GATE_MESSAGES.upgrade;
}

/** What readers of a merchant's catalogs may do with them (SPEC §6: trial or ended → no download, print, embed). */
export type CatalogActions = Record<TrialAction, boolean>;

/**
 * The viewer's buttons and the routes behind them ask this one question, so a button is shown exactly when its
 * request would be served.
 */
export function catalogActions(ent: Entitlements, plans: PlanFacts[]): CatalogActions {
  const open = (action: TrialAction) => gateFor(ent, action, plans).kind === 'open';
  return { download: open('download'), print: open('print'), embed: open('embed') };
}

/**
 * Whether a template catalog may be started from (SPEC §9: on the Essential plan, the five Essential templates
 * only). Template catalogs are staff's own catalogs, so the fixed ids of SPEC §9 are the slugs staff give them.
 */
export async function templateAllowed(opts: {
  db: Db;
  ent: Entitlements;
  template: { id: string; slug: string | null };
}): Promise<Gate> {
  const plans = await loadPlanFacts(opts.db);
  const byId = templateGate(opts.ent, opts.template.id, plans);
  return byId.kind === 'open' || !opts.template.slug
    ? byId
    : templateGate(opts.ent, opts.template.slug, plans);
}

/** One more catalog within max_catalogs, else 403 'Max Catalogs Limit Reached (n/limit)'. */
export function assertCatalogSlot(ent: Entitlements, existing: number): void {
  if (existing >= ent.limits.max_catalogs)
    throw forbidden(GATE_MESSAGES.maxCatalogs(existing + 1, ent.limits.max_catalogs));
}

/** SPEC §5's plan rules on a whole catalog (pages, products, wholesale pages), 403 with the first message. */
export function assertCatalogWithinPlan(ent: Entitlements, catalog: Pick<Catalog, 'pages'>): void {
  const check = checkPlanLimits(catalog, ent.limits);
  if (!check.ok) throw new ApiError('forbidden', check.message, { details: check.violations });
}

/**
 * SPEC §5's rules on an editor's save (one page, or pages added, changed, removed or moved): the pages it writes
 * (wholesale features), and the catalog's page and product counts after it. A count past its limit blocks the
 * save only when the change raises it, so a merchant over a limit (after a downgrade) can still remove pages or
 * products to get under it. 403 with the first SPEC message.
 */
export function assertPageWithinPlan(
  ent: Entitlements,
  change: {
    pages: Page[];
    pageCount: { before: number; after: number };
    productCount: { before: number; after: number };
  },
): void {
  const { limits } = ent;
  const features = checkPlanLimits(
    { pages: change.pages },
    { ...limits, max_pages_per_catalog: Infinity, max_products_per_catalog: Infinity },
  );
  if (!features.ok) throw new ApiError('forbidden', features.message, { details: features.violations });
  const raised = (
    code: 'max_pages' | 'max_products',
    count: { before: number; after: number },
    limit: number,
    message: (n: number, limit: number) => string,
  ) => {
    if (count.after <= limit || count.after <= count.before) return;
    const text = message(count.after, limit);
    throw new ApiError('forbidden', text, { details: [{ code, message: text, count: count.after, limit }] });
  };
  raised('max_pages', change.pageCount, limits.max_pages_per_catalog, PLAN_LIMIT_MESSAGES.maxPages);
  raised(
    'max_products',
    change.productCount,
    limits.max_products_per_catalog,
    PLAN_LIMIT_MESSAGES.maxProducts,
  );
}
