import { z } from 'zod';
import {
  asArray,
  authorizeUrl,
  oauthClient,
  renewCredentials,
  requestToken,
  text,
  type TokenSet,
} from '../shared/index.ts';
import { ConnectorError, type OAuthPlatform } from '../types.ts';
import { TradingClient } from './trading.ts';

/** eBay's API host; EBAY_API_URL replaces it (a local server in tests, api.sandbox.ebay.com for the sandbox). */
export const EBAY_API_URL = 'https://api.ebay.com';
export const EBAY_AUTHORIZE_URL = 'https://auth.ebay.com/oauth2/authorize';
/** The user token's scopes: the Trading API's seller calls need the general API scope; inventory read too. */
export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory.readonly',
] as const;

/** What store_accounts.credentials_encrypted holds for an eBay seller. */
export const EbayCredentialsSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().nullable().default(null),
  /** ISO 8601; eBay user access tokens last two hours. */
  expiresAt: z.string().nullable().default(null),
  /** The refresh token lasts 18 months; after that the seller connects again. */
  refreshTokenExpiresAt: z.string().nullable().default(null),
  /** The seller's eBay user ID (GetUser), to keep other sellers' items out of getProduct. */
  userId: z.string().nullable().default(null),
  /** The eBay site the calls speak for (X-EBAY-API-SITEID: 0 is eBay US). */
  siteId: z.coerce.number().int().min(0).default(0),
});
export type EbayCredentials = z.infer<typeof EbayCredentialsSchema>;

export type EbayAppKeys = { clientId: string; clientSecret?: string };

export const ebayApiBase = (apiUrl?: string) => (apiUrl ?? EBAY_API_URL).replace(/\/+$/, '');
export const ebayTokenUrl = (apiUrl?: string) => `${ebayApiBase(apiUrl)}/identity/v1/oauth2/token`;
export const ebayTradingUrl = (apiUrl?: string) => `${ebayApiBase(apiUrl)}/ws/api.dll`;

/**
 * Where to send the seller: eBay's consent page. eBay names the redirect by the app's RuName (configured with
 * the callback URL in the developer account), not by the URL itself.
 */
export function ebayAuthorizeUrl(opts: {
  clientId: string;
  ruName: string;
  state: string;
  scopes?: readonly string[];
  authorizeBase?: string;
}): string {
  return authorizeUrl(opts.authorizeBase ?? EBAY_AUTHORIZE_URL, {
    client_id: opts.clientId,
    redirect_uri: opts.ruName,
    response_type: 'code',
    scope: (opts.scopes ?? EBAY_SCOPES).join(' '),
    state: opts.state,
  });
}

type Http = { apiUrl?: string; fetch?: typeof fetch; now?: () => number };

function basic(keys: EbayAppKeys) {
  if (!keys.clientSecret) throw new ConnectorError('not_connected', 'eBay: the app keys are not configured');
  return { user: keys.clientId, password: keys.clientSecret };
}

/** Exchange the callback's code for the user's tokens (HTTP basic authentication with the app's keys). */
export function exchangeEbayCode(
  opts: Http & { appKeys: EbayAppKeys; code: string; ruName: string },
): Promise<TokenSet> {
  return requestToken({
    platform: 'eBay',
    url: ebayTokenUrl(opts.apiUrl),
    fetch: opts.fetch,
    now: opts.now,
    basicAuth: basic(opts.appKeys),
    form: { grant_type: 'authorization_code', code: opts.code, redirect_uri: opts.ruName },
  });
}

const refreshExpiry = (tokens: TokenSet, now: number): string | null => {
  const s = Number(tokens.raw.refresh_token_expires_in);
  return Number.isFinite(s) && s > 0 ? new Date(now + s * 1000).toISOString() : null;
};

/** A new access token for stored credentials (eBay keeps the refresh token); refused → `unauthorized`. */
export function refreshEbayCredentials(
  credentials: EbayCredentials,
  opts: Http & { appKeys: EbayAppKeys; scopes?: readonly string[] },
): Promise<EbayCredentials> {
  return renewCredentials(credentials, {
    platform: 'eBay',
    url: ebayTokenUrl(opts.apiUrl),
    fetch: opts.fetch,
    now: opts.now,
    basicAuth: basic(opts.appKeys),
    form: { scope: (opts.scopes ?? EBAY_SCOPES).join(' ') },
  });
}

/** The callback's whole job: the code for tokens, then the seller's user ID (GetUser); the credentials to store. */
export async function connectEbay(
  opts: Http & { appKeys: EbayAppKeys; code: string; ruName: string; siteId?: number },
): Promise<EbayCredentials> {
  const tokens = await exchangeEbayCode(opts);
  const now = opts.now?.() ?? Date.now();
  const credentials = EbayCredentialsSchema.parse({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    refreshTokenExpiresAt: refreshExpiry(tokens, now),
    siteId: opts.siteId ?? 0,
  });
  // A token eBay just issued has nothing to renew: a refusal here is final.
  const { session, http } = oauthClient({
    platform: 'eBay',
    fetch: opts.fetch,
    now: opts.now,
    credentials: { ...credentials, refreshToken: null },
    refresh: () => Promise.reject(new ConnectorError('unauthorized', 'eBay refused the new access token')),
    bearer: false,
  });
  const trading = new TradingClient({
    http,
    endpoint: ebayTradingUrl(opts.apiUrl),
    siteId: credentials.siteId,
    session,
  });
  const user = await trading.call<{ User?: { UserID?: string } }>(
    'GetUser',
    '<DetailLevel>ReturnSummary</DetailLevel>',
  );
  const userId = text(asArray(user.User)[0]?.UserID);
  if (!userId) throw new ConnectorError('invalid_response', 'eBay did not name the connected user');
  return { ...credentials, userId };
}

/**
 * eBay's flow for the registry: the consent page names the app's RuName (EBAY_RU_NAME, whose accept URL is
 * $APP_URL/auth/ebay/callback) as redirect_uri, the code is exchanged with the app's keys in HTTP basic
 * authentication, and the seller's user ID (GetUser) names the account. eBay does not take PKCE.
 */
export const ebayOAuth: OAuthPlatform = {
  pkce: false,
  needsSecret: true,
  settings: ['EBAY_RU_NAME'],
  authorizeUrl: (o) =>
    ebayAuthorizeUrl({ clientId: o.appKeys.clientId, ruName: o.settings.EBAY_RU_NAME!, state: o.state }),
  exchangeCode: async (o) => {
    const credentials = await connectEbay({
      appKeys: o.appKeys,
      apiUrl: o.apiUrl,
      fetch: o.fetch,
      code: o.code,
      ruName: o.settings.EBAY_RU_NAME!,
    });
    return { shopDomain: credentials.userId!, credentials };
  },
};
