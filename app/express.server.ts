import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import { sql } from 'drizzle-orm';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { ServerBuild } from 'react-router';
import { purgeExpired, purgeRateLimits } from '../server/accounts/index.ts';
import { purgeUnconfirmedOrders } from '../server/catalogs/index.ts';
import { keyFromUrl, serveStoredFile } from '../server/files/index.ts';
import { isCrossSite, HSTS } from '../server/platform/index.ts';
import { type Runtime } from '../server/runtime/index.ts';

export const ROOT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const BUILD_DIR = path.join(ROOT_DIR, 'build');

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Callers that prove themselves another way (signed webhooks) and never carry a session cookie. */
const SIGNED_PATHS = [/^\/webhooks\//];

/** Cross-origin state-changing requests are refused (DESIGN §10 CSRF); signed webhooks carry no cookie. */
export function isCrossOrigin(req: Pick<Request, 'method' | 'path' | 'headers'>, appUrl: string): boolean {
  if (!UNSAFE_METHODS.has(req.method)) return false;
  if (SIGNED_PATHS.some((re) => re.test(req.path))) return false;
  return isCrossSite((name) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  }, appUrl);
}

export async function createExpressApp(opts: {
  runtime: Runtime;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /**
   * Handlers that see each request before the app does and pass on what is not theirs: scripts/product.ts
   * mounts the viewer here (its /view pages and merchants' hosts), so one port serves both.
   */
  front?: RequestHandler[];
}) {
  const { runtime } = opts;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', runtime.config.TRUST_PROXY);

  // One structured log line per request (assets excluded): method, path, status, duration.
  app.use((req, res, next) => {
    if (req.path.startsWith('/assets/')) return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      runtime.logger.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) },
        'request',
      );
    });
    next();
  });

  // HTML pages add their Content-Security-Policy (entry.server.tsx). HSTS only when the public address is
  // https: sent over plain http it would be ignored, and a local http setup must stay reachable.
  const https = runtime.config.appUrl.startsWith('https:');
  app.use((req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (https) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  });

  // SPEC §2.5: trailing slashes are stripped.
  app.use((req, res, next) => {
    if (req.path.length > 1 && req.path.endsWith('/') && (req.method === 'GET' || req.method === 'HEAD')) {
      const q = req.originalUrl.slice(req.path.length);
      return res.redirect(301, req.path.replace(/\/+$/, '') + q);
    }
    next();
  });

  for (const handler of opts.front ?? []) app.use(handler);

  // SPEC §7 names POST /reset/{tokenId}; the page at that path is a React route, so the post goes to the
  // resource route that answers both JSON callers and the page's form.
  app.post(/^\/reset\/[^/]+$/, (req, _res, next) => {
    req.url = `/auth${req.url}`;
    req.originalUrl = `/auth${req.originalUrl}`;
    next();
  });

  app.get('/healthz', async (_req, res) => {
    try {
      await runtime.db.execute(sql`select 1`);
      res.json({ status: 'ok', database: runtime.database.kind });
    } catch (err) {
      runtime.logger.error({ err }, 'health check failed');
      res.status(503).json({ status: 'unavailable', database: runtime.database.kind });
    }
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isCrossOrigin(req, runtime.config.appUrl)) {
      res.status(403).json({ error: 'forbidden', message: 'Cross-site requests are not allowed.' });
      return;
    }
    next();
  });

  // Stored files (images, fonts, page images), from local disk or the S3 bucket alike. Keys are unguessable;
  // temporary files of unfinished writes never show, and PDFs only through their routes, which check the caller
  // and the plan (SPEC §6: no download on trial).
  app.use('/files', (req, res, next) => {
    Promise.resolve()
      .then(() =>
        serveStoredFile({ storage: runtime.storage, key: keyFromUrl(`/files${req.path}`), req, res }),
      )
      .catch(next);
  });

  const clientDir = path.join(BUILD_DIR, 'client');
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(clientDir, { maxAge: '1h', index: false }));

  app.use(
    createRequestHandler({
      build: opts.build,
      getLoadContext: (req) => ({ ip: req.ip ?? 'unknown' }),
    }),
  );
  return app;
}

export async function loadServerBuild(): Promise<ServerBuild> {
  const file = path.join(BUILD_DIR, 'server', 'index.js');
  if (!existsSync(file))
    throw new Error(`No build at ${file}: run "npm run build" (npm start does it for you).`);
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/** How long a stop lets running requests finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 5_000;

export type RunningApp = {
  url: string;
  server: Server;
  /** Stops accepting requests; running ones get SHUTDOWN_GRACE_MS. The runtime is left to the caller. */
  close: () => Promise<void>;
};

/** The app on the runtime's PORT and HOST, with its hourly housekeeping. */
export async function startAppServer(opts: {
  runtime: Runtime;
  front?: RequestHandler[];
}): Promise<RunningApp> {
  const { runtime } = opts;
  const app = await createExpressApp({ runtime, build: await loadServerBuild(), front: opts.front });
  const { config } = runtime;
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  // Links in mails and Shopify redirects use the address actually listened on when APP_URL is not set.
  if (!config.APP_URL) config.appUrl = url;
  // Expired sessions, reset tokens, rate-limit windows and orders nobody confirmed go hourly; any number of
  // processes may do it.
  const housekeeping = () =>
    Promise.all([
      purgeExpired({ db: runtime.db }),
      purgeRateLimits({ db: runtime.db }),
      purgeUnconfirmedOrders({ db: runtime.db }),
    ]).catch((err) => runtime.logger.warn({ err }, 'housekeeping failed'));
  const housekeepingTimer = setInterval(housekeeping, 60 * 60_000);
  housekeepingTimer.unref();
  void housekeeping();
  const close = async () => {
    clearInterval(housekeepingTimer);
    // Requests still running get a moment to finish before their connections are cut.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(cut);
  };
  return { url, server, close };
}
