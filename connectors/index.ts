import { bigcommerceConnect, createBigcommerceConnector } from './bigcommerce/index.ts';
import { createEcwidConnector, ecwidConnect } from './ecwid/index.ts';
import { createMagentoConnector, magentoConnect } from './magento/index.ts';
import { createEbayConnector } from './ebay/index.ts';
import { createEtsyConnector } from './etsy/index.ts';
import { createLightspeedConnector } from './lightspeed/index.ts';
import { createShopifyConnector } from './shopify/index.ts';
import { createSquarespaceConnector, squarespaceConnect } from './squarespace/index.ts';
import type { ConnectSpec, Connector, ConnectorAccount, ConnectorDeps } from './types.ts';

export * from './types.ts';

type Factory = (account: ConnectorAccount, deps: ConnectorDeps) => Connector;

/**
 * One factory per store_accounts.type. A new platform (WooCommerce, BigCommerce...) is a folder implementing
 * Connector and one line here; the sync, the webhooks and the connection check use whatever this returns.
 */
const FACTORIES: Record<string, Factory> = {
  shopify: createShopifyConnector,
  etsy: createEtsyConnector,
  ebay: createEbayConnector,
  lightspeed: createLightspeedConnector,
  bigcommerce: createBigcommerceConnector,
  ecwid: createEcwidConnector,
  magento: createMagentoConnector,
  squarespace: createSquarespaceConnector,
};

/**
 * What the merchant types to connect a store, per platform connected by credentials (not by an OAuth redirect):
 * the fields, and how to parse them into the credentials to store and the store key they name.
 */
export const CONNECT_SPECS: Record<string, ConnectSpec> = {
  bigcommerce: bigcommerceConnect,
  ecwid: ecwidConnect,
  magento: magentoConnect,
  squarespace: squarespaceConnect,
};

export const CONNECTOR_PLATFORMS = Object.keys(FACTORIES);

export const hasConnector = (type: string): boolean => Object.hasOwn(FACTORIES, type);

/** The adapter for a store account; throws for account types without one (own listings, CSV). */
export function getConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const factory = FACTORIES[account.type];
  if (!factory) throw new Error(`No connector for store type "${account.type}"`);
  return factory(account, deps);
}
