import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Int32Schema, ListingSchema, type Listing } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { findOwned, isUuid, ownedBy } from '../../db/owned.ts';
import { listings } from '../../db/schema.ts';
import { describeIssues, parseWith, notFound, badRequest } from '../platform/index.ts';
import { carryPictureCopies, keepStoredPictures } from './pictures.server.ts';
import { ensureOwnAccount, requireOwnedAccount, type ListingWriter } from '../stores/index.ts';

/**
 * Listings: the products of a store account (SPEC §3 Listing). Every writer goes through this module (the API,
 * the CSV import, store syncs), so the indexed filter columns always agree with the stored document.
 */

export type ListingRow = typeof listings.$inferSelect;

/** Rows per INSERT statement (one JSON value: upsertRows), and per lookup of what they replace. */
export const UPSERT_BATCH_SIZE = 500;

/**
 * A listing as writers give it: the Listing document, plus what only a store knows and the document does not
 * hold (the store's own ordering for the "manual" sort, popularity for "best-selling", the creation date for
 * "created-desc"). Those three default to null, and null leaves an existing listing's value as it is.
 */
export const ListingWriteSchema = ListingSchema.extend({
  store_position: Int32Schema.nullable().optional(),
  sales_rank: Int32Schema.nullable().optional(),
  external_created_at: z.coerce.date().nullable().optional(),
  /** Whether a new listing shows in the panel (default true); an update never changes the merchant's choice. */
  visible: z.boolean().optional(),
});
export type ListingWrite = z.input<typeof ListingWriteSchema>;

/** A listing as the API answers it: the document, with the row's id and the merchant's own flags. */
export type ListingView = Listing & {
  id: string;
  account_id: string;
  visible: boolean;
  created_at: string;
  updated_at: string;
};

export function describeListing(row: ListingRow): ListingView {
  const doc = row.document as Listing;
  return {
    ...doc,
    id: row.id,
    source: row.source,
    external_id: row.externalId,
    account_id: row.accountId,
    visible: row.visible,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Integer column from a document number: ListingSchema takes whole numbers only, but older documents may hold 2.5. */
const whole = (n: number | null | undefined) =>
  n === null || n === undefined || !Number.isFinite(n) ? null : Math.trunc(n);

function rowValues(ownerId: string, accountId: string, input: z.output<typeof ListingWriteSchema>) {
  const { store_position, sales_rank, external_created_at, visible, id: _id, ...doc } = input;
  return {
    ownerId,
    accountId,
    source: doc.source,
    externalId: doc.external_id,
    parentExternalId: doc.parent_id,
    language: doc.language,
    title: doc.title,
    status: doc.status,
    stock: whole(doc.stock),
    category: doc.category,
    vendor: doc.vendor,
    brand: doc.brand,
    sku: doc.sku,
    price: doc.price,
    online: doc.online,
    storePosition: store_position ?? null,
    salesRank: sales_rank ?? null,
    externalCreatedAt: external_created_at ?? null,
    visible: visible ?? true,
    document: doc,
  };
}

export type UpsertResult = {
  created: number;
  updated: number;
  /** One entry per stored listing, in input order (a repeated external_id is stored once, the last one). */
  listings: { id: string; external_id: string | null; title: string }[];
};

/**
 * The columns a listing write sets, with their SQL types: the rows travel as one JSON array (one parameter) that
 * jsonb_to_recordset turns back into rows, so a batch of 500 listings is one statement with one value to send
 * and parse instead of 9,000 parameters to build, bind and send one by one.
 */
const WRITE_COLUMNS = [
  ['owner_id', 'uuid'],
  ['account_id', 'uuid'],
  ['source', 'text'],
  ['external_id', 'text'],
  ['parent_external_id', 'text'],
  ['language', 'text'],
  ['title', 'text'],
  ['status', 'text'],
  ['stock', 'integer'],
  ['category', 'text'],
  ['vendor', 'text'],
  ['brand', 'text'],
  ['sku', 'text'],
  ['price', 'double precision'],
  ['online', 'boolean'],
  ['store_position', 'integer'],
  ['sales_rank', 'integer'],
  ['external_created_at', 'timestamptz'],
  ['visible', 'boolean'],
  ['document', 'jsonb'],
] as const;
/** On a listing already there: what the write replaces. The merchant's `visible` is never touched. */
const REPLACED = [
  'source',
  'parent_external_id',
  'language',
  'title',
  'status',
  'stock',
  'category',
  'vendor',
  'brand',
  'sku',
  'price',
  'online',
  'document',
];
/**
 * Null keeps what the row has: a webhook's single product does not know its place in the store's orders (a sync
 * writes them for the whole account: store-ordering.server.ts).
 */
const KEPT_WHEN_NULL = ['store_position', 'sales_rank', 'external_created_at'];
const UPSERT_SQL = {
  head: `insert into listings (${WRITE_COLUMNS.map(([c]) => c).join(', ')})
    select ${WRITE_COLUMNS.map(([c]) => `r.${c}`).join(', ')}
    from jsonb_to_recordset(`,
  tail: `::jsonb) as r(${WRITE_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})
    on conflict (account_id, external_id) do update set
      ${[
        ...REPLACED.map((c) => `${c} = excluded.${c}`),
        ...KEPT_WHEN_NULL.map((c) => `${c} = coalesce(excluded.${c}, listings.${c})`),
        'updated_at = now()',
      ].join(',\n      ')}
    returning id, external_id, title, (xmax = 0) as inserted`,
};

type RowValues = ReturnType<typeof rowValues>;

/**
 * One statement of listing rows: inserted, or updating the row with the same external_id. Answers the rows in
 * the order given; xmax is 0 on a freshly inserted row version and set on one an ON CONFLICT update produced.
 */
async function upsertRows(
  db: Db,
  rows: readonly RowValues[],
): Promise<{ id: string; externalId: string | null; title: string; inserted: boolean }[]> {
  const json = JSON.stringify(
    rows.map((r) => ({
      owner_id: r.ownerId,
      account_id: r.accountId,
      source: r.source,
      external_id: r.externalId,
      parent_external_id: r.parentExternalId,
      language: r.language,
      title: r.title,
      status: r.status,
      stock: r.stock,
      category: r.category,
      vendor: r.vendor,
      brand: r.brand,
      sku: r.sku,
      price: r.price,
      online: r.online,
      store_position: r.storePosition,
      sales_rank: r.salesRank,
      external_created_at: r.externalCreatedAt,
      visible: r.visible,
      document: r.document,
    })),
  );
  const result = await db.execute(sql`${sql.raw(UPSERT_SQL.head)}${json}${sql.raw(UPSERT_SQL.tail)}`);
  const out = (
    result as unknown as {
      rows: { id: string; external_id: string | null; title: string; inserted: boolean }[];
    }
  ).rows;
  return out.map((r) => ({ id: r.id, externalId: r.external_id, title: r.title, inserted: r.inserted }));
}

/**
 * Store listings in an account the owner holds: insert, or update the listing with the same external_id
 * (so a re-import or a re-sync updates instead of duplicating). Listings without an external_id are always
 * new. Everything is validated first (400 naming the bad item), then written in one transaction, in
 * statements of UPSERT_BATCH_SIZE rows. The merchant's `visible` flag is never touched by a store write.
 */
export async function upsertListings(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
  listings: readonly ListingWrite[];
  /**
   * External ids whose listing, when already there, keeps its pictures (an import that could not resolve its
   * local picture names). Store syncs never pass it: the store's pictures always win.
   */
  keepPicturesOf?: ReadonlySet<string>;
}): Promise<UpsertResult> {
  const account = await requireOwnedAccount(opts);
  const parsed = parseWith(z.array(ListingWriteSchema), opts.listings);
  // ON CONFLICT cannot touch one row twice in a statement: the last occurrence of an external_id wins.
  const lastIndex = new Map<string, number>();
  parsed.forEach((l, i) => l.external_id !== null && lastIndex.set(l.external_id, i));
  const values = parsed
    .filter((l, i) => l.external_id === null || lastIndex.get(l.external_id) === i)
    // Picture problems are the picture job's to say (carried over below for pictures still named).
    .map((l) => rowValues(opts.ownerId, account.id, { ...l, picture_problems: [] }));

  const stored: { id: string; externalId: string | null; title: string; inserted: boolean }[] = [];
  await opts.db.transaction(async (tx) => {
    await carryPictureCopies({ db: tx as unknown as Db, accountId: account.id, values });
    if (opts.keepPicturesOf?.size)
      await keepStoredPictures({
        db: tx as unknown as Db,
        accountId: account.id,
        values,
        externalIds: opts.keepPicturesOf,
      });
    for (let i = 0; i < values.length; i += UPSERT_BATCH_SIZE)
      stored.push(...(await upsertRows(tx as unknown as Db, values.slice(i, i + UPSERT_BATCH_SIZE))));
  });
  const created = stored.filter((r) => r.inserted).length;
  return {
    created,
    updated: stored.length - created,
    listings: stored.map((r) => ({ id: r.id, external_id: r.externalId, title: r.title })),
  };
}

/**
 * Hand-made and imported listings (SPEC §7 POST api/v1/listings): they go to the user's own account, with
 * source 'own' unless the writer says otherwise (CSV imports say 'csv').
 */
export async function createListings(opts: {
  db: Db;
  ownerId: string;
  listings: readonly ListingWrite[];
  keepPicturesOf?: ReadonlySet<string>;
}): Promise<UpsertResult> {
  const own = await ensureOwnAccount(opts);
  return upsertListings({ ...opts, accountId: own.id });
}

export async function getListing(opts: { db: Db; ownerId: string; listingId: string }): Promise<ListingView> {
  const row = await findOwned(opts.db, listings, opts.listingId, opts.ownerId);
  if (!row) throw notFound('This listing does not exist.');
  return describeListing(row);
}

/** Several listings by id in one query, in the order asked; ids that are not the owner's are left out. */
export async function getListingsByIds(opts: {
  db: Db;
  ownerId: string;
  listingIds: readonly string[];
}): Promise<ListingView[]> {
  const ids = opts.listingIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await opts.db
    .select()
    .from(listings)
    .where(ownedBy(listings, opts.ownerId, inArray(listings.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [describeListing(byId.get(id)!)] : []));
}

/** The listing a store sync knows by its own id, or null. */
export async function findListingByExternalId(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
  externalId: string;
}): Promise<ListingView | null> {
  if (!isUuid(opts.accountId)) return null;
  const [row] = await opts.db
    .select()
    .from(listings)
    .where(
      ownedBy(
        listings,
        opts.ownerId,
        eq(listings.accountId, opts.accountId),
        eq(listings.externalId, opts.externalId),
      ),
    )
    .limit(1);
  return row ? describeListing(row) : null;
}

/**
 * What PUT api/v1/listings/{id} may change: any document field, and whether the listing shows in the panel.
 * The fields lose their defaults: a field the client did not send must keep its value, not be reset.
 */
export const ListingChangesSchema = z
  .object(
    Object.fromEntries(
      Object.entries(
        ListingSchema.omit({ id: true, source: true, external_id: true, picture_problems: true }).shape,
      ).map(([k, s]) => [
        k,
        (s instanceof z.ZodDefault ? (s.unwrap() as z.ZodType) : (s as z.ZodType)).optional(),
      ]),
    ),
  )
  .extend({ visible: z.boolean().optional() });
export type ListingChanges = Partial<
  Omit<ListingWrite, 'id' | 'source' | 'external_id' | 'picture_problems'>
> & {
  visible?: boolean;
};

/** Write a changed document back, keeping the filter columns in step with it. */
export async function saveListingDocument(opts: {
  db: Db;
  row: ListingRow;
  document: Listing;
  visible?: boolean;
}): Promise<ListingView> {
  const values = rowValues(opts.row.ownerId, opts.row.accountId, {
    ...opts.document,
    store_position: opts.row.storePosition,
    sales_rank: opts.row.salesRank,
    external_created_at: opts.row.externalCreatedAt,
    visible: opts.visible ?? opts.row.visible,
  });
  const [row] = await opts.db
    .update(listings)
    .set({
      ...values,
      updatedAt: new Date(),
    })
    .where(and(eq(listings.id, opts.row.id), eq(listings.ownerId, opts.row.ownerId)))
    .returning();
  return describeListing(row!);
}

/** The owner's listing row, or a 404. */
export async function requireOwnedListing(opts: {
  db: Db;
  ownerId: string;
  listingId: string;
}): Promise<ListingRow> {
  const row = await findOwned(opts.db, listings, opts.listingId, opts.ownerId);
  if (!row) throw notFound('This listing does not exist.');
  return row;
}

const PICTURE_ADDRESS = /^(https?:\/\/\S+|\/files\/\S+)$/i;
const EDIT_PRICES = [
  'price',
  'original_price',
  'compare_at_price',
  'sale_price',
  'suggested_retail_price',
] as const;

/**
 * What the listing editor and the product form may not save, besides the listing schema (which already wants
 * whole stocks): a negative price, of the product or a variation (the CSV import's rule), and a picture that is
 * not a web address or one of our files (a new one: the pictures the listing has stay).
 */
export function editProblem(changes: ListingChanges, before?: Listing): string | null {
  const rows: { where: string; row: Record<string, unknown> }[] = [
    { where: '', row: changes as Record<string, unknown> },
    ...(changes.variations ?? []).map((v, i) => ({
      where: `variation ${i + 1}: `,
      row: v as Record<string, unknown>,
    })),
  ];
  for (const { where, row } of rows) {
    for (const key of EDIT_PRICES) {
      const v = row[key];
      if (typeof v === 'number' && v < 0) return `${where}${key} must not be negative.`;
    }
  }
  const pictures = [
    ...(changes.images ?? []).map((i) => i.original),
    ...(changes.main_image ? [changes.main_image] : []),
  ];
  // Pictures the listing already has (a store's, as its sync wrote them) are kept whatever their address.
  const had = new Set([...(before?.images ?? []).map((i) => i.original), before?.main_image ?? '']);
  const bad = pictures.find((u) => !had.has(u) && !PICTURE_ADDRESS.test(u));
  return bad === undefined ? null : `This picture address is not a web address: ${bad.slice(0, 200)}`;
}

/** Change some fields of a listing; the result is validated as a whole Listing (400 otherwise). */
export async function updateListing(opts: {
  db: Db;
  ownerId: string;
  listingId: string;
  changes: ListingChanges;
}): Promise<ListingView> {
  const row = await requireOwnedListing(opts);
  const { visible, ...changes } = parseWith(ListingChangesSchema, opts.changes) as ListingChanges;
  const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const before = row.document as Listing;
  const problem = editProblem(sent as ListingChanges, before);
  if (problem) throw badRequest(problem);
  // A new main picture makes its compressed copy and thumbnail stale: drop them so the picture is processed
  // again, and so nothing shows the old picture meanwhile.
  if ('main_image' in sent && sent.main_image !== before.main_image) {
    if (!('compressed_image' in sent)) sent.compressed_image = null;
    if (!('thumbnail_image' in sent)) sent.thumbnail_image = null;
  }
  const merged = ListingSchema.safeParse({ ...before, ...sent });
  if (!merged.success) throw badRequest(describeIssues(merged.error));
  return saveListingDocument({ db: opts.db, row, document: merged.data, visible });
}

/**
 * Delete one listing, by id (the API) or by the store's id in an account (a sync that saw the product go).
 * Answers whether a row went, so a webhook delivered twice is a no-op and the API can answer 404.
 */
export async function deleteListing(
  opts:
    | { db: Db; ownerId: string; listingId: string }
    | { db: Db; ownerId: string; accountId: string; externalId: string },
): Promise<boolean> {
  let where;
  if ('listingId' in opts) {
    if (!isUuid(opts.listingId)) return false;
    where = ownedBy(listings, opts.ownerId, eq(listings.id, opts.listingId));
  } else {
    if (!isUuid(opts.accountId)) return false;
    where = ownedBy(
      listings,
      opts.ownerId,
      eq(listings.accountId, opts.accountId),
      eq(listings.externalId, opts.externalId),
    );
  }
  const gone = await opts.db.delete(listings).where(where).returning({ id: listings.id });
  return gone.length > 0;
}

export type ProcessedPicture = { compressed: string; thumbnail: string; kept?: string };

/**
 * Record what process-images made, merged into the listing as it is now (row locked), so an edit saved while
 * the job ran is kept: copies land only on pictures the listing still has, and compressed_image only while the
 * main picture is the one that was processed. Returns false when the listing is gone.
 */
export async function recordProcessedPictures(opts: {
  db: Db;
  ownerId: string;
  listingId: string;
  pictures: ReadonlyMap<string, ProcessedPicture>;
  /** Pictures that could not be fetched, with why: flagged on the listing until a try succeeds. */
  failed?: ReadonlyMap<string, string>;
}): Promise<boolean> {
  const failed = opts.failed ?? new Map<string, string>();
  if (opts.pictures.size === 0 && failed.size === 0) return true;
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(listings)
      .where(and(eq(listings.id, opts.listingId), eq(listings.ownerId, opts.ownerId)))
      .for('update');
    if (!row) return false;
    const doc = row.document as Listing;
    const images = doc.images.map((img) => {
      const done = opts.pictures.get(img.original);
      return done
        ? {
            ...img,
            compressed: done.compressed,
            thumbnail: done.thumbnail,
            kept: done.kept ?? img.kept,
          }
        : img;
    });
    const main = doc.main_image ?? doc.images.find((i) => !i.hide)?.original ?? null;
    const mainDone = main ? opts.pictures.get(main) : undefined;
    const named = new Set([doc.main_image, ...doc.images.map((i) => i.original)]);
    // The problems of this run replace those of the pictures it tried; a picture done is no problem any more.
    const problems = [
      ...doc.picture_problems.filter((p) => !failed.has(p.url) && !opts.pictures.has(p.url)),
      ...[...failed].map(([url, error]) => ({ url, error })),
    ].filter((p) => named.has(p.url));
    const document: Listing = {
      ...doc,
      images,
      compressed_image: mainDone?.compressed ?? doc.compressed_image,
      thumbnail_image: mainDone?.thumbnail ?? doc.thumbnail_image,
      picture_problems: problems,
    };
    await saveListingDocument({ db: tx as unknown as Db, row, document });
    return true;
  });
}

/** What a store sync (server/stores syncStore) writes through: these listings' upsert and delete by external id. */
export const listingWriter: ListingWriter = {
  upsert: (opts) => upsertListings(opts),
  remove: (opts) => deleteListing(opts),
};
