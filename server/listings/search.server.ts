import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LISTING_SORT_DEFAULT, SHOPIFY_SORT_OPTIONS, type LISTING_STATUSES } from '../../core/constants.ts';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/owned.ts';
import { listings } from '../../db/schema.ts';
import { inventoryOf, type Inventory } from './details.server.ts';
import { describeListing, type ListingView } from './listings.server.ts';
import { requireOwnedAccount } from '../stores/index.ts';

/** Listings per page of GET api/v1/accounts/{id}/listings; page -1 answers them all. */
export const LISTINGS_PAGE_SIZE = 50;

/** SPEC §9: title by default, and Shopify's sort options. */
export const LISTING_SORTS = [LISTING_SORT_DEFAULT, ...SHOPIFY_SORT_OPTIONS] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export type ListingFilters = {
  /** Words of the title, SKU, vendor, brand or category; each word matches as a prefix ("oce" finds Ocean). */
  keywords?: string;
  shopId?: string;
  collectionId?: string;
  categoryId?: string;
  status?: (typeof LISTING_STATUSES)[number];
  /** Leave out listings with a stock of 0 or less (an untracked stock, null, counts as available). */
  inStock?: boolean;
  /** Only listings published on the online store. */
  onlineOnly?: boolean;
  /** true: only listings the merchant shows; false: only the ones they hid. */
  visible?: boolean;
};

export type ListingPage = {
  data: (ListingView & { inventory?: Inventory })[];
  total: number;
  count: number;
  page: number;
  page_size: number;
};

/**
 * The keywords as a prefix tsquery over the same 'simple' configuration as the search column. Each word is
 * quoted so to_tsquery reads it as text (no operators from the user), with quotes and backslashes doubled as
 * tsquery syntax wants; a word the parser splits ("AB-123") becomes a phrase of prefixes. Words without a
 * letter or digit are dropped, since they would give an empty query that matches nothing.
 */
export function keywordsToTsquery(keywords: string): string | null {
  const words = keywords
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, 12);
  if (words.length === 0) return null;
  return words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
}

/**
 * Keywords folded as the generated `search` column folds the listing (db/schema.ts): canonical decomposition,
 * combining accents (U+0300 to U+036F) removed, and the letters that do not decompose (ø, đ, ł, ħ, ı) mapped by
 * hand; so "emile" finds "Émile" and "Émile" finds "Emile", through the column's GIN index.
 */
const UNDECOMPOSED = { from: 'øØđĐłŁħĦı', to: 'oOdDlLhHi' };
const undecomposed = new Map([...UNDECOMPOSED.from].map((c, i) => [c, UNDECOMPOSED.to[i]!]));
export const foldAccents = (text: string): string =>
  [...text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')].map((c) => undecomposed.get(c) ?? c).join('');

// Membership in a store's shops, collections, sections and categories comes from collects (written by syncs);
// the public ids are the store's own ids, stable across re-syncs.
const inCollection = (kinds: string[], externalId: string) =>
  sql`exists (select 1 from collects c join collections k on k.id = c.collection_id
    where c.listing_id = ${listings.id} and k.account_id = ${listings.accountId}
    and k.kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) and k.external_id = ${externalId})`;

export function listingConditions(ownerId: string, accountId: string, f: ListingFilters): SQL {
  const where: (SQL | undefined)[] = [eq(listings.accountId, accountId)];
  const query = f.keywords ? keywordsToTsquery(foldAccents(f.keywords)) : null;
  if (query) where.push(sql`${listings.search} @@ to_tsquery('simple', ${query})`);
  if (f.status) where.push(eq(listings.status, f.status));
  if (f.inStock) where.push(sql`(${listings.stock} is null or ${listings.stock} > 0)`);
  if (f.onlineOnly) where.push(eq(listings.online, true));
  if (f.visible !== undefined) where.push(eq(listings.visible, f.visible));
  if (f.shopId) where.push(inCollection(['shop'], f.shopId));
  if (f.collectionId) where.push(inCollection(['collection', 'section', 'category'], f.collectionId));
  if (f.categoryId)
    where.push(sql`(${listings.category} = ${f.categoryId} or ${inCollection(['category'], f.categoryId)})`);
  return ownedBy(listings, ownerId, and(...where));
}

// ICU root collation: case and accents do not split the alphabet ("apple", "Banana", "Émile", "zebra"), the
// same on PGlite and on any PostgreSQL server whatever its default collation. The id breaks ties.
const byTitle = sql`${listings.title} collate "und-x-icu"`;
const SORT_ORDER: Record<ListingSort, SQL[]> = {
  title: [asc(byTitle), asc(listings.id)],
  'alpha-desc': [desc(byTitle), asc(listings.id)],
  manual: [sql`${listings.storePosition} asc nulls last`, asc(byTitle), asc(listings.id)],
  'best-selling': [sql`${listings.salesRank} asc nulls last`, asc(byTitle), asc(listings.id)],
  'created-desc': [
    sql`coalesce(${listings.externalCreatedAt}, ${listings.createdAt}) desc`,
    asc(byTitle),
    asc(listings.id),
  ],
  'price-desc': [sql`${listings.price} desc nulls last`, asc(byTitle), asc(listings.id)],
  'price-asc': [sql`${listings.price} asc nulls last`, asc(byTitle), asc(listings.id)],
};

/**
 * The order of a page. The manual sort of one collection is that collection's own manual order (collects
 * position); across collections it is the shop-wide store_position merged from them.
 */
export function sortOrder(sortBy: ListingSort, filters: ListingFilters): SQL[] {
  if (sortBy === 'manual' && filters.collectionId)
    return [
      sql`(select c.position from collects c join collections k on k.id = c.collection_id
        where c.listing_id = ${listings.id} and k.account_id = ${listings.accountId}
        and k.kind = 'collection' and k.external_id = ${filters.collectionId}) asc nulls last`,
      ...SORT_ORDER.manual,
    ];
  return SORT_ORDER[sortBy];
}

/** One page of an account's listings, filtered and sorted (SPEC §7 GET api/v1/accounts/{id}/listings). */
export async function listListings(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
  page?: number;
  sortBy?: ListingSort;
  filters?: ListingFilters;
  withInventory?: boolean;
}): Promise<ListingPage> {
  const account = await requireOwnedAccount(opts);
  const where = listingConditions(opts.ownerId, account.id, opts.filters ?? {});
  const page = opts.page ?? 1;
  // The total comes with the page (one pass over the matches, which a keyword search computes row by row); a
  // page past the end has no row to carry it, and is counted apart.
  let query = opts.db
    .select({ row: listings, total: sql<number>`count(*) over ()` })
    .from(listings)
    .where(where)
    .orderBy(...sortOrder(opts.sortBy ?? LISTING_SORT_DEFAULT, opts.filters ?? {}))
    .$dynamic();
  if (page !== -1) query = query.limit(LISTINGS_PAGE_SIZE).offset((page - 1) * LISTINGS_PAGE_SIZE);
  const rows = await query;
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : page === 1 || page === -1
        ? 0
        : await countListings({ ...opts, filters: opts.filters });
  const data = rows.map(({ row }) => {
    const view = describeListing(row);
    return opts.withInventory ? { ...view, inventory: inventoryOf(view) } : view;
  });
  return { data, total, count: data.length, page, page_size: LISTINGS_PAGE_SIZE };
}

/** How many listings match (the panel's count, refreshed while editing). */
export async function countListings(opts: {
  db: Db;
  ownerId: string;
  accountId: string;
  filters?: ListingFilters;
}): Promise<number> {
  const account = await requireOwnedAccount(opts);
  const [{ n }] = (await opts.db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(listingConditions(opts.ownerId, account.id, opts.filters ?? {}))) as [{ n: number }];
  return Number(n);
}
