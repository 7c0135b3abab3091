import { createHmac, randomBytes } from 'node:crypto';
import { rfc3986 } from './url.ts';

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
