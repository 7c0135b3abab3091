import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Catalog } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/owned.ts';
import { catalogPages, catalogs } from '../../db/schema.ts';
import { summarizeCatalog, toCatalog, type CatalogRow, type CatalogSummary } from './catalogs.server.ts';

/**
 * A catalog as a card (SPEC §2.5 /catalogs: front cover, title, counts, last edit): its summary and a cover
 * document, the catalog with its first page only, which core/render draws in the browser as the PDF would.
 */
export type CatalogCard = CatalogSummary & {
  cover: Catalog | null;
  /** Visitors see it (else a draft only its owner and staff see). */
  published: boolean;
  /** Protection on with a password set: visitors need it (the page says when the plan no longer has passwords). */
  passwordProtected: boolean;
};

/** Featured and template lists are shown to everyone: at most this many. */
const SHOWCASE_LIMIT = 24;

/**
 * The catalog without what a card must not show: the owner, the visitor password, mail texts and the PDF.
 * Cards of featured and template catalogs reach other merchants, so every card is cut the same way.
 */
export function coverDocument(row: CatalogRow, firstPage: unknown): Catalog | null {
  if (firstPage === undefined) return null;
  try {
    const catalog = toCatalog({
      ...(row.document as object),
      _id: row.id,
      title: row.title,
      pages: [firstPage],
    });
    return {
      ...catalog,
      user: { _id: '', email: '' },
      url: null,
      settings: { ...catalog.settings, password: null, email_subject: '', email_content: '' },
    };
  } catch {
    // A document that no longer parses still gets its card, with a plain cover.
    return null;
  }
}

/** The first page of each catalog, in one query. */
export async function firstPages(db: Db, ids: string[]): Promise<Map<string, unknown>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([catalogPages.catalogId], {
      catalogId: catalogPages.catalogId,
      document: catalogPages.document,
    })
    .from(catalogPages)
    .where(inArray(catalogPages.catalogId, ids))
    .orderBy(catalogPages.catalogId, catalogPages.position);
  return new Map(rows.map((r) => [r.catalogId, r.document]));
}

async function toCards(db: Db, rows: CatalogRow[]): Promise<CatalogCard[]> {
  const pages = await firstPages(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...summarizeCatalog(row),
    cover: coverDocument(row, pages.get(row.id)),
    published: row.published,
    passwordProtected: isProtected(row) && !!row.passwordHash,
  }));
}

/** The user's catalogs as cards, most recently changed first. */
export async function listCatalogCards(opts: { db: Db; ownerId: string }): Promise<CatalogCard[]> {
  const rows = await opts.db
    .select()
    .from(catalogs)
    .where(ownedBy(catalogs, opts.ownerId))
    .orderBy(desc(catalogs.updatedAt));
  return toCards(opts.db, rows);
}

/**
 * Catalogs staff featured (SPEC §4 'Catalog flags'), newest first; a draft or a password-protected one is never
 * shown (its link would answer 404 or a password form).
 */
export async function listFeaturedCatalogs(opts: { db: Db }): Promise<CatalogCard[]> {
  const rows = await opts.db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.featured, true), eq(catalogs.published, true), isNull(catalogs.passwordHash)))
    .orderBy(desc(catalogs.updatedAt))
    .limit(SHOWCASE_LIMIT);
  return toCards(
    opts.db,
    rows.filter((r) => !isProtected(r)),
  );
}

/** The catalogs staff made templates, which any merchant may start a catalog from (POST .../copy). */
export async function listTemplateCatalogs(opts: { db: Db }): Promise<CatalogCard[]> {
  const rows = await opts.db
    .select()
    .from(catalogs)
    .where(eq(catalogs.isTemplate, true))
    .orderBy(catalogs.title, catalogs.id)
    .limit(SHOWCASE_LIMIT);
  return toCards(opts.db, rows);
}

function isProtected(row: CatalogRow): boolean {
  const settings = (row.document as { settings?: { password_protection?: unknown } }).settings;
  return settings?.password_protection === true;
}
