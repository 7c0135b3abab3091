import { z } from 'zod';
import {
  oauthClient,
  type HttpClient,
  type OAuthAdapterOptions,
  type OAuthSession,
  type Pacer,
} from '../shared/index.ts';
import { ConnectorError, type AppKeys } from '../types.ts';

/**
 * One store type, 'lightspeed', for Lightspeed's two retail POS products, told apart by `series` in the stored
 * credentials: X-Series (formerly Vend; API 2.0 on the retailer's own domain prefix) and R-Series (formerly
 * MerchantOS; API V3 on api.lightspeedapp.com, one account id).
 */

const token = {
  accessToken: z.string().min(1),
  refreshToken: z.string().nullable().default(null),
  /** ISO 8601; null for an X-Series personal token, which does not expire. */
  expiresAt: z.string().nullable().default(null),
};

/** A domain prefix: the retailer's subdomain of retail.lightspeed.app ("mystore"). */
export const DomainPrefixSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^https?:\/\//, '').split('.')[0]!)
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'not a Lightspeed domain prefix'));

export const LightspeedXCredentialsSchema = z.object({
  series: z.literal('x'),
  domainPrefix: DomainPrefixSchema,
  ...token,
});
export type LightspeedXCredentials = z.infer<typeof LightspeedXCredentialsSchema>;

export const LightspeedRCredentialsSchema = z.object({
  series: z.literal('r'),
  accountId: z.coerce.string().regex(/^\d+$/, 'not an R-Series account id'),
  ...token,
  /** The account's currency (ISO 4217) when the merchant gave it: R-Series' API does not say. */
  currency: z.string().length(3).nullable().default(null),
});
export type LightspeedRCredentials = z.infer<typeof LightspeedRCredentialsSchema>;

/** What store_accounts.credentials_encrypted holds for a Lightspeed store. */
export const LightspeedCredentialsSchema = z.discriminatedUnion('series', [
  LightspeedXCredentialsSchema,
  LightspeedRCredentialsSchema,
]);
export type LightspeedCredentials = z.infer<typeof LightspeedCredentialsSchema>;

/**
 * A Lightspeed adapter's session and client (X-Series and R-Series alike): bearer token, renewed with the
 * operator's app keys for the account's series; without them a renewal is `unauthorized` (reconnect).
 */
export function lightspeedClient<C extends LightspeedCredentials>(
  opts: OAuthAdapterOptions & { credentials: C; appKeys?: AppKeys; pacer?: Pacer },
  refresh: (credentials: C, opts: OAuthAdapterOptions & { appKeys: AppKeys }) => Promise<C>,
): { session: OAuthSession<C>; http: HttpClient } {
  return oauthClient({
    ...opts,
    platform: 'Lightspeed',
    refresh: (c) => {
      if (!opts.appKeys)
        throw new ConnectorError('unauthorized', 'Lightspeed: the app keys are not configured');
      return refresh(c, { ...opts, appKeys: opts.appKeys });
    },
  });
}
