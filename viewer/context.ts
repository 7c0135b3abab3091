import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { getT, type Language } from '../core/i18n/index.ts';
import { getSessionUser, type User } from '../server/accounts/index.ts';
import {
  canRead,
  canSee,
  findPublished,
  viewerRole,
  type PublishedCatalog,
  type ViewerRole,
} from '../server/catalogs/index.ts';
import { detectLanguage } from '../server/platform/index.ts';
import { type Runtime } from '../server/runtime/index.ts';
import { blankDocument, messageDocument } from './documents.tsx';
import { viewerPolicy } from './security.ts';

/** What every viewer request works out first: who asks, on which host, about which catalog. */
export type ViewerRequest = {
  runtime: Runtime;
  req: ExpressRequest;
  res: ExpressResponse;
  /** The merchant's own host this request came to, or null on the app's (or the viewer's) host. */
  customHost: string | null;
};

/** The request's origin as the browser sees it (the catalog's links and share URL use it). */
export function originOf(req: ExpressRequest): string {
  return `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}

/** A Web Request carrying this request's cookies, for the session helpers of server/accounts. */
export function webRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  return new Request(`${originOf(req)}${req.originalUrl}`, { headers });
}

export async function sessionUser(v: ViewerRequest): Promise<User | null> {
  if (!v.req.headers.cookie) return null;
  return getSessionUser({ db: v.runtime.db, config: v.runtime.config, request: webRequest(v.req) });
}

/** The visitor's language for pages without a catalog (404, password form): their browser's, en or fr. */
export function visitorLanguage(req: ExpressRequest): Language {
  const headers = new Headers();
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string') headers.set('accept-language', accept);
  return detectLanguage(new Request(`${originOf(req)}${req.originalUrl}`, { headers }));
}

export type Resolved = { pub: PublishedCatalog; role: ViewerRole; user: User | null; readable: boolean };

/**
 * The catalog an address names, with who asks and whether they may read it; null when there is none, or when it
 * is a draft and the asker is neither its owner nor staff (a draft does not exist for visitors).
 */
export async function resolveCatalog(v: ViewerRequest, ref: string): Promise<Resolved | null> {
  const pub = await findPublished({ db: v.runtime.db, ref, customHost: v.customHost });
  if (!pub) return null;
  const user = await sessionUser(v);
  const role = viewerRole(pub.row, user);
  if (!canSee(pub, role)) return null;
  const readable = canRead(pub, role, v.req.headers.cookie, v.runtime.config.appSecret);
  return { pub, role, user, readable };
}

/**
 * A real 404 page (SPEC §2.5: unknown catalogs), never a redirect, with the viewer's policy. An embed of a catalog
 * that is not there (a draft, a deleted one) shows nothing in the merchant's frame: an empty page any site may
 * frame, which says nothing about the catalog.
 */
export function notFoundPage(v: ViewerRequest): void {
  const lang = visitorLanguage(v.req);
  const t = (k: string) => String(getT(lang, 'viewer')(k));
  const embed = v.req.query.embed === '1';
  v.res
    .status(404)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Content-Security-Policy', viewerPolicy({ frameAncestors: embed ? '*' : "'self'" }))
    .setHeader('X-Robots-Tag', 'noindex')
    .send(
      embed
        ? blankDocument(lang)
        : messageDocument({ lang, title: t('notFound.title'), body: t('notFound.body') }),
    );
}

/** A JSON 404 for the catalog's data URLs: the same answer whether the catalog is missing or locked. */
export function notFoundJson(v: ViewerRequest): void {
  v.res
    .status(404)
    .setHeader('Cache-Control', 'no-store')
    .json({ error: 'not_found', message: 'Not found.' });
}
