import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ConnectorError } from '../types.ts';
import { HttpClient, OAUTH_CLIENT_POLICY, type ClientTuning, type Pacer } from './http-client.ts';
import { rfc3986 } from './url.ts';

/*
 * The OAuth the adapters share. OAuth 2 (Etsy, eBay, Lightspeed): PKCE, the state parameter, the token endpoint
 * call, a session that renews an expired access token and hands the new credentials back, and the client of an
 * OAuth adapter. OAuth 1.0a request signing (Magento's integrations, WooCommerce over plain http).
 */

/** RFC 7636 S256: the challenge is the base64url SHA-256 of the verifier. */
export const pkceChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier).digest('base64url');

/** A fresh PKCE pair: a 43-character verifier of the unreserved characters RFC 7636 allows, and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** An unguessable state value: the server keeps it with the user's session and checks it on the callback. */
export const oauthState = (): string => randomBytes(24).toString('base64url');

/** The fields every platform's stored OAuth credentials have. */
export type OAuthCredentials = {
  accessToken: string;
  refreshToken?: string | null;
  /** When the access token stops working, as ISO 8601; null when it does not expire (a personal token). */
  expiresAt?: string | null;
};

/** A token endpoint's answer, with the expiry made absolute. */
export type TokenSet = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  /** The whole answer (platforms add fields: Lightspeed X-Series' domain_prefix, eBay's refresh expiry). */
  raw: Record<string, unknown>;
};

export type TokenRequest = {
  platform: string;
  url: string;
  form: Record<string, string>;
  fetch?: typeof fetch;
  /** HTTP basic authentication with the app's keys (eBay); otherwise they go in the form when needed. */
  basicAuth?: { user: string; password: string };
  now?: () => number;
};

/**
 * POST a grant to a token endpoint (application/x-www-form-urlencoded). A refused grant or client (400/401,
 * `invalid_grant`, `invalid_client`) is `unauthorized`: the merchant has to connect the store again.
 */
export async function requestToken(req: TokenRequest): Promise<TokenSet> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  if (req.basicAuth)
    headers.Authorization = `Basic ${Buffer.from(`${req.basicAuth.user}:${req.basicAuth.password}`).toString('base64')}`;
  let res: Response;
  try {
    res = await (req.fetch ?? fetch)(req.url, {
      method: 'POST',
      headers,
      body: new URLSearchParams(req.form).toString(),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new ConnectorError('network', `Could not reach ${req.platform}: ${(err as Error).message}`);
  }
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  if (res.status === 400 || res.status === 401 || res.status === 403) {
    const reason = [body?.error_description, body?.error, body?.message].find(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    throw new ConnectorError(
      'unauthorized',
      `${req.platform} refused the authorization${reason ? `: ${reason}` : ''}`,
      res.status,
      typeof body?.error === 'string' ? [body.error] : [],
    );
  }
  if (res.status >= 500)
    throw new ConnectorError('network', `${req.platform} answered ${res.status}`, res.status);
  if (!res.ok || !body)
    throw new ConnectorError(
      'invalid_response',
      `${req.platform}'s token endpoint answered ${res.ok ? 'something that is not JSON' : res.status}`,
      res.status,
    );
  const accessToken = body.access_token;
  if (typeof accessToken !== 'string' || !accessToken)
    throw new ConnectorError('invalid_response', `${req.platform}'s token endpoint gave no access token`);
  const expiresIn = Number(body.expires_in);
  const now = req.now?.() ?? Date.now();
  return {
    accessToken,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    expiresAt:
      Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(now + expiresIn * 1000).toISOString() : null,
    raw: body,
  };
}

/**
 * Renew stored credentials at a token endpoint with their refresh token (added to `form` with
 * grant_type=refresh_token): the new access token, and the new refresh token when the platform rotates it.
 */
export async function renewCredentials<C extends OAuthCredentials>(
  credentials: C,
  req: TokenRequest,
): Promise<C> {
  if (!credentials.refreshToken)
    throw new ConnectorError(
      'unauthorized',
      `${req.platform}: the access token expired and there is no refresh token`,
    );
  const tokens = await requestToken({
    ...req,
    form: { grant_type: 'refresh_token', refresh_token: credentials.refreshToken, ...req.form },
  });
  return {
    ...credentials,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? credentials.refreshToken,
    expiresAt: tokens.expiresAt,
  };
}

/** Build an authorization URL: the base and its query. */
export function authorizeUrl(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** What a request layer needs of a session: the token to send, and a renewal after a refusal. */
export interface AccessTokenSource {
  accessToken(): Promise<string>;
  renew(): Promise<boolean>;
}

export type OAuthSessionOptions<C extends OAuthCredentials> = {
  credentials: C;
  /** Ask the platform for a new access token with the refresh token; throws ConnectorError when refused. */
  refresh: (credentials: C) => Promise<C>;
  /** deps.onCredentials: the renewed credentials, as JSON, for the caller to store. */
  onCredentials?: (json: string) => void | Promise<void>;
  now?: () => number;
  /** Renew this long before the expiry (default 60 s), so a token does not expire during a request. */
  skewMs?: number;
};

/**
 * The access token of one store account. An expired token with a refresh token is renewed before the next
 * request (and once after a 401); the new credentials replace the old ones in memory and go to `onCredentials`
 * before any request uses them, because platforms that rotate refresh tokens (Lightspeed) revoke the old one.
 * A refused renewal is `unauthorized`: the store goes into a reconnect state.
 */
export class OAuthSession<C extends OAuthCredentials> implements AccessTokenSource {
  private creds: C;
  private inflight: Promise<void> | null = null;
  private readonly o: OAuthSessionOptions<C>;

  constructor(opts: OAuthSessionOptions<C>) {
    this.o = opts;
    this.creds = opts.credentials;
  }

  get credentials(): C {
    return this.creds;
  }

  private expired(): boolean {
    if (!this.creds.expiresAt) return false;
    const at = Date.parse(this.creds.expiresAt);
    return Number.isFinite(at) && at - (this.o.skewMs ?? 60_000) <= (this.o.now?.() ?? Date.now());
  }

  /** The access token to send, renewed first when it has expired and can be renewed. */
  async accessToken(): Promise<string> {
    if (this.expired() && this.creds.refreshToken) await this.renewOnce();
    return this.creds.accessToken;
  }

  /** After a 401: renew when a refresh token exists (true), else false (the caller reports `unauthorized`). */
  async renew(): Promise<boolean> {
    if (!this.creds.refreshToken) return false;
    await this.renewOnce();
    return true;
  }

  private renewOnce(): Promise<void> {
    this.inflight ??= (async () => {
      try {
        const next = await this.o.refresh(this.creds);
        await this.o.onCredentials?.(JSON.stringify(next));
        this.creds = next;
      } finally {
        this.inflight = null;
      }
    })();
    return this.inflight;
  }
}

/** What an OAuth adapter takes besides its credentials and app keys: its ConnectorDeps, unpacked. */
export type OAuthAdapterOptions = ClientTuning & {
  apiUrl?: string;
  onCredentials?: (json: string) => void | Promise<void>;
  now?: () => number;
};

/**
 * An OAuth adapter's session and the HttpClient of its requests (with OAUTH_CLIENT_POLICY): with `bearer` (the
 * default) every request carries `Authorization: Bearer <token>` (renewed first when expired) and a 401 renews
 * once; `headers` are added.
 */
export function oauthClient<C extends OAuthCredentials>(
  opts: OAuthAdapterOptions & {
    platform: string;
    credentials: C;
    refresh: (credentials: C) => Promise<C>;
    bearer?: boolean;
    headers?: Record<string, string>;
    pacer?: Pacer;
  },
): { session: OAuthSession<C>; http: HttpClient } {
  const session = new OAuthSession({
    credentials: opts.credentials,
    refresh: opts.refresh,
    onCredentials: opts.onCredentials,
    now: opts.now,
  });
  const bearer = opts.bearer !== false;
  const http = new HttpClient({
    ...OAUTH_CLIENT_POLICY,
    label: opts.platform,
    fetch: opts.fetch,
    sleep: opts.sleep,
    now: opts.now,
    maxRetries: opts.maxRetries,
    retryBaseMs: opts.retryBaseMs,
    maxThrottleRetries: opts.maxThrottleRetries ?? OAUTH_CLIENT_POLICY.maxThrottleRetries,
    timeoutMs: opts.timeoutMs,
    pacer: opts.pacer,
    headers: async () => ({
      ...opts.headers,
      ...(bearer ? { Authorization: `Bearer ${await session.accessToken()}` } : {}),
    }),
    renew: bearer ? () => session.renew() : undefined,
  });
  return { session, http };
}

// OAuth 1.0a

export type OAuth1Keys = {
  consumerKey: string;
  consumerSecret: string;
  /** The access token and its secret (an integration's, for Magento); absent for two-legged requests. */
  token?: string;
  tokenSecret?: string;
};

export type OAuth1SignatureMethod = 'HMAC-SHA256' | 'HMAC-SHA1';

/**
 * The Authorization header of an OAuth 1.0a request (RFC 5849 §3): the signature covers the method, the URL
 * without its query, and every oauth_* and query parameter, sorted and percent-encoded (RFC 3986). Bodies are
 * JSON here, so they are not signed (§3.4.1.3 signs form bodies only). Magento 2.4 accepts HMAC-SHA256, which
 * is the default; WooCommerce over plain http accepts both.
 */
export function oauth1Header(
  request: { method: string; url: string },
  keys: OAuth1Keys,
  opts: {
    signatureMethod?: OAuth1SignatureMethod;
    /** Fixed in tests; random and now otherwise. */
    nonce?: string;
    timestamp?: number;
    /** RFC 5849 makes oauth_version optional; Magento and WooCommerce send 1.0. */
    version?: string | null;
  } = {},
): string {
  const method = opts.signatureMethod ?? 'HMAC-SHA256';
  const oauth: Record<string, string> = {
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: opts.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: method,
    oauth_timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
  };
  if (keys.token) oauth.oauth_token = keys.token;
  if (opts.version !== null) oauth.oauth_version = opts.version ?? '1.0';
  oauth.oauth_signature = oauth1Signature(request, keys, oauth, method);
  return `OAuth ${Object.entries(oauth)
    .map(([k, v]) => `${rfc3986(k)}="${rfc3986(v)}"`)
    .join(', ')}`;
}

/** The signature of a request with these oauth_* parameters (base64). */
export function oauth1Signature(
  request: { method: string; url: string },
  keys: OAuth1Keys,
  oauth: Record<string, string>,
  method: OAuth1SignatureMethod = 'HMAC-SHA256',
): string {
  const url = new URL(request.url);
  const params: [string, string][] = Object.entries(oauth).filter(([k]) => k !== 'oauth_signature');
  // URLSearchParams decodes '+' as a space, which RFC 5849 §3.4.1.3.1 also does for query components.
  for (const [k, v] of url.searchParams) params.push([k, v]);
  const encoded = params
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  // URL drops a scheme's default port and lowercases the host, as §3.4.1.2 wants.
  const baseUri = `${url.protocol}//${url.host}${url.pathname}`;
  const base = [request.method.toUpperCase(), rfc3986(baseUri), rfc3986(encoded)].join('&');
  const key = `${rfc3986(keys.consumerSecret)}&${rfc3986(keys.tokenSecret ?? '')}`;
  return createHmac(method === 'HMAC-SHA256' ? 'sha256' : 'sha1', key)
    .update(base)
    .digest('base64');
}
