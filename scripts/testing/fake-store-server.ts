import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local HTTP server on 127.0.0.1 for the REST store platforms' fakes (fake-bigcommerce.ts, fake-magento.ts,
 * fake-ecwid.ts, fake-squarespace.ts): it records every request, answers forced answers first (a 429, a 500, an
 * HTML login page, a body cut short), then the platform's routes.
 */

export type FakeRequest = {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  /** The raw query string, as sent (signatures cover it). */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The full URL as the client addressed it. */
  url: string;
};

export type FakeAnswer = {
  status?: number;
  headers?: Record<string, string>;
  /** JSON unless it is a string, which goes out as is. */
  body?: unknown;
};

export type FakeRoute = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** An answer the test forces on the next matching request(s), before the routes see it. */
export type ForcedAnswer = FakeAnswer & {
  /** Only requests whose path contains this (default: any). */
  path?: string;
  /** How many requests get it (default 1). */
  times?: number;
};

/** The login page a password-protected or misconfigured store answers instead of JSON. */
export const HTML_LOGIN_PAGE: FakeAnswer = {
  status: 200,
  headers: { 'Content-Type': 'text/html; charset=UTF-8' },
  body: '<!doctype html><html><head><title>Log in</title></head><body><form action="/login"><input name="password" type="password"></form></body></html>',
};

/** A JSON answer cut off halfway, as a dropped connection or a crashed PHP worker leaves it. */
export function truncatedJson(body: unknown): FakeAnswer {
  const text = JSON.stringify(body);
  return {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body: text.slice(0, Math.floor(text.length / 2)),
  };
}

/** Every page a connector lists, following nextCursor to the end (a guard stops a cursor that never ends). */
export async function listAllPages<P extends { nextCursor: string | null }>(
  list: (cursor: string | null) => Promise<P>,
  maxPages = 1000,
): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    const page: P = await list(cursor);
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > maxPages) throw new Error(`Still paging after ${maxPages} pages`);
  } while (cursor);
  return pages;
}

export class FakeStoreServer {
  readonly calls: FakeRequest[] = [];
  readonly forced: ForcedAnswer[] = [];
  baseUrl = '';
  private server: Server | null = null;

  constructor(private readonly route: FakeRoute) {}

  /** Starts listening on 127.0.0.1; answers the base URL (http://127.0.0.1:<port>). */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
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
          url: `${this.baseUrl}${req.url ?? '/'}`,
        };
        this.calls.push(request);
        void this.answer(request).then(
          (a) => {
            const isText = typeof a.body === 'string';
            const headers = { 'Content-Type': 'application/json', ...a.headers };
            res.writeHead(a.status ?? 200, headers);
            res.end(a.body === undefined ? '' : isText ? (a.body as string) : JSON.stringify(a.body));
          },
          (err: unknown) => {
            res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(err));
          },
        );
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server!.close(() => r()));
    this.server = null;
  }

  /** Force the next `times` requests (whose path contains `path`) to get this answer. */
  force(answer: ForcedAnswer): void {
    this.forced.push(answer);
  }

  private async answer(req: FakeRequest): Promise<FakeAnswer> {
    const i = this.forced.findIndex((f) => !f.path || req.path.includes(f.path));
    if (i >= 0) {
      const f = this.forced[i]!;
      if ((f.times ?? 1) <= 1) this.forced.splice(i, 1);
      else f.times = (f.times ?? 1) - 1;
      return f;
    }
    return this.route(req);
  }
}
