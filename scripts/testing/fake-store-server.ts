import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local HTTP server on 127.0.0.1 for a store platform's API (REST, or XML for eBay): the base of every fake
 * platform the connector tests run against (fake-bigcommerce.ts, fake-magento.ts, fake-ecwid.ts,
 * fake-squarespace.ts, fake-etsy.ts, fake-ebay.ts, fake-lightspeed.ts). It records every request, answers the
 * answers a test forces first (a 429, a 5xx, an HTML login page, a body cut short), then the platform's routes.
 */

export type FakeRequest = {
  method: string;
  /** The path without the query, decoded. */
  path: string;
  query: URLSearchParams;
  /** The raw query string, as sent (signatures cover it). */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The full URL as the client addressed it. */
  url: string;
  /** Milliseconds since the epoch when it arrived. */
  at: number;
};

export type FakeAnswer = {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** An object goes out as JSON; a string as it is (text/plain unless `headers` name a type). */
  body?: unknown;
  /** Send only the first half of the body, with a Content-Length that says so (an answer cut short upstream). */
  truncate?: boolean;
  /** Announce the whole body, send half of it, then close the connection (a connection dropped mid-answer). */
  dropConnection?: boolean;
};

export type FakeRoute = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** Which requests a forced answer takes: by default the next one, whatever it asks. */
export type ForceOptions = {
  /** Only requests whose path contains this. */
  path?: string;
  /** Only requests this accepts. */
  match?: (req: FakeRequest) => boolean;
  /** How many requests get it (default 1). */
  times?: number;
};

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): FakeAnswer => ({
  status,
  body,
  headers: { 'Content-Type': 'application/json', ...headers },
});

/** The login page a password-protected store or a proxy answers instead of the API: a 200 HTML page. */
export const HTML_LOGIN_PAGE: FakeAnswer = {
  status: 200,
  headers: { 'Content-Type': 'text/html; charset=UTF-8' },
  body: '<!doctype html><html><head><title>Log in</title></head><body><form action="/login"><input name="password" type="password"></form></body></html>',
};

/** A JSON answer cut off halfway, as a dropped connection or a crashed PHP worker leaves it. */
export const truncatedJson = (body: unknown): FakeAnswer => ({ ...json(body), truncate: true });

export class FakeStoreServer {
  /** Every request, in the order they came. */
  readonly requests: FakeRequest[] = [];
  /** The base URL (http://127.0.0.1:<port>) once started. */
  url = '';
  private server: Server | null = null;
  private forced: { answer: FakeAnswer; match: (r: FakeRequest) => boolean; times: number }[] = [];

  constructor(private readonly route: FakeRoute) {}

  /** Starts listening on 127.0.0.1; answers the base URL. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          path: decodeURIComponent(url.pathname),
          query: url.searchParams,
          rawQuery: url.search.slice(1),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          url: `${this.url}${req.url ?? '/'}`,
          at: Date.now(),
        };
        this.requests.push(request);
        void this.answer(request).then(
          (a) => {
            let body =
              a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
            if (a.truncate) body = body.slice(0, Math.max(1, Math.floor(body.length / 2)));
            res.writeHead(a.status ?? 200, {
              'Content-Type': typeof a.body === 'string' ? 'text/plain' : 'application/json',
              ...a.headers,
              'Content-Length': String(Buffer.byteLength(body)),
            });
            if (!a.dropConnection) return void res.end(body);
            res.write(body.slice(0, Math.floor(body.length / 2)), () => res.destroy());
          },
          (err: unknown) => {
            res.writeHead(500, { 'Content-Type': 'text/plain' });
            res.end(`fake server error: ${(err as Error)?.message ?? String(err)}`);
          },
        );
      });
    });
    this.server = server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }

  /** Answer `answer` to the next `times` requests that match (default: the next request, whatever it asks). */
  force(answer: FakeAnswer, opts: ForceOptions = {}): void {
    const { path, match } = opts;
    this.forced.push({
      answer,
      match: (r) => (!path || r.path.includes(path)) && (!match || match(r)),
      times: opts.times ?? 1,
    });
  }

  /** Forget the forced answers not given yet. */
  clearForced(): void {
    this.forced = [];
  }

  /** The requests whose path ends with `suffix`. */
  calls(suffix: string): FakeRequest[] {
    return this.requests.filter((r) => r.path.endsWith(suffix));
  }

  private async answer(req: FakeRequest): Promise<FakeAnswer> {
    const i = this.forced.findIndex((f) => f.match(req));
    if (i >= 0) {
      const f = this.forced[i]!;
      if (--f.times <= 0) this.forced.splice(i, 1);
      return f.answer;
    }
    return this.route(req);
  }
}

/** Read an application/x-www-form-urlencoded body. */
export const formOf = (req: FakeRequest): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(req.body));

/** The bearer token of a request, or null. */
export const bearerOf = (req: FakeRequest): string | null => {
  const h = req.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7) : null;
};
