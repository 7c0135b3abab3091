import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const created = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; null for store-platform merchants who never gave one. */
    email: text('email'),
    passwordHash: text('password_hash'),
    businessName: text('business_name'),
    shopUrl: text('shop_url'),
    /** admin, manager, beta_tester */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** standalone, shopify, woocommerce, ... */
    platform: text('platform').notNull().default('standalone'),
    locale: text('locale').notNull().default('en'),
    settings: jsonb('settings').notNull().default({}),
    dynamicFields: jsonb('dynamic_fields').notNull().default({}),
    stripeCustomerId: text('stripe_customer_id'),
    stripeCouponId: text('stripe_coupon_id'),
    /** Rating prompt and tour state: { rated, ratingPostponedUntil, tourDone }. */
    flags: jsonb('flags').notNull().default({}),
    lastLoginAt: ts('last_login_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_created_at_idx').on(t.createdAt)],
);

/** Web login sessions behind the httpOnly cookie. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull().default({}),
    expiresAt: ts('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), index('auth_sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: created(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * A change of sign-in email waiting for its confirmation: the link mailed to the new address carries a token kept
 * here as its SHA-256 (the id). The email changes only when that link is opened in time.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The new address, lower-cased. */
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: created(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

/** Fixed-window counters for rate limits, shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull().default(0),
});

/** A connected store (or the user's own hand-made listings, type own). Credentials are encrypted with APP_SECRET. */
export const storeAccounts = pgTable(
  'store_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    /** Shop domain or base URL of the store; '' for the user's own listings. */
    shopDomain: text('shop_domain').notNull().default(''),
    credentialsEncrypted: text('credentials_encrypted'),
    details: jsonb('details').notNull().default({}),
    settings: jsonb('settings').notNull().default({}),
    connectionStatus: text('connection_status').notNull().default('unknown'),
    lastSyncAt: ts('last_sync_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('store_accounts_user_idx').on(t.userId),
    uniqueIndex('store_accounts_user_type_shop_key').on(t.userId, t.type, t.shopDomain),
  ],
);

/** Shopify OAuth sessions (offline and online). The payload holds the access token, encrypted. */
export const shopifySessions = pgTable(
  'shopify_sessions',
  {
    id: text('id').primaryKey(),
    shop: text('shop').notNull(),
    isOnline: boolean('is_online').notNull().default(false),
    payloadEncrypted: text('payload_encrypted').notNull(),
    expiresAt: ts('expires_at'),
    updatedAt: updated(),
  },
  (t) => [index('shopify_sessions_shop_idx').on(t.shop)],
);

/**
 * A store OAuth flow under way (server/stores/oauth.server.ts): the state we sent (its SHA-256 only), whose it is,
 * the PKCE verifier (sealed with APP_SECRET), what the merchant entered before the redirect. Spent on the callback
 * (deleted), expired after 10 minutes.
 */
export const storeOauthStates = pgTable(
  'store_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    verifierEncrypted: text('verifier_encrypted'),
    input: jsonb('input').notNull().default({}),
    expiresAt: ts('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [index('store_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * Webhook deliveries being handled or handled, so a redelivery is a no-op and two at once run once. Only
 * the ids: payloads carry buyers' personal data that a redaction must not leave behind.
 */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: text('id').primaryKey(),
  topic: text('topic').notNull(),
  shop: text('shop'),
  /** processing (claimed at received_at) or done. */
  state: text('state').notNull().default('done'),
  receivedAt: created(),
});

// ---------------------------------------------------------------- plans and billing

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** trial, essential, personal, business, enterprise, premium, custom */
  tier: text('tier').notNull(),
  yearlyPrice: doublePrecision('yearly_price').notNull().default(0),
  payAsYouGoPrice: doublePrecision('pay_as_you_go_price').notNull().default(0),
  durationDays: integer('duration_days').notNull(),
  limits: jsonb('limits').notNull(),
  ordering: integer('ordering').notNull().default(0),
  public: boolean('public').notNull().default(true),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    /** trial, stripe, shopify, manual, custom */
    type: text('type').notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    title: text('title').notNull(),
    startDate: ts('start_date').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** active, past_due (a payment failed; the provider retries), pending (awaiting approval), cancelled */
    status: text('status').notNull().default('active'),
    /** The provider's id: Stripe subscription id, Shopify AppSubscription GID. */
    externalId: text('external_id'),
    /** monthly (pay as you go) or yearly; null for trials and staff-made subscriptions. */
    period: text('period'),
    /** What each period costs after any coupon or offer, in whole currency units. */
    amount: doublePrecision('amount'),
    currency: text('currency'),
    couponId: text('coupon_id'),
    /** The provider's own status word (Stripe: active, past_due, canceled...; Shopify: ACTIVE, PENDING...). */
    externalStatus: text('external_status'),
    /** When the provider event last applied to this row happened: older events change nothing. */
    externalEventAt: ts('external_event_at'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.startDate),
    uniqueIndex('subscriptions_external_key')
      .on(t.type, t.externalId)
      .where(sql`external_id is not null`),
  ],
);

export const coupons = pgTable('coupons', {
  id: text('id').primaryKey(),
  percentOff: doublePrecision('percent_off').notNull(),
  valid: boolean('valid').notNull().default(true),
  createdAt: created(),
});

/** A limited offer (SPEC §9 ESSENTIAL-ANNUALLY): a discount on one plan and period while some remain. */
export const offers = pgTable('offers', {
  id: text('id').primaryKey(),
  remaining: integer('remaining').notNull().default(0),
  expiresAt: ts('expires_at'),
  planId: text('plan_id'),
  period: text('period'),
  percentOff: doublePrecision('percent_off').notNull().default(0),
});

/** Each order that took an offer, so the remaining count goes down once per order however often it is told. */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The order: a Stripe Checkout Session id or a Shopify AppSubscription GID. */
    reference: text('reference').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.reference] })],
);

// ---------------------------------------------------------------- catalogs

/** A catalog row; its pages are rows of catalog_pages. `revision` guards against stale saves (409). */
export const catalogs = pgTable(
  'catalogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug'),
    title: text('title').notNull(),
    /** The catalog document without its pages (settings, theme, CSS, templates, styles...). */
    document: jsonb('document').notNull(),
    schemaVersion: integer('schema_version').notNull(),
    revision: integer('revision').notNull().default(1),
    featured: boolean('featured').notNull().default(false),
    isTemplate: boolean('is_template').notNull().default(false),
    /** argon2id hash of the visitor password. */
    passwordHash: text('password_hash'),
    pageCount: integer('page_count').notNull().default(0),
    productCount: integer('product_count').notNull().default(0),
    pdfUrl: text('pdf_url'),
    downloadNumber: integer('download_number').notNull().default(0),
    /**
     * The editor's last saves, newest last: [{ id, revision }]. A save the client sends again (a retry after a
     * lost answer, a reload with unsaved changes) is recognised by its id and applied once.
     */
    recentSaves: jsonb('recent_saves').notNull().default([]),
    /**
     * The merchant's own host name this catalog is also served on (viewer, by the Host header); lower-cased. It
     * serves only once the owner proved they control it (`custom_hosts.verified_at`).
     */
    customHost: text('custom_host'),
    /**
     * Visitors see the catalog only once its owner publishes it; until then it is a draft that answers 404 to
     * everyone but the owner and staff. Catalogs made before drafts existed were migrated as published.
     */
    published: boolean('published').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('catalogs_owner_idx').on(t.ownerId, t.updatedAt),
    uniqueIndex('catalogs_slug_key').on(t.slug),
    index('catalogs_custom_host_idx').on(t.customHost),
    index('catalogs_featured_idx').on(t.featured),
  ],
);

/**
 * A host name a merchant named for their catalogs, and whether they proved they control it (a TXT record
 * `_catalog-builder.<host>` holding `token`, or a CNAME to the operator's catalog host), checked with DNS before
 * the host serves. Several accounts may name a host; one only may have it verified.
 */
export const customHosts = pgTable(
  'custom_hosts',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    /** The value the TXT record must hold (random, per account and host). */
    token: text('token').notNull(),
    verifiedAt: ts('verified_at'),
    /** How control was proved: txt or cname. */
    method: text('method'),
    checkedAt: ts('checked_at'),
    /** Why the last check failed: not_found, dns_unreachable, taken; null after a success. */
    problem: text('problem'),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.host] }),
    uniqueIndex('custom_hosts_verified_key')
      .on(t.host)
      .where(sql`verified_at is not null`),
  ],
);

export const catalogPages = pgTable(
  'catalog_pages',
  {
    id: text('id').notNull(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    document: jsonb('document').notNull(),
    /** The catalog revision that last wrote this page: editors ask for the pages changed since theirs. */
    revision: integer('revision').notNull().default(1),
    updatedAt: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.id] }),
    index('catalog_pages_order_idx').on(t.catalogId, t.position),
  ],
);

// ---------------------------------------------------------------- listings

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    externalId: text('external_id'),
    parentExternalId: text('parent_external_id'),
    language: text('language'),
    title: text('title').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    stock: integer('stock'),
    category: text('category'),
    vendor: text('vendor'),
    brand: text('brand'),
    sku: text('sku'),
    price: doublePrecision('price'),
    online: boolean('online').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
    /** Position in the store's own ordering (Shopify "manual"), and popularity for "best-selling". */
    storePosition: integer('store_position'),
    salesRank: integer('sales_rank'),
    /** The full Listing document (core/model ListingSchema). */
    document: jsonb('document').notNull(),
    /**
     * Title, SKU, vendor, brand and category, accents folded (NFD with combining marks removed, and the letters
     * that do not decompose mapped by hand), so "emile" finds "Émile". Keywords are folded the same way in
     * server/listings/search.server.ts (foldAccents). Every function here is immutable and built in.
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', translate(regexp_replace(normalize(coalesce(title, '') || ' ' || coalesce(sku, '') || ' ' || coalesce(vendor, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(category, ''), NFD), '[\\u0300-\\u036f]', '', 'g'), 'øØđĐłŁħĦı', 'oOdDlLhHi'))`,
    ),
    externalCreatedAt: ts('external_created_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('listings_account_external_key').on(t.accountId, t.externalId),
    index('listings_owner_title_idx').on(t.ownerId, t.title),
    index('listings_account_status_idx').on(t.accountId, t.status),
    index('listings_account_category_idx').on(t.accountId, t.category),
    index('listings_account_vendor_idx').on(t.accountId, t.vendor),
    index('listings_account_price_idx').on(t.accountId, t.price),
    index('listings_account_stock_idx').on(t.accountId, t.stock),
    index('listings_source_idx').on(t.source),
    index('listings_search_idx').using('gin', t.search),
  ],
);

/** Collections, categories, shops and sections of a store account. */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => storeAccounts.id, { onDelete: 'cascade' }),
    /** collection, category, shop, section */
    kind: text('kind').notNull(),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    isCustomCollection: boolean('is_custom_collection').notNull().default(false),
    parentExternalId: text('parent_external_id'),
  },
  (t) => [uniqueIndex('collections_account_kind_external_key').on(t.accountId, t.kind, t.externalId)],
);

/** Which listing belongs to which collection ("collects"). */
export const collects = pgTable(
  'collects',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    position: integer('position'),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.listingId] }),
    index('collects_listing_idx').on(t.listingId),
  ],
);

// ---------------------------------------------------------------- layouts and templates

export const pageLayouts = pgTable(
  'page_layouts',
  {
    id: text('id').primaryKey(),
    /** null for the product's own layouts. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull(),
    public: boolean('public').notNull().default(true),
    availability: text('availability').notNull().default('all'),
    /** Staff's order of the library's layouts within a type (SPEC §2.1 public layouts managed with ordering). */
    ordering: integer('ordering').notNull().default(100),
    /** The PageLayout document (core/model PageLayoutSchema). */
    document: jsonb('document').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('page_layouts_owner_idx').on(t.ownerId), index('page_layouts_type_idx').on(t.type)],
);

export const priceTemplates = pgTable('price_templates', {
  id: text('id').primaryKey(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  html: text('html').notNull(),
  public: boolean('public').notNull().default(true),
  ordering: integer('ordering').notNull().default(100),
  replacements: jsonb('replacements').notNull().default([]),
  options: jsonb('options').notNull().default({}),
  createdAt: created(),
  updatedAt: updated(),
});

export const descriptionTemplates = pgTable('description_templates', {
  id: text('id').primaryKey(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  html: text('html').notNull(),
  public: boolean('public').notNull().default(true),
  ordering: integer('ordering').notNull().default(100),
  createdAt: created(),
  updatedAt: updated(),
});

// ---------------------------------------------------------------- files, orders, jobs, events

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Storage key under the files root (local disk or S3). */
    key: text('key').notNull(),
    url: text('url').notNull(),
    /** font, image, pdf, page */
    filetype: text('filetype').notNull(),
    mimeType: text('mime_type'),
    size: integer('size'),
    /** Fonts: the family the file names (its name table), as the fonts panel offers it. */
    fontFamily: text('font_family'),
    temp: boolean('temp').notNull().default(false),
    /**
     * SHA-256 of the uploaded content (hex): the same picture uploaded again by its owner answers this file
     * instead of keeping a second copy. Null for files kept before uploads were hashed.
     */
    contentHash: text('content_hash'),
    createdAt: created(),
  },
  (t) => [
    index('files_owner_type_idx').on(t.ownerId, t.filetype),
    uniqueIndex('files_key_key').on(t.key),
    uniqueIndex('files_owner_content_key').on(t.ownerId, t.contentHash),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customer: jsonb('customer').notNull(),
    comments: text('comments').notNull().default(''),
    items: jsonb('items').notNull(),
    total: doublePrecision('total'),
    currency: text('currency'),
    /**
     * The Shopify draft order made from this order: { state: pending | created | failed, id, name, url, error }.
     * Null for merchants without a Shopify store.
     */
    draftOrder: jsonb('draft_order'),
    /**
     * unconfirmed: sent from a catalog but not yet real (the buyer has not confirmed their address by the mailed
     * link, nor the merchant accepted it): it does not count against the plan's orders and nothing of what the
     * sender typed has been mailed. new: a real order. The merchant then marks it confirmed, shipped or
     * cancelled (core/orders MERCHANT_ORDER_STATUSES), and the buyer is told by mail.
     */
    status: text('status').notNull().default('new'),
    /**
     * The order's short number for its merchant (#1042), given when it becomes real, from the owner's sequence
     * (order_sequences): never reused, so it stays the order's name in mails, CSV and the merchant's books.
     */
    number: integer('number'),
    /** SHA-256 of the buyer's confirmation link token; kept after use so the link says it was used. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the buyer confirmed their address (null when the merchant accepted the order instead). */
    emailConfirmedAt: ts('email_confirmed_at'),
    createdAt: created(),
  },
  (t) => [
    index('orders_owner_created_idx').on(t.ownerId, t.createdAt),
    index('orders_catalog_created_idx').on(t.catalogId, t.createdAt),
    uniqueIndex('orders_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('orders_owner_number_key').on(t.ownerId, t.number),
  ],
);

/** The last order number each merchant gave (orders.number): one row a merchant, moved on atomically. */
export const orderSequences = pgTable('order_sequences', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  last: integer('last').notNull(),
});

/** Job state mirrored from whichever runner executes it (SPEC §4: pending, complete, failed). */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    /**
     * pending, active, complete, failed; waiting: its children (parent_id) run, and it runs again once they are
     * all complete (a long export's parts, then their merge).
     */
    state: text('state').notNull().default('pending'),
    /** The job this one is a part of (see `waiting`); removed with it. */
    parentId: uuid('parent_id').references((): AnyPgColumn => jobs.id, { onDelete: 'cascade' }),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    /**
     * Jobs of one name with the same key do the same work: enqueueing while one that never started is pending
     * returns it, and two of them never run at once (server/jobs/state.server.ts).
     */
    dedupeKey: text('dedupe_key'),
    /** When the first attempt started; a job that started has read its inputs, so it is no longer joined. */
    startedAt: ts('started_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('jobs_state_run_idx').on(t.state, t.runAt),
    index('jobs_owner_idx').on(t.ownerId, t.createdAt),
    index('jobs_dedupe_idx').on(t.name, t.dedupeKey, t.state),
    index('jobs_parent_idx').on(t.parentId),
    // One joinable job per key, so concurrent enqueues agree on it (insert ... on conflict do nothing).
    uniqueIndex('jobs_dedupe_pending_key')
      .on(t.name, t.dedupeKey)
      .where(sql`state = 'pending' and started_at is null`),
  ],
);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: created(),
  },
  (t) => [index('events_user_type_idx').on(t.userId, t.type, t.createdAt)],
);

export const recordedSessions = pgTable(
  'recorded_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time'),
  },
  (t) => [index('recorded_sessions_user_idx').on(t.userId, t.startTime)],
);

export const globalSettings = pgTable('global_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value'),
  updatedAt: updated(),
});

export const waitingList = pgTable(
  'waiting_list',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    platform: text('platform').notNull().default(''),
    createdAt: created(),
  },
  (t) => [uniqueIndex('waiting_list_email_platform_key').on(t.email, t.platform)],
);

/**
 * What merchants say about the product (issue 27: collected, never invented): written from the dashboard in the
 * language they chose, shown on /testimonials in that language once staff approved it. Goes with its account.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text, control characters and markup removed. */
    text: text('text').notNull(),
    /** The name shown under it, and the business. */
    name: text('name').notNull(),
    business: text('business').notNull().default(''),
    language: text('language').notNull(),
    /** pending, approved, rejected */
    status: text('status').notNull().default('pending'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: created(),
  },
  (t) => [
    index('testimonials_owner_idx').on(t.ownerId, t.createdAt),
    index('testimonials_status_idx').on(t.status, t.language, t.createdAt),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    segmentId: text('segment_id').notNull().default(''),
    createdAt: created(),
  },
  (t) => [uniqueIndex('leads_email_segment_key').on(t.email, t.segmentId)],
);

/**
 * What staff did (SPEC §2.1: upgrades, downgrades, trial extensions, featured, templates, layouts, settings,
 * exports): who, what and when, listed on the row of the user or catalog it was done to. Kept when the staff
 * account goes (its email stays on the row).
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** upgrade, downgrade, extend_trial, feature, unfeature, add_template, remove_template, ... */
    action: text('action').notNull(),
    /** user, catalog, layout, price_template, description_template, setting */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: created(),
  },
  (t) => [index('staff_actions_subject_idx').on(t.subjectType, t.subjectId, t.createdAt)],
);

/**
 * A merchant's saved looks (issue 24 §1): a catalog's theme, branding CSS, fonts, background, page borders and
 * price style under a name, applied to another catalog from the theme editor.
 */
export const savedThemes = pgTable(
  'saved_themes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The catalog fields it carries (core/branding SavedLookSchema). */
    look: jsonb('look').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('saved_themes_owner_name_key').on(t.ownerId, t.name)],
);
