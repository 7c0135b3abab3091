import { asArray, authorizeUrl, renewCredentials, requestToken, text } from '../../shared/index.ts';
import { ConnectorError } from '../../types.ts';
import { LightspeedRCredentialsSchema, type LightspeedRCredentials } from '../credentials.ts';

export const R_SERIES_API_URL = 'https://api.lightspeedapp.com/API/V3';
export const R_SERIES_AUTH_URL = 'https://cloud.lightspeedapp.com/auth/oauth';
/** Reading items, matrices, categories and stock. */
export const R_SERIES_SCOPES = ['employee:inventory'] as const;

/**
 * R-Series hosts. LIGHTSPEED_API_URL replaces the origin of both (a local server in tests): the API under
 * /API/V3, the OAuth endpoints under /auth/oauth.
 */
export const rSeriesApiBase = (apiUrl?: string) =>
  apiUrl ? `${apiUrl.replace(/\/+$/, '')}/API/V3` : R_SERIES_API_URL;
export const rSeriesTokenUrl = (apiUrl?: string) =>
  `${apiUrl ? `${apiUrl.replace(/\/+$/, '')}/auth/oauth` : R_SERIES_AUTH_URL}/token`;

export type RSeriesAppKeys = { clientId: string; clientSecret?: string };

/** Where to send the merchant: Lightspeed's consent page (PKCE when a challenge is given, as R-Series allows). */
export function rSeriesAuthorizeUrl(opts: {
  clientId: string;
  state: string;
  scopes?: readonly string[];
  codeChallenge?: string;
  authorizeBase?: string;
}): string {
  return authorizeUrl(opts.authorizeBase ?? `${R_SERIES_AUTH_URL}/authorize`, {
    response_type: 'code',
    client_id: opts.clientId,
    scope: (opts.scopes ?? R_SERIES_SCOPES).join(' '),
    state: opts.state,
    code_challenge: opts.codeChallenge,
    code_challenge_method: opts.codeChallenge ? 'S256' : undefined,
  });
}

type Http = { apiUrl?: string; fetch?: typeof fetch; now?: () => number };

function secret(keys: RSeriesAppKeys): string {
  if (!keys.clientSecret)
    throw new ConnectorError('not_connected', 'Lightspeed: the app keys are not configured');
  return keys.clientSecret;
}

/**
 * The callback's whole job: the code for tokens, then the account they open (GET /Account.json): the
 * credentials to store.
 */
export async function connectLightspeedR(
  opts: Http & { appKeys: RSeriesAppKeys; code: string; codeVerifier?: string },
): Promise<LightspeedRCredentials> {
  const tokens = await requestToken({
    platform: 'Lightspeed',
    url: rSeriesTokenUrl(opts.apiUrl),
    fetch: opts.fetch,
    now: opts.now,
    form: {
      client_id: opts.appKeys.clientId,
      client_secret: secret(opts.appKeys),
      code: opts.code,
      grant_type: 'authorization_code',
      ...(opts.codeVerifier ? { code_verifier: opts.codeVerifier } : {}),
    },
  });
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(`${rSeriesApiBase(opts.apiUrl)}/Account.json`, {
      headers: { Authorization: `Bearer ${tokens.accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new ConnectorError('network', `Could not reach Lightspeed: ${(err as Error).message}`);
  }
  if (res.status === 401 || res.status === 403)
    throw new ConnectorError('unauthorized', 'Lightspeed refused the new access token', res.status);
  const body = (await res.json().catch(() => null)) as { Account?: unknown } | null;
  const account = asArray(body?.Account as { accountID?: string } | { accountID?: string }[])[0];
  if (!res.ok || !text(account?.accountID))
    throw new ConnectorError('invalid_response', `Lightspeed answered ${res.status} for the account`);
  return LightspeedRCredentialsSchema.parse({
    series: 'r',
    accountId: account!.accountID,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
  });
}

/**
 * A new access token and refresh token. The old refresh token is revoked once the new access token is used:
 * the new pair goes to deps.onCredentials before the next request.
 */
export function refreshLightspeedR(
  credentials: LightspeedRCredentials,
  opts: Http & { appKeys: RSeriesAppKeys },
): Promise<LightspeedRCredentials> {
  return renewCredentials(credentials, {
    platform: 'Lightspeed',
    url: rSeriesTokenUrl(opts.apiUrl),
    fetch: opts.fetch,
    now: opts.now,
    form: { client_id: opts.appKeys.clientId, client_secret: secret(opts.appKeys) },
  });
}
