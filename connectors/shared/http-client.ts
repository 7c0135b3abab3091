import { HTTP_RETRY } from '../../core/constants.ts';
import { ConnectorError } from '../types.ts';
import { WORDS, type Words } from './wording.ts';

export type WaitReason = 'retry' | 'throttled' | 'pace';
/** A wait the client decided on, and why (tests read them; a sync may log them). */
export type Wait = { ms: number; reason: WaitReason };

export const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Pacing that keeps state between answers (Lightspeed R-Series' leaky bucket, Etsy's per-second allowance): how
 * long to wait before the next request, and what each answer says of the allowance left.
 */
export interface Pacer {
  before(): number;
  after(res: Response): void;
}

export type HttpClientOptions = {
  /** Who answers, in error messages: "Etsy", "BigCommerce store abc123", "the Magento store shop.example". */
  label: string;
  /** The fetch every request goes through (the server passes its SSRF-guarded one; tests reach a local fake). */
  fetch?: typeof fetch;
  /** How the client waits (tests pass one that returns at once or moves a fake clock). */
  sleep?: (ms: number) => Promise<void>;
  /** The clock a Retry-After date is read against (tests). */
  now?: () => number;

  /**
   * Headers of every request (authentication), asked again for each attempt with the request's method and URL:
   * an OAuth 1.0a signature covers the URL, a renewed OAuth 2 token is picked up. May be async.
   */
  headers?: (request: {
    method: string;
    url: string;
  }) => Record<string, string> | Promise<Record<string, string>>;
  /**
   * Called once when the platform answers 401: true when the credentials were renewed (an OAuth refresh) and the
   * request should be sent again. Throws ConnectorError('unauthorized') when the renewal is refused.
   */
  renew?: () => Promise<boolean>;

  /** Retries after a network error, a body cut short by a dropped connection or a 5xx (SPEC §9: 3). */
  maxRetries?: number;
  /** The first of those waits, doubling each time (SPEC §9: 3000 ms, so 3, 6, 12 s). */
  retryBaseMs?: number;
  /** Per request attempt (default 30 s). */
  timeoutMs?: number;

  /** 429 answers waited out in a row before giving up with `throttled` (default 10). */
  maxThrottleRetries?: number;
  /** The longest 429 wait we accept; a longer Retry-After is `throttled` at once (default: any). */
  maxWaitMs?: number;
  /**
   * How long a 429 without Retry-After waits: the platform's own reset header, or its fixed cool-down. Null (or
   * no function): the retry backoff.
   */
  throttleWaitMs?: (res: Response) => number | null;

  /** The least time between two requests: a platform's requests-per-second limit (default none). */
  minIntervalMs?: number;
  /** Reads the rate-limit headers of every answer: how long to hold the next request (0: not at all). */
  paceAfter?: (res: Response) => number;
  /** Stateful pacing (a leaky bucket) asked before every request and told of every answer. */
  pacer?: Pacer;

  /**
   * Follow redirects (default). False: a redirect is `invalid_response`, for APIs that never redirect, where a
   * redirect means a login page or a moved store.
   */
  followRedirects?: boolean;
  /** The platform's reason in an error answer, when its body says it elsewhere than wording.ts looks. */
  errorMessage?: (body: unknown) => string | null;
};

/**
 * What the OAuth adapters (Etsy, eBay, Lightspeed) ask of their client: 5 429s in a row at most and none over 10
 * minutes, no redirects (their APIs never redirect: a redirect is a login page). oauthClient applies it.
 */
export const OAUTH_CLIENT_POLICY = {
  maxThrottleRetries: 5,
  maxWaitMs: 600_000,
  followRedirects: false,
} as const satisfies Partial<HttpClientOptions>;

export type SendOptions = {
  method?: string;
  /** A JSON body (sent with Content-Type application/json). */
  json?: unknown;
  /** A body sent as it is (XML, a form); its Content-Type goes in `headers`. */
  body?: string;
  /** Headers of this request, over the client's. */
  headers?: Record<string, string>;
  /** 404 answers null instead of throwing `unavailable` (a product that is gone). */
  notFoundIsNull?: boolean;
};

export type HttpAnswer = { status: number; headers: Headers; text: string };

/** What an adapter passes through to its client from its deps and deps.options unchanged. */
export type ClientTuning = Pick<
  HttpClientOptions,
  'fetch' | 'sleep' | 'maxRetries' | 'retryBaseMs' | 'maxThrottleRetries' | 'timeoutMs'
>;

/** The client tuning of a larger options object. */
export const tuningOf = (o: ClientTuning): ClientTuning => ({
  fetch: o.fetch,
  sleep: o.sleep,
  maxRetries: o.maxRetries,
  retryBaseMs: o.retryBaseMs,
  maxThrottleRetries: o.maxThrottleRetries,
  timeoutMs: o.timeoutMs,
});

/** The client tuning keys of deps.options every adapter reads. */
export const clientTuning = (o: Record<string, number> = {}): ClientTuning => ({
  maxRetries: o.maxRetries,
  retryBaseMs: o.retryBaseMs,
  maxThrottleRetries: o.maxThrottleRetries,
  timeoutMs: o.timeoutMs,
});

/**
 * Retry-After as seconds ("3") or as an HTTP date ("Wed, 15 Jul 2020 15:04:05 GMT", as Lightspeed X-Series sends
 * it), in ms from `now`; null when absent or unreadable. A date in the past is 0: retry now.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header?.trim()) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds * 1000) : null;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The requests of one adapter, with the product's retry policy and the platform's pacing kept inside:
 * - network errors, timeouts, a body cut short by a dropped connection and 5xx are retried after 3, 6, 12 s
 *   (SPEC §9), then `network`;
 * - 429 waits Retry-After (seconds or a date), else the platform's reset header or cool-down, else the backoff,
 *   up to `maxThrottleRetries` times in a row and `maxWaitMs` long, then `throttled`;
 * - `minIntervalMs`, `paceAfter` and `pacer` hold a request until the platform's pace allows it;
 * - a 401 renews OAuth credentials once (`renew`) and sends the request again;
 * - 401/403 are `unauthorized`, 402/404/410/423 `unavailable` (404 is null where the caller allows it), a refused
 *   redirect and other 4xx `invalid_response` with the platform's reason, and a JSON answer that is a web page
 *   or cut short `invalid_response`.
 * Every wait is recorded in `waits`.
 */
export class HttpClient {
  readonly waits: Wait[] = [];
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly words: Words;
  private lastRequestAt = 0;
  private holdUntil = 0;

  constructor(private readonly o: HttpClientOptions) {
    this.fetch = o.fetch ?? fetch;
    this.sleep = o.sleep ?? defaultSleep;
    this.now = o.now ?? Date.now;
    this.maxRetries = o.maxRetries ?? HTTP_RETRY.maxRetries;
    this.retryBaseMs = o.retryBaseMs ?? HTTP_RETRY.baseDelayMs;
    this.words = WORDS;
  }

  /** A JSON answer; a web page or a body cut short is `invalid_response`. */
  async json<T>(url: string, options: SendOptions & { notFoundIsNull: true }): Promise<T | null>;
  async json<T>(url: string, options?: SendOptions): Promise<T>;
  async json<T>(url: string, options: SendOptions = {}): Promise<T | null> {
    return (await this.request<T>(url, options))?.data ?? null;
  }

  /** A JSON answer with its headers (paging in headers: WooCommerce's X-WP-TotalPages). */
  async request<T>(
    url: string,
    options: SendOptions & { notFoundIsNull: true },
  ): Promise<{ data: T; headers: Headers } | null>;
  async request<T>(url: string, options?: SendOptions): Promise<{ data: T; headers: Headers }>;
  async request<T>(url: string, options: SendOptions = {}): Promise<{ data: T; headers: Headers } | null> {
    const answer = await this.send(url, options);
    if (!answer) return null;
    try {
      return { data: JSON.parse(answer.text) as T, headers: answer.headers };
    } catch {
      const type = answer.headers.get('content-type') ?? '';
      const page = /html/i.test(type) || /^\s*</.test(answer.text);
      throw new ConnectorError(
        'invalid_response',
        page ? this.words.htmlPage(this.o.label) : this.words.malformed(this.o.label),
        answer.status,
      );
    }
  }

  /** The answer as text (XML APIs); throws ConnectorError as `json` does for statuses. */
  async send(url: string, options: SendOptions & { notFoundIsNull: true }): Promise<HttpAnswer | null>;
  async send(url: string, options?: SendOptions): Promise<HttpAnswer>;
  async send(url: string, options: SendOptions = {}): Promise<HttpAnswer | null> {
    const { label } = this.o;
    const method = options.method ?? 'GET';
    let failures = 0;
    let throttles = 0;
    let renewed = false;
    /** After a network failure: true to try again (after the backoff), false when the retries are spent. */
    const retry = async () => {
      if (failures++ >= this.maxRetries) return false;
      await this.wait(this.retryBaseMs * 2 ** (failures - 1), 'retry');
      return true;
    };
    for (;;) {
      await this.pace();
      const headers = {
        Accept: 'application/json',
        ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(await this.o.headers?.({ method, url })),
        ...options.headers,
      };
      let res: Response;
      try {
        this.lastRequestAt = Date.now();
        res = await this.fetch(url, {
          method,
          headers,
          body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 30_000),
          redirect: this.o.followRedirects === false ? 'manual' : 'follow',
        });
      } catch (err) {
        if (err instanceof ConnectorError) throw err;
        if (await retry()) continue;
        throw new ConnectorError('network', `Could not reach ${label}: ${(err as Error).message}`);
      }
      this.o.pacer?.after(res);
      const hold = this.o.paceAfter?.(res) ?? 0;
      if (hold > 0) this.holdUntil = Math.max(this.holdUntil, Date.now() + hold);
      const status = res.status;

      if (status === 429) {
        await res.body?.cancel();
        const ms =
          retryAfterMs(res.headers.get('retry-after'), this.now()) ??
          this.o.throttleWaitMs?.(res) ??
          this.retryBaseMs * 2 ** throttles;
        if (throttles++ < (this.o.maxThrottleRetries ?? 10) && ms <= (this.o.maxWaitMs ?? Infinity)) {
          await this.wait(ms, 'throttled');
          // That wait was the platform's own reset: nothing more to hold for.
          this.holdUntil = 0;
          continue;
        }
        throw new ConnectorError('throttled', this.words.throttled(label), 429);
      }
      if (status >= 500) {
        await res.body?.cancel();
        if (await retry()) continue;
        throw new ConnectorError('network', `${label} answered ${status}`, status);
      }
      if (status === 401 && !renewed && this.o.renew) {
        await res.body?.cancel();
        renewed = true;
        if (await this.o.renew()) continue;
        throw new ConnectorError('unauthorized', this.words.refused(label, 401, null), 401);
      }
      if (status === 404 && options.notFoundIsNull) {
        await res.body?.cancel();
        return null;
      }
      if (status >= 300) {
        const [code, message] = await this.refusal(res);
        throw new ConnectorError(code, message, status);
      }

      let text: string;
      try {
        text = await res.text();
      } catch (err) {
        // The connection dropped in the middle of the body: a network failure, worth another try.
        if (await retry()) continue;
        throw new ConnectorError('network', `${label} stopped answering: ${(err as Error).message}`);
      }
      return { status, headers: res.headers, text };
    }
  }

  /** Wait, recorded in `waits` (adapters that retry at their own level: eBay's Ack Failure answers). */
  async wait(ms: number, reason: WaitReason): Promise<void> {
    this.waits.push({ ms, reason });
    await this.sleep(ms);
  }

  /** A refused request's code and message, with the platform's reason from the body. */
  private async refusal(res: Response): Promise<[ConnectorError['code'], string]> {
    const { label } = this.o;
    const status = res.status;
    const body = await res.text().catch(() => '');
    let reason: string | null;
    if (this.o.errorMessage) {
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // An error page: the status says enough.
      }
      reason = this.o.errorMessage(json);
    } else reason = this.words.reason(body);
    if (status === 401 || status === 403) return ['unauthorized', this.words.refused(label, status, reason)];
    if (status === 402 || status === 404 || status === 410 || status === 423)
      return ['unavailable', this.words.unavailable(label, status, reason)];
    // A redirect is a login page or a moved store, never an API answer; other 4xx: our request was refused.
    return ['invalid_response', `${label} answered ${status}${reason ? `: ${reason}` : ''}`];
  }

  /** Hold the request until the platform's pace allows it. */
  private async pace(): Promise<void> {
    const now = Date.now();
    const spaced = this.o.minIntervalMs ? this.lastRequestAt + this.o.minIntervalMs : 0;
    const ms = Math.max(Math.max(spaced, this.holdUntil) - now, this.o.pacer?.before() ?? 0);
    if (ms > 0) await this.wait(ms, 'pace');
  }
}
