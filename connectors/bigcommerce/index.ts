import { z } from 'zod';
import { clientTuning, connectSpec, openCredentials } from '../shared/index.ts';
import type { ConnectSpec, Connector, ConnectorAccount, ConnectorDeps } from '../types.ts';
import { BigcommerceConnector } from './connector.ts';

export { BIGCOMMERCE_API_URL, BigcommerceConnector, type BigcommerceConnectorOptions } from './connector.ts';
export { bulkTiers, mapBigcommerceProduct, type BcProduct, type BcVariant } from './map-product.ts';
export {
  BIGCOMMERCE_PRODUCT_SCOPES,
  BIGCOMMERCE_WEBHOOK_HEADER,
  bigcommerceHookBody,
  readBigcommerceDelivery,
  readBigcommerceWebhook,
  verifyBigcommerceWebhook,
  type BigcommerceWebhookPayload,
} from './webhooks.ts';

/**
 * A store-level API account (Settings › API › Store-level API accounts): its store hash and access token, with
 * Products and Information & settings read-only (and Webhooks-capable scopes for staying current). The API path
 * it shows (https://api.bigcommerce.com/stores/{hash}/v3/) is accepted for the hash.
 */
export const bigcommerceCredentials = z.object({
  storeHash: z.preprocess(
    (v) => (typeof v === 'string' ? (/\/stores\/([a-z0-9]+)/i.exec(v)?.[1] ?? v.trim()) : v),
    z
      .string()
      .regex(/^[a-z0-9]{1,64}$/i, 'A store hash is letters and digits, as in the API path /stores/{hash}/'),
  ),
  accessToken: z.string().trim().min(1),
});
export type BigcommerceCredentials = z.infer<typeof bigcommerceCredentials>;

/** The store's control-panel host, unique per store: what webhooks name (producer "stores/{hash}"). */
export const bigcommerceStoreKey = (storeHash: string) =>
  `store-${storeHash.toLowerCase()}.mybigcommerce.com`;

export const bigcommerceConnect: ConnectSpec = connectSpec({
  fields: [
    { key: 'storeHash', secret: false },
    { key: 'accessToken', secret: true },
  ],
  schema: bigcommerceCredentials,
  storeKey: (c) => bigcommerceStoreKey(c.storeHash),
});

/**
 * The BigCommerce adapter for a store account. Tuning keys (deps.options): pageSize, rateLimitReserve,
 * maxRetries, retryBaseMs, maxThrottleRetries, timeoutMs.
 */
export function createBigcommerceConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const { storeHash, accessToken } = openCredentials(account, deps, bigcommerceCredentials, 'BigCommerce');
  const o = deps.options ?? {};
  return new BigcommerceConnector({
    storeHash,
    accessToken,
    apiUrl: deps.apiUrl,
    fetch: deps.fetch,
    sleep: deps.sleep,
    pageSize: o.pageSize,
    rateLimitReserve: o.rateLimitReserve,
    ...clientTuning(o),
  });
}
