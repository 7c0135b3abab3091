import { ConnectorError, type Connector, type ConnectorAccount, type ConnectorDeps } from '../types.ts';
import { ShopifyConnector } from './connector.ts';

export { SHOPIFY_ADMIN_API_VERSION, ShopifyAdminClient, throttleWaitMs } from './admin-client.ts';
export { ShopifyConnector, type ShopifyConnectorOptions } from './connector.ts';
export {
  mapProduct,
  productGid,
  restToProductNode,
  type ProductNode,
  type RestProduct,
} from './map-product.ts';

/** The Shopify adapter for a store account; its credentials hold the offline access token written at install. */
export function createShopifyConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  if (!account.credentialsEncrypted)
    throw new ConnectorError('not_connected', `${account.shopDomain} has no stored access token`);
  const { accessToken } = JSON.parse(deps.decrypt(account.credentialsEncrypted)) as { accessToken?: string };
  if (!accessToken)
    throw new ConnectorError('not_connected', `${account.shopDomain} has no stored access token`);
  const o = deps.options ?? {};
  return new ShopifyConnector({
    shop: account.shopDomain,
    accessToken,
    sleep: deps.sleep,
    pageSize: o.pageSize,
    maxQueryCost: o.maxQueryCost,
    bulkPollMs: o.bulkPollMs,
    bulkTimeoutMs: o.bulkTimeoutMs,
    maxRetries: o.maxRetries,
    retryBaseMs: o.retryBaseMs,
    maxThrottleRetries: o.maxThrottleRetries,
    timeoutMs: o.timeoutMs,
  });
}
