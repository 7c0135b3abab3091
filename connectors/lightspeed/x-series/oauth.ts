import { authorizeUrl, renewCredentials, requestToken } from '../../shared/index.ts';
import { ConnectorError } from '../../types.ts';
import {
  DomainPrefixSchema,
  LightspeedXCredentialsSchema,
  type LightspeedXCredentials,
} from '../credentials.ts';

export const X_SERIES_AUTHORIZE_URL = 'https://secure.retail.lightspeed.app/connect';

/**
 * The retailer's X-Series host. LIGHTSPEED_API_URL replaces the whole origin (a local server in tests), under
 * which the API keeps its paths (/api/2.0, /api/1.0/token).
 */
export const xSeriesOrigin = (domainPrefix: string, apiUrl?: string): string =>
  apiUrl ? apiUrl.replace(/\/+$/, '') : `https://${domainPrefix}.retail.lightspeed.app`;
export const xSeriesApiBase = (domainPrefix: string, apiUrl?: string) =>
  `${xSeriesOrigin(domainPrefix, apiUrl)}/api/2.0`;
export const xSeriesTokenUrl = (domainPrefix: string, apiUrl?: string) =>
  `${xSeriesOrigin(domainPrefix, apiUrl)}/api/1.0/token`;

export type XSeriesAppKeys = { clientId: string; clientSecret?: string };

/** Where to send the retailer: Lightspeed's connect page; the callback brings code, domain_prefix and state. */
export function xSeriesAuthorizeUrl(opts: {
  clientId: string;
  redirectUri: string;
  state: string;
  authorizeBase?: string;
}): string {
  return authorizeUrl(opts.authorizeBase ?? X_SERIES_AUTHORIZE_URL, {
    response_type: 'code',
    client_id: opts.clientId,
    redirect_uri: opts.redirectUri,
    state: opts.state,
  });
}

type Http = { apiUrl?: string; fetch?: typeof fetch; now?: () => number };

function secret(keys: XSeriesAppKeys): string {
  if (!keys.clientSecret)
    throw new ConnectorError('not_connected', 'Lightspeed: the app keys are not configured');
  return keys.clientSecret;
}

/**
 * The callback's whole job: exchange the code at the retailer's own token endpoint (its domain prefix comes
 * with the callback) for the credentials to store.
 */
export async function connectLightspeedX(
  opts: Http & { appKeys: XSeriesAppKeys; code: string; domainPrefix: string; redirectUri: string },
): Promise<LightspeedXCredentials> {
  const prefix = DomainPrefixSchema.parse(opts.domainPrefix);
  const tokens = await requestToken({
    platform: 'Lightspeed',
    url: xSeriesTokenUrl(prefix, opts.apiUrl),
    fetch: opts.fetch,
    now: opts.now,
    form: {
      code: opts.code,
      client_id: opts.appKeys.clientId,
      client_secret: secret(opts.appKeys),
      grant_type: 'authorization_code',
      redirect_uri: opts.redirectUri,
    },
  });
  return LightspeedXCredentialsSchema.parse({
    series: 'x',
    domainPrefix: typeof tokens.raw.domain_prefix === 'string' ? tokens.raw.domain_prefix : prefix,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
  });
}

/**
 * A new access token. Since 2025-03 X-Series revokes the used refresh token once it issues a new one, so the
 * new pair must be stored before the next request (OAuthSession does, through deps.onCredentials).
 */
export function refreshLightspeedX(
  credentials: LightspeedXCredentials,
  opts: Http & { appKeys: XSeriesAppKeys },
): Promise<LightspeedXCredentials> {
  return renewCredentials(credentials, {
    platform: 'Lightspeed',
    url: xSeriesTokenUrl(credentials.domainPrefix, opts.apiUrl),
    fetch: opts.fetch,
    now: opts.now,
    form: { client_id: opts.appKeys.clientId, client_secret: secret(opts.appKeys) },
  });
}
