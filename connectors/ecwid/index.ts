import { z } from 'zod';
import { clientTuning, connectSpec, openCredentials } from '../shared/index.ts';
import type { ConnectSpec, Connector, ConnectorAccount, ConnectorDeps } from '../types.ts';
import { EcwidConnector } from './connector.ts';

export { ECWID_API_URL, EcwidConnector, type EcwidConnectorOptions } from './connector.ts';
export { mapEcwidProduct, type EcwidCombination, type EcwidProduct } from './map-product.ts';
export {
  ECWID_SIGNATURE_HEADER,
  ecwidWebhookSignature,
  readEcwidDelivery,
  readEcwidWebhook,
  verifyEcwidWebhook,
  type EcwidWebhookBody,
} from './webhooks.ts';

/**
 * A custom app of the store (Ecwid admin › Apps › My apps): the store id, its secret access token (read catalog
 * and read store profile scopes) and, for signed webhooks, the app's client secret. Without a client secret of
 * its own the store's webhooks are checked with the operator's Ecwid app secret (deps.appKeys), if any.
 */
export const ecwidCredentials = z.object({
  storeId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string().regex(/^\d{1,12}$/, 'An Ecwid store id is a number'),
  ),
  token: z.string().trim().min(1),
  clientSecret: z.string().trim().min(1).optional(),
});
export type EcwidCredentials = z.infer<typeof ecwidCredentials>;

export const ecwidConnect: ConnectSpec = connectSpec({
  fields: [
    { key: 'storeId', secret: false },
    { key: 'token', secret: true },
    { key: 'clientSecret', secret: true, optional: true },
  ],
  schema: ecwidCredentials,
  // Ecwid stores have no domain of their own to go by: the store id is what webhooks name.
  storeKey: (c) => c.storeId,
});

/**
 * The Ecwid adapter for a store account. Tuning keys (deps.options): pageSize, minIntervalMs, maxRetries,
 * retryBaseMs, maxThrottleRetries, timeoutMs.
 */
export function createEcwidConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const { storeId, token } = openCredentials(account, deps, ecwidCredentials, 'Ecwid');
  const o = deps.options ?? {};
  return new EcwidConnector({
    storeId,
    token,
    apiUrl: deps.apiUrl,
    fetch: deps.fetch,
    sleep: deps.sleep,
    pageSize: o.pageSize,
    minIntervalMs: o.minIntervalMs,
    ...clientTuning(o),
  });
}
