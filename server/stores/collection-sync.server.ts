import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collections, collects } from '../../db/schema.ts';

/*
 * The write side of collections and collects, for store syncs and webhooks; store-collections.server.ts reads
 * them for the listings API.
 */

type AccountRef = { id: string; userId: string };
export type CollectionKind = 'collection' | 'category';

/**
 * A store's collections or categories as the store lists them now: new ones added, titles updated, the ones
 * the store no longer has removed (their collects go with them). Answers external id → our id.
 */
export async function saveStoreCollections(opts: {
  db: Db;
  account: AccountRef;
  kind: CollectionKind;
  items: readonly { external_id: string; title: string; is_custom_collection?: boolean }[];
}): Promise<Map<string, string>> {
  const { db, account, kind } = opts;
  const mine = and(eq(collections.accountId, account.id), eq(collections.kind, kind));
  const externalIds = [...new Set(opts.items.map((i) => i.external_id))];
  await db
    .delete(collections)
    .where(externalIds.length ? and(mine, notInArray(collections.externalId, externalIds)) : mine);
  const byId = new Map<string, string>();
  for (let i = 0; i < opts.items.length; i += 500) {
    const rows = await db
      .insert(collections)
      .values(
        opts.items.slice(i, i + 500).map((c) => ({
          ownerId: account.userId,
          accountId: account.id,
          kind,
          externalId: c.external_id,
          title: c.title,
          isCustomCollection: c.is_custom_collection ?? false,
        })),
      )
      .onConflictDoUpdate({
        target: [collections.accountId, collections.kind, collections.externalId],
        set: {
          title: sql.raw('excluded.title'),
          isCustomCollection: sql.raw('excluded.is_custom_collection'),
        },
      })
      .returning({ id: collections.id, externalId: collections.externalId });
    for (const r of rows) byId.set(r.externalId, r.id);
  }
  return byId;
}

/**
 * Which collections (and, for platforms whose products sit in several categories, which categories) hold these
 * listings, as the store says now: each listing's collects are replaced. A collection or category we have not
 * stored yet (created in the store after the last sync) is added with its title.
 */
export async function replaceCollects(opts: {
  db: Db;
  account: AccountRef;
  memberships: readonly {
    listingId: string;
    collections: readonly { external_id: string; title: string }[];
    categories?: readonly { external_id: string; title: string }[];
  }[];
  /** External id → our id of the account's collections, when the caller has it (a sync); read otherwise. */
  known?: Map<string, string>;
  /** The same for the account's categories. */
  knownCategories?: Map<string, string>;
}): Promise<void> {
  const { db, account } = opts;
  if (opts.memberships.length === 0) return;
  const known = await resolveCollectionIds(
    db,
    account,
    'collection',
    opts.memberships.flatMap((m) => m.collections),
    opts.known ?? new Map<string, string>(),
  );
  const knownCategories = await resolveCollectionIds(
    db,
    account,
    'category',
    opts.memberships.flatMap((m) => m.categories ?? []),
    opts.knownCategories ?? new Map<string, string>(),
  );
  const listingIds = opts.memberships.map((m) => m.listingId);
  const rows = opts.memberships.flatMap((m) =>
    [
      ...new Set(
        [
          ...m.collections.map((c) => known.get(c.external_id)),
          ...(m.categories ?? []).map((c) => knownCategories.get(c.external_id)),
        ].filter((id): id is string => !!id),
      ),
    ].map((collectionId) => ({ collectionId, listingId: m.listingId })),
  );
  await db.transaction(async (tx) => {
    // A product's place in a collection's manual order comes from the collection (store-ordering.server.ts), not
    // from the product: a collection the listing stays in keeps the position it had.
    const before = await tx
      .select()
      .from(collects)
      .where(and(inArray(collects.listingId, listingIds), isNotNull(collects.position)));
    const position = new Map(before.map((c) => [`${c.collectionId} ${c.listingId}`, c.position]));
    await tx.delete(collects).where(inArray(collects.listingId, listingIds));
    // One JSON value a statement (jsonb_to_recordset), not three parameters a row.
    for (let i = 0; i < rows.length; i += 1000) {
      const values = JSON.stringify(
        rows.slice(i, i + 1000).map((r) => ({
          collection_id: r.collectionId,
          listing_id: r.listingId,
          position: position.get(`${r.collectionId} ${r.listingId}`) ?? null,
        })),
      );
      await tx.execute(sql`insert into collects (collection_id, listing_id, position)
        select r.collection_id, r.listing_id, r.position
        from jsonb_to_recordset(${values}::jsonb) as r(collection_id uuid, listing_id uuid, position integer)
        on conflict do nothing`);
    }
  });
}

/** Our ids of a kind's collections by external id, adding the ones not stored yet with their titles. */
async function resolveCollectionIds(
  db: Db,
  account: AccountRef,
  kind: CollectionKind,
  items: readonly { external_id: string; title: string }[],
  known: Map<string, string>,
): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const c of items) wanted.set(c.external_id, c.title);
  const missing = [...wanted.keys()].filter((id) => !known.has(id));
  if (missing.length === 0) return known;
  const found = await db
    .select({ id: collections.id, externalId: collections.externalId })
    .from(collections)
    .where(
      and(
        eq(collections.accountId, account.id),
        eq(collections.kind, kind),
        inArray(collections.externalId, missing),
      ),
    );
  for (const f of found) known.set(f.externalId, f.id);
  const added = missing.filter((id) => !known.has(id));
  if (added.length) {
    const rows = await db
      .insert(collections)
      .values(
        added.map((id) => ({
          ownerId: account.userId,
          accountId: account.id,
          kind,
          externalId: id,
          title: wanted.get(id) ?? '',
        })),
      )
      .onConflictDoUpdate({
        target: [collections.accountId, collections.kind, collections.externalId],
        set: { title: sql.raw('excluded.title') },
      })
      .returning({ id: collections.id, externalId: collections.externalId });
    for (const r of rows) known.set(r.externalId, r.id);
  }
  return known;
}
