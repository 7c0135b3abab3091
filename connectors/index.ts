import { PLATFORMS, platformOf } from './platforms.ts';
import type { Connector, ConnectorAccount, ConnectorDeps } from './types.ts';

export * from './types.ts';
export { appKeysPrefix, connectFields, oauthSetup, PLATFORMS, platformOf } from './platforms.ts';
export type { PlatformDescriptor } from './platforms.ts';

/**
 * The store types with an adapter, in the order of the registry (connectors/platforms.ts). A new platform is a
 * folder implementing Connector and its entry there; the sync, the webhooks and the connection check use
 * whatever getConnector returns.
 */
export const CONNECTOR_PLATFORMS = Object.values(PLATFORMS)
  .filter((p) => p.create)
  .map((p) => p.type);

export const hasConnector = (type: string): boolean => !!platformOf(type)?.create;

/** The adapter for a store account; throws for account types without one (own listings, CSV). */
export function getConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const create = platformOf(account.type)?.create;
  if (!create) throw new Error(`No connector for store type "${account.type}"`);
  return create(account, deps);
}
