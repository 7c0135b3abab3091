import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { PlanFacts, SubscriptionFacts } from '../../core/billing/index.ts';
import { estimateMeasure, needsPagination, paginateCatalogSync } from '../../core/pagination/index.ts';
import { unkeptPictureUrls, withKeptPictures } from '../../core/commands/index.ts';
import { onlinePath, usableSlug, type Catalog, type PlanLimits } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { catalogs, plans, subscriptions, users } from '../../db/schema.ts';
import { type User, hasRole, readUserSettings } from '../accounts/index.ts';
import { catalogActions, entitlementsFromFacts, type CatalogActions } from '../billing/index.ts';
import { loadCatalogById, type CatalogRow } from './catalogs.server.ts';
import { normalizeHost, verifiedHostSql } from './custom-hosts.server.ts';
import { findKeptPictures } from '../listings/index.ts';

/**
 * What the viewer serves (SPEC §2.5 /view, §6 owner and visitor): a catalog found by its slug or id, on the app
 * host or on the merchant's own host, with what its owner's plan and settings allow.
 */

export type OwnerPlan = PlanLimits & {
  isTrial: boolean;
  hasExpired: boolean;
  planId: string | null;
  /** The trial watermark on every page: on trial and once the subscription ended (server/billing's answer). */
  watermark: boolean;
  /** Download, print and embed as server/billing's gates decide them: buttons and routes both follow these. */
  actions: CatalogActions;
};

export type PublishedCatalog = {
  row: CatalogRow;
  /** The catalog with flow and list pages paginated, as every viewer request numbers its pages. */
  catalog: Catalog;
  plan: OwnerPlan;
  owner: { id: string; email: string | null; platform: string; ga4: string | null; name: string | null };
};

export { usableSlug };

/** The address of a catalog on the app host: its slug when it has a usable one, else its id. */
export const viewPath = (row: Pick<CatalogRow, 'id' | 'slug'>): string => onlinePath(row);

function byRef(ref: string): SQL | null {
  const conds: SQL[] = [];
  if (usableSlug(ref) && ref.length <= 200) conds.push(eq(catalogs.slug, ref));
  if (isUuid(ref)) conds.push(eq(catalogs.id, ref.toLowerCase()));
  return conds.length ? (or(...conds) ?? null) : null;
}

/** The catalog row a viewer address names: by slug or id, and on a custom host only the ones set to it. */
export async function findPublishedRow(opts: {
  db: Db;
  ref: string;
  customHost?: string | null;
}): Promise<CatalogRow | null> {
  const where = refWhere(opts);
  if (!where) return null;
  const rows = await opts.db.select().from(catalogs).where(where).limit(2);
  return pickRef(rows, opts.ref);
}

/**
 * The catalogs an address can name: by slug or id; on a custom host only those set to it whose owner proved they
 * control the host.
 */
function refWhere(opts: { ref: string; customHost?: string | null }): SQL | null {
  const where = byRef(opts.ref);
  if (!where) return null;
  const host = opts.customHost ? normalizeHost(opts.customHost) : null;
  if (opts.customHost && !host) return null;
  return host ? (and(where, eq(catalogs.customHost, host), verifiedHostSql) ?? null) : where;
}

/** A slug wins over an id that happens to look like it (slugs never look like ids: setCatalogSlug). */
function pickRef<T extends { slug: string | null }>(rows: T[], ref: string): T | null {
  return rows.find((r) => r.slug === ref) ?? rows[0] ?? null;
}

/** The owner's facts the viewer needs besides the catalog: name, plan facts and settings. */
type OwnerFacts = {
  id: string;
  createdAt: string;
  roles: string[];
  email: string | null;
  platform: string;
  name: string | null;
  settings: unknown;
};
type SubscriptionJson = Omit<SubscriptionFacts, 'startDate'> & { startDate: string };
type PublishedFacts = { owner: OwnerFacts | null; subs: SubscriptionJson[]; plans: PlanFacts[] };

/**
 * The owner, their subscriptions and the plans as correlated sub-selects on `ownerId`, so they come back in the
 * same round trip as the catalog row: the viewer reads them on every request (a plan change applies to the next
 * one) and four reads a request were most of a cached page's cost.
 */
function factsColumns(ownerId: SQL | typeof catalogs.ownerId) {
  return {
    owner: sql<OwnerFacts | null>`(select json_build_object('id', u.id, 'createdAt', u.created_at,
      'roles', u.roles, 'email', u.email, 'platform', u.platform, 'name', u.business_name,
      'settings', u.settings) from ${users} u where u.id = ${ownerId})`,
    subs: sql<SubscriptionJson[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'planId', s.plan_id,
      'type', s.type, 'isTrial', s.is_trial, 'title', s.title, 'startDate', s.start_date,
      'durationDays', s.duration_days, 'status', s.status, 'period', s.period,
      'cancelAtPeriodEnd', s.cancel_at_period_end)), '[]'::json) from ${subscriptions} s
      where s.user_id = ${ownerId})`,
    plans: sql<PlanFacts[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'title', p.title,
      'tier', p.tier, 'ordering', p.ordering, 'public', p.public, 'limits', p.limits)
      order by p.ordering), '[]'::json) from ${plans} p)`,
  };
}

async function findPublishedWithFacts(opts: {
  db: Db;
  ref: string;
  customHost?: string | null;
}): Promise<{ row: CatalogRow; facts: PublishedFacts } | null> {
  const where = refWhere(opts);
  if (!where) return null;
  const rows = await opts.db
    .select({ ...getTableColumns(catalogs), ...factsColumns(catalogs.ownerId) })
    .from(catalogs)
    .where(where)
    .limit(2);
  const found = pickRef(rows, opts.ref);
  if (!found) return null;
  const { owner, subs, plans: planFacts, ...row } = found;
  return { row, facts: { owner, subs, plans: planFacts } };
}

/**
 * The catalog an address names with everything the viewer needs of it, in one database round trip when its
 * prepared pages are cached: the row (so the password check is always against the current hash) and the owner's
 * plan, both read fresh on every request.
 */
export async function findPublished(opts: {
  db: Db;
  ref: string;
  customHost?: string | null;
  now?: Date;
}): Promise<PublishedCatalog | null> {
  const found = await findPublishedWithFacts(opts);
  return found ? publishedFrom({ db: opts.db, ...found, now: opts.now }) : null;
}

/** The published catalogs served on a merchant's (verified) own host, for its home page. */
export async function listHostCatalogs(opts: { db: Db; host: string }): Promise<CatalogRow[]> {
  const host = normalizeHost(opts.host);
  if (!host) return [];
  return opts.db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.customHost, host), eq(catalogs.published, true), verifiedHostSql))
    .orderBy(catalogs.title);
}

/**
 * Catalogs for a sitemap (DESIGN §6): published, not unlisted and not password-protected, on one merchant's
 * verified host or (no host) all of them, most recently changed first.
 */
export async function listSitemapCatalogs(opts: { db: Db; host?: string | null; limit?: number }) {
  const host = opts.host ? normalizeHost(opts.host) : null;
  const visible = and(
    eq(catalogs.published, true),
    sql`coalesce(${catalogs.document}->'settings'->>'visibility', 'public') <> 'unlisted'`,
    sql`not (coalesce((${catalogs.document}->'settings'->>'password_protection')::boolean, false) and ${catalogs.passwordHash} is not null)`,
    host ? and(eq(catalogs.customHost, host), verifiedHostSql) : undefined,
  );
  return opts.db
    .select({
      id: catalogs.id,
      slug: catalogs.slug,
      pageCount: catalogs.pageCount,
      updatedAt: catalogs.updatedAt,
    })
    .from(catalogs)
    .where(visible)
    .orderBy(desc(catalogs.updatedAt))
    .limit(opts.limit ?? 10_000);
}

/**
 * Whether a catalog is served on this host: set to it by an owner who proved they control it (the viewer answers
 * such hosts, the app the others).
 */
export async function isCustomHost(db: Db, host: string | null | undefined): Promise<boolean> {
  const h = normalizeHost(host);
  if (!h) return false;
  const [row] = await db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(and(eq(catalogs.customHost, h), verifiedHostSql))
    .limit(1);
  return !!row;
}

type CacheEntry = { key: string; value: Catalog };
const PREPARED: CacheEntry[] = [];
const PREPARED_MAX = 24;

/**
 * The catalog as the viewer numbers its pages: flow and list pages paginated once per revision (the same
 * estimate the HTML export uses when pages were never paginated), kept for the next fragment request.
 */
function preparedKey(row: CatalogRow): string {
  return `${row.id}:${row.revision}:${row.updatedAt.getTime()}`;
}

function preparedHit(row: CatalogRow): Catalog | null {
  const hit = PREPARED.findIndex((e) => e.key === preparedKey(row));
  if (hit < 0) return null;
  const [entry] = PREPARED.splice(hit, 1);
  PREPARED.unshift(entry!);
  return entry!.value;
}

function prepared(row: CatalogRow, catalog: Catalog): Catalog {
  const key = preparedKey(row);
  const hit = preparedHit(row);
  if (hit) return hit;
  const value = needsPagination(catalog)
    ? paginateCatalogSync(catalog, estimateMeasure(catalog), { render: { mode: 'screen' } })
    : catalog;
  PREPARED.unshift({ key, value });
  PREPARED.length = Math.min(PREPARED.length, PREPARED_MAX);
  return value;
}

/** Everything the viewer needs of a catalog row it already has: the document, the owner's plan and settings. */
export async function loadPublished(opts: {
  db: Db;
  row: CatalogRow;
  now?: Date;
}): Promise<PublishedCatalog | null> {
  const [facts] = await opts.db
    .select(factsColumns(sql`${opts.row.ownerId}::uuid`))
    .from(sql`(select 1) as one`);
  return publishedFrom({ db: opts.db, row: opts.row, facts: facts!, now: opts.now });
}

/** The same for a catalog known by its id (an order's): null when it is gone. */
export async function loadPublishedById(opts: {
  db: Db;
  catalogId: string;
}): Promise<PublishedCatalog | null> {
  const [row] = await opts.db.select().from(catalogs).where(eq(catalogs.id, opts.catalogId));
  return row ? loadPublished({ db: opts.db, row }) : null;
}

async function publishedFrom(opts: {
  db: Db;
  row: CatalogRow;
  facts: PublishedFacts;
  now?: Date;
}): Promise<PublishedCatalog | null> {
  // Every save, settings or password change bumps the row's revision and updatedAt (claimRevision,
  // updateViewerSettings), so a catalog prepared for this row is still its content: reading and paginating its
  // pages again is what made every viewer request slow. Who may read it is decided per request from this row.
  const cached = preparedHit(opts.row);
  const loaded = cached
    ? { row: opts.row, catalog: cached }
    : await withOurPictures(opts.db, await loadCatalogById({ db: opts.db, catalogId: opts.row.id }));
  if (!loaded) return null;
  const { row } = loaded;
  const { owner } = opts.facts;
  // The plan is never cached, so a downgrade (no more embedding, no more passwords) applies to the next request.
  const ent = entitlementsFromFacts({
    subscriptions: opts.facts.subs.map((s) => ({ ...s, startDate: new Date(s.startDate) })),
    plans: opts.facts.plans,
    user: owner
      ? { createdAt: new Date(owner.createdAt), roles: owner.roles }
      : { createdAt: new Date(0), roles: [] },
    now: opts.now ?? new Date(),
  });
  const plan: OwnerPlan = {
    ...ent.limits,
    // As the billing gates have it (gateFor): a subscription that ended embeds nowhere until it is renewed.
    embeddable: ent.limits.embeddable && !ent.hasExpired,
    isTrial: ent.isTrial,
    hasExpired: ent.hasExpired,
    planId: ent.planId,
    watermark: ent.watermark,
    actions: catalogActions(ent, opts.facts.plans),
  };
  const settings = readUserSettings(owner?.settings ?? {});
  return {
    row,
    catalog: prepared(row, loaded.catalog),
    plan,
    owner: {
      id: row.ownerId,
      email: owner?.email ?? null,
      platform: owner?.platform ?? 'standalone',
      ga4: settings.settings.ga4_tracking_id,
      name: owner?.name ?? null,
    },
  };
}

/** Products placed before their pictures were kept show our copies (the listings'), not the store's. */
async function withOurPictures<T extends { row: CatalogRow; catalog: Catalog }>(db: Db, loaded: T | null) {
  if (!loaded) return null;
  const urls = unkeptPictureUrls(loaded.catalog);
  if (urls.length === 0) return loaded;
  const kept = await findKeptPictures({ db, ownerId: loaded.row.ownerId, urls });
  return { ...loaded, catalog: withKeptPictures(loaded.catalog, kept) };
}

// ---------------------------------------------------------------- who may see it

export type ViewerRole = 'owner' | 'staff' | 'visitor';

/** The owner (SPEC §6: the viewer whose id is the owner's), staff, or anyone else. */
export function viewerRole(row: Pick<CatalogRow, 'ownerId'>, user: User | null): ViewerRole {
  if (user && user.id === row.ownerId) return 'owner';
  if (user && hasRole(user, 'admin', 'manager')) return 'staff';
  return 'visitor';
}

/**
 * SPEC §6: a visitor needs the password when protection is on. It fails closed: a plan that no longer has
 * passwords (a downgrade) keeps the catalog behind its password until the owner removes the protection, never
 * opens it to everyone (`protectionLapsed` tells the owner why).
 */
export function needsPassword(pub: Pick<PublishedCatalog, 'row' | 'catalog'>): boolean {
  return pub.catalog.settings.password_protection && !!pub.row.passwordHash;
}

/** Protected, on a plan that no longer allows passwords: the owner may only remove the protection (or upgrade). */
export function protectionLapsed(pub: Pick<PublishedCatalog, 'row' | 'catalog' | 'plan'>): boolean {
  return needsPassword(pub) && !(pub.plan.password || pub.plan.privacy);
}

/** A draft is seen by its owner and staff only; everyone else gets the 404 of a catalog that does not exist. */
export function canSee(pub: Pick<PublishedCatalog, 'row'>, role: ViewerRole): boolean {
  return role !== 'visitor' || pub.row.published;
}

/** Name of the cookie that unlocks one catalog for one browser. */
export const unlockCookieName = (catalogId: string) => `cb_unlock_${catalogId.replace(/-/g, '')}`;

/**
 * The unlock cookie's value: an HMAC of the catalog and its current password hash, so changing the password
 * locks every browser out again and the value is worth nothing for another catalog.
 */
export function unlockToken(row: Pick<CatalogRow, 'id' | 'passwordHash'>, secret: string): string {
  return createHmac('sha256', secret)
    .update(`unlock:${row.id}:${row.passwordHash ?? ''}`)
    .digest('base64url');
}

/** Whether a request's cookie header unlocks this catalog. */
export function isUnlocked(
  row: Pick<CatalogRow, 'id' | 'passwordHash'>,
  cookieHeader: string | null | undefined,
  secret: string,
): boolean {
  const name = unlockCookieName(row.id);
  const value = (cookieHeader ?? '')
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!value) return false;
  const want = Buffer.from(unlockToken(row, secret));
  const got = Buffer.from(value);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Whether this request may see the catalog's content: owner and staff always, visitors when unlocked. */
export function canRead(
  pub: Pick<PublishedCatalog, 'row' | 'catalog' | 'plan'>,
  role: ViewerRole,
  cookieHeader: string | null | undefined,
  secret: string,
): boolean {
  if (role !== 'visitor' || !needsPassword(pub)) return true;
  return isUnlocked(pub.row, cookieHeader, secret);
}

/**
 * Public catalogs are indexed; unlisted, password-protected and draft ones are not (DESIGN §6), nor those of an
 * account that has not paid (a trial's published catalog is `noindex` until the account pays).
 */
export function isIndexable(pub: Pick<PublishedCatalog, 'row' | 'catalog' | 'plan'>): boolean {
  return (
    pub.row.published &&
    !pub.plan.isTrial &&
    pub.plan.planId !== null &&
    pub.catalog.settings.visibility !== 'unlisted' &&
    !needsPassword(pub)
  );
}
