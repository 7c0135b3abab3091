import {
  bigcommerceConnect,
  createBigcommerceConnector,
  readBigcommerceDelivery,
} from './bigcommerce/index.ts';
import { createEbayConnector, ebayOAuth } from './ebay/index.ts';
import { createEcwidConnector, ecwidConnect, readEcwidDelivery } from './ecwid/index.ts';
import { createEtsyConnector, etsyOAuth } from './etsy/index.ts';
import { createLightspeedConnector, lightspeedOAuth } from './lightspeed/index.ts';
import { createMagentoConnector, magentoConnect } from './magento/index.ts';
import { createShopifyConnector } from './shopify/index.ts';
import { createSquarespaceConnector, squarespaceConnect } from './squarespace/index.ts';
import type {
  AppKeys,
  ConnectField,
  ConnectSpec,
  Connector,
  ConnectorAccount,
  ConnectorDeps,
  OAuthPlatform,
  WebhookDelivery,
  WebhookEvent,
  WebhookKeys,
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
  /**
   * The prefix of the operator's app keys (`<PREFIX>_CLIENT_ID`, `<PREFIX>_CLIENT_SECRET`; with variants,
   * `<PREFIX>_<VARIANT>_CLIENT_ID`).
   */
  appKeysEnv?: string;
  /**
   * Reads a webhook delivery, checking its signature (or secret header) with the account's keys; platforms
   * without signed webhooks leave it out.
   */
  readWebhook?: (delivery: WebhookDelivery, keys: WebhookKeys) => WebhookEvent;
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
    readWebhook: (delivery, keys) =>
      keys.secret
        ? readWooWebhook(delivery, keys.secret)
        : { kind: 'invalid', reason: 'This store has no webhook secret' },
  },
  bigcommerce: {
    type: 'bigcommerce',
    name: 'BigCommerce',
    connect: 'fields',
    create: createBigcommerceConnector,
    spec: bigcommerceConnect,
    apiUrlEnv: 'BIGCOMMERCE_API_URL',
    readWebhook: readBigcommerceDelivery,
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
    readWebhook: readEcwidDelivery,
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
    oauth: etsyOAuth,
  },
  ebay: {
    type: 'ebay',
    name: 'eBay',
    connect: 'oauth',
    create: createEbayConnector,
    apiUrlEnv: 'EBAY_API_URL',
    appKeysEnv: 'EBAY',
    oauth: ebayOAuth,
  },
  lightspeed: {
    type: 'lightspeed',
    name: 'Lightspeed',
    connect: 'oauth',
    create: createLightspeedConnector,
    apiUrlEnv: 'LIGHTSPEED_API_URL',
    appKeysEnv: 'LIGHTSPEED',
    oauth: lightspeedOAuth,
  },
  tradegecko: { type: 'tradegecko', name: 'TradeGecko', connect: 'discontinued' },
};

export const platformOf = (type: string): PlatformDescriptor | null =>
  Object.hasOwn(PLATFORMS, type) ? PLATFORMS[type]! : null;

/** The settings prefix of a platform's app keys, for one variant (Lightspeed's `x`, `r`) or none. */
export const appKeysPrefix = (platform: PlatformDescriptor, variant?: string): string =>
  variant ? `${platform.appKeysEnv}_${variant.toUpperCase()}` : platform.appKeysEnv!;

/**
 * What the OAuth flow of a platform needs from the operator's configuration for this input (Lightspeed: the
 * series chosen): the app keys and the other settings it names, or null when any is unset (not offered).
 */
export function oauthSetup(
  platform: PlatformDescriptor,
  config: Record<string, unknown>,
  input: Record<string, string> = {},
): { appKeys: AppKeys; settings: Record<string, string>; apiUrl?: string } | null {
  const oauth = platform.oauth;
  if (platform.connect !== 'oauth' || !oauth || !platform.appKeysEnv) return null;
  const setting = (name: string) =>
    typeof config[name] === 'string' && config[name] !== '' ? (config[name] as string) : undefined;
  const prefix = appKeysPrefix(platform, oauth.variantOf?.(input));
  const clientId = setting(`${prefix}_CLIENT_ID`);
  const clientSecret = setting(`${prefix}_CLIENT_SECRET`);
  if (!clientId || (oauth.needsSecret && !clientSecret)) return null;
  const settings: Record<string, string> = {};
  for (const name of oauth.settings ?? []) {
    const v = setting(name);
    if (!v) return null;
    settings[name] = v;
  }
  return {
    appKeys: { clientId, clientSecret },
    settings,
    apiUrl: platform.apiUrlEnv ? setting(platform.apiUrlEnv) : undefined,
  };
}

/** The fields of a platform as the Stores screen asks them: the OAuth flow's first fields, else its spec's. */
export function connectFields(platform: PlatformDescriptor): ConnectField[] {
  if (platform.connect === 'oauth') return platform.oauth?.fields ?? [];
  return (platform.spec?.fields ?? []).map((f) => ({
    key: f.key,
    kind: f.url ? 'url' : f.secret ? 'secret' : 'text',
    ...(f.optional ? { optional: true } : {}),
  }));
}
