import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { getDefaultLayout, type DefaultLayoutType } from '../../core/layouts/index.ts';
import { PageLayoutSchema, type PageLayout } from '../../core/model/index.ts';
import { LAYOUT_IN_USE_MESSAGE } from '../../core/rules/index.ts';
import type { Db } from '../../db/client.ts';
import { catalogPages, catalogs, pageLayouts } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../platform/index.ts';
import { getEntitlements } from '../billing/index.ts';
import { withFirstIssue } from './catalogs.server.ts';

/*
 * Page layouts (SPEC §3 Page layout, §4 'Editor mode and layouts', §7): the product's own layouts (no owner)
 * and each merchant's. Only the owner updates a layout; anyone else saves a copy. A layout a page of the
 * merchant's catalogs uses cannot be deleted.
 */

export const LAYOUT_MESSAGES = {
  saveFailed: 'An error occured while saving your layout',
  inUse: LAYOUT_IN_USE_MESSAGE,
  notOwner: 'Only the owner may change this layout. Save it as a new layout instead.',
  upgrade: 'Please upgrade to use this feature',
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

function toLayout(row: LayoutRow, ownerId: string): PageLayout & { isOwner: boolean } {
  const parsed = PageLayoutSchema.safeParse(row.document);
  const layout = parsed.success ? parsed.data : PageLayoutSchema.parse({ type: row.type, title: row.title });
  return {
    ...layout,
    _id: row.id,
    title: row.title,
    owner: row.ownerId,
    public: row.public,
    availability: layout.availability,
    isOwner: row.ownerId === ownerId,
  };
}

/** The layouts a merchant can use: the product's own and the merchant's, grouped by type then title. */
export async function listLayouts(opts: { db: Db; ownerId: string }) {
  const rows = await opts.db
    .select()
    .from(pageLayouts)
    .where(or(isNull(pageLayouts.ownerId), eq(pageLayouts.ownerId, opts.ownerId)))
    .orderBy(pageLayouts.type, pageLayouts.title);
  return rows.map((r) => toLayout(r, opts.ownerId));
}

/** A special page's layout: the product's layout of that type as staff keep it, else the built-in one. */
export async function specialLayout(opts: {
  db: Db;
  ownerId: string;
  name: SpecialLayoutName;
  nbPages?: number;
}) {
  const type = SPECIAL_LAYOUTS[opts.name];
  const [row] = await opts.db
    .select()
    .from(pageLayouts)
    .where(and(isNull(pageLayouts.ownerId), eq(pageLayouts.type, type)))
    .orderBy(pageLayouts.createdAt)
    .limit(1);
  const layout = row ? toLayout(row, opts.ownerId) : { ...getDefaultLayout(type), isOwner: false };
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

async function assertCustomLayouts(db: Db, ownerId: string) {
  const { limits } = await getEntitlements({ db, userId: ownerId });
  if (!limits.custom_layouts) throw forbidden(LAYOUT_MESSAGES.upgrade);
}

/** Save a layout as a new one of the merchant (a copy when it was someone else's, SPEC §4). */
export async function createLayout(opts: { db: Db; ownerId: string; layout: unknown }) {
  await assertCustomLayouts(opts.db, opts.ownerId);
  const layout = parseLayout(opts.layout);
  const id = globalThis.crypto.randomUUID();
  const document = { ...layout, _id: id, owner: opts.ownerId };
  const [row] = await opts.db
    .insert(pageLayouts)
    .values({
      id,
      ownerId: opts.ownerId,
      title: layout.title,
      type: layout.type,
      public: layout.public,
      availability: layout.availability,
      document,
    })
    .returning();
  return toLayout(row!, opts.ownerId);
}

async function ownedLayout(db: Db, ownerId: string, id: string): Promise<LayoutRow> {
  const [row] = await db.select().from(pageLayouts).where(eq(pageLayouts.id, id));
  if (!row || (row.ownerId !== null && row.ownerId !== ownerId)) throw notFound('Layout not found.');
  if (row.ownerId === null) throw forbidden(LAYOUT_MESSAGES.notOwner);
  return row;
}

/** The owner updates their layout; the product's layouts are copied instead (403 says so). */
export async function updateLayout(opts: { db: Db; ownerId: string; id: string; layout: unknown }) {
  await ownedLayout(opts.db, opts.ownerId, opts.id);
  await assertCustomLayouts(opts.db, opts.ownerId);
  const layout = parseLayout(opts.layout);
  const [row] = await opts.db
    .update(pageLayouts)
    .set({
      title: layout.title,
      type: layout.type,
      public: layout.public,
      availability: layout.availability,
      document: { ...layout, _id: opts.id, owner: opts.ownerId },
      updatedAt: new Date(),
    })
    .where(eq(pageLayouts.id, opts.id))
    .returning();
  return toLayout(row!, opts.ownerId);
}

/** Delete a layout of the merchant's, unless a page of one of their catalogs uses it (SPEC §5 message). */
export async function deleteLayout(opts: { db: Db; ownerId: string; id: string }) {
  await ownedLayout(opts.db, opts.ownerId, opts.id);
  const [used] = await opts.db
    .select({ id: catalogPages.id })
    .from(catalogPages)
    .innerJoin(catalogs, eq(catalogs.id, catalogPages.catalogId))
    .where(
      and(eq(catalogs.ownerId, opts.ownerId), sql`${catalogPages.document}->'layout'->>'_id' = ${opts.id}`),
    )
    .limit(1);
  if (used) throw conflict(LAYOUT_MESSAGES.inUse);
  await opts.db.delete(pageLayouts).where(eq(pageLayouts.id, opts.id));
}
