import { createHmac } from 'node:crypto';
import type { PageFormat } from '../../core/constants.ts';
import { setCatalogPdf, type RenderPdfReport } from '../../server/catalogs/index.ts';
import type { Storage } from '../../server/files/index.ts';
import type { JobPayload } from '../../server/jobs/index.ts';
import { PermanentJobError, type JobContext } from '../define.ts';

// Where an export's files go: temporary keys while printing, then the catalog's PDF key in one move.

export const TMP_PREFIX = 'tmp/pdf';

export type RenderPdfResult = {
  catalogId: string;
  url: string;
  pages: number;
  bytes: number;
  format: PageFormat;
  quality: 'print' | 'screen';
  watermark: boolean;
  report: RenderPdfReport;
};

/**
 * Where a catalog's PDF lives: one stable key per catalog, unguessable from the catalog id alone (the id is
 * public in viewer links), so a new render replaces the previous file in one move.
 */
export function pdfKey(opts: { catalogId: string; secret: string }): string {
  const token = createHmac('sha256', opts.secret).update(`pdf:${opts.catalogId}`).digest('hex').slice(0, 24);
  return `pdf/${opts.catalogId}/${token}.pdf`;
}

/** Partial files older than this were left by a render whose worker died; any later render removes them. */
const STALE_PARTIAL_MS = 6 * 3_600_000;

/**
 * A worker killed while writing leaves its temporary file behind (never served: it is not the PDF's key); later
 * renders remove the old ones, on local disk and in the bucket alike.
 */
export async function sweepPartials(storage: Storage): Promise<void> {
  const now = Date.now();
  for await (const file of storage.list(`${TMP_PREFIX}/`)) {
    if (now - file.lastModified.getTime() > STALE_PARTIAL_MS) await storage.delete(file.key).catch(() => {});
  }
}

export type RenderPdfPayload = JobPayload<'render-pdf'>;

/**
 * Publish a finished PDF from its temporary key: moved over the catalog's PDF in one step (a failed or killed
 * render never gets here, so the previous PDF stays whole), then the catalog's url and download_number.
 */
export async function publishPdf(
  ctx: JobContext,
  opts: {
    catalogId: string;
    tmpKey: string;
    report: RenderPdfReport;
    payload: RenderPdfPayload;
    watermark: boolean;
  },
): Promise<RenderPdfResult> {
  const { db, storage, config } = ctx.deps;
  ctx.signal.throwIfAborted();
  const storing = performance.now();
  const finalKey = pdfKey({ catalogId: opts.catalogId, secret: config.appSecret });
  const bytes = (await storage.size(opts.tmpKey)) ?? 0;
  await storage.move(opts.tmpKey, finalKey);
  // The file keeps its address; the version makes browsers and CDNs fetch the new one.
  const url = `${storage.url(finalKey)}?v=${ctx.jobId.slice(0, 8)}`;
  if (!(await setCatalogPdf({ db, catalogId: opts.catalogId, url }))) {
    // Deleted while it printed: its files were purged, so this one goes too.
    await storage.delete(finalKey);
    throw new PermanentJobError('The catalog no longer exists.');
  }
  const { report } = opts;
  report.timings.store = Math.round(performance.now() - storing);
  ctx.logger.info(
    { catalogId: opts.catalogId, pages: report.pages, bytes, timings: report.timings },
    'PDF ready',
  );
  return {
    catalogId: opts.catalogId,
    url,
    pages: report.pages,
    bytes,
    format: report.format,
    quality: opts.payload.quality,
    watermark: opts.watermark,
    report,
  };
}
