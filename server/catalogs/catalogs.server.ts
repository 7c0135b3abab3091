import { and, count, desc, eq, sql } from 'drizzle-orm';
import { getDefaultLayout, createPage } from '../../core/layouts/index.ts';
import { migrateCatalog } from '../../core/migrations/index.ts';
import { CURRENT_SCHEMA_VERSION, type Catalog, type Page } from '../../core/model/index.ts';
import { countProducts, enforceSizeLimit } from '../../core/rules/index.ts';
import { withSafeDrawings } from '../../core/svg/index.ts';
import type { Db } from '../../db/client.ts';
import { findOwned, ownedBy, ownedRow } from '../../db/owned.ts';
import { catalogPages, catalogs, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../platform/index.ts';
import { assertCatalogSlot, assertCatalogWithinPlan, getEntitlements } from '../billing/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { loadUserSettings } from '../accounts/index.ts';
import { assertBrandChangeAllowed, sanitizeBrand } from './brand.server.ts';

export type CatalogRow = typeof catalogs.$inferSelect;

export const CATALOG_MESSAGES = {
  stale:
    'This catalog was changed somewhere else. Reload it to get the latest version, then make your change again.',
  invalid: 'This catalog document is not valid.',
} as const;

export type CatalogSummary = {
  _id: string;
  slug: string | null;
  title: string;
  featured: boolean;
  pageCount: number;
  productCount: number;
  url: string | null;
  download_number: number;
  revision: number;
  created_at: string;
  updated_at: string;
};

/**
 * The address a client gets for a catalog's PDF: the download route, which checks the caller and the plan
 * (SPEC §6: trial accounts never get the file). The file itself is never served from /files. `v` changes with
 * every export, so a browser never shows a stale copy.
 */
export function catalogPdfLink(
  row: Pick<CatalogRow, 'id' | 'pdfUrl'>,
  output: 'rgb' | 'pdfx' = 'rgb',
): string | null {
  if (!row.pdfUrl) return null;
  const v = new URL(row.pdfUrl, 'http://x').searchParams.get('v');
  const query = new URLSearchParams();
  if (output === 'pdfx') query.set('output', 'pdfx');
  if (v) query.set('v', v);
  const q = query.toString();
  return `/api/v1/catalogs/${encodeURIComponent(row.id)}/download${q ? `?${q}` : ''}`;
}

export function summarizeCatalog(row: CatalogRow): CatalogSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    featured: row.featured,
    pageCount: row.pageCount,
    productCount: row.productCount,
    url: catalogPdfLink(row),
    download_number: row.downloadNumber,
    revision: row.revision,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The user's catalogs, most recently changed first. */
export async function listCatalogs(opts: { db: Db; ownerId: string }): Promise<CatalogSummary[]> {
  const rows = await opts.db
    .select()
    .from(catalogs)
    .where(ownedBy(catalogs, opts.ownerId))
    .orderBy(desc(catalogs.updatedAt));
  return rows.map(summarizeCatalog);
}

/** Parse and upgrade a document from a client or the database; a broken one is a 400, never a crash. */
export function toCatalog(raw: unknown): Catalog {
  let issues: { path: PropertyKey[]; message: string }[] | undefined;
  try {
    const catalog = migrateCatalog(raw);
    issues = duplicatePageIds(catalog);
    if (!issues.length) return catalog;
  } catch (err) {
    issues = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  }
  throw badRequest(
    withFirstIssue(CATALOG_MESSAGES.invalid, issues),
    issues?.slice(0, 20).map((i) => ({ path: i.path.map(String), message: i.message })),
  );
}

/** The message, then the first problem with the field it is in (the details list them all). */
export function withFirstIssue(
  message: string,
  issues?: readonly { path: PropertyKey[]; message: string }[],
) {
  const first = issues?.[0];
  return first ? `${message} ${first.path.map(String).join('.')}: ${first.message}` : message;
}

/** Page ids key the catalog's catalog_pages rows, so two pages cannot share one. */
function duplicatePageIds(catalog: Catalog) {
  const seen = new Set<string>();
  return catalog.pages.flatMap((p, i) => {
    const taken = seen.has(p.id);
    seen.add(p.id);
    return taken ? [{ path: ['pages', i, 'id'], message: 'Another page of this catalog has this id' }] : [];
  });
}

/**
 * The catalog row's document: everything but the pages (they are rows of their own) and the visitor password,
 * which is kept only as a hash in its own column (passwordColumn).
 */
export function documentOf(catalog: Catalog): Record<string, unknown> {
  const { pages: _pages, ...rest } = catalog;
  return { ...rest, settings: { ...rest.settings, password: null } };
}

/**
 * The visitor password and its protection change only through the viewer settings (updateViewerSettings: the plan
 * gate, the length rule, the hash). A document a client saves keeps the stored protection whatever it says, so
 * an editor save can neither protect a catalog on a plan without passwords nor lift a protection by accident.
 */
export function withStoredProtection(catalog: Catalog, stored: unknown): Catalog {
  const settings = (stored as { settings?: { password_protection?: unknown } } | null)?.settings;
  return {
    ...catalog,
    settings: {
      ...catalog.settings,
      password: null,
      password_protection: settings?.password_protection === true,
    },
  };
}

/** Blocking plan rules of SPEC §5 (403 with the SPEC message) and the size limit, before any write. */
async function applySaveRules(db: Db, ownerId: string, catalog: Catalog): Promise<Catalog> {
  assertCatalogWithinPlan(await getEntitlements({ db, userId: ownerId }), catalog);
  return enforceSizeLimit(catalog).catalog;
}

/** The catalog's fields as stored (brand sanitized as a save would), to tell what a save changes. */
export function storedBrand(row: CatalogRow): Catalog {
  return sanitizeBrand(toCatalog({ ...(row.document as object), _id: row.id, pages: [] }));
}

export function assemble(row: CatalogRow, pages: { document: unknown }[]): Catalog {
  return toCatalog({
    ...(row.document as object),
    _id: row.id,
    slug: row.slug ?? '',
    title: row.title,
    featured: row.featured,
    url: catalogPdfLink(row),
    download_number: row.downloadNumber,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    pages: pages.map((p) => p.document),
  });
}

async function loadPages(db: Db, catalogId: string) {
  return db
    .select({ document: catalogPages.document })
    .from(catalogPages)
    .where(eq(catalogPages.catalogId, catalogId))
    .orderBy(catalogPages.position);
}

/** The default new catalog: a front cover, one page of products in the default grid, a back cover. */
function starterPages(nbProductsPage?: number): Page[] {
  return [
    createPage({ layout: getDefaultLayout('front cover') }),
    createPage({ layout: getDefaultLayout('products', nbProductsPage) }),
    createPage({ layout: getDefaultLayout('back cover') }),
  ];
}

/**
 * Create a catalog for its owner: empty (a cover, a product page, a back cover) or from a whole document
 * (a copy, an import, the CLI's output). Plan limits apply as on save.
 */
export async function createCatalog(opts: {
  db: Db;
  ownerId: string;
  input?: { title?: string; catalog?: unknown };
}): Promise<{ catalog: Catalog; revision: number }> {
  const { db, ownerId } = opts;
  const [{ n }] = (await db.select({ n: count() }).from(catalogs).where(ownedBy(catalogs, ownerId))) as [
    { n: number },
  ];
  assertCatalogSlot(await getEntitlements({ db, userId: ownerId }), Number(n));
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  const raw = (opts.input?.catalog ?? {}) as Record<string, unknown>;
  const id = globalThis.crypto.randomUUID();
  const now = new Date().toISOString();
  let catalog = toCatalog({
    ...raw,
    _id: id,
    slug: '',
    title: opts.input?.title ?? raw.title ?? 'Untitled catalog',
    user: { _id: ownerId, email: owner?.email ?? '' },
    url: null,
    download_number: 0,
    featured: false,
    created_at: now,
    updated_at: now,
  });
  if (!Array.isArray(raw.pages))
    catalog = { ...catalog, pages: starterPages(catalog.settings.nbProductsPage) };
  // A new catalog prints on the account's page format (its settings) unless it names its own.
  if (!catalog.settings.page_format) {
    const { settings } = await loadUserSettings(db, ownerId);
    catalog = { ...catalog, settings: { ...catalog.settings, page_format: settings.page_format } };
  }
  // The brand's CSS and the drawings' SVG are stored sanitized.
  catalog = sanitizeBrand({ ...catalog, pages: catalog.pages.map(withSafeDrawings) });
  // A new catalog starts unprotected (and as a draft: the column's default); its owner protects it from the viewer.
  catalog = withStoredProtection(await applySaveRules(db, ownerId, catalog), null);
  await db.transaction(async (tx) => {
    await tx.insert(catalogs).values({
      id,
      ownerId,
      title: catalog.title,
      document: documentOf(catalog),
      schemaVersion: CURRENT_SCHEMA_VERSION,
      pageCount: catalog.pages.length,
      productCount: countProducts(catalog),
    });
    if (catalog.pages.length) {
      await tx
        .insert(catalogPages)
        .values(catalog.pages.map((p, i) => ({ id: p.id, catalogId: id, position: i, document: p })));
    }
  });
  return { catalog, revision: 1 };
}

/** The owner's catalog with its pages, upgraded to the current schema; another owner's id is a 404. */
export async function getCatalog(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
}): Promise<{ catalog: Catalog; revision: number; row: CatalogRow }> {
  const row = await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId);
  if (!row) throw notFound('Catalog not found.');
  return { catalog: assemble(row, await loadPages(opts.db, row.id)), revision: row.revision, row };
}

/**
 * The start of a catalog for its owner: the catalog with only its first `pages` pages, and how many it has. The
 * editor opens a long catalog with it and reads the rest after the screen is up.
 */
export async function getCatalogStart(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  pages: number;
}): Promise<{ catalog: Catalog; revision: number; row: CatalogRow; total: number }> {
  const row = await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId);
  if (!row) throw notFound('Catalog not found.');
  const [first, [counted]] = await Promise.all([
    opts.db
      .select({ document: catalogPages.document })
      .from(catalogPages)
      .where(eq(catalogPages.catalogId, row.id))
      .orderBy(catalogPages.position)
      .limit(opts.pages),
    opts.db.select({ total: count() }).from(catalogPages).where(eq(catalogPages.catalogId, row.id)),
  ]);
  return { catalog: assemble(row, first), revision: row.revision, row, total: Number(counted?.total ?? 0) };
}

/** A catalog by id without an owner check: for the worker and staff tools, never for a user's request. */
export async function loadCatalogById(opts: {
  db: Db;
  catalogId: string;
}): Promise<{ catalog: Catalog; row: CatalogRow } | null> {
  const [row] = await opts.db.select().from(catalogs).where(eq(catalogs.id, opts.catalogId));
  if (!row) return null;
  return { catalog: assemble(row, await loadPages(opts.db, row.id)), row };
}

/** How many of the editor's save ids a catalog remembers (one save in flight per editor, a few editors). */
export const RECENT_SAVES_KEPT = 50;

export type RecentSave = { id: string; revision: number };

export function recentSavesOf(row: Pick<CatalogRow, 'recentSaves'>): RecentSave[] {
  return Array.isArray(row.recentSaves) ? (row.recentSaves as RecentSave[]) : [];
}

/** The revision a save with this id made, when the catalog already took it (the client sent it again). */
export function appliedSave(row: Pick<CatalogRow, 'recentSaves'>, saveId?: string): number | null {
  if (!saveId) return null;
  return recentSavesOf(row).find((s) => s.id === saveId)?.revision ?? null;
}

/**
 * Bump the revision if it is still `revision`; otherwise the save is stale (409) or the catalog is not the
 * owner's (404). Runs inside the save's transaction so a refused save writes nothing. A save id is
 * remembered with the revision it made, so the same save sent again is recognised (appliedSave).
 */
export async function claimRevision(
  tx: Db,
  ownerId: string,
  catalogId: string,
  revision: number,
  set: Partial<typeof catalogs.$inferInsert>,
  saveId?: string,
) {
  const saves = saveId
    ? sql`(coalesce(${catalogs.recentSaves}, '[]'::jsonb) || ${JSON.stringify([{ id: saveId, revision: revision + 1 }])}::jsonb)`
    : undefined;
  const [row] = await tx
    .update(catalogs)
    .set({
      ...set,
      revision: sql`${catalogs.revision} + 1`,
      updatedAt: new Date(),
      ...(saves ? { recentSaves: saves } : {}),
    })
    .where(and(ownedRow(catalogs, catalogId, ownerId), eq(catalogs.revision, revision)))
    .returning();
  if (row) {
    const kept = recentSavesOf(row);
    if (kept.length > RECENT_SAVES_KEPT) {
      const trimmed = kept.slice(-RECENT_SAVES_KEPT);
      await tx.update(catalogs).set({ recentSaves: trimmed }).where(eq(catalogs.id, row.id));
      return { ...row, recentSaves: trimmed };
    }
    return row;
  }
  const current = await findOwned(tx, catalogs, catalogId, ownerId);
  if (!current) throw notFound('Catalog not found.');
  throw conflict(CATALOG_MESSAGES.stale, { revision: current.revision });
}

/** Save a whole catalog (settings and every page) when `revision` is current. */
export async function saveCatalog(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  catalog: unknown;
  revision: number;
}): Promise<{ revision: number; catalog: Catalog }> {
  const { db, ownerId, catalogId } = opts;
  const current = await findOwned(db, catalogs, catalogId, ownerId);
  if (!current) throw notFound('Catalog not found.');
  let catalog = sanitizeBrand(toCatalog({ ...(opts.catalog as object), _id: catalogId }));
  catalog = { ...catalog, pages: catalog.pages.map(withSafeDrawings) };
  await assertBrandChangeAllowed({ db, ownerId, before: storedBrand(current), after: catalog });
  catalog = withStoredProtection(await applySaveRules(db, ownerId, catalog), current.document);
  const row = await db.transaction(async (tx) => {
    const saved = await claimRevision(tx as unknown as Db, ownerId, catalogId, opts.revision, {
      title: catalog.title,
      document: documentOf(catalog),
      schemaVersion: CURRENT_SCHEMA_VERSION,
      pageCount: catalog.pages.length,
      productCount: countProducts(catalog),
    });
    await tx.delete(catalogPages).where(eq(catalogPages.catalogId, catalogId));
    if (catalog.pages.length) {
      await tx.insert(catalogPages).values(
        catalog.pages.map((p, i) => ({
          id: p.id,
          catalogId,
          position: i,
          document: p,
          revision: saved.revision,
        })),
      );
    }
    return saved;
  });
  return { revision: row.revision, catalog };
}

export async function getPage(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  pageId: string;
}): Promise<Page> {
  if (!(await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId)))
    throw notFound('Catalog not found.');
  const [row] = await opts.db
    .select()
    .from(catalogPages)
    .where(and(eq(catalogPages.catalogId, opts.catalogId), eq(catalogPages.id, opts.pageId)));
  if (!row) throw notFound('Page not found.');
  return toCatalog({ _id: opts.catalogId, pages: [row.document] }).pages[0]!;
}

/** The storage folders only this catalog's files live in: its PDF and its page pictures. */
export function catalogFolders(catalogId: string): string[] {
  return [`pdf/${catalogId}/`, `pages/${catalogId}/`];
}

/** Delete a catalog, then its files (its PDF and page pictures) in the background (the purge-files job). */
export async function deleteCatalog(opts: {
  db: Db;
  jobs: JobQueue;
  ownerId: string;
  catalogId: string;
}): Promise<void> {
  const row = await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId);
  if (!row) throw notFound('Catalog not found.');
  await opts.db.delete(catalogs).where(ownedRow(catalogs, row.id, opts.ownerId));
  await opts.jobs.enqueue('purge-files', { prefixes: catalogFolders(row.id) });
}

/** Record a finished PDF: its URL and one more download number; false when the catalog is gone meanwhile. */
export async function setCatalogPdf(opts: { db: Db; catalogId: string; url: string }): Promise<boolean> {
  const rows = await opts.db
    .update(catalogs)
    .set({ pdfUrl: opts.url, downloadNumber: sql`${catalogs.downloadNumber} + 1`, updatedAt: new Date() })
    .where(eq(catalogs.id, opts.catalogId))
    .returning({ id: catalogs.id });
  return rows.length > 0;
}
