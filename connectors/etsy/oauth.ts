import { z } from 'zod';
import { authorizeUrl, renewCredentials, requestToken, type TokenSet } from '../shared/index.ts';
import { ConnectorError, type OAuthPlatform } from '../types.ts';

/** Etsy Open API v3, as Etsy publishes it; ETSY_API_URL replaces it (a local server in tests). */
export const ETSY_API_URL = 'https://api.etsy.com/v3/application';
export const ETSY_AUTHORIZE_URL = 'https://www.etsy.com/oauth/connect';
/** Reading the shop's listings (with their inventory) and its sections. */
export const ETSY_SCOPES = ['listings_r', 'shops_r'] as const;

/** What store_accounts.credentials_encrypted holds for an Etsy shop. */
export const EtsyCredentialsSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().nullable().default(null),
  /** ISO 8601; Etsy access tokens last an hour. */
  expiresAt: z.string().nullable().default(null),
  shopId: z.coerce.string().min(1),
  userId: z.coerce.string().nullable().default(null),
});
export type EtsyCredentials = z.infer<typeof EtsyCredentialsSchema>;

export type EtsyAppKeys = { clientId: string; clientSecret?: string };

const apiBase = (apiUrl?: string) => (apiUrl ?? ETSY_API_URL).replace(/\/+$/, '');

/** The token endpoint sits beside the application API: …/v3/public/oauth/token. */
export function etsyTokenUrl(apiUrl?: string): string {
  const base = apiBase(apiUrl);
  return base.endsWith('/v3/application')
    ? `${base.slice(0, -'/application'.length)}/public/oauth/token`
    : `${new URL(base).origin}/v3/public/oauth/token`;
}

/**
 * Every Etsy request names the app: since 9 February 2026 the x-api-key header is the keystring and the shared
 * secret joined by a colon (a keystring alone is refused).
 */
export const etsyApiKey = (keys: EtsyAppKeys): string =>
  keys.clientSecret ? `${keys.clientId}:${keys.clientSecret}` : keys.clientId;

/**
 * Where to send the merchant: Etsy's consent page with our PKCE challenge (S256) and state. The server keeps
 * the verifier and the state with the merchant's session until the callback.
 */
export function etsyAuthorizeUrl(opts: {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scopes?: readonly string[];
  authorizeBase?: string;
}): string {
  return authorizeUrl(opts.authorizeBase ?? ETSY_AUTHORIZE_URL, {
    response_type: 'code',
    client_id: opts.clientId,
    redirect_uri: opts.redirectUri,
    scope: (opts.scopes ?? ETSY_SCOPES).join(' '),
    state: opts.state,
    code_challenge: opts.codeChallenge,
    code_challenge_method: 'S256',
  });
}

type Http = { apiUrl?: string; fetch?: typeof fetch; now?: () => number };

/** Exchange the callback's code (with the PKCE verifier) for tokens at /v3/public/oauth/token. */
export function exchangeEtsyCode(
  opts: Http & { clientId: string; code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenSet> {
  return requestToken({
    platform: 'Etsy',
    url: etsyTokenUrl(opts.apiUrl),
    fetch: opts.fetch,
    now: opts.now,
    form: {
      grant_type: 'authorization_code',
      client_id: opts.clientId,
      redirect_uri: opts.redirectUri,
      code: opts.code,
      code_verifier: opts.codeVerifier,
    },
  });
}

/** A new access token (and refresh token) for stored credentials; refused → ConnectorError('unauthorized'). */
export function refreshEtsyCredentials(
  credentials: EtsyCredentials,
  opts: Http & { clientId: string },
): Promise<EtsyCredentials> {
  return renewCredentials(credentials, {
    platform: 'Etsy',
    url: etsyTokenUrl(opts.apiUrl),
    fetch: opts.fetch,
    now: opts.now,
    form: { client_id: opts.clientId },
  });
}

/**
 * The callback's whole job: the code for tokens, then the merchant's shop (GET /users/me) — the credentials to
 * store. A user without a shop is refused (`unavailable`): there is nothing to sync.
 */
export async function connectEtsy(
  opts: Http & {
    appKeys: EtsyAppKeys;
    code: string;
    codeVerifier: string;
    redirectUri: string;
  },
): Promise<EtsyCredentials> {
  const tokens = await exchangeEtsyCode({ ...opts, clientId: opts.appKeys.clientId });
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(`${apiBase(opts.apiUrl)}/users/me`, {
      headers: {
        'x-api-key': etsyApiKey(opts.appKeys),
        Authorization: `Bearer ${tokens.accessToken}`,
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new ConnectorError('network', `Could not reach Etsy: ${(err as Error).message}`);
  }
  if (res.status === 401 || res.status === 403)
    throw new ConnectorError('unauthorized', 'Etsy refused the new access token', res.status);
  const me = (await res.json().catch(() => null)) as { user_id?: number; shop_id?: number | null } | null;
  if (!res.ok || !me?.user_id)
    throw new ConnectorError('invalid_response', `Etsy answered ${res.status} for the connected user`);
  if (!me.shop_id) throw new ConnectorError('unavailable', 'This Etsy account has no shop');
  return EtsyCredentialsSchema.parse({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    shopId: me.shop_id,
    userId: me.user_id,
  });
}

/**
 * Etsy's flow for the registry: OAuth 2 with PKCE (S256, required by Etsy), scopes listings_r and shops_r, the
 * callback's code exchanged with the verifier, the merchant's shop found with GET /users/me. The shop id names
 * the account.
 */
export const etsyOAuth: OAuthPlatform = {
  pkce: true,
  needsSecret: true,
  authorizeUrl: (o) => {
    if (!o.codeChallenge) throw new ConnectorError('not_connected', 'Etsy requires a PKCE code challenge');
    return etsyAuthorizeUrl({
      clientId: o.appKeys.clientId,
      redirectUri: o.redirectUri,
      state: o.state,
      codeChallenge: o.codeChallenge,
    });
  },
  exchangeCode: async (o) => {
    const credentials = await connectEtsy({
      appKeys: o.appKeys,
      apiUrl: o.apiUrl,
      fetch: o.fetch,
      code: o.code,
      codeVerifier: o.codeVerifier ?? '',
      redirectUri: o.redirectUri,
    });
    return { shopDomain: credentials.shopId, credentials };
  },
};
