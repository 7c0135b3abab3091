import { z } from 'zod';
import { clientTuning, connectSpec, openCredentials } from '../shared/index.ts';
import type { ConnectSpec, Connector, ConnectorAccount, ConnectorDeps } from '../types.ts';
import { WooCommerceConnector } from './connector.ts';

export {
  WOO_MAX_PAGE_SIZE,
  WOO_WEBHOOK_TOPICS,
  WooCommerceConnector,
  wooClient,
  wooUrl,
  type WooConnectorOptions,
} from './connector.ts';
export { mapProduct, wooProductId, type WooProduct, type WooVariation } from './map-product.ts';
export { readWooWebhook, wooWebhookSignature } from './webhooks.ts';

/** REST API keys (WooCommerce › Settings › Advanced › REST API), with Read access (Read/Write for webhooks). */
export const wooKeys = z.object({
  consumerKey: z.string().trim().min(1),
  consumerSecret: z.string().trim().min(1),
});

/**
 * What the merchant types: the store's address (the connect API normalizes it and refuses private addresses
 * before this runs; it is the account's shop_domain) and the keys.
 */
export const wooCredentials = wooKeys.extend({
  url: z.url({ protocol: /^https?$/, error: 'The store address must start with https:// (or http://)' }),
});

export const wooConnect: ConnectSpec = connectSpec({
  fields: [
    { key: 'url', secret: false, url: true },
    { key: 'consumerKey', secret: false },
    { key: 'consumerSecret', secret: true },
  ],
  schema: wooCredentials,
  // The address, with its scheme (http stores sign differently) and any path of a WordPress in a folder.
  storeKey: (c) => c.url,
});

/**
 * The WooCommerce adapter for a store account: `shopDomain` is the store's address (https://shop.example, or
 * with the path of a WordPress in a folder), its credentials the REST API keys `{ consumerKey, consumerSecret }`.
 * Tuning keys (deps.options): pageSize, variationConcurrency, maxRetries, retryBaseMs, maxThrottleRetries,
 * timeoutMs.
 */
export function createWooCommerceConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const keys = openCredentials(account, deps, wooKeys, 'WooCommerce');
  const o = deps.options ?? {};
  return new WooCommerceConnector({
    baseUrl: account.shopDomain,
    ...keys,
    fetch: deps.fetch,
    sleep: deps.sleep,
    pageSize: o.pageSize,
    variationConcurrency: o.variationConcurrency,
    ...clientTuning(o),
  });
}
