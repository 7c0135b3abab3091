import { clientTuning, openCredentials, requireAppKeys } from '../shared/index.ts';
import type { Connector, ConnectorAccount, ConnectorDeps } from '../types.ts';
import { EbayConnector } from './connector.ts';
import { EbayCredentialsSchema } from './oauth.ts';

export { EbayConnector, type EbayConnectorOptions } from './connector.ts';
export { amountOf, ebayVariationId, mapEbayItem, type EbayItem } from './map-item.ts';
export {
  connectEbay,
  EBAY_API_URL,
  EBAY_SCOPES,
  ebayAuthorizeUrl,
  ebayOAuth,
  EbayCredentialsSchema,
  ebayTokenUrl,
  ebayTradingUrl,
  exchangeEbayCode,
  refreshEbayCredentials,
  type EbayCredentials,
} from './oauth.ts';
export {
  parseTradingXml,
  TRADING_AUTH_ERRORS,
  TRADING_COMPATIBILITY_LEVEL,
  TradingClient,
} from './trading.ts';

/**
 * The eBay adapter of a store account: its credentials ({ accessToken, refreshToken, expiresAt, userId, siteId })
 * and the operator's eBay app keys (client id and secret: token requests use HTTP basic authentication).
 */
export function createEbayConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const credentials = openCredentials(account, deps, EbayCredentialsSchema, 'eBay');
  const o = deps.options ?? {};
  return new EbayConnector({
    credentials,
    appKeys: requireAppKeys('eBay', deps, true),
    apiUrl: deps.apiUrl,
    fetch: deps.fetch,
    sleep: deps.sleep,
    onCredentials: deps.onCredentials,
    pageSize: o.pageSize,
    windowDays: o.windowDays,
    windows: o.windows,
    ...clientTuning(o),
  });
}
