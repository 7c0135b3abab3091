import { and, eq, isNull, or, sql } from 'drizzle-orm';
import {
  getDefaultLayout,
  hasCustomSubscription,
  layoutAvailableTo,
  sortLayouts,
  type DefaultLayoutType,
  type LayoutViewer,
} from '../../core/layouts/index.ts';
import { PageLayoutSchema, type PageLayout } from '../../core/model/index.ts';
import { LAYOUT_IN_USE_MESSAGE } from '../../core/rules/index.ts';
import type { Db } from '../../db/client.ts';
import { catalogPages, catalogs, pageLayouts } from '../../db/schema.ts';
import { hasRole, recordStaffAction, type User } from '../accounts/index.ts';
import { getEntitlements } from '../billing/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../platform/index.ts';
import { withFirstIssue } from './catalogs.server.ts';

/*
 * Page layouts (SPEC §3 Page layout, §4 'Editor mode and layouts', §6, §7): the product's library (no owner),
 * which staff keep (public, availability, ordering), and each merchant's own. A merchant uses their own layouts
 * and the library's public layouts their plan may use (availability); another merchant's layouts are never shown
 * to them (404). Only the owner updates a layout (staff for the library); anyone else saves a copy. A layout a
 * catalog page uses cannot be deleted.
 */

export const LAYOUT_MESSAGES = {
  saveFailed: 'An error occured while saving your layout',
  inUse: LAYOUT_IN_USE_MESSAGE,
  notOwner: 'Only the owner may change this layout. Save it as a new layout instead.',
  upgrade: 'Please upgrade to use this feature',
  notFound: 'Layout not found.',
} as const;

/** The special pages the editor adds by name (SPEC §7 GET api/v1/pagelayouts/{name}). */
export const SPECIAL_LAYOUTS = {
  wholesalecontract: 'wholesale-contract',
  fullTextPage: 'full-text',
  tableofcontents: 'table-of-contents',
  wholesaleform: 'wholesale-order-form',
  profilepage: 'profile',
  summaryPage: 'summary',
} as const satisfies Record<string, DefaultLayoutType>;
export type SpecialLayoutName = keyof typeof SPECIAL_LAYOUTS;
export const isSpecialLayoutName = (name: string): name is SpecialLayoutName =>
  Object.prototype.hasOwnProperty.call(SPECIAL_LAYOUTS, name);

type LayoutRow = typeof pageLayouts.$inferSelect;

export type LayoutView = PageLayout & {
  isOwner: boolean;
  /** Staff's order within the library (lower first). */
  ordering: number;
  /** In the product's library (no owner), which staff keep. */
  library: boolean;
};

function toLayout(row: LayoutRow, user: Pick<User, 'id' | 'roles'>): LayoutView {
  const parsed = PageLayoutSchema.safeParse(row.document);
  const layout = parsed.success ? parsed.data : PageLayoutSchema.parse({ type: row.type, title: row.title });
  const library = row.ownerId === null;
  return {
    ...layout,
    _id: row.id,
    title: row.title,
    owner: row.ownerId,
    public: row.public,
    availability: row.availability as PageLayout['availability'],
    ordering: row.ordering,
    library,
    isOwner: library ? hasRole(user, 'admin') : row.ownerId === user.id,
  };
}

/** What decides which library layouts a user may use (their plan, SPEC §6). */
export async function layoutViewer(
  db: Db,
  user: Pick<User, 'id' | 'roles' | 'createdAt'>,
): Promise<LayoutViewer> {
  const ent = await getEntitlements({ db, user });
  return {
    tier: ent.tier,
    isTrial: ent.isTrial,
    hasExpired: ent.hasExpired,
    isStaff: ent.isStaff,
    provider: ent.provider,
  };
}

/**
 * The layouts a merchant can use: their own and the library's public ones their plan may use, in the order a
 * merchant reads them (core/layouts sortLayouts). `customSubscription` flags a subscription made for this
 * merchant (SPEC §6). Staff asking for the `library` get all of the library, public or not.
 */
export async function listLayouts(opts: {
  db: Db;
  user: Pick<User, 'id' | 'roles' | 'createdAt'>;
  scope?: 'usable' | 'library';
}): Promise<{ data: LayoutView[]; customSubscription: boolean }> {
  const { db, user } = opts;
  const viewer = await layoutViewer(db, user);
  if (opts.scope === 'library') {
    if (!hasRole(user, 'admin')) throw forbidden('This is for staff only.');
    const rows = await db.select().from(pageLayouts).where(isNull(pageLayouts.ownerId));
    return { data: sortLayouts(rows.map((r) => toLayout(r, user))), customSubscription: false };
  }
  const rows = await db
    .select()
    .from(pageLayouts)
    .where(
      or(and(isNull(pageLayouts.ownerId), eq(pageLayouts.public, true)), eq(pageLayouts.ownerId, user.id)),
    );
  const usable = rows
    .map((r) => toLayout(r, user))
    .filter((l) => !l.library || layoutAvailableTo(l.availability, viewer));
  return { data: sortLayouts(usable), customSubscription: hasCustomSubscription(viewer) };
}

/** A special page's layout: the library's layout of that type as staff keep it, else the built-in one. */
export async function specialLayout(opts: {
  db: Db;
  user: Pick<User, 'id' | 'roles'>;
  name: SpecialLayoutName;
  nbPages?: number;
}) {
  const type = SPECIAL_LAYOUTS[opts.name];
  const [row] = await opts.db
    .select()
    .from(pageLayouts)
    .where(and(isNull(pageLayouts.ownerId), eq(pageLayouts.type, type), eq(pageLayouts.public, true)))
    .orderBy(pageLayouts.ordering, pageLayouts.createdAt)
    .limit(1);
  const layout = row
    ? toLayout(row, opts.user)
    : { ...getDefaultLayout(type), isOwner: false, ordering: 100, library: true };
  // An order form runs over as many pages as asked (its list continues from page to page).
  return { data: layout, nbPages: opts.name === 'wholesaleform' ? Math.max(1, opts.nbPages ?? 1) : 1 };
}

function parseLayout(raw: unknown): PageLayout {
  const parsed = PageLayoutSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ ...i, path: ['layout', ...i.path] }));
    throw badRequest(
      withFirstIssue('This layout is not valid.', issues),
      issues.slice(0, 20).map((i) => ({ path: i.path.map(String), message: i.message })),
    );
  }
  return parsed.data;
}

async function assertCustomLayouts(db: Db, userId: string) {
  const { limits } = await getEntitlements({ db, userId });
  if (!limits.custom_layouts) throw forbidden(LAYOUT_MESSAGES.upgrade);
}

/**
 * Save a layout as a new one (SPEC §4: a non-owner or 'save as new' drops the layout id and creates a new
 * layout): the merchant's own, or, for staff saving `toLibrary`, one of the product's library.
 */
export async function createLayout(opts: {
  db: Db;
  user: User;
  layout: unknown;
  toLibrary?: boolean;
  ordering?: number;
}): Promise<LayoutView> {
  const { db, user } = opts;
  if (opts.toLibrary && !hasRole(user, 'admin')) throw forbidden('This is for staff only.');
  if (!opts.toLibrary) await assertCustomLayouts(db, user.id);
  const layout = parseLayout(opts.layout);
  const id = globalThis.crypto.randomUUID();
  const ownerId = opts.toLibrary ? null : user.id;
  const [row] = await db
    .insert(pageLayouts)
    .values({
      id,
      ownerId,
      title: layout.title,
      type: layout.type,
      public: layout.public,
      availability: layout.availability,
      ordering: opts.toLibrary ? (opts.ordering ?? 100) : 100,
      document: { ...layout, _id: id, owner: ownerId },
    })
    .returning();
  if (opts.toLibrary)
    await recordStaffAction({ db, actor: user, action: 'save_layout', subjectType: 'layout', subjectId: id });
  return toLayout(row!, user);
}

/** The row if the user may change it: their own, or the library's for staff; 404 for another merchant's. */
async function changeableLayout(db: Db, user: User, id: string): Promise<LayoutRow> {
  const [row] = await db.select().from(pageLayouts).where(eq(pageLayouts.id, id));
  if (!row || (row.ownerId !== null && row.ownerId !== user.id)) throw notFound(LAYOUT_MESSAGES.notFound);
  if (row.ownerId === null && !hasRole(user, 'admin')) {
    // Library layouts a merchant cannot use are as unknown to them as another merchant's.
    if (
      !row.public ||
      !layoutAvailableTo(row.availability as PageLayout['availability'], await layoutViewer(db, user))
    )
      throw notFound(LAYOUT_MESSAGES.notFound);
    throw forbidden(LAYOUT_MESSAGES.notOwner);
  }
  return row;
}

/** The owner updates their layout (staff the library's); others are told to save a copy (403). */
export async function updateLayout(opts: {
  db: Db;
  user: User;
  id: string;
  layout: unknown;
  ordering?: number;
}): Promise<LayoutView> {
  const { db, user } = opts;
  const row = await changeableLayout(db, user, opts.id);
  const library = row.ownerId === null;
  if (!library) await assertCustomLayouts(db, user.id);
  const layout = parseLayout(opts.layout);
  const [saved] = await db
    .update(pageLayouts)
    .set({
      title: layout.title,
      type: layout.type,
      public: layout.public,
      availability: layout.availability,
      ...(library && opts.ordering !== undefined ? { ordering: opts.ordering } : {}),
      document: { ...layout, _id: opts.id, owner: row.ownerId },
      updatedAt: new Date(),
    })
    .where(eq(pageLayouts.id, opts.id))
    .returning();
  if (library)
    await recordStaffAction({
      db,
      actor: user,
      action: 'save_layout',
      subjectType: 'layout',
      subjectId: opts.id,
    });
  return toLayout(saved!, user);
}

/**
 * Delete a layout, unless a catalog page uses it (SPEC §5 message, 409): one of the owner's catalogs for their
 * own layout, any catalog for the library's.
 */
export async function deleteLayout(opts: { db: Db; user: User; id: string }): Promise<void> {
  const { db, user } = opts;
  const row = await changeableLayout(db, user, opts.id);
  const usedBy = sql`${catalogPages.document}->'layout'->>'_id' = ${opts.id}`;
  const [used] = await db
    .select({ id: catalogPages.id })
    .from(catalogPages)
    .innerJoin(catalogs, eq(catalogs.id, catalogPages.catalogId))
    .where(row.ownerId === null ? usedBy : and(eq(catalogs.ownerId, user.id), usedBy))
    .limit(1);
  if (used) throw conflict(LAYOUT_MESSAGES.inUse);
  await db.delete(pageLayouts).where(eq(pageLayouts.id, opts.id));
  if (row.ownerId === null)
    await recordStaffAction({
      db,
      actor: user,
      action: 'delete_layout',
      subjectType: 'layout',
      subjectId: opts.id,
    });
}
