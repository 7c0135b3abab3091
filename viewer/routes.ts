import { Readable } from 'node:stream';
import type { Request as ExpressRequest } from 'express';
import { normalizeLanguage } from '../core/i18n/index.ts';
import { getT } from '../core/i18n/index.ts';
import { assertUnderRateLimit, hitRateLimit, verifyPassword } from '../server/accounts/index.ts';
import {
  deliverPdf,
  confirmOrder as confirmOrderService,
  findOrderToConfirm,
  isIndexable,
  listHostCatalogs,
  needsPassword,
  publishedPdfFile,
  publishedPdfStatus,
  recordViewerEvents,
  requestPublishedPdf,
  unlockCookieName,
  unlockToken,
  usableSlug,
  ViewerEventsSchema,
} from '../server/catalogs/index.ts';
import { placeOrderEndpoint } from '../server/runtime/index.ts';
import { ApiError, errorResponse, isCrossSite } from '../server/platform/index.ts';
import {
  notFoundJson,
  notFoundPage,
  originOf,
  resolveCatalog,
  visitorLanguage,
  type ViewerRequest,
} from './context.ts';
import {
  escapeText,
  hostIndexDocument,
  messageDocument,
  orderConfirmationDocument,
  passwordDocument,
} from './documents.tsx';
import { basePath, sendViewerPage } from './page.ts';
import { findProduct, framedPages, productData } from './render.tsx';
import { frameAncestorsFor, PUBLIC_REVALIDATE, viewerPolicy } from './security.ts';

const MAX_FRAGMENT_PAGES = 8;

/** State-changing requests only from pages of the same site (DESIGN §10 CSRF). */
export function refuseCrossSite(v: ViewerRequest): boolean {
  const h = (name: string) => {
    const value = v.req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (!isCrossSite(h, originOf(v.req))) return false;
  v.res.status(403).json({ error: 'forbidden', message: 'Cross-site requests are not allowed.' });
  return true;
}

/** GET /view/{ref}[/page/{n}] and, on a merchant's host, /{ref}[/page/{n}]. */
export async function viewerPage(
  v: ViewerRequest,
  ref: string,
  pageNumber: number | null,
  scriptUrl: string,
) {
  const found = await resolveCatalog(v, ref);
  if (!found) return notFoundPage(v);
  const { pub } = found;
  const base = basePath(v, pub);
  const query = v.req.originalUrl.includes('?')
    ? v.req.originalUrl.slice(v.req.originalUrl.indexOf('?'))
    : '';
  // SPEC §4: a catalog with an address is shown at it; its id (or an older form of the address) redirects there.
  if (usableSlug(pub.row.slug) && ref !== pub.row.slug) {
    return v.res.redirect(301, `${base}${pageNumber ? `/page/${pageNumber}` : ''}${query}`);
  }
  const embed = v.req.query.embed === '1';
  if (embed && !pub.plan.actions.embed) {
    // Shown inside the merchant's frame, so the refusal is readable where the catalog would have been.
    const lang = normalizeLanguage(pub.catalog.settings.language);
    const title = String(getT(lang, 'viewer')('embed.refused'));
    return v.res
      .status(403)
      .type('html')
      .setHeader('Content-Security-Policy', viewerPolicy({ frameAncestors: '*' }))
      .setHeader('Cache-Control', 'no-store')
      .send(messageDocument({ lang, title }));
  }
  if (!found.readable) {
    return sendPasswordForm(v, pub.catalog.settings.language, `${pub.row.id}`, false, embed);
  }
  const start = pageNumber ? pageNumber - 1 : Number(v.req.query.page) > 0 ? Number(v.req.query.page) - 1 : 0;
  await sendViewerPage(v, found, {
    startPage: Number.isFinite(start) ? start : 0,
    canonicalPath: pageNumber ? `${base}/page/${pageNumber}` : base,
    scriptUrl,
  });
}

function sendPasswordForm(v: ViewerRequest, language: string, id: string, wrong: boolean, embed: boolean) {
  const lang = normalizeLanguage(language);
  v.res
    .status(wrong ? 401 : 200)
    .type('html')
    .setHeader('Content-Security-Policy', viewerPolicy({ frameAncestors: frameAncestorsFor(embed) }))
    .setHeader('Cache-Control', 'no-store')
    .setHeader('X-Robots-Tag', 'noindex, nofollow')
    .send(
      passwordDocument({
        lang,
        action: `/view/${encodeURIComponent(id)}/unlock${embed ? '?embed=1' : ''}`,
        wrong,
      }),
    );
}

/** POST /view/{id}/unlock: the password form. A right password unlocks this catalog for this browser. */
export async function unlock(v: ViewerRequest, ref: string) {
  if (refuseCrossSite(v)) return;
  const found = await resolveCatalog(v, ref);
  if (!found) return notFoundPage(v);
  const { pub } = found;
  const embed = v.req.query.embed === '1';
  const back = `${basePath(v, pub)}${embed ? '?embed=1' : ''}`;
  if (found.readable) return v.res.redirect(303, back);
  const tooMany = (err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    v.res
      .status(429)
      .set(err.headers ?? {})
      .type('text')
      .send(err.message);
  };
  // Attempts per address and catalog; wrong passwords per catalog from any number of addresses (counted on
  // failures only). Past that, nobody gets another try until the window ends; browsers already unlocked keep
  // reading.
  const catalogLimit = { db: v.runtime.db, name: 'catalogPasswordCatalog', subject: pub.row.id } as const;
  try {
    await hitRateLimit({ db: v.runtime.db, name: 'catalogPassword', subject: `${v.req.ip}:${pub.row.id}` });
    await assertUnderRateLimit(catalogLimit);
  } catch (err) {
    return tooMany(err);
  }
  const given = typeof v.req.body?.password === 'string' ? v.req.body.password.slice(0, 200) : '';
  if (!needsPassword(pub) || !(await verifyPassword(pub.row.passwordHash, given))) {
    try {
      await hitRateLimit(catalogLimit);
    } catch (err) {
      return tooMany(err);
    }
    return sendPasswordForm(v, pub.catalog.settings.language, pub.row.id, true, embed);
  }
  const https = originOf(v.req).startsWith('https:');
  v.res.cookie(unlockCookieName(pub.row.id), unlockToken(pub.row, v.runtime.config.appSecret), {
    httpOnly: true,
    secure: https,
    // An embedded catalog is a third-party frame: its unlock needs SameSite=None (and so https).
    sameSite: embed && https ? 'none' : 'lax',
    path: '/',
    maxAge: 30 * 86_400_000,
  });
  v.res.redirect(303, back);
}

/** GET /view/{id}/fragments?from=&to= (1-based page numbers): pages as HTML around the current spread. */
export async function fragments(v: ViewerRequest, ref: string) {
  const found = await resolveCatalog(v, ref);
  if (!found || !found.readable) return notFoundJson(v);
  const total = found.pub.catalog.pages.length;
  const from = Math.max(1, Math.floor(Number(v.req.query.from) || 1));
  const to = Math.min(total, Math.floor(Number(v.req.query.to) || from), from + MAX_FRAGMENT_PAGES - 1);
  if (from > total || to < from)
    return v.res
      .status(400)
      .json({ error: 'invalid', message: 'from and to must be pages of this catalog.' });
  v.res
    .status(200)
    .type('html')
    .setHeader(
      'Cache-Control',
      found.role === 'visitor' && isIndexable(found.pub) ? PUBLIC_REVALIDATE : 'private, no-store',
    )
    .setHeader('Vary', 'Cookie')
    .setHeader('X-Robots-Tag', 'noindex')
    .send(framedPages(found.pub, from - 1, to - 1));
}

/** GET /view/{id}/products/{productId}: what the product modal shows. */
export async function product(v: ViewerRequest, ref: string, productId: string) {
  const found = await resolveCatalog(v, ref);
  if (!found || !found.readable) return notFoundJson(v);
  const p = findProduct(found.pub, productId);
  if (!p) return notFoundJson(v);
  v.res.setHeader('Cache-Control', 'private, no-store').json(productData(p));
}

/** POST /view/{id}/events: visitors' page views, time on page and product clicks (the owner's summary). */
export async function events(v: ViewerRequest, ref: string) {
  if (refuseCrossSite(v)) return;
  const found = await resolveCatalog(v, ref);
  if (!found || !found.readable) return notFoundJson(v);
  const parsed = ViewerEventsSchema.safeParse(v.req.body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = first?.path.join('.') || 'body';
    return v.res.status(400).json({ error: 'invalid', message: `${field}: ${first?.message ?? 'invalid'}` });
  }
  try {
    await hitRateLimit({ db: v.runtime.db, name: 'viewerEvents', subject: v.req.ip ?? 'unknown' });
  } catch (err) {
    if (err instanceof ApiError)
      return v.res
        .status(429)
        .set(err.headers ?? {})
        .json({ error: err.code, message: err.message });
    throw err;
  }
  // The owner and staff looking at their own catalog would only inflate its figures.
  if (found.role === 'visitor') {
    await recordViewerEvents({
      db: v.runtime.db,
      ownerId: found.pub.row.ownerId,
      catalogId: found.pub.row.id,
      input: parsed.data,
    });
  }
  v.res.status(204).end();
}

/**
 * SPEC §6: the PDF serves the download and print buttons, so it is there when one of them is: allowed by the
 * owner's plan (no trial, no ended subscription) and, for visitors, switched on by the owner.
 */
function pdfAllowed(found: NonNullable<Awaited<ReturnType<typeof resolveCatalog>>>) {
  const s = found.pub.catalog.settings;
  const { actions } = found.pub.plan;
  const visitor = found.role === 'visitor';
  return (
    (actions.download && (s.download_pdf_button || !visitor)) ||
    (actions.print && (s.print_button || !visitor))
  );
}

/** POST /view/{id}/pdf: ready, or the export job to poll (SPEC §4 'User PDF'). */
export async function pdfRequest(v: ViewerRequest, ref: string) {
  if (refuseCrossSite(v)) return;
  const found = await resolveCatalog(v, ref);
  if (!found || !found.readable) return notFoundJson(v);
  if (!pdfAllowed(found))
    return v.res.status(403).json({ error: 'forbidden', message: 'Please upgrade to use this feature' });
  v.res
    .setHeader('Cache-Control', 'no-store')
    .json(await requestPublishedPdf({ ...v.runtime, published: found.pub }));
}

/** GET /view/{id}/pdf/status?job=: polled every 0.5 s. */
export async function pdfStatus(v: ViewerRequest, ref: string) {
  const found = await resolveCatalog(v, ref);
  if (!found || !found.readable) return notFoundJson(v);
  if (!pdfAllowed(found))
    return v.res.status(403).json({ error: 'forbidden', message: 'Please upgrade to use this feature' });
  const jobId = typeof v.req.query.job === 'string' ? v.req.query.job : '';
  const state = /^[0-9a-f-]{36}$/i.test(jobId)
    ? await publishedPdfStatus({ ...v.runtime, published: found.pub, jobId })
    : { state: 'failed' as const };
  v.res.setHeader('Cache-Control', 'no-store').json(state);
}

/** GET /view/{id}/pdf: the file (attachment; ?inline=1 to print it in the browser). */
export async function pdfFile(v: ViewerRequest, ref: string) {
  const found = await resolveCatalog(v, ref);
  if (!found || !found.readable) return notFoundJson(v);
  if (!pdfAllowed(found))
    return v.res.status(403).json({ error: 'forbidden', message: 'Please upgrade to use this feature' });
  const file = await publishedPdfFile({ storage: v.runtime.storage, row: found.pub.row });
  const answer =
    file &&
    (await deliverPdf({
      storage: v.runtime.storage,
      pdf: file,
      disposition: v.req.query.inline === '1' ? 'inline' : 'attachment',
      signedFromBytes: v.runtime.config.S3_SIGNED_DOWNLOAD_BYTES,
    }));
  if (!answer) return notFoundJson(v);
  v.res.setHeader('Cache-Control', 'private, no-store');
  if ('redirect' in answer) return v.res.redirect(302, answer.redirect);
  v.res
    .status(200)
    .setHeader('Content-Type', 'application/pdf')
    .setHeader('Content-Length', String(answer.size))
    .setHeader('Content-Disposition', answer.contentDisposition);
  answer.body.pipe(v.res);
}

/** POST /api/v1/catalogs/{id}/orders on the viewer's hosts: the one definition in server/catalogs. */
export async function orders(v: ViewerRequest, catalogId: string) {
  const request = new Request(`${originOf(v.req)}${v.req.originalUrl}`, {
    method: 'POST',
    headers: Object.entries(v.req.headers).flatMap(([k, val]) =>
      val === undefined
        ? []
        : Array.isArray(val)
          ? val.map((x): [string, string] => [k, x])
          : [[k, val] as [string, string]],
    ),
    body: Readable.toWeb(v.req) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const answer = (await placeOrderEndpoint.handle({
    request,
    params: { catalogId },
    context: { ip: v.req.ip },
  })) as Response;
  const response =
    answer instanceof Response ? answer : errorResponse(new ApiError('internal', 'Unexpected answer.'));
  v.res.status(response.status);
  response.headers.forEach((value, key) => v.res.setHeader(key, value));
  v.res.send(Buffer.from(await response.arrayBuffer()));
}

/** The confirmation page's words for each outcome, in the catalog's language. */
function confirmationText(v: ViewerRequest, outcome: Awaited<ReturnType<typeof findOrderToConfirm>>) {
  const lang =
    outcome.kind === 'invalid'
      ? visitorLanguage(v.req)
      : normalizeLanguage(outcome.published.catalog.settings.language);
  const t = (k: string, o?: Record<string, unknown>) => String(getT(lang, 'viewer')(k, o));
  if (outcome.kind === 'invalid')
    return { lang, status: 404, title: t('confirmOrder.invalidTitle'), body: t('confirmOrder.invalid') };
  const seller = outcome.published.owner.name || outcome.published.catalog.title;
  const lines = outcome.order.items.map((l) =>
    t('cart.line', {
      quantity: l.quantity,
      name: l.variation_title ? `${l.title} (${l.variation_title})` : l.title,
    }),
  );
  const base = { lang, lines, title: t('confirmOrder.title', { seller }) };
  switch (outcome.kind) {
    case 'already':
      return { ...base, status: 200, tone: 'ok' as const, body: t('confirmOrder.already', { seller }) };
    case 'expired':
      return { ...base, status: 410, tone: 'err' as const, body: t('confirmOrder.expired', { seller }) };
    case 'limit':
      return { ...base, status: 403, tone: 'err' as const, body: t('confirmOrder.limit', { seller }) };
    case 'pending':
      return { ...base, status: 200, body: t('confirmOrder.ask', { seller }) };
    default:
      return { ...base, status: 200, tone: 'ok' as const, body: t('confirmOrder.done', { seller }) };
  }
}

function sendConfirmation(
  v: ViewerRequest,
  text: ReturnType<typeof confirmationText>,
  action: string | null,
) {
  v.res
    .status(text.status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .setHeader('X-Robots-Tag', 'noindex, nofollow')
    // The token is in the address: never sent to another site (no-referrer would make the form's POST carry
    // `Origin: null`, which the cross-site check refuses).
    .setHeader('Referrer-Policy', 'same-origin')
    .send(
      orderConfirmationDocument({
        lang: text.lang,
        title: text.title,
        body: text.body,
        lines: 'lines' in text ? text.lines : [],
        tone: 'tone' in text ? text.tone : undefined,
        action,
      }),
    );
}

/**
 * GET /view/order-confirmation/{token}: the link mailed to the buyer. It shows the order and a button; opening
 * it confirms nothing (mail programs open links to scan them).
 */
export async function orderConfirmation(v: ViewerRequest, token: string) {
  const outcome = await findOrderToConfirm({ db: v.runtime.db, token });
  const action = outcome.kind === 'pending' ? `/view/order-confirmation/${encodeURIComponent(token)}` : null;
  sendConfirmation(v, confirmationText(v, outcome), action);
}

/** POST /view/order-confirmation/{token}: the buyer confirms; the order becomes real and its mails go out. */
export async function confirmOrder(v: ViewerRequest, token: string) {
  if (refuseCrossSite(v)) return;
  const outcome = await confirmOrderService({
    ...v.runtime,
    appUrl: v.runtime.config.appUrl,
    token,
  });
  sendConfirmation(v, confirmationText(v, outcome), null);
}

/** A merchant's host without a catalog in the path: the catalogs it serves. */
export async function hostIndex(v: ViewerRequest) {
  const rows = await listHostCatalogs({ db: v.runtime.db, host: v.customHost ?? '' });
  if (!rows.length) return notFoundPage(v);
  if (rows.length === 1)
    return v.res.redirect(
      302,
      `/${encodeURIComponent(usableSlug(rows[0]!.slug) ? rows[0]!.slug : rows[0]!.id)}`,
    );
  const lang = visitorLanguage(v.req);
  v.res.type('html').send(
    hostIndexDocument({
      lang,
      title: v.customHost ?? '',
      links: rows.map((r) => ({
        href: `/${encodeURIComponent(usableSlug(r.slug) ? r.slug : r.id)}`,
        title: r.title,
      })),
    }),
  );
}

/** The sitemap of public catalogs: all of a merchant's host, or every public catalog on the app's host. */
export async function sitemap(v: ViewerRequest, urls: string[]) {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((u) => `  <url><loc>${escapeText(u)}</loc></url>`).join('\n') +
    '\n</urlset>\n';
  v.res.type('application/xml').setHeader('Cache-Control', 'public, max-age=300').send(body);
}

export type { ExpressRequest };
