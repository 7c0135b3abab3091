import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { CURRENT_SCHEMA_VERSION, PageSchema, type Catalog, type Page } from '../../core/model/index.ts';
import { countProducts } from '../../core/rules/index.ts';
import { withSafeDrawings } from '../../core/svg/index.ts';
import type { Db } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { catalogPages, catalogs } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../platform/index.ts';
import { assertPageWithinPlan, getEntitlements } from '../billing/index.ts';
import {
  appliedSave,
  CATALOG_MESSAGES,
  assemble,
  claimRevision,
  documentOf,
  recentSavesOf,
  storedBrand,
  toCatalog,
  withFirstIssue,
  withStoredProtection,
  type CatalogRow,
} from './catalogs.server.ts';
import { assertBrandChangeAllowed, sanitizeBrand } from './brand.server.ts';

/*
 * How the editor saves (DESIGN §5, §6): only what a change touched, with the catalog revision it was made on.
 * One changed page goes to savePage; pages added, removed or moved, several pages at once and the catalog's own
 * fields go to saveCatalogChanges. Each save carries an id the catalog remembers (recent_saves), so a save sent
 * twice (an answer lost on the way, a reload with unsaved changes) is applied once. Editors ask
 * getCatalogChanges for what others saved since their revision (page rows carry the revision that wrote them).
 */

type Issue = { path: PropertyKey[]; message: string };
const invalid = (message: string, issues: Issue[], prefix: (string | number)[] = []) =>
  badRequest(
    withFirstIssue(
      message,
      issues.map((i) => ({ ...i, path: [...prefix, ...i.path] })),
    ),
    issues.slice(0, 20).map((i) => ({ path: [...prefix, ...i.path].map(String), message: i.message })),
  );

/** The products a stored page holds, read through the current schema (old documents are upgraded first). */
function storedProducts(catalogId: string, documents: unknown[]): number {
  if (!documents.length) return 0;
  return countProducts({ pages: toCatalog({ _id: catalogId, pages: documents }).pages });
}

/** Plan limits of SPEC §5 for a change, as server/billing's entitlements say (403 with the SPEC message). */
async function checkChangeLimits(opts: {
  db: Db;
  ownerId: string;
  pages: Page[];
  pageCount: { before: number; after: number };
  productCount: { before: number; after: number };
}) {
  const { db, ownerId, ...change } = opts;
  assertPageWithinPlan(await getEntitlements({ db, userId: ownerId }), change);
}

/**
 * A save made on an older revision is a 409 before anything else is checked: a page it names may be one another
 * editor removed meanwhile, which the client learns by reading the changes, not from a 404 or a 400.
 */
function assertCurrent(row: CatalogRow, revision: number) {
  if (row.revision !== revision) throw conflict(CATALOG_MESSAGES.stale, { revision: row.revision });
}

export type SaveResult = { revision: number; duplicate: boolean };

/**
 * Save one page (DESIGN §5: saving a page writes only that page). The page is addressed by id, or by
 * index for PUT /page/{pageIndex}; product counts and plan limits are kept from the page's change alone.
 */
export async function savePage(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  page: unknown;
  revision: number;
  pageId?: string;
  pageIndex?: number;
  saveId?: string;
}): Promise<SaveResult & { page: Page }> {
  const { db, ownerId, catalogId } = opts;
  const row = await findOwned(db, catalogs, catalogId, ownerId);
  if (!row) throw notFound('Catalog not found.');
  const where =
    opts.pageId !== undefined
      ? and(eq(catalogPages.catalogId, catalogId), eq(catalogPages.id, opts.pageId))
      : and(eq(catalogPages.catalogId, catalogId), eq(catalogPages.position, opts.pageIndex ?? -1));
  const [existing] = await db.select().from(catalogPages).where(where);
  const done = appliedSave(row, opts.saveId);
  if (done !== null && existing) {
    const page = toCatalog({ _id: catalogId, pages: [existing.document] }).pages[0]!;
    return { revision: done, duplicate: true, page };
  }
  assertCurrent(row, opts.revision);
  if (!existing) throw notFound('Page not found.');
  const parsed = PageSchema.safeParse({ ...(opts.page as object), id: existing.id });
  if (!parsed.success) throw invalid('This page is not valid.', parsed.error.issues);
  // A drawing's SVG is stored sanitized (no script, handler or outside reference), whoever sent it.
  const page = withSafeDrawings(parsed.data);
  const productCount =
    row.productCount - storedProducts(catalogId, [existing.document]) + countProducts({ pages: [page] });
  await checkChangeLimits({
    db,
    ownerId,
    pages: [page],
    pageCount: { before: row.pageCount, after: row.pageCount },
    productCount: { before: row.productCount, after: productCount },
  });
  const saved = await db.transaction(async (tx) => {
    const r = await claimRevision(
      tx as unknown as Db,
      ownerId,
      catalogId,
      opts.revision,
      { productCount },
      opts.saveId,
    );
    await tx
      .update(catalogPages)
      .set({ document: page, revision: r.revision, updatedAt: new Date() })
      .where(and(eq(catalogPages.catalogId, catalogId), eq(catalogPages.id, existing.id)));
    return r;
  });
  return { revision: saved.revision, duplicate: false, page };
}

export type CatalogChangesInput = {
  revision: number;
  saveId?: string;
  /** Pages added or changed, whole. */
  pages?: unknown[];
  /** Every page id in its new order, when pages were added, removed or moved; ids left out are removed. */
  order?: string[];
  /** The catalog's own fields (settings, title, styles...), without pages. */
  document?: Record<string, unknown>;
};

function parsePages(raw: unknown[]): Page[] {
  const seen = new Set<string>();
  return raw.map((p, i) => {
    const parsed = PageSchema.safeParse(p);
    if (!parsed.success) throw invalid('This page is not valid.', parsed.error.issues, ['pages', i]);
    if (seen.has(parsed.data.id))
      throw invalid('This page is not valid.', [{ path: ['id'], message: 'Sent twice' }], ['pages', i]);
    seen.add(parsed.data.id);
    return withSafeDrawings(parsed.data);
  });
}

function checkOrder(order: string[], existing: Set<string>, pages: Page[]) {
  const seen = new Set<string>();
  const sent = new Set(pages.map((p) => p.id));
  order.forEach((id, i) => {
    const problem = seen.has(id)
      ? 'Listed twice'
      : !existing.has(id) && !sent.has(id)
        ? 'No page of this catalog has this id'
        : null;
    if (problem) throw invalid('The page order is not valid.', [{ path: ['order', i], message: problem }]);
    seen.add(id);
  });
  pages.forEach((p, i) => {
    if (!seen.has(p.id))
      throw invalid('This page is not valid.', [
        { path: ['pages', i, 'id'], message: 'This page is not in the order' },
      ]);
  });
}

/**
 * The catalog's own fields from a client: the server keeps the ones it owns (owner, slug, PDF, dates), stores the
 * brand sanitized, and refuses a change of the brand the plan does not have (403).
 */
async function clientDocument(db: Db, row: CatalogRow, raw: Record<string, unknown>): Promise<Catalog> {
  const stored = row.document as Record<string, unknown>;
  const catalog = sanitizeBrand(toCatalog({ ...raw, user: stored.user ?? null, _id: row.id, pages: [] }));
  await assertBrandChangeAllowed({ db, ownerId: row.ownerId, before: storedBrand(row), after: catalog });
  return withStoredProtection(catalog, stored);
}

/**
 * Save what one editor change touched, at once: pages added or changed, the new page order (pages left out are
 * removed), the catalog's own fields. Refused with 409 when `revision` is stale, 403 past a plan limit; a save
 * id the catalog already took answers the revision it made, changing nothing.
 */
export async function saveCatalogChanges(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  changes: CatalogChangesInput;
}): Promise<SaveResult> {
  const { db, ownerId, catalogId, changes } = opts;
  const row = await findOwned(db, catalogs, catalogId, ownerId);
  if (!row) throw notFound('Catalog not found.');
  const done = appliedSave(row, changes.saveId);
  if (done !== null) return { revision: done, duplicate: true };
  assertCurrent(row, changes.revision);
  const pages = parsePages(changes.pages ?? []);
  const stored = await db
    .select({ id: catalogPages.id })
    .from(catalogPages)
    .where(eq(catalogPages.catalogId, catalogId));
  const existing = new Set(stored.map((r) => r.id));
  if (changes.order) checkOrder(changes.order, existing, pages);
  else
    pages.forEach((p, i) => {
      if (!existing.has(p.id))
        throw invalid('This page is not valid.', [
          { path: ['pages', i, 'id'], message: 'A new page needs the page order' },
        ]);
    });
  const kept = changes.order ? new Set(changes.order) : existing;
  const removed = [...existing].filter((id) => !kept.has(id));
  const replaced = pages.filter((p) => existing.has(p.id)).map((p) => p.id);
  const touched = [...removed, ...replaced];
  const before = touched.length
    ? await db
        .select({ document: catalogPages.document })
        .from(catalogPages)
        .where(and(eq(catalogPages.catalogId, catalogId), inArray(catalogPages.id, touched)))
    : [];
  const productCount =
    row.productCount -
    storedProducts(
      catalogId,
      before.map((b) => b.document),
    ) +
    countProducts({ pages });
  const pageCount = changes.order ? changes.order.length : row.pageCount;
  await checkChangeLimits({
    db,
    ownerId,
    pages,
    pageCount: { before: row.pageCount, after: pageCount },
    productCount: { before: row.productCount, after: productCount },
  });
  const document = changes.document ? await clientDocument(db, row, changes.document) : null;

  const saved = await db.transaction(async (tx) => {
    const r = await claimRevision(
      tx as unknown as Db,
      ownerId,
      catalogId,
      changes.revision,
      {
        pageCount,
        productCount,
        ...(document
          ? { title: document.title, document: documentOf(document), schemaVersion: CURRENT_SCHEMA_VERSION }
          : {}),
      },
      changes.saveId,
    );
    if (removed.length)
      await tx
        .delete(catalogPages)
        .where(and(eq(catalogPages.catalogId, catalogId), inArray(catalogPages.id, removed)));
    const position = new Map((changes.order ?? []).map((id, i) => [id, i]));
    for (const page of pages) {
      await tx
        .insert(catalogPages)
        .values({
          id: page.id,
          catalogId,
          position: position.get(page.id) ?? 0,
          document: page,
          revision: r.revision,
        })
        .onConflictDoUpdate({
          target: [catalogPages.catalogId, catalogPages.id],
          set: { document: page, revision: r.revision, updatedAt: new Date() },
        });
    }
    if (changes.order?.length) {
      const values = sql.join(
        changes.order.map((id, i) => sql`(${id}::text, ${i}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${catalogPages} set position = v.pos from (values ${values}) as v(id, pos)
            where ${catalogPages.catalogId} = ${catalogId} and ${catalogPages.id} = v.id
              and ${catalogPages.position} <> v.pos`,
      );
    }
    return r;
  });
  return { revision: saved.revision, duplicate: false };
}

export type CatalogChanges = {
  revision: number;
  /** Ids of the saves the catalog took lately (an editor checks whether its own reached the server). */
  saves: string[];
  /** Absent when nothing changed since the revision asked about. */
  order?: string[];
  pages?: Page[];
  document?: Omit<Catalog, 'pages'>;
};

/** What was saved after revision `since`: the page order, the pages written since and the catalog's fields. */
export async function getCatalogChanges(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  since: number;
}): Promise<CatalogChanges> {
  const { db, catalogId } = opts;
  const row = await findOwned(db, catalogs, catalogId, opts.ownerId);
  if (!row) throw notFound('Catalog not found.');
  const saves = recentSavesOf(row).map((s) => s.id);
  if (opts.since >= row.revision) return { revision: row.revision, saves };
  const [ids, changed] = await Promise.all([
    db
      .select({ id: catalogPages.id })
      .from(catalogPages)
      .where(eq(catalogPages.catalogId, catalogId))
      .orderBy(asc(catalogPages.position)),
    db
      .select({ document: catalogPages.document })
      .from(catalogPages)
      .where(and(eq(catalogPages.catalogId, catalogId), gt(catalogPages.revision, opts.since)))
      .orderBy(asc(catalogPages.position)),
  ]);
  const catalog = assemble(row, changed);
  const { pages, ...document } = catalog;
  return { revision: row.revision, saves, order: ids.map((r) => r.id), pages, document };
}
