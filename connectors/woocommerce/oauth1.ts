import { createHmac, randomBytes } from 'node:crypto';

/**
 * OAuth 1.0a one-legged signing as WooCommerce checks it on plain-http stores (where Basic auth would send the
 * keys in clear): the consumer key, a timestamp and a nonce go into the query with a HMAC-SHA256 signature of
 * the request (RFC 5849 §3.4: method, base URL and the sorted, percent-encoded parameters), keyed with the
 * consumer secret and an empty token secret ("secret&").
 */
export const rfc3986 = (v: string): string =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function signatureBaseString(method: string, url: URL, params: [string, string][]): string {
  const base = `${url.protocol}//${url.host}${url.pathname}`;
  const normalized = params
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return [method.toUpperCase(), rfc3986(base), rfc3986(normalized)].join('&');
}

export function oauthSignature(method: string, url: URL, params: [string, string][], secret: string): string {
  return createHmac('sha256', `${rfc3986(secret)}&`)
    .update(signatureBaseString(method, url, params))
    .digest('base64');
}

/** The URL with the OAuth parameters and signature added to its query. */
export function signUrl(
  method: string,
  url: URL,
  keys: { consumerKey: string; consumerSecret: string },
  now: () => number = Date.now,
): URL {
  const signed = new URL(url);
  const oauth: [string, string][] = [
    ['oauth_consumer_key', keys.consumerKey],
    ['oauth_nonce', randomBytes(16).toString('hex')],
    ['oauth_signature_method', 'HMAC-SHA256'],
    ['oauth_timestamp', String(Math.floor(now() / 1000))],
  ];
  for (const [k, v] of oauth) signed.searchParams.append(k, v);
  const params = [...url.searchParams.entries(), ...oauth];
  signed.searchParams.append('oauth_signature', oauthSignature(method, url, params, keys.consumerSecret));
  return signed;
}
