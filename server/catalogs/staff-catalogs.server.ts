import { and, count, eq, ilike, notIlike, or, type SQL } from 'drizzle-orm';
import type { Catalog } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { listOrder } from '../../db/list-sort.ts';
import { containsPattern } from '../../db/owned.ts';
import { catalogs, users } from '../../db/schema.ts';
import { staffActionsFor, type StaffActionView } from '../accounts/index.ts';
import { coverDocument, firstPages } from './cards.server.ts';
import { summarizeCatalog, type CatalogSummary } from './catalogs.server.ts';
import { viewPath } from './published.server.ts';

/*
 * Catalogs as staff see them (SPEC §2.1 /admin/catalogs and /manager/allcatalogs, §7 all-catalogs): every
 * merchant's, each with its front cover (the first page, drawn in the browser by core/render), its owner, its
 * flags (featured, template, published), its link in the viewer (/view/{slug or id}) and what staff did to it.
 * Catalogs of the internal sample and template accounts are left out (SPEC §6: their owner's email carries
 * '+sample' or '+template').
 */

/** SPEC §6's internal markers in an owner's email. */
export const INTERNAL_EMAIL_MARKERS = ['+sample', '+template'] as const;

export const CATALOG_SORTS = {
  updated_at: catalogs.updatedAt,
  created_at: catalogs.createdAt,
  title: catalogs.title,
  page_count: catalogs.pageCount,
  product_count: catalogs.productCount,
  owner: users.email,
};

export type StaffCatalog = CatalogSummary & {
  user: { _id: string; email: string | null };
  cover: Catalog | null;
  is_template: boolean;
  published: boolean;
  /** Where the online catalog is read: /view/{slug or id}. */
  view_url: string;
  staffActions: StaffActionView[];
};

export async function listAllCatalogs(opts: {
  db: Db;
  page: number;
  limit: number;
  filter?: string;
  /** updated_at, created_at, title, page_count, product_count or owner; '-' first for descending (SPEC §7 -updated_at). */
  sort?: string;
  featured?: boolean;
}): Promise<{ data: StaffCatalog[]; total: number; count: number }> {
  const conditions: (SQL | undefined)[] = INTERNAL_EMAIL_MARKERS.map((m) =>
    notIlike(users.email, containsPattern(m)),
  );
  if (opts.filter)
    conditions.push(
      or(
        ilike(catalogs.title, containsPattern(opts.filter)),
        ilike(users.email, containsPattern(opts.filter)),
      ),
    );
  if (opts.featured !== undefined) conditions.push(eq(catalogs.featured, opts.featured));
  const where = and(...conditions);
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
    .orderBy(...listOrder(opts.sort, CATALOG_SORTS, '-updated_at'), catalogs.id)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const ids = rows.map((r) => r.catalog.id);
  const [pages, actions] = await Promise.all([
    firstPages(opts.db, ids),
    staffActionsFor({ db: opts.db, subjectType: 'catalog', subjectIds: ids }),
  ]);
  const data = rows.map(({ catalog, email }) => ({
    ...summarizeCatalog(catalog),
    user: { _id: catalog.ownerId, email },
    cover: coverDocument(catalog, pages.get(catalog.id)),
    is_template: catalog.isTemplate,
    published: catalog.published,
    view_url: viewPath(catalog),
    staffActions: actions.get(catalog.id) ?? [],
  }));
  return { data, total: Number(total), count: data.length };
}
