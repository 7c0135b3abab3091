import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PdfOutput } from './pdf/print-output.server.ts';
import type { PreflightReport } from '../../core/preflight/index.ts';
import type { PageFormat } from '../../core/constants.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../jobs/index.ts';
import { type User, hasRole, recordStaffAction } from '../accounts/index.ts';
import { catalogPdfLink, getCatalog, loadCatalogById } from './catalogs.server.ts';
import { notFound } from '../platform/index.ts';
import { keyFromUrl, type Storage } from '../files/index.ts';
import { assertFeature, assertInForce, getEntitlements } from '../billing/index.ts';

/** SPEC §6 and §8 texts for exports. */
export const EXPORT_MESSAGES = {
  generationFailed:
    'An error occurred while generating your catalog. Please check that all of your products have images, then retry.',
  notReady: 'The PDF of this catalog has not been generated yet.',
} as const;

export type ExportAction = 'download' | 'print' | 'embed';

/**
 * SPEC §6: trial accounts get a watermark and cannot download, print or embed; embedding also needs the plan's
 * embeddable limit; an expired subscription can do none of it. The entitlements decide (403 with SPEC's text).
 */
export async function assertExportAllowed(opts: { db: Db; user: User; action: ExportAction }): Promise<void> {
  if (hasRole(opts.user, 'admin', 'manager')) return;
  const ent = await getEntitlements({ db: opts.db, user: opts.user });
  assertInForce(ent);
  await assertFeature({ db: opts.db, ent, feature: opts.action });
}

/** The catalog if the user owns it (staff may reach any catalog, SPEC §4 admin downloads); else a 404. */
export async function accessibleCatalog(db: Db, user: User, catalogId: string) {
  if (hasRole(user, 'admin', 'manager')) {
    const loaded = await loadCatalogById({ db, catalogId });
    if (!loaded) throw notFound('Catalog not found.');
    return loaded;
  }
  return getCatalog({ db, ownerId: user.id, catalogId });
}

/**
 * Start a PDF export (SPEC §7 GET catalogs/{id}/generate). Asking again while the same export is pending
 * answers the same job. Trial accounts may generate (their PDF carries the watermark), not download.
 */
export async function requestCatalogPdf(opts: {
  db: Db;
  jobs: JobQueue;
  user: User;
  catalogId: string;
  format?: PageFormat | null;
  quality?: 'print' | 'screen';
  output?: PdfOutput;
}): Promise<{ job_id: string }> {
  const { catalog } = await accessibleCatalog(opts.db, opts.user, opts.catalogId);
  if (!hasRole(opts.user, 'admin', 'manager'))
    assertInForce(await getEntitlements({ db: opts.db, user: opts.user }));
  const format = opts.format ?? null;
  const quality = opts.quality ?? 'print';
  const output = opts.output ?? 'rgb';
  const job = await opts.jobs.enqueue(
    'render-pdf',
    { catalogId: catalog._id, format, quality, output },
    {
      ownerId: opts.user.id,
      dedupeKey: `render-pdf:${catalog._id}:${format ?? 'default'}:${quality}${output === 'rgb' ? '' : `:${output}`}`,
    },
  );
  // Staff exporting a merchant's catalog (SPEC §4 admin downloads) leave a line on the catalog's row.
  if (catalog.user?._id !== opts.user.id && hasRole(opts.user, 'admin', 'manager'))
    await recordStaffAction({
      db: opts.db,
      actor: opts.user,
      action: 'generate_pdf',
      subjectType: 'catalog',
      subjectId: catalog._id,
      details: { job_id: job.id },
    });
  return { job_id: job.id };
}

/** The address the editor shows a page's soft proof picture at (the version keeps a browser from an old one). */
export const proofUrl = (catalogId: string, pageId: string, view: 'proof' | 'rgb', version: string) =>
  `/api/v1/catalogs/${catalogId}/proof?${new URLSearchParams({ page: pageId, view, v: version })}`;

export type JobStatus = {
  job_state: 'pending' | 'complete' | 'failed';
  progress: { done: number; total: number };
  /** The finished file of an export job. */
  url?: string;
  /** SPEC §8 text of a failed export. */
  message?: string;
  /** A finished catalog synchronize: how many products changed (failures are skipped silently, SPEC §8). */
  updated?: number;
  /** A finished preflight, or the preflight of a finished export (issue 28). */
  preflight?: PreflightReport;
  /** A finished soft proof of a page (issue 28): its pictures, as it prints and as the screen shows it. */
  proof?: { url: string; rgbUrl: string; profile: string };
};

/** SPEC §7 GET jobs?jobId=: the caller's job only (another owner's is a 404); a running job reads as pending. */
export async function getJobStatus(opts: { jobs: JobQueue; user: User; jobId: string }): Promise<JobStatus> {
  const job = await opts.jobs.getJob({ jobId: opts.jobId, ownerId: opts.user.id });
  if (!job) throw notFound('Job not found.');
  const state = job.state === 'active' || job.state === 'waiting' ? 'pending' : job.state;
  const status: JobStatus = { job_state: state, progress: job.progress };
  if (state === 'complete' && job.name === 'render-pdf' && job.result && typeof job.result === 'object') {
    const { catalogId, url, output } = job.result as { catalogId?: string; url?: string; output?: PdfOutput };
    const link = catalogId && url ? catalogPdfLink({ id: catalogId, pdfUrl: url }, output) : null;
    if (link) status.url = link;
  }
  if (state === 'complete' && (job.name === 'render-pdf' || job.name === 'preflight-catalog')) {
    const result = job.result as { preflight?: PreflightReport } | (PreflightReport & object) | null;
    const report = result && ('items' in result ? result : result.preflight);
    if (report && Array.isArray(report.items))
      status.preflight = { items: report.items, errors: report.errors, warnings: report.warnings };
  }
  if (state === 'complete' && job.name === 'proof-page' && job.result && typeof job.result === 'object') {
    const r = job.result as { catalogId: string; pageId: string; version: string; profile: string };
    status.proof = {
      url: proofUrl(r.catalogId, r.pageId, 'proof', r.version),
      rgbUrl: proofUrl(r.catalogId, r.pageId, 'rgb', r.version),
      profile: r.profile,
    };
  }
  if (state === 'failed' && job.name === 'render-pdf') status.message = EXPORT_MESSAGES.generationFailed;
  if (state === 'complete' && job.name === 'synchronize-catalog') {
    const updated = (job.result as { updated?: unknown } | null)?.updated;
    if (typeof updated === 'number') status.updated = updated;
  }
  return status;
}

/**
 * Start a preflight on demand (issue 28): the catalog's owner (or staff) only; asking again while one is pending
 * answers the same job. Poll GET /api/v1/jobs for the report.
 */
export async function requestCatalogPreflight(opts: {
  db: Db;
  jobs: JobQueue;
  user: User;
  catalogId: string;
  format?: PageFormat | null;
}): Promise<{ job_id: string }> {
  const { catalog } = await accessibleCatalog(opts.db, opts.user, opts.catalogId);
  const format = opts.format ?? null;
  const job = await opts.jobs.enqueue(
    'preflight-catalog',
    { catalogId: catalog._id, format },
    { ownerId: opts.user.id, dedupeKey: `preflight-catalog:${catalog._id}:${format ?? 'default'}` },
  );
  return { job_id: job.id };
}

/** The download name of a catalog's PDF: its title in plain ASCII (the print PDF's ends in -print). */
export function pdfFileName(title: string, output: PdfOutput = 'rgb'): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'catalog'}${output === 'pdfx' ? '-print' : ''}.pdf`;
}

/**
 * The catalog's PDF for GET catalogs/{id}/download: 404 until one exists (SPEC §7: polled until 200), 403 for
 * trial accounts.
 */
export async function getCatalogPdf(opts: {
  db: Db;
  storage: Storage;
  user: User;
  catalogId: string;
  /** download (the file) or print (shown in the browser to print it): both refused to trial accounts. */
  action?: Extract<ExportAction, 'download' | 'print'>;
  /** The print PDF (PDF/X) instead of the screen one; it lives under its own key (pdfKey with output pdfx). */
  output?: PdfOutput;
  /** APP_SECRET, which names the print PDF's key. */
  secret?: string;
}): Promise<StoredPdf & { url: string }> {
  const { catalog, row } = await accessibleCatalog(opts.db, opts.user, opts.catalogId);
  await assertExportAllowed({ db: opts.db, user: opts.user, action: opts.action ?? 'download' });
  if (opts.output === 'pdfx') {
    const key = pdfKey({ catalogId: row.id, secret: opts.secret ?? '', output: 'pdfx' });
    const size = await opts.storage.size(key);
    if (size === null) throw notFound(EXPORT_MESSAGES.notReady);
    return {
      url: catalogPdfLink({ id: row.id, pdfUrl: key }, 'pdfx')!,
      fileName: pdfFileName(catalog.title, 'pdfx'),
      key,
      size,
    };
  }
  const key = row.pdfUrl ? keyFromUrl(row.pdfUrl.split('?')[0]!) : null;
  const size = key ? await opts.storage.size(key) : null;
  const url = catalogPdfLink(row);
  if (!url || !key || size === null) throw notFound(EXPORT_MESSAGES.notReady);
  return { url, key, fileName: pdfFileName(catalog.title), size };
}

/** A catalog's stored PDF, found after the caller's checks. */
export type StoredPdf = { key: string; fileName: string; size: number };

/** How long a signed download address of a PDF stays valid: long enough to start, too short to share. */
export const SIGNED_PDF_SECONDS = 300;

/**
 * How a checked PDF download is answered: a redirect to a short-lived signed URL of the bucket when the file is at
 * least `signedFromBytes` (S3_SIGNED_DOWNLOAD_BYTES) and the storage has such URLs, else the bytes through this
 * process; null when the file went missing meanwhile.
 */
export async function deliverPdf(opts: {
  storage: Storage;
  pdf: StoredPdf;
  disposition: 'attachment' | 'inline';
  signedFromBytes?: number;
}): Promise<{ redirect: string } | { body: Readable; size: number; contentDisposition: string } | null> {
  const contentDisposition = `${opts.disposition}; filename="${opts.pdf.fileName}"`;
  if (opts.signedFromBytes !== undefined && opts.pdf.size >= opts.signedFromBytes) {
    const url = await opts.storage.signedUrl(opts.pdf.key, {
      expiresInSeconds: SIGNED_PDF_SECONDS,
      contentType: 'application/pdf',
      contentDisposition,
    });
    if (url) return { redirect: url };
  }
  const body = await opts.storage.open(opts.pdf.key);
  return body ? { body, size: opts.pdf.size, contentDisposition } : null;
}

/**
 * Where a catalog's PDF lives: one stable key per catalog and output, unguessable from the catalog id alone (the
 * id is public in viewer links), so a new render replaces the previous file in one move.
 */
export function pdfKey(opts: { catalogId: string; secret: string; output?: PdfOutput }): string {
  const token = createHmac('sha256', opts.secret).update(`pdf:${opts.catalogId}`).digest('hex').slice(0, 24);
  return `pdf/${opts.catalogId}/${token}${opts.output === 'pdfx' ? '-print' : ''}.pdf`;
}
