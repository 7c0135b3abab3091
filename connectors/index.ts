import { createShopifyConnector } from './shopify/index.ts';
import { createWooCommerceConnector } from './woocommerce/index.ts';
import type { Connector, ConnectorAccount, ConnectorDeps } from './types.ts';

export * from './types.ts';
export { PLATFORMS, platformOf } from './platforms.ts';
export type { ConnectField, OAuthPlatform, OAuthResult, PlatformDescriptor } from './platforms.ts';

type Factory = (account: ConnectorAccount, deps: ConnectorDeps) => Connector;

/**
 * One factory per store_accounts.type. A new platform (WooCommerce, BigCommerce...) is a folder implementing
 * Connector and one line here; the sync, the webhooks and the connection check use whatever this returns.
 */
const FACTORIES: Record<string, Factory> = {
  shopify: createShopifyConnector,
  woocommerce: createWooCommerceConnector,
};

export const CONNECTOR_PLATFORMS = Object.keys(FACTORIES);

export const hasConnector = (type: string): boolean => Object.hasOwn(FACTORIES, type);

/** The adapter for a store account; throws for account types without one (own listings, CSV). */
export function getConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const factory = FACTORIES[account.type];
  if (!factory) throw new Error(`No connector for store type "${account.type}"`);
  return factory(account, deps);
}
