import { eq, sql } from 'drizzle-orm';
import {
  buildCatalogOfKind,
  sectionsByCategory,
  withOwnProducts,
  type BuildSort,
  type CatalogKind,
  type CatalogPurpose,
} from '../../core/builder/index.ts';
import { LISTING_SORT_DEFAULT } from '../../core/constants.ts';
import { normalizeLanguage } from '../../core/i18n/index.ts';
import { PageLayoutSchema, type Catalog, type PageLayout } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { findOwned, isUuid, ownedRow } from '../../db/owned.ts';
import { catalogs } from '../../db/schema.ts';
import { hasRole, recordStaffAction, type User } from '../accounts/index.ts';
import { gateRefusal, getEntitlements, templateAllowed } from '../billing/index.ts';
import { listingsForCatalog } from '../listings/index.ts';
import { forbidden, notFound } from '../platform/index.ts';
import { LAYOUT_MESSAGES, listLayouts } from './layouts.server.ts';
import { createCatalog, loadCatalogById, summarizeCatalog, type CatalogSummary } from './catalogs.server.ts';

export const MANAGE_MESSAGES = {
  featuredStaffOnly: 'Only staff can feature a catalog.',
  notFound: 'Catalog not found.',
} as const;

/**
 * Rename a catalog (its owner) or feature it (SPEC §4 'Featured toggles', admin only: 403 for anyone else). A
 * new title is a change of the document: the revision moves on, so an editor still holding the old one
 * reloads (409) instead of writing the old title back. Featuring changes no document.
 */
export async function updateCatalog(opts: {
  db: Db;
  user: User;
  catalogId: string;
  title?: string;
  featured?: boolean;
}): Promise<CatalogSummary> {
  const { db, user, catalogId } = opts;
  if (opts.featured !== undefined && !hasRole(user, 'admin'))
    throw forbidden(MANAGE_MESSAGES.featuredStaffOnly);
  let row =
    opts.title === undefined && hasRole(user, 'admin')
      ? await findAny(db, catalogId)
      : await findOwned(db, catalogs, catalogId, user.id);
  if (!row) throw notFound(MANAGE_MESSAGES.notFound);
  if (opts.title !== undefined) {
    [row] = await db
      .update(catalogs)
      .set({ title: opts.title, revision: sql`${catalogs.revision} + 1`, updatedAt: new Date() })
      .where(ownedRow(catalogs, row.id, user.id))
      .returning();
  }
  if (opts.featured !== undefined && opts.featured !== row!.featured) {
    [row] = await db
      .update(catalogs)
      .set({ featured: opts.featured })
      .where(eq(catalogs.id, row!.id))
      .returning();
    await recordStaffAction({
      db,
      actor: user,
      action: opts.featured ? 'feature' : 'unfeature',
      subjectType: 'catalog',
      subjectId: row!.id,
    });
  }
  return summarizeCatalog(row!);
}

async function findAny(db: Db, catalogId: string) {
  if (!isUuid(catalogId)) return null;
  const [row] = await db.select().from(catalogs).where(eq(catalogs.id, catalogId)).limit(1);
  return row ?? null;
}

/**
 * A copy of the user's catalog, or of a template catalog (SPEC §2.6 'start from a template'), as a new
 * catalog of the user: same pages and design, no slug, not featured, no PDF. Plan limits apply as on create.
 */
export async function copyCatalog(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  title?: string;
  /**
   * A template's sample products give way to the owner's (issue 24 §5): these of one store account and these
   * categories (none: all), in the listings' default order. An owner without products keeps the samples.
   */
  ownProducts?: { accountId?: string; categories: readonly string[] };
}): Promise<{ catalog: Catalog; revision: number }> {
  const { db, ownerId, catalogId } = opts;
  const source = await findAny(db, catalogId);
  if (!source || (source.ownerId !== ownerId && !source.isTemplate)) throw notFound(MANAGE_MESSAGES.notFound);
  if (source.ownerId !== ownerId) {
    const ent = await getEntitlements({ db, userId: ownerId });
    const gate = await templateAllowed({ db, ent, template: { id: source.id, slug: source.slug } });
    if (gate.kind !== 'open') throw forbidden(gateRefusal(gate));
  }
  const loaded = await loadCatalogById({ db, catalogId: source.id });
  if (!loaded) throw notFound(MANAGE_MESSAGES.notFound);
  let { catalog } = loaded;
  if (opts.ownProducts && source.isTemplate) {
    const chosen = await listingsForCatalog({
      db,
      ownerId,
      accountId: opts.ownProducts.accountId,
      categories: opts.ownProducts.categories,
      sort: LISTING_SORT_DEFAULT,
    });
    catalog = withOwnProducts(
      catalog,
      chosen.flatMap((s) => s.listings),
      () => globalThis.crypto.randomUUID(),
    );
  }
  return createCatalog({
    db,
    ownerId,
    input: { title: opts.title ?? catalog.title, catalog: { ...catalog, pages: catalog.pages } },
  });
}

/** Staff: make a catalog a template, or stop it being one (SPEC §7 addToTemplate, removeFromTemplate). */
export async function setCatalogTemplate(opts: {
  db: Db;
  catalogId: string;
  template: boolean;
  /** The staff member doing it, recorded on the catalog's row. */
  actor?: Pick<User, 'id' | 'email'>;
}): Promise<CatalogSummary & { is_template: boolean }> {
  const row = await findAny(opts.db, opts.catalogId);
  if (!row) throw notFound(MANAGE_MESSAGES.notFound);
  const [saved] = await opts.db
    .update(catalogs)
    .set({ isTemplate: opts.template })
    .where(eq(catalogs.id, row.id))
    .returning();
  if (opts.actor && row.isTemplate !== opts.template)
    await recordStaffAction({
      db: opts.db,
      actor: opts.actor,
      action: opts.template ? 'add_template' : 'remove_template',
      subjectType: 'catalog',
      subjectId: row.id,
    });
  return { ...summarizeCatalog(saved!), is_template: saved!.isTemplate };
}

/** A product grid the user may use (their own or the library's their plan allows), else 404 like any unknown id. */
async function productLayoutFor(db: Db, user: User, id: string): Promise<PageLayout> {
  const found = (await listLayouts({ db, user })).data.find((l) => l._id === id && l.type === 'products');
  if (!found) throw notFound(LAYOUT_MESSAGES.notFound);
  return PageLayoutSchema.parse(found);
}

/**
 * The new-catalog wizard (SPEC §2.6, POST api/v1/catalogs/build): the owner's products of the chosen
 * categories, in the chosen order, laid out as the chosen kind of document for its purpose, saved as a new
 * catalog of the owner (plan limits as on create).
 */
export async function buildCatalogForOwner(opts: {
  db: Db;
  user: User;
  kind: CatalogKind;
  purpose: CatalogPurpose;
  sort: BuildSort;
  categories: readonly string[];
  accountId?: string;
  title: string;
  language?: string;
  /** The product pages' layout chosen in the wizard: one of the product grids the user may use. */
  layoutId?: string;
}): Promise<{ catalog: Catalog; revision: number }> {
  const { db, user } = opts;
  const layout = opts.layoutId ? await productLayoutFor(db, user, opts.layoutId) : undefined;
  const language = normalizeLanguage(opts.language ?? user.locale);
  const chosen = await listingsForCatalog({
    db,
    ownerId: user.id,
    accountId: opts.accountId,
    categories: opts.categories,
    sort: opts.sort,
  });
  // 'All categories' is every category: a section each, products in the chosen order inside each.
  const sections =
    opts.categories.length === 0
      ? sectionsByCategory(
          chosen.flatMap((s) => s.listings),
          { language },
        )
      : chosen;
  const catalog = buildCatalogOfKind({
    kind: opts.kind,
    purpose: opts.purpose,
    title: opts.title,
    language,
    layout,
    // Each product keeps our listing id (ListingView.id), so Synchronize finds its listing again.
    sections,
    // The server names pages and elements with random ids like every other catalog it stores.
    newId: () => globalThis.crypto.randomUUID(),
  });
  return createCatalog({ db, ownerId: user.id, input: { title: opts.title, catalog } });
}
