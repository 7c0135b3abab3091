import { HTTP_RETRY } from '../core/constants.ts';
import { ConnectorError } from './types.ts';

export const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type WaitReason = 'retry' | 'throttled' | 'pace';
/** A wait the client decided on, and why (tests read them; syncs may log them). */
export type Wait = { ms: number; reason: WaitReason };

/**
 * Proactive pacing from a platform's rate headers (Lightspeed R-Series' leaky bucket): how long to wait before
 * the next request, and what each answer says of the allowance left.
 */
export interface Pacer {
  before(): number;
  after(res: Response): void;
}

export type HttpClientOptions = {
  /** The platform's name in error messages ("Etsy"). */
  platform: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Retries after a network error or 5xx (default SPEC §9: 3), first wait in ms, doubling (default 3000). */
  maxRetries?: number;
  retryBaseMs?: number;
  /** 429 answers waited out in a row before giving up with `throttled` (default 5). */
  maxThrottleRetries?: number;
  /** The longest Retry-After we wait; a longer one is `throttled` at once (default 10 min). */
  maxWaitMs?: number;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** The clock Retry-After dates are read against (tests). */
  now?: () => number;
  pacer?: Pacer;
  /** Headers of every request, asked again for each attempt so a renewed token is used. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /**
   * Called once when the platform answers 401: true when the credentials were renewed (an OAuth refresh) and
   * the request should be sent again. Throws ConnectorError('unauthorized') when the renewal is refused.
   */
  renew?: () => Promise<boolean>;
};

export type SendOptions = {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  /** 404 answers null instead of throwing `unavailable` (a product that is gone). */
  notFoundIsNull?: boolean;
};

export type HttpAnswer = { status: number; headers: Headers; text: string };

/**
 * Retry-After as seconds ("3") or as an HTTP date ("Wed, 15 Jul 2020 15:04:05 GMT", as Lightspeed X-Series
 * sends it), in milliseconds from `now`; null when absent or unreadable.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.ceil(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/**
 * The requests of one adapter, over the fetch the server passes (SSRF-guarded), with the retry policy of SPEC
 * §9: network errors and 5xx are retried after 3, 6 and 12 s; 429 waits Retry-After (seconds or an HTTP date);
 * a 401 renews OAuth credentials once. Statuses become ConnectorError codes: 401/403 `unauthorized`, 402, 404,
 * 410 and 423 `unavailable`, any other 4xx `invalid_response`. Every wait is recorded in `waits`.
 */
export class HttpClient {
  readonly waits: Wait[] = [];
  private readonly o: HttpClientOptions;
  private readonly doFetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(opts: HttpClientOptions) {
    this.o = opts;
    this.doFetch = opts.fetch ?? fetch;
    this.sleep = opts.sleep ?? defaultSleep;
  }

  async send(url: string, options: SendOptions & { notFoundIsNull: true }): Promise<HttpAnswer | null>;
  async send(url: string, options?: SendOptions): Promise<HttpAnswer>;
  async send(url: string, options: SendOptions = {}): Promise<HttpAnswer | null> {
    const { platform } = this.o;
    const maxRetries = this.o.maxRetries ?? HTTP_RETRY.maxRetries;
    const retryBaseMs = this.o.retryBaseMs ?? HTTP_RETRY.baseDelayMs;
    const maxThrottles = this.o.maxThrottleRetries ?? 5;
    let failures = 0;
    let throttles = 0;
    let renewed = false;
    for (;;) {
      const pace = this.o.pacer?.before() ?? 0;
      if (pace > 0) await this.wait(pace, 'pace');
      let res: Response;
      try {
        res = await this.doFetch(url, {
          method: options.method ?? 'GET',
          headers: { ...(await this.o.headers?.()), ...options.headers },
          body: options.body,
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 30_000),
          redirect: 'manual',
        });
      } catch (err) {
        if (err instanceof ConnectorError) throw err;
        if (failures++ < maxRetries) {
          await this.wait(retryBaseMs * 2 ** (failures - 1), 'retry');
          continue;
        }
        throw new ConnectorError('network', `Could not reach ${platform}: ${(err as Error).message}`);
      }
      this.o.pacer?.after(res);
      const status = res.status;
      if (status === 429) {
        await res.body?.cancel();
        const ms =
          retryAfterMs(res.headers.get('retry-after'), this.o.now?.() ?? Date.now()) ??
          retryBaseMs * 2 ** throttles;
        if (throttles++ < maxThrottles && ms <= (this.o.maxWaitMs ?? 600_000)) {
          await this.wait(ms, 'throttled');
          continue;
        }
        throw new ConnectorError('throttled', `${platform} kept throttling our requests`, 429);
      }
      if (status >= 500) {
        await res.body?.cancel();
        if (failures++ < maxRetries) {
          await this.wait(retryBaseMs * 2 ** (failures - 1), 'retry');
          continue;
        }
        throw new ConnectorError('network', `${platform} answered ${status}`, status);
      }
      if (status === 401 && !renewed && this.o.renew) {
        await res.body?.cancel();
        renewed = true;
        if (await this.o.renew()) continue;
        throw new ConnectorError('unauthorized', `${platform} refused our access token`, 401);
      }
      if (status === 401 || status === 403) {
        const detail = await excerpt(res);
        throw new ConnectorError(
          'unauthorized',
          `${platform} refused our access token${detail ? `: ${detail}` : ''}`,
          status,
        );
      }
      if (status === 404 && options.notFoundIsNull) {
        await res.body?.cancel();
        return null;
      }
      if (status === 402 || status === 404 || status === 410 || status === 423) {
        await res.body?.cancel();
        throw new ConnectorError('unavailable', `${platform} answered ${status}`, status);
      }
      if (status >= 300) {
        // A redirect is a login page or a moved store, never an API answer; other 4xx: our request was refused.
        const detail = await excerpt(res);
        throw new ConnectorError(
          'invalid_response',
          `${platform} answered ${status}${detail ? `: ${detail}` : ''}`,
          status,
        );
      }
      let text: string;
      try {
        text = await res.text();
      } catch (err) {
        // The connection dropped in the middle of the body: a network failure, worth another try.
        if (failures++ < maxRetries) {
          await this.wait(retryBaseMs * 2 ** (failures - 1), 'retry');
          continue;
        }
        throw new ConnectorError('network', `${platform} stopped answering: ${(err as Error).message}`);
      }
      return { status, headers: res.headers, text };
    }
  }

  /** A JSON answer; an HTML page, a truncated or malformed body is `invalid_response`. */
  async json<T>(url: string, options: SendOptions & { notFoundIsNull: true }): Promise<T | null>;
  async json<T>(url: string, options?: SendOptions): Promise<T>;
  async json<T>(url: string, options: SendOptions = {}): Promise<T | null> {
    const answer = await this.send(url, options);
    if (!answer) return null;
    return parseJson<T>(this.o.platform, answer);
  }

  /** Wait, recorded in `waits` (adapters that retry at their own level: eBay's Ack Failure answers). */
  async wait(ms: number, reason: WaitReason): Promise<void> {
    this.waits.push({ ms, reason });
    await this.sleep(ms);
  }
}

/** Parse a JSON body, naming what came instead (an HTML login page, a cut-off answer). */
export function parseJson<T>(platform: string, answer: { headers: Headers; text: string }): T {
  const type = answer.headers.get('content-type') ?? '';
  const head = answer.text.trimStart().slice(0, 20).toLowerCase();
  if (type.includes('text/html') || head.startsWith('<!doctype') || head.startsWith('<html'))
    throw new ConnectorError('invalid_response', `${platform} answered an HTML page instead of JSON`);
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new ConnectorError('invalid_response', `${platform} answered a truncated or malformed response`);
  }
}

/** The start of an error body, for the message (the platform's own reason). */
async function excerpt(res: Response): Promise<string> {
  try {
    const text = (await res.text()).trim();
    if (!text || /^<(!doctype|html)/i.test(text)) return '';
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      const reason = [body.error_description, body.error, body.message, body.hint].find(
        (v) => typeof v === 'string' && v,
      );
      if (reason) return String(reason).slice(0, 300);
    } catch {
      // not JSON: the text itself
    }
    return text.slice(0, 300);
  } catch {
    return '';
  }
}
