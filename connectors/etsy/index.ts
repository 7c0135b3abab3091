import { clientTuning, openCredentials, requireAppKeys } from '../shared/index.ts';
import type { Connector, ConnectorAccount, ConnectorDeps } from '../types.ts';
import { EtsyConnector } from './connector.ts';
import { EtsyCredentialsSchema } from './oauth.ts';

export { EtsyConnector, type EtsyConnectorOptions } from './connector.ts';
export { etsyMoney, etsyVariationId, mapEtsyListing, type EtsyListing } from './map-listing.ts';
export {
  connectEtsy,
  ETSY_API_URL,
  ETSY_SCOPES,
  etsyApiKey,
  etsyAuthorizeUrl,
  etsyOAuth,
  etsyTokenUrl,
  EtsyCredentialsSchema,
  exchangeEtsyCode,
  refreshEtsyCredentials,
  type EtsyCredentials,
} from './oauth.ts';

/**
 * The Etsy adapter of a store account: its credentials ({ accessToken, refreshToken, expiresAt, shopId }) and
 * the operator's Etsy app (keystring and shared secret, ETSY_CLIENT_ID / ETSY_CLIENT_SECRET in the server).
 */
export function createEtsyConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const credentials = openCredentials(account, deps, EtsyCredentialsSchema, 'Etsy');
  const o = deps.options ?? {};
  return new EtsyConnector({
    credentials,
    appKeys: requireAppKeys('Etsy', deps, false),
    apiUrl: deps.apiUrl,
    fetch: deps.fetch,
    sleep: deps.sleep,
    onCredentials: deps.onCredentials,
    pageSize: o.pageSize,
    ...clientTuning(o),
  });
}
