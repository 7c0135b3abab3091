import { bigcommerceConnect, createBigcommerceConnector } from './bigcommerce/index.ts';
import { createEbayConnector } from './ebay/index.ts';
import { createEcwidConnector, ecwidConnect } from './ecwid/index.ts';
import { createEtsyConnector } from './etsy/index.ts';
import { createLightspeedConnector } from './lightspeed/index.ts';
import { createMagentoConnector, magentoConnect } from './magento/index.ts';
import { createShopifyConnector } from './shopify/index.ts';
import { createSquarespaceConnector, squarespaceConnect } from './squarespace/index.ts';
import type {
  ConnectSpec,
  Connector,
  ConnectorAccount,
  ConnectorDeps,
  WebhookDelivery,
  WebhookEvent,
} from './types.ts';
import { createWooCommerceConnector, readWooWebhook, wooConnect } from './woocommerce/index.ts';

/*
 * The one registry of store platforms (SPEC §1 and §8): per store type, its adapter, how a merchant connects it
 * (the ConnectSpec of the credentials they type, or the OAuth flow), how its webhooks are read, and its settings.
 * The server, the Stores screen and GET /api/v1/platforms read it; a platform is offered only when it has an
 * adapter (`create`).
 *
 * The words of each field (label and where to find it, in every language) are in core/i18n's `stores`
 * namespace under `fields.<type>.<key>`.
 */

/** A field the merchant enters, as the screen shows it. `url`: the store's own address. */
export type ConnectField = { key: string; kind: 'url' | 'text' | 'secret'; optional?: boolean };

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
   * fields: the merchant types credentials (`spec`); oauth: a redirect to the platform (`oauth`); app: installed
   * from the platform's app store (Shopify); discontinued: the platform closed, existing accounts keep their
   * listings.
   */
  connect: 'fields' | 'oauth' | 'app' | 'discontinued';
  /** The adapter of an account of this type; none for a discontinued platform. */
  create?: (account: ConnectorAccount, deps: ConnectorDeps) => Connector;
  /** What the merchant types, parsed into the credentials to store and the store they name (connect: fields). */
  spec?: ConnectSpec;
  /** The environment variable of a fixed-host platform's API base (`<PLATFORM>_API_URL`). */
  apiUrlEnv?: string;
  /** The prefix of the operator's app keys (`<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`). */
  appKeysEnv?: string;
  /** Reads a webhook delivery with the account's secret; platforms without signed webhooks leave it out. */
  readWebhook?: (delivery: WebhookDelivery, secret: string) => WebhookEvent;
  oauth?: OAuthPlatform;
};

export const PLATFORMS: Record<string, PlatformDescriptor> = {
  shopify: { type: 'shopify', name: 'Shopify', connect: 'app', create: createShopifyConnector },
  woocommerce: {
    type: 'woocommerce',
    name: 'WooCommerce',
    connect: 'fields',
    create: createWooCommerceConnector,
    spec: wooConnect,
    readWebhook: readWooWebhook,
  },
  bigcommerce: {
    type: 'bigcommerce',
    name: 'BigCommerce',
    connect: 'fields',
    create: createBigcommerceConnector,
    spec: bigcommerceConnect,
    apiUrlEnv: 'BIGCOMMERCE_API_URL',
  },
  magento: {
    type: 'magento',
    name: 'Magento 2 / Adobe Commerce',
    connect: 'fields',
    create: createMagentoConnector,
    spec: magentoConnect,
  },
  ecwid: {
    type: 'ecwid',
    name: 'Ecwid',
    connect: 'fields',
    create: createEcwidConnector,
    spec: ecwidConnect,
    apiUrlEnv: 'ECWID_API_URL',
    appKeysEnv: 'ECWID',
  },
  squarespace: {
    type: 'squarespace',
    name: 'Squarespace',
    connect: 'fields',
    create: createSquarespaceConnector,
    spec: squarespaceConnect,
    apiUrlEnv: 'SQUARESPACE_API_URL',
  },
  etsy: {
    type: 'etsy',
    name: 'Etsy',
    connect: 'oauth',
    create: createEtsyConnector,
    apiUrlEnv: 'ETSY_API_URL',
    appKeysEnv: 'ETSY',
  },
  ebay: {
    type: 'ebay',
    name: 'eBay',
    connect: 'oauth',
    create: createEbayConnector,
    apiUrlEnv: 'EBAY_API_URL',
    appKeysEnv: 'EBAY',
  },
  lightspeed: {
    type: 'lightspeed',
    name: 'Lightspeed',
    connect: 'oauth',
    create: createLightspeedConnector,
    apiUrlEnv: 'LIGHTSPEED_API_URL',
    appKeysEnv: 'LIGHTSPEED',
  },
  tradegecko: { type: 'tradegecko', name: 'TradeGecko', connect: 'discontinued' },
};

export const platformOf = (type: string): PlatformDescriptor | null =>
  Object.hasOwn(PLATFORMS, type) ? PLATFORMS[type]! : null;

/** The fields of a platform as the Stores screen asks them: the OAuth flow's first fields, else its spec's. */
export function connectFields(platform: PlatformDescriptor): ConnectField[] {
  if (platform.connect === 'oauth') return platform.oauth?.fields ?? [];
  return (platform.spec?.fields ?? []).map((f) => ({
    key: f.key,
    kind: f.url ? 'url' : f.secret ? 'secret' : 'text',
    ...(f.optional ? { optional: true } : {}),
  }));
}
