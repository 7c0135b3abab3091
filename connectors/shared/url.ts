/** RFC 3986 percent-encoding (encodeURIComponent leaves !'()* alone; OAuth 1.0a signatures need them encoded). */
export const rfc3986 = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** The URL with these query parameters appended, RFC 3986-encoded, in the order given; null and undefined left out. */
export function withQuery(url: string, params: QueryParams = {}): string {
  const pairs = Object.entries(params)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(String(v))}`);
  if (pairs.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

/** A base URL without its trailing slashes. */
export const trimSlashes = (url: string): string => url.replace(/\/+$/, '');
