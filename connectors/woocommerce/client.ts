import { HTTP_RETRY } from '../../core/constants.ts';
import { ConnectorError } from '../types.ts';
import { signUrl } from './oauth1.ts';

/** Largest page WooCommerce's REST API gives (`per_page` is capped at 100). */
export const WOO_MAX_PAGE_SIZE = 100;

export type WooClientOptions = {
  /** The store's address as the merchant gave it, normalised: scheme, host and any path (a WordPress in /shop). */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The SSRF-guarded fetch the server passes; the global one otherwise (tests of the adapter alone). */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Retries of a 429, a 5xx, a network failure or a cut body (default HTTP_RETRY's 3). */
  maxRetries?: number;
  /** Wait before retry n: retryBaseMs × 2^(n-1) (default 3 s, SPEC §9), unless the store sends Retry-After. */
  retryBaseMs?: number;
  timeoutMs?: number;
};

export type WooResponse<T> = { body: T; headers: Headers };

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** WooCommerce's error body: `{ code, message, data: { status } }` (WordPress REST errors). */
type WpError = { code?: unknown; message?: unknown };

/**
 * A small client for the WooCommerce REST API v3 over fetch (not `@woocommerce/woocommerce-rest-api`: it
 * sends through axios, which cannot go through our SSRF-guarded fetch; see connectors/README.md). HTTPS
 * stores get Basic auth with the consumer key and secret; plain-http stores an OAuth 1.0a-signed query, as
 * WooCommerce requires. Retries 429 (Retry-After), 5xx, network failures and cut bodies with backoff; turns
 * every other failure into a ConnectorError the merchant can act on.
 */
export class WooClient {
  readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly timeoutMs: number;
  /** Every wait this client made, for tests and the bench. */
  readonly waits: number[] = [];
  requests = 0;

  constructor(private readonly opts: WooClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.fetch = opts.fetch ?? fetch;
    this.sleep = opts.sleep ?? defaultSleep;
    this.maxRetries = opts.maxRetries ?? HTTP_RETRY.maxRetries;
    this.retryBaseMs = opts.retryBaseMs ?? HTTP_RETRY.baseDelayMs;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  /** The address of a REST route (`/products`) under /wp-json/wc/v3, or of the WordPress root (`/wp-json/`). */
  url(route: string, query: Record<string, string | number | boolean | undefined> = {}): URL {
    const url = new URL(
      route.startsWith('/wp-json') ? `${this.baseUrl}${route}` : `${this.baseUrl}/wp-json/wc/v3${route}`,
    );
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  get<T>(
    route: string,
    query?: Record<string, string | number | boolean | undefined>,
  ): Promise<WooResponse<T>> {
    return this.request<T>('GET', this.url(route, query));
  }

  post<T>(route: string, body: unknown): Promise<WooResponse<T>> {
    return this.request<T>('POST', this.url(route), body);
  }

  delete<T>(route: string, query?: Record<string, string | number | boolean>): Promise<WooResponse<T>> {
    return this.request<T>('DELETE', this.url(route, query));
  }

  private async request<T>(method: string, url: URL, body?: unknown): Promise<WooResponse<T>> {
    const https = url.protocol === 'https:';
    let failures = 0;
    const retry = async (ms: number) => {
      this.waits.push(ms);
      await this.sleep(ms);
    };
    const backoff = () => this.retryBaseMs * 2 ** (failures - 1);
    for (;;) {
      const target = https ? url : signUrl(method, url, this.opts);
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (https)
        headers.Authorization = `Basic ${Buffer.from(`${this.opts.consumerKey}:${this.opts.consumerSecret}`).toString('base64')}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      let res: Response;
      let text: string;
      this.requests++;
      try {
        res = await this.fetch(target, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        text = await res.text();
      } catch (err) {
        const refused =
          (err as { code?: string; cause?: { code?: string } }).cause?.code === 'ERR_STORE_ADDRESS_REFUSED';
        if (!refused && failures++ < this.maxRetries) {
          await retry(backoff());
          continue;
        }
        const cause = (err as { cause?: Error }).cause?.message ?? (err as Error).message;
        throw new ConnectorError('network', `Could not reach ${url.host}: ${cause}`);
      }
      const status = res.status;
      if (status === 429 || status >= 500) {
        if (failures++ < this.maxRetries) {
          await retry(status === 429 ? (retryAfterMs(res.headers) ?? backoff()) : backoff());
          continue;
        }
        throw new ConnectorError(
          status === 429 ? 'throttled' : 'network',
          status === 429 ? `${url.host} kept asking us to slow down` : `${url.host} answered ${status}`,
          status,
        );
      }
      if (status >= 300 && status < 400)
        throw new ConnectorError(
          'unavailable',
          `${url.host} sent us elsewhere (${res.headers.get('location') ?? 'no address'}): check the store's address (https, www)`,
          status,
        );
      const json = looksLikeJson(res.headers, text);
      if (!json)
        throw new ConnectorError(
          status === 401 || status === 403 ? 'unauthorized' : 'unavailable',
          `${url.host} answered a web page instead of the WooCommerce REST API: the store may be protected by a password, in maintenance, or not a WooCommerce store`,
          status,
          ['html'],
        );
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // A body cut on the way (a proxy, a PHP time limit): another try usually gets it whole.
        if (failures++ < this.maxRetries) {
          await retry(backoff());
          continue;
        }
        throw new ConnectorError(
          'invalid_response',
          `${url.host} answered JSON that is cut or malformed`,
          status,
        );
      }
      if (status === 401 || status === 403) {
        const e = parsed as WpError;
        throw new ConnectorError(
          'unauthorized',
          typeof e.message === 'string' ? e.message : `${url.host} refused our keys`,
          status,
          typeof e.code === 'string' ? [e.code] : [],
        );
      }
      if (status === 404) {
        const e = parsed as WpError;
        throw new ConnectorError(
          'unavailable',
          typeof e.message === 'string' ? e.message : `${url.pathname} was not found on ${url.host}`,
          status,
          typeof e.code === 'string' ? [e.code] : ['not_found'],
        );
      }
      if (status < 200 || status >= 300) {
        const e = parsed as WpError;
        throw new ConnectorError(
          'invalid_response',
          typeof e.message === 'string' ? e.message : `${url.host} answered ${status}`,
          status,
          typeof e.code === 'string' ? [e.code] : [],
        );
      }
      return { body: parsed as T, headers: res.headers };
    }
  }
}

function looksLikeJson(headers: Headers, text: string): boolean {
  const type = headers.get('content-type') ?? '';
  if (/json/i.test(type)) return true;
  // Some hosts send JSON as text/html; a page starts with '<'.
  const start = text.trimStart()[0];
  return start === '{' || start === '[';
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const v = headers.get('retry-after');
  if (!v) return null;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}
