import { z } from 'zod';
import { LISTING_STATUSES } from '../../core/constants.ts';
import { ListingSchema } from '../../core/model/index.ts';
import {
  LISTING_SORTS,
  countListings,
  listListings,
  type ListingFilters,
} from '../../server/listings/index.ts';
import {
  getAccount,
  listAccounts,
  updateAccountSettings,
  listCategories,
  listCollects,
  listSections,
  listShops,
} from '../../server/stores/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

const AccountSchema = z.object({
  id: z.string(),
  _id: z.string(),
  type: z.string(),
  name: z.string(),
  shop_domain: z.string(),
  connection_status: z.string(),
  last_sync_at: z.string().nullable(),
  details: z.object({ profile: z.unknown() }),
  settings: z.record(z.string(), z.unknown()),
  listing_count: z.number(),
});

export const ListingViewSchema = ListingSchema.extend({
  id: z.string(),
  account_id: z.string(),
  visible: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Stock of a listing and its variations (GET api/v1/inventory, and listings with display_inventory). */
export const InventorySchema = z.object({
  listing_id: z.string(),
  stock: z.number().nullable(),
  variations: z.array(
    z.object({ id: z.string(), title: z.string(), sku: z.string().nullable(), stock: z.number().nullable() }),
  ),
});

/** Query flags arrive as text: "true"/"1" and "false"/"0"; an empty value means not set. */
const flag = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(500).optional());

const FilterQuery = z.object({
  keywords: optionalText,
  shop_id: optionalText,
  collection_id: optionalText,
  category_id: optionalText,
  status: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(LISTING_STATUSES).optional(),
  ),
  in_stock: flag,
  show_online_only: flag,
  visible: flag,
});

const ListingsQuery = FilterQuery.extend({
  page: z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || n >= 1, { message: 'page is 1 or more, or -1 for every listing' })
    .default(1),
  sort_by: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LISTING_SORTS).default('title')),
  display_inventory: flag,
  /** Kept for the original client; listings are served from our database, so pages are numbered. */
  next_page_url: z.string().optional(),
});

function filtersOf(q: z.output<typeof FilterQuery>): ListingFilters {
  return {
    keywords: q.keywords,
    shopId: q.shop_id,
    collectionId: q.collection_id,
    categoryId: q.category_id,
    status: q.status,
    inStock: q.in_stock,
    onlineOnly: q.show_online_only,
    visible: q.visible,
  };
}

export const listAccountsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts',
    summary: "The user's store accounts; the own account (hand-made and imported listings) is always first",
    tags: ['listings'],
    auth: 'user',
    response: z.object({ data: z.array(AccountSchema) }),
  },
  async ({ user, runtime }) => ({ data: await listAccounts({ db: runtime.db, ownerId: user.id }) }),
);

export const getAccountEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts/{accountId}',
    summary: 'One store account',
    tags: ['listings'],
    auth: 'user',
    response: AccountSchema,
    errors: [404],
  },
  async ({ user, runtime, params }) =>
    getAccount({ db: runtime.db, ownerId: user.id, accountId: params.accountId ?? '' }),
);

export const updateAccountEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/accounts/{accountId}',
    summary: "Change a store account's settings (merged with the current ones)",
    tags: ['listings'],
    auth: 'user',
    body: z.object({ settings: z.record(z.string(), z.unknown()) }),
    response: AccountSchema,
    errors: [404],
  },
  async ({ user, runtime, params, body }) =>
    updateAccountSettings({
      db: runtime.db,
      ownerId: user.id,
      accountId: params.accountId ?? '',
      settings: body.settings,
    }),
);

export const accountListingsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts/{accountId}/listings',
    summary:
      'Listings of an account, 50 a page (page -1: all). keywords: every word is a prefix of a word of the ' +
      'title, SKU, vendor, brand or category. in_stock leaves out stock 0 or less (no stock = available).',
    tags: ['listings'],
    auth: 'user',
    query: ListingsQuery,
    response: z.object({
      // inventory: only with display_inventory.
      data: z.array(ListingViewSchema.extend({ inventory: InventorySchema.optional() })),
      total: z.number(),
      count: z.number(),
      page: z.number(),
      page_size: z.number(),
    }),
    errors: [404],
  },
  async ({ user, runtime, params, query }) =>
    listListings({
      db: runtime.db,
      ownerId: user.id,
      accountId: params.accountId ?? '',
      page: query.page,
      sortBy: query.sort_by,
      filters: filtersOf(query),
      withInventory: query.display_inventory,
    }),
);

export const countAccountListingsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts/{accountId}/listings/count',
    summary: 'How many listings of the account match the filters',
    tags: ['listings'],
    auth: 'user',
    query: FilterQuery,
    response: z.object({ count: z.number() }),
    errors: [404],
  },
  async ({ user, runtime, params, query }) => ({
    count: await countListings({
      db: runtime.db,
      ownerId: user.id,
      accountId: params.accountId ?? '',
      filters: filtersOf(query),
    }),
  }),
);

export const accountShopsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts/{accountId}/shops',
    summary: "The account's shops (marketplaces with several shops)",
    tags: ['listings'],
    auth: 'user',
    response: z.object({ data: z.array(z.object({ shop_id: z.string(), title: z.string() })) }),
    errors: [404],
  },
  async ({ user, runtime, params }) => ({
    data: await listShops({ db: runtime.db, ownerId: user.id, accountId: params.accountId ?? '' }),
  }),
);

export const shopSectionsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts/{accountId}/shops/{shopId}/sections',
    summary: "A shop's sections",
    tags: ['listings'],
    auth: 'user',
    response: z.object({
      data: z.array(z.object({ id: z.string(), title: z.string(), shop_id: z.string() })),
    }),
    errors: [404],
  },
  async ({ user, runtime, params }) => ({
    data: await listSections({
      db: runtime.db,
      ownerId: user.id,
      accountId: params.accountId ?? '',
      shopId: params.shopId ?? '',
    }),
  }),
);

export const accountCategoriesEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts/{accountId}/categories',
    summary: "The store's collections and categories, then the listings' own category names, with counts",
    tags: ['listings'],
    auth: 'user',
    response: z.object({
      data: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          name: z.string(),
          kind: z.enum(['collection', 'category', 'listing']),
          isCustomCollection: z.boolean(),
          count: z.number(),
        }),
      ),
    }),
    errors: [404],
  },
  async ({ user, runtime, params }) => ({
    data: await listCategories({ db: runtime.db, ownerId: user.id, accountId: params.accountId ?? '' }),
  }),
);

export const accountCollectsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts/{accountId}/collects',
    summary: 'Which listing is in which collection (optionally one collection, by its store id)',
    tags: ['listings'],
    auth: 'user',
    query: z.object({ collection_id: optionalText }),
    response: z.object({
      data: z.array(
        z.object({ collection_id: z.string(), listing_id: z.string(), position: z.number().nullable() }),
      ),
    }),
    errors: [404],
  },
  async ({ user, runtime, params, query }) => ({
    data: await listCollects({
      db: runtime.db,
      ownerId: user.id,
      accountId: params.accountId ?? '',
      collectionId: query.collection_id,
    }),
  }),
);
