import { z } from 'zod';
import { clientTuning, connectSpec, openCredentials } from '../shared/index.ts';
import type { ConnectSpec, Connector, ConnectorAccount, ConnectorDeps } from '../types.ts';
import { SquarespaceConnector } from './connector.ts';

export {
  SQUARESPACE_API_URL,
  SQUARESPACE_PRODUCTS_API_VERSION,
  SQUARESPACE_USER_AGENT,
  SquarespaceConnector,
  type SquarespaceConnectorOptions,
} from './connector.ts';
export { mapSquarespaceProduct, type SqProduct, type SqVariant } from './map-product.ts';

/** A site API key (Settings › Advanced › Developer API keys) with the Products read scope. */
export const squarespaceCredentials = z.object({ apiKey: z.string().trim().min(1) });
export type SquarespaceCredentials = z.infer<typeof squarespaceCredentials>;

export const squarespaceConnect: ConnectSpec = connectSpec({
  fields: [{ key: 'apiKey', secret: true }],
  schema: squarespaceCredentials,
  // A key names no site: checkConnection's storeUrl (the site's address) does.
  storeKey: () => null,
});

/**
 * The Squarespace adapter for a store account. Tuning keys (deps.options): minIntervalMs, cooldownMs,
 * maxRetries, retryBaseMs, maxThrottleRetries, timeoutMs.
 */
export function createSquarespaceConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const { apiKey } = openCredentials(account, deps, squarespaceCredentials, 'Squarespace');
  const o = deps.options ?? {};
  return new SquarespaceConnector({
    apiKey,
    apiUrl: deps.apiUrl,
    fetch: deps.fetch,
    sleep: deps.sleep,
    minIntervalMs: o.minIntervalMs,
    cooldownMs: o.cooldownMs,
    ...clientTuning(o),
  });
}
