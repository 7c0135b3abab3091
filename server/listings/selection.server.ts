import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/owned.ts';
import { collections, listings } from '../../db/schema.ts';
import { requireOwnedAccount } from '../stores/index.ts';
import { describeListing, type ListingView } from './listings.server.ts';
import { sortOrder, type ListingSort } from './search.server.ts';

/** The most products one built catalog reads; the plan's product limit is checked on the document after. */
export const CATALOG_LISTINGS_MAX = 5_000;

export type ListingSection = { id: string | null; title: string | null; listings: ListingView[] };

/**
 * A listing in a category: named on the listing itself (CSV and hand-made listings), or in a store's
 * collection or category with that id (the ids GET api/v1/accounts/{id}/categories answers).
 */
const inCategory = (id: string): SQL =>
  sql`(${listings.category} = ${id} or exists (select 1 from collects c join collections k
    on k.id = c.collection_id where c.listing_id = ${listings.id} and k.account_id = ${listings.accountId}
    and k.kind in ('collection', 'category') and k.external_id = ${id}))`;

/** The name a category id shows: its store collection's title, else the id itself (a listing's category). */
async function categoryTitle(db: Db, ownerId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ title: collections.title })
    .from(collections)
    .where(and(eq(collections.ownerId, ownerId), eq(collections.externalId, id)))
    .limit(1);
  return row?.title ?? id;
}

/**
 * The products a new catalog is built from (SPEC §2.6 wizard): the owner's listings they show (visible, not
 * archived), of one store account or all, in the chosen order. With categories, one section per category in
 * the order given, a product listed once, in the first of its categories; a category's manual order is that
 * collection's own.
 */
export async function listingsForCatalog(opts: {
  db: Db;
  ownerId: string;
  accountId?: string;
  categories: readonly string[];
  sort: ListingSort;
}): Promise<ListingSection[]> {
  const { db, ownerId } = opts;
  if (opts.accountId) await requireOwnedAccount({ db, ownerId, accountId: opts.accountId });
  const shown = ownedBy(
    listings,
    ownerId,
    opts.accountId ? eq(listings.accountId, opts.accountId) : undefined,
    eq(listings.visible, true),
    ne(listings.status, 'ARCHIVED'),
  );
  let budget = CATALOG_LISTINGS_MAX;
  const read = async (where: SQL, collectionId?: string) => {
    if (budget <= 0) return [];
    const rows = await db
      .select()
      .from(listings)
      .where(where)
      .orderBy(...sortOrder(opts.sort, { collectionId }))
      .limit(budget);
    budget -= rows.length;
    return rows.map(describeListing);
  };
  if (opts.categories.length === 0) return [{ id: null, title: null, listings: await read(shown) }];
  const seen = new Set<string>();
  const sections: ListingSection[] = [];
  for (const id of new Set(opts.categories)) {
    const found = (await read(and(shown, inCategory(id))!, id)).filter((l) => !seen.has(l.id));
    found.forEach((l) => seen.add(l.id));
    sections.push({ id, title: await categoryTitle(db, ownerId, id), listings: found });
  }
  return sections;
}
