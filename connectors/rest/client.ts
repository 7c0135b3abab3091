import { HTTP_RETRY } from '../../core/constants.ts';
import { ConnectorError } from '../types.ts';

export type WaitReason = 'retry' | 'throttled' | 'pace';
export type Wait = { ms: number; reason: WaitReason };

export type RestClientOptions = {
  /** Who answers, for messages: "BigCommerce store abc123", "the Magento store shop.example". */
  label: string;
  /** The fetch every request goes through (the server passes its SSRF-guarded one). */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Headers of every request (authentication); called per request, so a signature can cover its URL. */
  headers: (request: { method: string; url: string }) => Record<string, string>;
  /** Retries after a network error or a 5xx (default SPEC §9: 3), the first wait in ms, doubling (3000). */
  maxRetries?: number;
  retryBaseMs?: number;
  /** How many 429 answers in a row we wait out before giving up (default 10). */
  maxThrottleRetries?: number;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** The least time between two requests: a platform's requests-per-second limit (default none). */
  minIntervalMs?: number;
  /** How long a 429 without Retry-After waits: the platform's own header, or its fixed cool-down. */
  throttleWaitMs?: (res: Response) => number | null;
  /** Reads the rate-limit headers of every answer: how long to hold the next request (0: not at all). */
  paceAfter?: (res: Response) => number;
  /** The platform's error text in an error body ({ message }, { errorMessage }, { title }...). */
  errorMessage?: (body: unknown) => string | null;
};

export const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** What every REST adapter passes through to its client unchanged (deps and deps.options). */
export type ClientTuning = Pick<
  RestClientOptions,
  'fetch' | 'sleep' | 'maxRetries' | 'retryBaseMs' | 'maxThrottleRetries' | 'timeoutMs'
>;

export const tuningOf = (o: ClientTuning): ClientTuning => ({
  fetch: o.fetch,
  sleep: o.sleep,
  maxRetries: o.maxRetries,
  retryBaseMs: o.retryBaseMs,
  maxThrottleRetries: o.maxThrottleRetries,
  timeoutMs: o.timeoutMs,
});

/** The client tuning keys of deps.options every REST adapter reads. */
export const clientTuning = (o: Record<string, number> = {}): ClientTuning => ({
  maxRetries: o.maxRetries,
  retryBaseMs: o.retryBaseMs,
  maxThrottleRetries: o.maxThrottleRetries,
  timeoutMs: o.timeoutMs,
});

/**
 * Retry-After as seconds or as an HTTP date, in ms from now; null when absent or unreadable. A date in the past
 * is 0: retry now.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header?.trim()) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds * 1000) : null;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const commonErrorMessage = (body: unknown): string | null => {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const key of ['message', 'errorMessage', 'title', 'error'])
    if (typeof b[key] === 'string' && b[key].trim()) return b[key];
  return null;
};

/**
 * A JSON client over fetch for the REST platforms (BigCommerce, Magento, Ecwid, Squarespace). It keeps the
 * product's retry policy and each platform's pacing to itself:
 * - network errors, timeouts and 5xx are retried after 3, 6, 12 s (SPEC §9), then `network`;
 * - 429 waits Retry-After (seconds or a date), else the platform's own reset header or cool-down, else the
 *   backoff, up to `maxThrottleRetries` times in a row, then `throttled`;
 * - `minIntervalMs` spaces requests, `paceAfter` holds the next one when the last answer says the quota is
 *   nearly spent;
 * - 401/403 are `unauthorized`, 402/404/410/423 `unavailable` (a 404 is null where the caller allows it), other
 *   4xx `invalid_response` with the platform's words, and an answer that is not JSON (an HTML login page, a body
 *   cut short) `invalid_response`.
 * Every wait is recorded in `waits` (tests read it; the sync may log it).
 */
export class RestClient {
  readonly waits: Wait[] = [];
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly maxThrottleRetries: number;
  private readonly timeoutMs: number;
  private lastRequestAt = 0;
  private holdUntil = 0;

  constructor(private readonly opts: RestClientOptions) {
    this.fetch = opts.fetch ?? fetch;
    this.sleep = opts.sleep ?? defaultSleep;
    this.maxRetries = opts.maxRetries ?? HTTP_RETRY.maxRetries;
    this.retryBaseMs = opts.retryBaseMs ?? HTTP_RETRY.baseDelayMs;
    this.maxThrottleRetries = opts.maxThrottleRetries ?? 10;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  /** GET a JSON document; throws ConnectorError. */
  async get<T>(url: string): Promise<T> {
    return (await this.request<T>(url)).data;
  }

  /** GET a JSON document, or null when the platform answers 404 (a product that is gone). */
  async getOrNull<T>(url: string): Promise<T | null> {
    return (await this.request<T>(url, { notFoundIsNull: true }))?.data ?? null;
  }

  async request<T>(
    url: string,
    init?: { method?: string; body?: unknown; notFoundIsNull?: false },
  ): Promise<{ data: T; headers: Headers }>;
  async request<T>(
    url: string,
    init: { method?: string; body?: unknown; notFoundIsNull: true },
  ): Promise<{ data: T; headers: Headers } | null>;
  async request<T>(
    url: string,
    init: { method?: string; body?: unknown; notFoundIsNull?: boolean } = {},
  ): Promise<{ data: T; headers: Headers } | null> {
    const method = init.method ?? 'GET';
    const label = this.opts.label;
    let failures = 0;
    let throttled = 0;
    for (;;) {
      await this.pace();
      let res: Response;
      try {
        this.lastRequestAt = Date.now();
        res = await this.fetch(url, {
          method,
          headers: {
            Accept: 'application/json',
            ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...this.opts.headers({ method, url }),
          },
          body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (err) {
        if (failures++ < this.maxRetries) {
          await this.wait(this.retryBaseMs * 2 ** (failures - 1), 'retry');
          continue;
        }
        throw new ConnectorError('network', `Could not reach ${label}: ${(err as Error).message}`);
      }
      const hold = this.opts.paceAfter?.(res) ?? 0;
      if (hold > 0) this.holdUntil = Math.max(this.holdUntil, Date.now() + hold);

      if (res.status === 429) {
        await res.body?.cancel();
        if (throttled++ >= this.maxThrottleRetries)
          throw new ConnectorError('throttled', `${label} kept limiting our requests (429)`, 429);
        const ms =
          retryAfterMs(res.headers.get('retry-after')) ??
          this.opts.throttleWaitMs?.(res) ??
          this.retryBaseMs * 2 ** (throttled - 1);
        await this.wait(ms, 'throttled');
        // That wait was the platform's own reset: nothing more to hold for.
        this.holdUntil = 0;
        continue;
      }
      if (res.status >= 500) {
        await res.body?.cancel();
        if (failures++ < this.maxRetries) {
          await this.wait(this.retryBaseMs * 2 ** (failures - 1), 'retry');
          continue;
        }
        throw new ConnectorError('network', `${label} answered ${res.status}`, res.status);
      }
      if (res.status === 404 && init.notFoundIsNull) {
        await res.body?.cancel();
        return null;
      }
      const raw = await this.readBody(res);
      if (res.status >= 400) {
        let body: unknown = null;
        try {
          body = JSON.parse(raw);
        } catch {
          // An error page: the status says enough.
        }
        const said = (this.opts.errorMessage ?? commonErrorMessage)(body);
        const message = `${label} answered ${res.status}${said ? `: ${said}` : ''}`;
        if (res.status === 401 || res.status === 403)
          throw new ConnectorError('unauthorized', message, res.status);
        if ([402, 404, 410, 423].includes(res.status))
          throw new ConnectorError('unavailable', message, res.status);
        throw new ConnectorError('invalid_response', message, res.status);
      }
      return { data: parseJson<T>(raw, res, label), headers: res.headers };
    }
  }

  private async readBody(res: Response): Promise<string> {
    try {
      return await res.text();
    } catch (err) {
      throw new ConnectorError(
        'invalid_response',
        `${this.opts.label} broke off its answer: ${(err as Error).message}`,
      );
    }
  }

  /** Hold the request until the platform's pace allows it. */
  private async pace(): Promise<void> {
    const now = Date.now();
    const spaced = this.opts.minIntervalMs ? this.lastRequestAt + this.opts.minIntervalMs : 0;
    const until = Math.max(spaced, this.holdUntil);
    if (until > now) await this.wait(until - now, 'pace');
  }

  private async wait(ms: number, reason: WaitReason): Promise<void> {
    this.waits.push({ ms, reason });
    await this.sleep(ms);
  }
}

function parseJson<T>(raw: string, res: Response, label: string): T {
  try {
    return JSON.parse(raw) as T;
  } catch {
    const type = res.headers.get('content-type') ?? '';
    if (/html/i.test(type) || /^\s*</.test(raw))
      throw new ConnectorError(
        'invalid_response',
        `${label} answered a web page instead of data: is the store protected by a password or a login page?`,
        res.status,
      );
    throw new ConnectorError(
      'invalid_response',
      `${label} answered data that is cut short or malformed`,
      res.status,
    );
  }
}
