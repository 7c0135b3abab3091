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
  connectStore,
  disconnectStore,
  reconnectStore,
  type ConnectDeps,
  getAccount,
  listAccounts,
  updateAccountSettings,
  listCategories,
  listCollects,
  listSections,
  listShops,
} from '../../server/stores/index.ts';
import { defineEndpoint, type Runtime } from '../../server/runtime/index.ts';

export const AccountSchema = z.object({
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
  platform_name: z.string().nullable(),
  discontinued: z.boolean(),
  sync: z
    .object({
      job_id: z.string(),
      state: z.string(),
      done: z.number(),
      total: z.number(),
      error: z.string().nullable(),
      updated_at: z.string(),
    })
    .nullable(),
  last_sync_result: z
    .object({
      finished_at: z.string(),
      created: z.number(),
      updated: z.number(),
      removed: z.number(),
      skipped_count: z.number(),
      skipped: z.array(
        z.object({ external_id: z.string(), title: z.string().nullable(), error: z.string() }),
      ),
    })
    .nullable(),
  webhooks: z.object({ active: z.boolean(), error: z.string().nullable() }),
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
    summary:
      "Change a store account's settings (merged with the current ones), and/or reconnect it: new credentials " +
      '(the fields its platform asks, as when connecting) are tried on the store first, then replace the old ones ' +
      "and clear the 'reconnect' state; a sync follows. A refusal is a 400 with details.problem and the store's reason.",
    tags: ['stores'],
    auth: 'user',
    body: z
      .object({
        settings: z.record(z.string(), z.unknown()).optional(),
        credentials: z.record(z.string(), z.string().max(2000)).optional(),
      })
      .refine((b) => b.settings || b.credentials, { message: 'settings or credentials is required' }),
    response: AccountSchema.extend({ job_id: z.string().nullable() }),
    errors: [404],
  },
  async ({ user, runtime, params, body }) => {
    const accountId = params.accountId ?? '';
    let jobId: string | null = null;
    if (body.credentials) {
      const { jobId: id } = await reconnectStore(connectDeps(runtime), {
        ownerId: user.id,
        accountId,
        credentials: body.credentials,
      });
      jobId = id;
    }
    const account = body.settings
      ? await updateAccountSettings({ db: runtime.db, ownerId: user.id, accountId, settings: body.settings })
      : await getAccount({ db: runtime.db, ownerId: user.id, accountId });
    return { ...account, job_id: jobId };
  },
);

/** What connecting a store needs of the runtime. */
export const connectDeps = (runtime: Runtime): ConnectDeps => ({
  db: runtime.db,
  jobs: runtime.jobs,
  appSecret: runtime.config.appSecret,
  appUrl: runtime.config.appUrl,
  config: runtime.config,
  logger: runtime.logger,
});

export const createAccountEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/accounts',
    summary:
      'Connect a store: `type` is its platform (GET /api/v1/platforms lists what can be connected here), `url` ' +
      'its address where the platform is self-hosted (WooCommerce), `credentials` the fields the platform asks ' +
      '(WooCommerce: consumerKey, consumerSecret). The store is asked first (checkConnection); only then are the ' +
      'credentials stored, sealed with APP_SECRET, webhooks registered where the platform has them, and the first ' +
      'sync queued (job_id). The same store connected again updates its account. A refusal is a 400 whose ' +
      'details.problem names it (missing_field, bad_url, private_address, unknown_host, unauthorized, unavailable, ' +
      "network, throttled, invalid_response, discontinued, not_offered) with the store's own reason.",
    tags: ['stores'],
    auth: 'user',
    body: z.object({
      type: z.string().min(1).max(50),
      url: z.string().max(2000).optional(),
      credentials: z.record(z.string(), z.string().max(2000)).default({}),
    }),
    response: z.object({ account: AccountSchema, job_id: z.string() }),
  },
  async ({ user, runtime, body }) => {
    const { account, jobId } = await connectStore(connectDeps(runtime), {
      ownerId: user.id,
      type: body.type,
      url: body.url,
      credentials: body.credentials,
    });
    return { account, job_id: jobId };
  },
);

export const deleteAccountEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/accounts/{accountId}',
    summary:
      'Disconnect a store. listings=remove: the account goes with its listings; listings=keep (the default): its ' +
      'credentials and webhooks go, its listings stay (usable in catalogs, searchable) under the account, now ' +
      "'disconnected'; connecting the same store again picks them up.",
    tags: ['stores'],
    auth: 'user',
    query: z.object({ listings: z.enum(['keep', 'remove']).default('keep') }),
    response: z.object({ deleted: z.literal(true), listings: z.enum(['kept', 'removed']) }),
    errors: [404],
  },
  async ({ user, runtime, params, query }) => {
    await disconnectStore(connectDeps(runtime), {
      ownerId: user.id,
      accountId: params.accountId ?? '',
      listings: query.listings,
    });
    return {
      deleted: true as const,
      listings: query.listings === 'keep' ? ('kept' as const) : ('removed' as const),
    };
  },
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
