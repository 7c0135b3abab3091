import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collections, collects, listings } from '../../db/schema.ts';
import { requireOwnedAccount } from './accounts.server.ts';

/**
 * Shops, sections, categories and collections of a store account (SPEC §3 'Shop', 'Category and collection')
 * and which listing is in which (collects). Syncs write the collections rows; the public ids are the store's
 * own ids, which the listings filters (shop_id, collection_id, category_id) take.
 */

export type ShopView = { shop_id: string; title: string };
export type SectionView = { id: string; title: string; shop_id: string };
export type CategoryView = {
  id: string;
  title: string;
  name: string;
  /** collection and category rows come from a store; 'listing' is a category named on the listings themselves. */
  kind: 'collection' | 'category' | 'listing';
  isCustomCollection: boolean;
  count: number;
};

async function collectionsOf(db: Db, accountId: string, kinds: string[], parent?: string) {
  return db
    .select()
    .from(collections)
    .where(
      and(
        eq(collections.accountId, accountId),
        inArray(collections.kind, kinds),
        parent === undefined ? undefined : eq(collections.parentExternalId, parent),
      ),
    )
    .orderBy(sql`${collections.title} collate "und-x-icu"`, asc(collections.externalId));
}

export async function listShops(opts: { db: Db; ownerId: string; accountId: string }): Promise<ShopView[]> {
  const account = await requireOwnedAccount(opts);
  const rows = await collectionsOf(opts.db, account.id, ['shop']);
  return rows.map((r) => ({ shop_id: r.externalId, title: r.title }));
}

export async function listSections(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
  shopId: string;
}): Promise<SectionView[]> {
  const account = await requireOwnedAccount(opts);
  const rows = await collectionsOf(opts.db, account.id, ['section'], opts.shopId);
  return rows.map((r) => ({ id: r.externalId, title: r.title, shop_id: opts.shopId }));
}

/**
 * The store's collections and categories, then the category names the listings carry themselves (CSV and
 * hand-made listings have no category rows), each with how many listings it holds.
 */
export async function listCategories(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
}): Promise<CategoryView[]> {
  const account = await requireOwnedAccount(opts);
  const rows = await opts.db
    .select({
      collection: collections,
      // Written out: drizzle leaves columns of the select list unqualified, and "id" would mean c's table.
      n: sql<number>`(select count(*)::int from collects c where c.collection_id = "collections"."id")`,
    })
    .from(collections)
    .where(and(eq(collections.accountId, account.id), inArray(collections.kind, ['collection', 'category'])))
    .orderBy(sql`${collections.title} collate "und-x-icu"`, asc(collections.externalId));
  const named = await opts.db
    .select({ name: listings.category, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(
      and(eq(listings.accountId, account.id), isNotNull(listings.category), sql`${listings.category} <> ''`),
    )
    .groupBy(listings.category)
    .orderBy(sql`${listings.category} collate "und-x-icu"`);
  // A store category is named by its id (WooCommerce) or by its name (Shopify's product types): either way, the
  // listings' own category names it stands for are not listed twice.
  const taken = new Set(
    rows
      .filter((r) => r.collection.kind === 'category')
      .flatMap((r) => [r.collection.externalId, r.collection.title]),
  );
  return [
    ...rows.map((r) => ({
      id: r.collection.externalId,
      title: r.collection.title,
      name: r.collection.title,
      kind: r.collection.kind as 'collection' | 'category',
      isCustomCollection: r.collection.isCustomCollection,
      count: Number(r.n),
    })),
    ...named
      .filter((c) => !taken.has(c.name!))
      .map((c) => ({
        id: c.name!,
        title: c.name!,
        name: c.name!,
        kind: 'listing' as const,
        isCustomCollection: false,
        count: Number(c.n),
      })),
  ];
}

/** Which listing is in which collection, optionally for one collection (by the store's id). */
export async function listCollects(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
  collectionId?: string;
}): Promise<{ collection_id: string; listing_id: string; position: number | null }[]> {
  const account = await requireOwnedAccount(opts);
  const rows = await opts.db
    .select({
      collectionId: collections.externalId,
      listingId: collects.listingId,
      position: collects.position,
    })
    .from(collects)
    .innerJoin(collections, eq(collections.id, collects.collectionId))
    .where(
      and(
        eq(collections.accountId, account.id),
        opts.collectionId ? eq(collections.externalId, opts.collectionId) : undefined,
      ),
    )
    .orderBy(asc(collections.externalId), sql`${collects.position} asc nulls last`, asc(collects.listingId));
  return rows.map((r) => ({ collection_id: r.collectionId, listing_id: r.listingId, position: r.position }));
}
