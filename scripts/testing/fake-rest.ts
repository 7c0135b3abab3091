import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server on 127.0.0.1 for a store platform's REST (or XML) API, the base of the fake platforms the
 * connector tests run against: it records every request, answers through the platform's routes, and can be told
 * to answer the next requests otherwise (a 429, a 5xx, an HTML login page, a body cut short).
 */

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Milliseconds since the epoch when it arrived. */
  at: number;
};

export type FakeAnswer = {
  status: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  /** Send only the first half of the body, with a Content-Length that says so (a response cut short upstream). */
  truncate?: boolean;
};

export type Route = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** What a store behind a login wall or a proxy answers instead of the API: a 200 HTML page. */
export const HTML_LOGIN_PAGE: FakeAnswer = {
  status: 200,
  headers: { 'Content-Type': 'text/html; charset=utf-8' },
  body: '<!DOCTYPE html><html><head><title>Log in</title></head><body><form><input name="password"></form></body></html>',
};

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): FakeAnswer => ({
  status,
  body,
  headers: { 'Content-Type': 'application/json', ...headers },
});

export class FakeRestServer {
  server!: Server;
  url = '';
  readonly requests: FakeRequest[] = [];
  /** Answers that take the place of the routes' for the next requests they match, in order. */
  private readonly forced: { match: (r: FakeRequest) => boolean; answer: FakeAnswer; times: number }[] = [];

  constructor(private readonly route: Route) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          path: decodeURIComponent(url.pathname),
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.requests.push(request);
        void this.answer(request).then(
          (a) => {
            let body =
              a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
            if (a.truncate) body = body.slice(0, Math.max(1, Math.floor(body.length / 2)));
            const headers: Record<string, string> = {
              'Content-Type': typeof a.body === 'string' ? 'text/plain' : 'application/json',
              ...a.headers,
              'Content-Length': String(Buffer.byteLength(body)),
            };
            res.writeHead(a.status, headers);
            res.end(body);
          },
          (err: Error) => {
            res.writeHead(500, { 'Content-Type': 'text/plain' });
            res.end(`fake server error: ${err.message}`);
          },
        );
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** Answer `answer` to the next `times` requests that `match` (default: any request). */
  force(answer: FakeAnswer, opts: { match?: (r: FakeRequest) => boolean; times?: number } = {}): void {
    this.forced.push({ match: opts.match ?? (() => true), answer, times: opts.times ?? 1 });
  }

  /** Requests whose path ends with `suffix`. */
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
