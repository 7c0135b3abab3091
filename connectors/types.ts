import type { ListingInput } from '../core/model/index.ts';

/**
 * One store platform behind one interface (DESIGN §8). An adapter maps its platform's products to our Listing
 * (core/model) and keeps the platform's rate limits and pagination to itself: callers only see pages of
 * listings and a cursor.
 */
export interface Connector {
  /** The store_accounts.type this adapter serves ('shopify', 'woocommerce', ...). */
  readonly platform: string;
  /** One cheap authenticated call: the store answers and our credentials are accepted. Never throws. */
  checkConnection(): Promise<ConnectionCheck>;
  /** A page of products; pass the previous page's nextCursor for the next one (null: that was the last). */
  listProducts(cursor?: string | null): Promise<ProductPage>;
  /** One product by the external_id it has in our listings (a bare platform id is accepted too); null when gone. */
  getProduct(id: string): Promise<StoreListing | null>;
  /** Categories (Shopify: product types). */
  listCategories(): Promise<StoreCategory[]>;
  /** Collections, with whether each is hand-picked (custom) or rule-based (smart). */
  listCollections(): Promise<StoreCollection[]>;
  /** How many products the store has, when the platform says so cheaply; sizes progress and picks the sync path. */
  countProducts?(): Promise<number | null>;
  /**
   * The products created or changed in the store since `since` (the platform's modified-since filter:
   * WooCommerce `modified_after`, BigCommerce `date_modified:min`, Magento `updated_at`, Ecwid `updatedFrom`,
   * Squarespace `modifiedAfter`), paged like listProducts, for the scheduled incremental sync. A partial listing:
   * a product it does not return was not removed (deletions are not in it), so a sync must not delete the
   * listings it did not see; the daily full pass does. Platforms without such a filter leave it out.
   */
  listProductsChangedSince?(since: Date, cursor?: string | null): Promise<ProductPage>;
  /**
   * Ask the store to send its product changes to `destination`, authenticated with `secret` (each platform says
   * how: WooCommerce signs the body with it, BigCommerce sends it back in a header), leaving alone what is already
   * registered there. Answers the store's ids of the hooks created, for removeWebhooks. For platforms whose
   * webhooks are registered through their API.
   */
  ensureWebhooks?(opts: { destination: string; secret: string }): Promise<string[]>;
  /** Remove what ensureWebhooks registered (a store being disconnected); ids already gone are fine. */
  removeWebhooks?(ids: readonly string[]): Promise<void>;
  /**
   * Every product in one pass, for large stores (Shopify: a bulk operation). Platforms without a bulk export
   * leave it out and the sync pages through listProducts instead.
   */
  exportProducts?(options?: ExportOptions): AsyncIterable<ExportItem>;
  /**
   * A collection's products (external ids) in the merchant's order and in the store's best-selling order, for
   * platforms that keep such orders per collection (Shopify). Null when the store no longer has it.
   */
  collectionOrder?(collectionId: string): Promise<CollectionOrder | null>;
  /**
   * A wholesale order as an order in the making in the store (Shopify: a draft order), for the merchant to
   * finish there. Throws ConnectorError when the store refuses it (missing scope, unknown variant).
   */
  createDraftOrder?(input: DraftOrderInput): Promise<DraftOrderResult>;
}

/** A webhook delivery as it arrived: the raw body (signatures are over its exact bytes) and lower-case headers. */
export type WebhookDelivery = { headers: Record<string, string | undefined>; body: Buffer };

/**
 * What a platform's webhook reader checks a delivery with: the secret made for the account when its webhooks
 * were registered (WooCommerce signs with it, BigCommerce sends it back), the account's opened credentials (the
 * store it names; Ecwid: the custom app's client secret) and the operator's app keys (Ecwid's app).
 */
export type WebhookKeys = {
  secret: string | null;
  credentials: Record<string, unknown> | null;
  appKeys?: AppKeys;
};

/**
 * What a delivery says, once its signature is checked: `ping` (the store testing the address; answer 200, do
 * nothing), `products` (these product ids changed or went; the sync reads each again), or `invalid` (the
 * signature is missing or wrong: 401, nothing done).
 */
export type WebhookEvent =
  | { kind: 'ping' }
  | { kind: 'products'; productIds: string[] }
  | { kind: 'ignored' }
  | { kind: 'invalid'; reason: string };

/** One line: the store's variant when known (else the product's first variant), else a custom line. */
export type DraftOrderLine = {
  variantId: string | null;
  productId: string | null;
  title: string;
  sku: string | null;
  quantity: number;
  unitPrice: number | null;
  currency: string;
};
export type DraftOrderInput = { email: string; note: string; lines: DraftOrderLine[]; tags?: string[] };
/** `adminUrl`: where the merchant opens it in the store's admin. */
export type DraftOrderResult = { id: string; name: string; adminUrl: string };

export type CollectionOrder = { manual: string[]; best_selling: string[] };

/** A listing as a connector returns it: always with its external_id, and the collections it belongs to. */
export type StoreListing = ListingInput & {
  external_id: string;
  source: string;
  /** The collections holding the product; undefined when the source did not say (a REST webhook payload). */
  collections?: { external_id: string; title: string }[];
  /**
   * The store categories holding the product, by the store's ids, for platforms where a product sits in several
   * (WooCommerce, BigCommerce, Magento, Ecwid...); undefined when the source did not say. `category` holds the first
   * one's name. The sync stores them as collects of kind 'category', so the category filter finds every product of
   * a category.
   */
  categories?: { external_id: string; title: string }[];
  /** When the product was created in the store (the created-desc sort), as ISO 8601. */
  external_created_at?: string | null;
};

/** A product the adapter could not map: skipped by the sync (SPEC §8) and reported in its result. */
export type ProductFailure = { external_id: string; title: string | null; error: string };

export type ProductPage = {
  listings: StoreListing[];
  failures: ProductFailure[];
  nextCursor: string | null;
};

export type ExportItem = { listing: StoreListing } | { failure: ProductFailure };

export type ExportOptions = {
  signal?: AbortSignal;
  /** Called while the platform prepares the export (objects it has gathered so far). */
  onPreparing?: (status: { objectCount: number }) => void;
};

export type StoreCategory = { external_id: string; title: string };
export type StoreCollection = { external_id: string; title: string; is_custom_collection: boolean };

export type ConnectionCheck =
  | {
      ok: true;
      shopName: string | null;
      currency: string | null;
      /** The storefront's address when the platform says it (Squarespace: the only store identity we learn). */
      storeUrl?: string | null;
    }
  | { ok: false; code: ConnectorErrorCode; reason: string };

export type ConnectorErrorCode =
  /** The store refused our credentials (revoked, uninstalled). */
  | 'unauthorized'
  /** The store does not exist (any more), or is closed, frozen or password-protected. */
  | 'unavailable'
  /** The network failed or the store kept answering 5xx after our retries. */
  | 'network'
  /** The store kept throttling us after our retries. */
  | 'throttled'
  /** The store answered something we do not understand, or reported errors in the query. */
  | 'invalid_response'
  /** A bulk export failed on the platform's side. */
  | 'export_failed'
  /** No credentials stored for the account. */
  | 'not_connected';

export class ConnectorError extends Error {
  constructor(
    readonly code: ConnectorErrorCode,
    message: string,
    readonly status?: number,
    /** The platform's own error codes (Shopify: errors[].extensions.code), for callers that react to one. */
    readonly platformCodes: string[] = [],
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

/**
 * What a verified webhook delivery says changed: the products by the external ids they have in our listings, and
 * whether they were deleted (else created or updated: read them again with getProduct).
 */
export type WebhookChange = { productIds: string[]; deleted: boolean };

/** One thing the merchant enters to connect a store (the key in the credentials; the UI writes the labels). */
export type CredentialField = {
  key: string;
  secret: boolean;
  optional?: boolean;
  /**
   * The store's own address (WooCommerce, Magento): the connect API checks it against private addresses before
   * anything is sent, and keeps it in the account's profile.
   */
  url?: boolean;
};

/**
 * How a merchant connects a store of a platform by typing credentials (platforms connected through an OAuth
 * redirect, as Shopify, have none). The connect API parses what was typed, stores the credentials encrypted as
 * they parsed (trimmed, normalized), then checks the connection with them.
 */
export type ConnectSpec = {
  fields: CredentialField[];
  /** Groups of keys of which one must be complete (Magento: an access token, or the four OAuth 1.0a keys). */
  alternatives?: string[][];
  parse(input: unknown): ConnectParse;
};

export type ConnectParse =
  | {
      ok: true;
      credentials: Record<string, unknown>;
      /**
       * The store_accounts.shop_domain the credentials name (a store hash's host, a store id, a store URL's
       * host); null when only the platform can say (Squarespace: checkConnection's storeUrl).
       */
      storeKey: string | null;
    }
  | { ok: false; issues: { field: string; message: string }[] };

/** What a connector needs to know of a store_accounts row. */
export type ConnectorAccount = {
  id: string;
  type: string;
  shopDomain: string;
  credentialsEncrypted: string | null;
  details?: unknown;
};

/** Process services an adapter may use; `sleep` is injectable so tests can see the waits a policy asks for. */
export type ConnectorDeps = {
  /** Opens store_accounts.credentials_encrypted (sealed with APP_SECRET by server/platform/secrets.server.ts). */
  decrypt: (sealed: string) => string;
  sleep?: (ms: number) => Promise<void>;
  /** Tuning for tests and operators (page sizes, poll intervals, retry waits); adapters document their keys. */
  options?: Record<string, number>;
  /**
   * The platform's API base instead of its public one, for fixed-host platforms (`<PLATFORM>_API_URL`: a local
   * server in tests, a proxy for operators). Adapters of merchant-hosted stores (WooCommerce, Magento) ignore it.
   */
  apiUrl?: string;
  /**
   * The fetch every request goes through. The server passes one that refuses private, loopback and link-local
   * addresses except `STORE_PRIVATE_HOSTS` (SSRF); adapters use it instead of the global fetch.
   */
  fetch?: typeof fetch;
  /** The operator's app keys for OAuth platforms (Etsy, eBay, Lightspeed), from the configuration. */
  appKeys?: AppKeys;
  /**
   * The app keys of each variant of a platform with one app per product line (Lightspeed: `x`, `r`), from
   * `<PREFIX>_<VARIANT>_CLIENT_ID`/`_SECRET`; the adapter picks its account's.
   */
  appKeysByVariant?: Record<string, AppKeys>;
  /**
   * Called when the adapter renewed the account's OAuth access token with its refresh token: `json` is the new
   * plain credentials (the shape `decrypt` gives back), for the caller to seal and store in
   * store_accounts.credentials_encrypted. The adapter awaits it before using the new token, because some
   * platforms (Lightspeed) revoke the old refresh token once the new access token is used: credentials not stored
   * here would put the store in a reconnect state at the next sync. Without it the renewal lasts as long as
   * the adapter instance. A refused renewal is ConnectorError('unauthorized').
   */
  onCredentials?: (json: string) => void | Promise<void>;
};

/**
 * A field the merchant enters, as the screen shows it. `url`: the store's own address; `choice`: one of
 * `options` (Lightspeed's series), each worded under `fields.<type>.<key>.options.<value>`.
 */
export type ConnectField = {
  key: string;
  kind: 'url' | 'text' | 'secret' | 'choice';
  optional?: boolean;
  options?: string[];
};

/** Credentials an OAuth platform answers for a new account, and which store they open. */
export type OAuthResult = {
  /** Identifies the store among the merchant's accounts (shop id, domain prefix); stored as shop_domain. */
  shopDomain: string;
  name?: string | null;
  credentials: Record<string, unknown>;
};

/** The operator's app on a platform (`<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`). */
export type AppKeys = { clientId: string; clientSecret?: string };

/**
 * The OAuth 2 authorization-code flow of a platform (DESIGN §8; connectors/README.md 'OAuth platforms'). The
 * server keeps the state and the PKCE verifier (single-use, 10 minutes), redirects to `authorizeUrl`, and on
 * the callback hands the code to `exchangeCode`. Token refresh happens inside the adapter, which reports new
 * tokens through ConnectorDeps.onCredentials.
 */
export interface OAuthPlatform {
  /** Whether the platform takes a PKCE code challenge (S256): the server then makes and keeps the verifier. */
  pkce: boolean;
  /** Fields asked before the redirect (Lightspeed: which series); most platforms: none. */
  fields?: ConnectField[];
  /**
   * The operator's settings the flow needs besides the app keys (eBay: EBAY_RU_NAME). The platform is offered
   * only when they are set; they reach both functions as `settings`.
   */
  settings?: string[];
  /** The secret is needed as well as the client id (every platform here): without it, not offered. */
  needsSecret: boolean;
  /**
   * For a platform with one app per product line (Lightspeed X-Series and R-Series): the variant the merchant's
   * input names. Its app keys are then `<PREFIX>_<VARIANT>_CLIENT_ID`/`_SECRET`; the adapter gets them all in
   * ConnectorDeps.appKeysByVariant.
   */
  variantOf?: (input: Record<string, string>) => string;
  /** Every variant `variantOf` can answer. */
  variants?: string[];
  authorizeUrl(opts: {
    appKeys: AppKeys;
    redirectUri: string;
    state: string;
    codeChallenge?: string;
    apiUrl?: string;
    input: Record<string, string>;
    settings: Record<string, string>;
  }): string;
  exchangeCode(opts: {
    appKeys: AppKeys;
    redirectUri: string;
    code: string;
    codeVerifier?: string;
    apiUrl?: string;
    fetch?: typeof fetch;
    input: Record<string, string>;
    settings: Record<string, string>;
    /** Every query parameter of the callback (some platforms add the shop there). */
    query: Record<string, string>;
  }): Promise<OAuthResult>;
}
