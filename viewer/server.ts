import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  isCustomHost,
  listSitemapCatalogs,
  mayServeHost,
  normalizeHost,
  viewPath,
} from '../server/catalogs/index.ts';
import { flipbookPageUrls } from '../core/site/index.ts';
import { bundledFontFile, keyFromUrl, serveStoredFile } from '../server/files/index.ts';
import type { Runtime } from '../server/runtime/index.ts';
import { notFoundPage, originOf, type ViewerRequest } from './context.ts';
import * as routes from './routes.ts';
import { baseHeaders, viewerPolicy } from './security.ts';

export const VIEWER_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The client bundle (`npm run build` writes it with the app: scripts/build-viewer.mjs). */
export const VIEWER_BUNDLE = path.join(VIEWER_ROOT, 'build', 'viewer', 'viewer.js');

const HOST_CACHE_MS = 30_000;

/**
 * The viewer (DESIGN §3, §4): flipbooks on the app's host under /view and on merchants' own hosts (by the Host
 * header), with its own small client bundle. `handler` answers viewer requests and passes the rest on (`npm
 * start` mounts it in front of the app); `standalone` answers everything (`npm run start:viewer`).
 */
export function createViewer(opts: { runtime: Runtime; standalone?: boolean }) {
  const { runtime } = opts;
  if (!existsSync(VIEWER_BUNDLE))
    throw new Error(`No viewer bundle at ${VIEWER_BUNDLE}: run "npm run build" (npm start does it for you).`);
  const bundle = readFileSync(VIEWER_BUNDLE);
  const version = createHash('sha256').update(bundle).digest('hex').slice(0, 12);
  const scriptUrl = `/view-assets/viewer.js?v=${version}`;
  const hosts = new Map<string, { at: number }>();
  const https = runtime.config.appUrl.startsWith('https:');

  /**
   * Whether a Host is a merchant's (a catalog is set to it by an owner who proved they control it). The app's own
   * hosts and addresses, IP literals and reserved names never are, whatever the database says: they never reach
   * the catalog router.
   */
  async function customHostOf(req: Request): Promise<string | null> {
    const host = normalizeHost(req.headers.host);
    if (!mayServeHost(host, runtime.config)) return null;
    const hit = hosts.get(host);
    if (hit && Date.now() - hit.at < HOST_CACHE_MS) return host;
    // Only hosts that serve are remembered: one just proved serves at its next request.
    if (!(await isCustomHost(runtime.db, host))) return null;
    hosts.set(host, { at: Date.now() });
    if (hosts.size > 10_000) hosts.delete(hosts.keys().next().value!);
    return host;
  }

  const router = express.Router();
  const ctx = (req: Request, res: Response): ViewerRequest => ({
    runtime,
    req,
    res,
    customHost: (res.locals.customHost as string | null) ?? null,
  });
  const run =
    (fn: (v: ViewerRequest, req: Request) => Promise<unknown> | unknown) =>
    (req: Request, res: Response, next: NextFunction) => {
      Promise.resolve(fn(ctx(req, res), req)).catch(next);
    };
  const param = (req: Request, name: string) => String(req.params[name] ?? '');
  const pageParam = (req: Request) => {
    const n = Number(param(req, 'n'));
    return Number.isInteger(n) && n > 0 ? n : null;
  };

  // Stored pictures (page images, products) on the viewer's own hosts too: run alone, or on a merchant's host,
  // it shows the pages it serves without the app (same headers as the app's /files).
  router.use('/files', (req, res, next) => {
    Promise.resolve()
      .then(() =>
        serveStoredFile({ storage: runtime.storage, key: keyFromUrl(`/files${req.path}`), req, res }),
      )
      .catch(next);
  });
  router.get('/view-assets/viewer.js', (req, res) => {
    res
      .type('text/javascript')
      .setHeader(
        'Cache-Control',
        req.query.v === version ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      .send(bundle);
  });
  // The bundled fonts the pages name (viewer/render.tsx FONTS_PATH), on the viewer's own origin.
  router.get('/view-assets/fonts/:name', (req, res) => {
    const file = bundledFontFile(param(req, 'name'));
    if (!file) return void notFoundPage(ctx(req, res));
    res
      .type('font/woff2')
      .setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      .setHeader('Access-Control-Allow-Origin', '*')
      .sendFile(file);
  });
  router.get(
    '/view/sitemap.xml',
    run(async (v) => {
      const rows = await listSitemapCatalogs({ db: runtime.db });
      await routes.sitemap(
        v,
        rows.flatMap((r) => flipbookPageUrls(`${originOf(v.req)}${viewPath(r)}`, r.pageCount)),
      );
    }),
  );
  const json = express.json({ limit: '64kb' });
  const form = express.urlencoded({ extended: false, limit: '8kb' });
  router.post(
    '/view/:ref/unlock',
    form,
    run((v, req) => routes.unlock(v, param(req, 'ref'))),
  );
  router.post(
    '/view/:ref/events',
    json,
    run((v, req) => routes.events(v, param(req, 'ref'))),
  );
  router.get(
    '/view/:ref/fragments',
    run((v, req) => routes.fragments(v, param(req, 'ref'))),
  );
  router.get(
    '/view/:ref/products/:productId',
    run((v, req) => routes.product(v, param(req, 'ref'), param(req, 'productId'))),
  );
  router.post(
    '/view/:ref/pdf',
    run((v, req) => routes.pdfRequest(v, param(req, 'ref'))),
  );
  router.get(
    '/view/:ref/pdf/status',
    run((v, req) => routes.pdfStatus(v, param(req, 'ref'))),
  );
  router.get(
    '/view/:ref/pdf',
    run((v, req) => routes.pdfFile(v, param(req, 'ref'))),
  );
  router.get(
    '/view/:ref/page/:n',
    run((v, req) => routes.viewerPage(v, param(req, 'ref'), pageParam(req), scriptUrl)),
  );
  router.get(
    '/view/:ref',
    run((v, req) => routes.viewerPage(v, param(req, 'ref'), null, scriptUrl)),
  );
  router.post(
    '/api/v1/catalogs/:catalogId/orders',
    run((v, req) => routes.orders(v, param(req, 'catalogId'))),
  );
  // The buyer's confirmation of an order (the link mailed to them): a page, then its form's POST.
  router.get(
    '/view/order-confirmation/:token',
    run((v, req) => routes.orderConfirmation(v, param(req, 'token'))),
  );
  router.post(
    '/view/order-confirmation/:token',
    form,
    run((v, req) => routes.confirmOrder(v, param(req, 'token'))),
  );

  // A merchant's host: /{slug or id}, its sitemap, and nothing of the app.
  const merchant = express.Router();
  merchant.get(
    '/',
    run((v) => routes.hostIndex(v)),
  );
  merchant.get('/robots.txt', (req, res) => {
    res.type('text').send(`User-agent: *\nAllow: /\nSitemap: ${originOf(req)}/sitemap.xml\n`);
  });
  merchant.get(
    '/sitemap.xml',
    run(async (v) => {
      const rows = await listSitemapCatalogs({ db: runtime.db, host: v.customHost });
      await routes.sitemap(
        v,
        rows.flatMap((r) =>
          flipbookPageUrls(
            `${originOf(v.req)}/${encodeURIComponent(r.slug && r.slug.length > 1 ? r.slug : r.id)}`,
            r.pageCount,
          ),
        ),
      );
    }),
  );
  merchant.get(
    '/:ref/page/:n',
    run((v, req) => routes.viewerPage(v, param(req, 'ref'), pageParam(req), scriptUrl)),
  );
  merchant.get(
    '/:ref',
    run((v, req) => routes.viewerPage(v, param(req, 'ref'), null, scriptUrl)),
  );

  const isViewerPath = (req: Request) =>
    req.path === '/view' ||
    req.path.startsWith('/view/') ||
    req.path.startsWith('/view-assets/') ||
    (req.method === 'POST' && /^\/api\/v1\/catalogs\/[^/]+\/orders$/.test(req.path));

  const handler = (req: Request, res: Response, next: NextFunction) => {
    customHostOf(req)
      .then((customHost) => {
        if (!customHost && !isViewerPath(req) && !opts.standalone) return next();
        res.locals.customHost = customHost;
        for (const [k, v] of Object.entries(baseHeaders(https))) res.setHeader(k, v);
        // Every answer carries the viewer's policy (fragments, 404s, messages); pages that may be framed set theirs.
        res.setHeader('Content-Security-Policy', viewerPolicy({ frameAncestors: "'self'" }));
        const notFound = () => notFoundPage(ctx(req, res));
        const done = (err?: unknown) => {
          if (err) return failed(err, req, res);
          notFound();
        };
        if (customHost) {
          router(req, res, (err?: unknown) => (err ? done(err) : merchant(req, res, done)));
        } else {
          router(req, res, done);
        }
      })
      .catch(next);
  };

  function failed(err: unknown, req: Request, res: Response) {
    const status = (err as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      // Body parser refusals: malformed JSON or forms, bodies past their limit.
      res.status(status).json({
        error: status === 413 ? 'too_large' : 'invalid',
        message: 'The request body could not be read.',
      });
      return;
    }
    runtime.logger.error({ err, path: req.path }, 'viewer request failed');
    if (!res.headersSent)
      res.status(500).type('text').send('Something went wrong on our side. Please try again.');
  }

  return { handler, scriptUrl };
}

/** `npm run start:viewer`: the viewer alone on VIEWER_PORT, every host answered (the app's links point here). */
export async function startViewerServer(opts: { runtime: Runtime; port: number; host: string }) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.runtime.config.TRUST_PROXY);
  app.use((req, res, next) => {
    if (req.path.length > 1 && req.path.endsWith('/') && (req.method === 'GET' || req.method === 'HEAD')) {
      return res.redirect(301, req.path.replace(/\/+$/, '') + req.originalUrl.slice(req.path.length));
    }
    next();
  });
  app.use(createViewer({ runtime: opts.runtime, standalone: true }).handler);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(opts.port, opts.host, () => resolve(s));
  });
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
