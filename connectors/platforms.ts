import { readWooWebhook } from './woocommerce/index.ts';
import type { WebhookDelivery, WebhookEvent } from './types.ts';

/*
 * What the server and the Stores screen need to know of each platform besides its adapter: how a merchant
 * connects it, the fields they enter, how its webhooks are read, its OAuth functions. One entry per store type of
 * SPEC §1 and §8. The screen and the API offer a platform only when its adapter is registered too
 * (connectors/index.ts `hasConnector`), so an entry here never shows a platform that cannot connect.
 *
 * The words of each field (label and where to find it, in every language) are in core/i18n's `stores`
 * namespace under `fields.<type>.<key>`.
 */

/** A field the merchant enters. `url`: the store's own address (checked against private addresses). */
export type ConnectField = { key: string; kind: 'url' | 'text' | 'secret' };

/** Credentials an OAuth platform answers for a new account, and which store they open. */
export type OAuthResult = {
  /** Identifies the store among the merchant's accounts (shop id, domain prefix); stored as shop_domain. */
  shopDomain: string;
  name?: string | null;
  credentials: Record<string, unknown>;
};

/**
 * The OAuth 2 authorization-code flow of a platform (DESIGN §8; connectors/README.md 'OAuth platforms'). The
 * server keeps the state and the PKCE verifier (single-use, 10 minutes), redirects to `authorizeUrl`, and on
 * the callback hands the code to `exchangeCode`. Token refresh happens inside the adapter, which reports new
 * tokens through ConnectorDeps.onCredentials.
 */
export interface OAuthPlatform {
  /** Whether the platform takes a PKCE code challenge (S256): the server then makes and keeps the verifier. */
  pkce: boolean;
  /** Fields asked before the redirect (Lightspeed X-Series: the domain prefix); most platforms: none. */
  fields?: ConnectField[];
  authorizeUrl(opts: {
    appKeys: { clientId: string; clientSecret?: string };
    redirectUri: string;
    state: string;
    codeChallenge?: string;
    apiUrl?: string;
    input: Record<string, string>;
  }): string;
  exchangeCode(opts: {
    appKeys: { clientId: string; clientSecret?: string };
    redirectUri: string;
    code: string;
    codeVerifier?: string;
    apiUrl?: string;
    fetch?: typeof fetch;
    input: Record<string, string>;
    /** Every query parameter of the callback (some platforms add the shop there). */
    query: Record<string, string>;
  }): Promise<OAuthResult>;
}

export type PlatformDescriptor = {
  type: string;
  /** The platform's own name, the same in every language. */
  name: string;
  /**
   * fields: the merchant types keys; oauth: a redirect to the platform; app: installed from the platform's app
   * store (Shopify); discontinued: the platform closed, existing accounts keep their listings.
   */
  connect: 'fields' | 'oauth' | 'app' | 'discontinued';
  fields: ConnectField[];
  /** The field that names the store (its shop_domain) when the store has no url field (a store hash, an id). */
  accountKey?: string;
  /** The environment variable of a fixed-host platform's API base (`<PLATFORM>_API_URL`). */
  apiUrlEnv?: string;
  /** The prefix of the operator's OAuth app keys (`<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`). */
  appKeysEnv?: string;
  /** Reads a webhook delivery with the account's secret; platforms without signed webhooks leave it out. */
  readWebhook?: (delivery: WebhookDelivery, secret: string) => WebhookEvent;
  oauth?: OAuthPlatform;
  /**
   * The entry of an adapter written in another branch: the lead confirms the field keys (they are the keys of the
   * credentials object the adapter reads) and adds readWebhook / oauth when the adapter is merged.
   */
  completeAtMerge?: true;
};

export const PLATFORMS: Record<string, PlatformDescriptor> = {
  shopify: { type: 'shopify', name: 'Shopify', connect: 'app', fields: [] },
  woocommerce: {
    type: 'woocommerce',
    name: 'WooCommerce',
    connect: 'fields',
    fields: [
      { key: 'url', kind: 'url' },
      { key: 'consumerKey', kind: 'text' },
      { key: 'consumerSecret', kind: 'secret' },
    ],
    readWebhook: readWooWebhook,
  },
  bigcommerce: {
    type: 'bigcommerce',
    name: 'BigCommerce',
    connect: 'fields',
    fields: [
      { key: 'storeHash', kind: 'text' },
      { key: 'accessToken', kind: 'secret' },
    ],
    accountKey: 'storeHash',
    apiUrlEnv: 'BIGCOMMERCE_API_URL',
    completeAtMerge: true,
  },
  magento: {
    type: 'magento',
    name: 'Magento 2 / Adobe Commerce',
    connect: 'fields',
    fields: [
      { key: 'url', kind: 'url' },
      { key: 'accessToken', kind: 'secret' },
    ],
    completeAtMerge: true,
  },
  ecwid: {
    type: 'ecwid',
    name: 'Ecwid',
    connect: 'fields',
    fields: [
      { key: 'storeId', kind: 'text' },
      { key: 'token', kind: 'secret' },
    ],
    accountKey: 'storeId',
    apiUrlEnv: 'ECWID_API_URL',
    completeAtMerge: true,
  },
  squarespace: {
    type: 'squarespace',
    name: 'Squarespace',
    connect: 'fields',
    fields: [
      { key: 'url', kind: 'url' },
      { key: 'apiKey', kind: 'secret' },
    ],
    apiUrlEnv: 'SQUARESPACE_API_URL',
    completeAtMerge: true,
  },
  etsy: {
    type: 'etsy',
    name: 'Etsy',
    connect: 'oauth',
    fields: [],
    apiUrlEnv: 'ETSY_API_URL',
    appKeysEnv: 'ETSY',
    completeAtMerge: true,
  },
  ebay: {
    type: 'ebay',
    name: 'eBay',
    connect: 'oauth',
    fields: [],
    apiUrlEnv: 'EBAY_API_URL',
    appKeysEnv: 'EBAY',
    completeAtMerge: true,
  },
  lightspeed: {
    type: 'lightspeed',
    name: 'Lightspeed',
    connect: 'oauth',
    fields: [],
    apiUrlEnv: 'LIGHTSPEED_API_URL',
    appKeysEnv: 'LIGHTSPEED',
    completeAtMerge: true,
  },
  tradegecko: { type: 'tradegecko', name: 'TradeGecko', connect: 'discontinued', fields: [] },
};

export const platformOf = (type: string): PlatformDescriptor | null =>
  Object.hasOwn(PLATFORMS, type) ? PLATFORMS[type]! : null;
