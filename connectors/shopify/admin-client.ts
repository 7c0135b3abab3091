import { ApiVersion } from '@shopify/shopify-api';
import { HTTP_RETRY } from '../../core/constants.ts';
import { ConnectorError } from '../types.ts';

/** The Admin API version every Shopify call of the product uses (app/shopify.server.ts re-exports it). */
export const SHOPIFY_ADMIN_API_VERSION = ApiVersion.April26;

export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
export type QueryCost = {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus?: ThrottleStatus;
};
type GraphqlError = { message: string; extensions?: { code?: string; [k: string]: unknown } };
type GraphqlBody<T> = {
  data?: T | null;
  errors?: GraphqlError[] | string;
  extensions?: { cost?: QueryCost };
};

export type AdminClientOptions = {
  shop: string;
  accessToken: string;
  apiVersion?: string;
  sleep?: (ms: number) => Promise<void>;
  /** How many THROTTLED answers in a row we wait out before giving up (default 10). */
  maxThrottleRetries?: number;
  /** Retries after a network error, 429 or 5xx (default SPEC §9: 3), first wait in ms, doubling (default 3000). */
  maxRetries?: number;
  retryBaseMs?: number;
  /** Per request (default 30 s). */
  timeoutMs?: number;
};

export const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A small client for Shopify's Admin GraphQL API over fetch, with the stored offline access token.
 *
 * Rate limits follow Shopify's calculated query cost (a leaky bucket per app and shop): every answer carries
 * extensions.cost.throttleStatus. Before a query we wait until the bucket, restored at restoreRate points per
 * second since the last answer, holds what the same query cost last time, so a long sync rarely hits the limit;
 * a THROTTLED answer (HTTP 200 with errors[].extensions.code THROTTLED) waits exactly until the requested cost
 * is restored, then retries. 429 honours Retry-After; network errors and 5xx back off 3 s, 6 s, 12 s.
 */
export class ShopifyAdminClient {
  readonly shop: string;
  private readonly token: string;
  private readonly endpoint: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxThrottleRetries: number;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly timeoutMs: number;
  private bucket: (ThrottleStatus & { at: number }) | null = null;
  /** What each query document cost last time: the estimate for its next run. */
  private readonly lastCost = new Map<string, number>();
  /** Every wait the client decided on, with why (read by tests and logged by the sync). */
  readonly waits: { ms: number; reason: 'throttled' | 'bucket' | 'retry' }[] = [];

  constructor(opts: AdminClientOptions) {
    this.shop = opts.shop;
    this.token = opts.accessToken;
    this.endpoint = `https://${opts.shop}/admin/api/${opts.apiVersion ?? SHOPIFY_ADMIN_API_VERSION}/graphql.json`;
    this.sleep = opts.sleep ?? defaultSleep;
    this.maxThrottleRetries = opts.maxThrottleRetries ?? 10;
    this.maxRetries = opts.maxRetries ?? HTTP_RETRY.maxRetries;
    this.retryBaseMs = opts.retryBaseMs ?? HTTP_RETRY.baseDelayMs;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  /** Run a query; resolves with data and cost, throws ConnectorError. */
  async request<T>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ data: T; cost?: QueryCost }> {
    let throttled = 0;
    let failures = 0;
    let justThrottled = false;
    for (;;) {
      // After a THROTTLED answer we already waited for exactly the requested cost.
      if (!justThrottled) await this.waitForBucket(query);
      justThrottled = false;
      let res: Response;
      try {
        res = await fetch(this.endpoint, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Shopify-Access-Token': this.token,
          },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (err) {
        if (failures++ < this.maxRetries) {
          await this.wait(this.retryBaseMs * 2 ** (failures - 1), 'retry');
          continue;
        }
        throw new ConnectorError('network', `Could not reach ${this.shop}: ${(err as Error).message}`);
      }
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel();
        if (failures++ < this.maxRetries) {
          const retryAfter = Number(res.headers.get('retry-after'));
          const ms =
            res.status === 429 && retryAfter > 0 ? retryAfter * 1000 : this.retryBaseMs * 2 ** (failures - 1);
          await this.wait(ms, 'retry');
          continue;
        }
        throw new ConnectorError(
          res.status === 429 ? 'throttled' : 'network',
          `${this.shop} answered ${res.status}`,
          res.status,
        );
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        throw new ConnectorError('unauthorized', `${this.shop} refused our access token`, res.status);
      }
      // 402: the shop is frozen (unpaid); 404: no such shop; 423: locked.
      if (res.status !== 200) {
        await res.body?.cancel();
        throw new ConnectorError('unavailable', `${this.shop} answered ${res.status}`, res.status);
      }
      let body: GraphqlBody<T>;
      try {
        body = (await res.json()) as GraphqlBody<T>;
      } catch {
        throw new ConnectorError('invalid_response', `${this.shop} answered something that is not JSON`);
      }
      const cost = body.extensions?.cost;
      if (cost?.throttleStatus) this.bucket = { ...cost.throttleStatus, at: Date.now() };
      // Shopify admits a query only when the bucket holds its *requested* cost (the difference is refunded after).
      if (cost?.requestedQueryCost) this.lastCost.set(query, cost.requestedQueryCost);
      const errors = typeof body.errors === 'string' ? [{ message: body.errors }] : (body.errors ?? []);
      if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
        if (throttled++ >= this.maxThrottleRetries)
          throw new ConnectorError('throttled', `${this.shop} kept throttling our requests`);
        await this.wait(throttleWaitMs(cost), 'throttled');
        justThrottled = true;
        continue;
      }
      if (errors.length && !body.data) {
        throw new ConnectorError(
          'invalid_response',
          `Shopify: ${errors.map((e) => e.message).join('; ')}`,
          res.status,
          errors.flatMap((e) => (e.extensions?.code ? [e.extensions.code] : [])),
        );
      }
      if (!body.data) throw new ConnectorError('invalid_response', 'Shopify answered without data');
      return { data: body.data, cost };
    }
  }

  /**
   * Stream a file Shopify links to (a bulk operation's JSONL). The URL is pre-signed for the file store:
   * it gets no access token.
   */
  async download(url: string): Promise<ReadableStream<Uint8Array>> {
    let failures = 0;
    for (;;) {
      let res: Response;
      try {
        res = await fetch(url);
      } catch (err) {
        if (failures++ < this.maxRetries) {
          await this.wait(this.retryBaseMs * 2 ** (failures - 1), 'retry');
          continue;
        }
        throw new ConnectorError('network', `Could not download the export: ${(err as Error).message}`);
      }
      if (res.ok && res.body) return res.body;
      await res.body?.cancel();
      if (res.status >= 500 && failures++ < this.maxRetries) {
        await this.wait(this.retryBaseMs * 2 ** (failures - 1), 'retry');
        continue;
      }
      throw new ConnectorError('export_failed', `The export file answered ${res.status}`, res.status);
    }
  }

  /** Wait until the bucket has restored what this query cost last time (nothing to wait for a new query). */
  private async waitForBucket(query: string): Promise<void> {
    const estimate = this.lastCost.get(query);
    const b = this.bucket;
    if (!estimate || !b || b.restoreRate <= 0) return;
    const available = Math.min(
      b.maximumAvailable,
      b.currentlyAvailable + ((Date.now() - b.at) / 1000) * b.restoreRate,
    );
    if (available >= estimate) return;
    await this.wait(Math.ceil(((estimate - available) / b.restoreRate) * 1000), 'bucket');
  }

  private async wait(ms: number, reason: 'throttled' | 'bucket' | 'retry'): Promise<void> {
    this.waits.push({ ms, reason });
    await this.sleep(ms);
  }
}

/** Time until the bucket holds the requested cost again; a second when the answer does not say. */
export function throttleWaitMs(cost: QueryCost | undefined): number {
  const t = cost?.throttleStatus;
  if (!t || !cost?.requestedQueryCost || t.restoreRate <= 0) return 1000;
  const missing = Math.max(1, cost.requestedQueryCost - t.currentlyAvailable);
  return Math.ceil((missing / t.restoreRate) * 1000);
}
