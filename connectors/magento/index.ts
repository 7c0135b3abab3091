import { z } from 'zod';
import { clientTuning, connectSpec, openCredentials } from '../shared/index.ts';
import type { ConnectSpec, Connector, ConnectorAccount, ConnectorDeps } from '../types.ts';
import { MagentoConnector, type MagentoAuth } from './connector.ts';

export { MagentoConnector, type MagentoAuth, type MagentoConnectorOptions } from './connector.ts';
export { mapMagentoProduct, type MagentoProduct } from './map-product.ts';
export { isoFromMagento, magentoDate, magentoErrorMessage, searchCriteria } from './search-criteria.ts';

const optionalKey = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().min(1).optional(),
);

/**
 * An integration of the store (System › Extensions › Integrations, with the Catalog resources; Stores and
 * Inventory for currency, URLs and stock): the store URL and either its access token alone (used as a bearer
 * token, which Magento 2.4.4+ allows only with "Allow OAuth Access Tokens to be used as standalone Bearer tokens")
 * or all four OAuth 1.0a keys (consumer key and secret, access token and secret), with which every request is
 * signed (HMAC-SHA256). The base URL is where the storefront is; a pasted REST URL is cut back to it.
 */
export const magentoCredentials = z
  .object({
    baseUrl: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .trim()
              .replace(/\/+$/, '')
              .replace(/\/(index\.php\/)?rest(\/.*)?$/, '')
          : v,
      z.url({ protocol: /^https?$/, error: 'The store address must start with https:// (or http://)' }),
    ),
    accessToken: z.string().trim().min(1),
    consumerKey: optionalKey,
    consumerSecret: optionalKey,
    accessTokenSecret: optionalKey,
  })
  .superRefine((c, ctx) => {
    const oauth = [c.consumerKey, c.consumerSecret, c.accessTokenSecret];
    if (oauth.some(Boolean) && !oauth.every(Boolean))
      for (const key of ['consumerKey', 'consumerSecret', 'accessTokenSecret'] as const)
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'Give the access token alone, or all four OAuth keys of the integration',
          });
  });
export type MagentoCredentials = z.infer<typeof magentoCredentials>;

/** The store's address without its scheme: host and path (shop.example, shop.example/magento). */
export const magentoStoreKey = (baseUrl: string) => {
  const u = new URL(baseUrl);
  return `${u.host}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
};

export const magentoConnect: ConnectSpec = connectSpec({
  fields: [
    { key: 'baseUrl', secret: false, url: true },
    { key: 'accessToken', secret: true },
    { key: 'consumerKey', secret: false, optional: true },
    { key: 'consumerSecret', secret: true, optional: true },
    { key: 'accessTokenSecret', secret: true, optional: true },
  ],
  alternatives: [['accessToken'], ['consumerKey', 'consumerSecret', 'accessToken', 'accessTokenSecret']],
  schema: magentoCredentials,
  storeKey: (c) => magentoStoreKey(c.baseUrl),
});

export const magentoAuth = (c: MagentoCredentials): MagentoAuth =>
  c.consumerKey && c.consumerSecret && c.accessTokenSecret
    ? {
        kind: 'oauth1',
        consumerKey: c.consumerKey,
        consumerSecret: c.consumerSecret,
        token: c.accessToken,
        tokenSecret: c.accessTokenSecret,
      }
    : { kind: 'bearer', token: c.accessToken };

/**
 * The Magento adapter for a store account: the store URL comes from the credentials. The account's details may
 * name a store view (`storeCode`) and the product URL suffix (`productUrlSuffix`, ".html" by default). Tuning keys
 * (deps.options): pageSize, maxRetries, retryBaseMs, maxThrottleRetries, timeoutMs.
 */
export function createMagentoConnector(account: ConnectorAccount, deps: ConnectorDeps): Connector {
  const credentials = openCredentials(account, deps, magentoCredentials, 'Magento');
  const details = (account.details ?? {}) as { storeCode?: unknown; productUrlSuffix?: unknown };
  const o = deps.options ?? {};
  return new MagentoConnector({
    baseUrl: credentials.baseUrl,
    auth: magentoAuth(credentials),
    storeCode: typeof details.storeCode === 'string' && details.storeCode ? details.storeCode : null,
    urlSuffix: typeof details.productUrlSuffix === 'string' ? details.productUrlSuffix : undefined,
    fetch: deps.fetch,
    sleep: deps.sleep,
    pageSize: o.pageSize,
    ...clientTuning(o),
  });
}
