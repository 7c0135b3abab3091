import { and, count, desc, eq, ilike, notIlike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/owned.ts';
import { catalogs, users } from '../../db/schema.ts';

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

export function summarizeCatalog(row: typeof catalogs.$inferSelect): CatalogSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    featured: row.featured,
    pageCount: row.pageCount,
    productCount: row.productCount,
    url: row.pdfUrl,
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

/** Staff: every catalog with its owner's email, newest change first; internal sample/template accounts skipped. */
export async function listAllCatalogs(opts: { db: Db; page: number; limit: number; filter?: string }) {
  // SPEC §6: admin lists skip catalogs whose owner email carries internal markers.
  const internal = and(notIlike(users.email, '%+sample%'), notIlike(users.email, '%+template%'));
  const where = opts.filter
    ? and(internal, or(ilike(catalogs.title, `%${opts.filter}%`), ilike(users.email, `%${opts.filter}%`)))
    : internal;
  const [{ total }] = (await opts.db
    .select({ total: count() })
    .from(catalogs)
    .innerJoin(users, eq(users.id, catalogs.ownerId))
    .where(where)) as [{ total: number }];
  const rows = await opts.db
    .select({ catalog: catalogs, email: users.email })
    .from(catalogs)
    .innerJoin(users, eq(users.id, catalogs.ownerId))
    .where(where)
    .orderBy(desc(catalogs.updatedAt))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = rows.map((r) => ({
    ...summarizeCatalog(r.catalog),
    user: { _id: r.catalog.ownerId, email: r.email },
  }));
  return { data, total: Number(total), count: data.length };
}
