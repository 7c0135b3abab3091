import { keyFromUrl, type Storage } from '../files/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { CatalogRow } from './catalogs.server.ts';
import { pdfFileName, type StoredPdf } from './exports.server.ts';
import type { PublishedCatalog } from './published.server.ts';

/**
 * SPEC §4 'User PDF' for a catalog's visitors: the PDF the owner last exported, or one made on request, which
 * the viewer polls for every 0.5 s. Trial catalogs never get here (the viewer refuses, SPEC §6).
 */

/** The catalog's stored PDF, or null while there is none. */
export async function publishedPdfFile(opts: {
  storage: Storage;
  row: CatalogRow;
}): Promise<StoredPdf | null> {
  const key = opts.row.pdfUrl ? keyFromUrl(opts.row.pdfUrl.split('?')[0]!) : null;
  const size = key ? await opts.storage.size(key) : null;
  if (!key || size === null) return null;
  return { key, fileName: pdfFileName(opts.row.title), size };
}

export type PdfState = { state: 'ready' | 'pending' | 'failed'; job_id?: string };

/** A visitor asks for the PDF: ready when it exists, else the export job (joined if one is waiting). */
export async function requestPublishedPdf(opts: {
  storage: Storage;
  jobs: JobQueue;
  published: PublishedCatalog;
}): Promise<PdfState> {
  const { row } = opts.published;
  if (await publishedPdfFile({ storage: opts.storage, row })) return { state: 'ready' };
  const job = await opts.jobs.enqueue(
    'render-pdf',
    { catalogId: row.id, format: null, quality: 'print' },
    { ownerId: row.ownerId, dedupeKey: `render-pdf:${row.id}:default:print` },
  );
  return { state: 'pending', job_id: job.id };
}

/** Where the export a visitor started stands; a job of another catalog or owner reads as failed. */
export async function publishedPdfStatus(opts: {
  storage: Storage;
  jobs: JobQueue;
  published: PublishedCatalog;
  jobId: string;
}): Promise<PdfState> {
  const { row } = opts.published;
  const job = await opts.jobs.getJob({ jobId: opts.jobId, ownerId: row.ownerId });
  if (!job || job.name !== 'render-pdf' || job.state === 'failed') return { state: 'failed' };
  if (job.state !== 'complete') return { state: 'pending' };
  const made = (job.result as { catalogId?: string } | null)?.catalogId;
  if (made !== row.id) return { state: 'failed' };
  return (await publishedPdfFile({ storage: opts.storage, row })) ? { state: 'ready' } : { state: 'pending' };
}
