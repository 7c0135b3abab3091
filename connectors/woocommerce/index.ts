import { ConnectorError, type Connector, type ConnectorAccount, type ConnectorDeps } from '../types.ts';
import { WooCommerceConnector } from './connector.ts';

export { WOO_MAX_PAGE_SIZE, WooClient, retryAfterMs } from './client.ts';
export { WOO_WEBHOOK_TOPICS, WooCommerceConnector, decodeEntities } from './connector.ts';
export type { WooConnectorOptions } from './connector.ts';
export { mapProduct, wooProductId } from './map-product.ts';
export type { WooProduct, WooVariation } from './map-product.ts';
export { signUrl, oauthSignature, signatureBaseString } from './oauth1.ts';
export { readWooWebhook, wooWebhookSignature } from './webhooks.ts';

/**
 * The WooCommerce adapter for a store account: `shopDomain` is the store's address (https://shop.example, or
 * with the path of a WordPress in a folder), its credentials the REST API keys `{ consumerKey, consumerSecret }`.
 */
export function createWooCommerceConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  if (!account.credentialsEncrypted)
    throw new ConnectorError('not_connected', `${account.shopDomain} has no stored API keys`);
  const keys = JSON.parse(deps.decrypt(account.credentialsEncrypted)) as {
    consumerKey?: unknown;
    consumerSecret?: unknown;
  };
  if (typeof keys.consumerKey !== 'string' || typeof keys.consumerSecret !== 'string')
    throw new ConnectorError('not_connected', `${account.shopDomain} has no stored API keys`);
  const o = deps.options ?? {};
  return new WooCommerceConnector({
    baseUrl: account.shopDomain,
    consumerKey: keys.consumerKey,
    consumerSecret: keys.consumerSecret,
    fetch: deps.fetch,
    sleep: deps.sleep,
    maxRetries: o.maxRetries,
    retryBaseMs: o.retryBaseMs,
    timeoutMs: o.timeoutMs,
    pageSize: o.pageSize,
    variationConcurrency: o.variationConcurrency,
  });
}
