import { clientTuning, openCredentials } from '../shared/index.ts';
import type { Connector, ConnectorAccount, ConnectorDeps } from '../types.ts';
import { LightspeedCredentialsSchema } from './credentials.ts';
import { RSeriesConnector } from './r-series/connector.ts';
import { XSeriesConnector } from './x-series/connector.ts';

export {
  DomainPrefixSchema,
  LightspeedCredentialsSchema,
  LightspeedRCredentialsSchema,
  LightspeedXCredentialsSchema,
  type LightspeedCredentials,
  type LightspeedRCredentials,
  type LightspeedXCredentials,
} from './credentials.ts';
export { lightspeedOAuth } from './oauth.ts';
export { LeakyBucket } from './r-series/bucket.ts';
export { RSeriesConnector, type RSeriesConnectorOptions } from './r-series/connector.ts';
export { mapRItem, mapRMatrix, matrixExternalId, type RItem, type RMatrix } from './r-series/map-item.ts';
export {
  connectLightspeedR,
  R_SERIES_SCOPES,
  refreshLightspeedR,
  rSeriesApiBase,
  rSeriesAuthorizeUrl,
  rSeriesTokenUrl,
} from './r-series/oauth.ts';
export { XSeriesConnector, type XSeriesConnectorOptions } from './x-series/connector.ts';
export { mapXProduct, type XProduct } from './x-series/map-product.ts';
export {
  connectLightspeedX,
  refreshLightspeedX,
  xSeriesApiBase,
  xSeriesAuthorizeUrl,
  xSeriesTokenUrl,
} from './x-series/oauth.ts';

/**
 * The Lightspeed adapter of a store account ('lightspeed'): X-Series or R-Series as its credentials say
 * (`series`). The operator's app keys renew expired tokens; an X-Series personal token needs none.
 */
export function createLightspeedConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const credentials = openCredentials(account, deps, LightspeedCredentialsSchema, 'Lightspeed');
  const o = deps.options ?? {};
  const common = {
    appKeys: deps.appKeysByVariant?.[credentials.series] ?? deps.appKeys,
    apiUrl: deps.apiUrl,
    fetch: deps.fetch,
    sleep: deps.sleep,
    onCredentials: deps.onCredentials,
    pageSize: o.pageSize,
    ...clientTuning(o),
  };
  return credentials.series === 'x'
    ? new XSeriesConnector({ ...common, credentials })
    : new RSeriesConnector({ ...common, credentials });
}
