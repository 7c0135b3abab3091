import type { PageFormat } from '../../core/constants.ts';
import type { PreflightReport } from '../../core/preflight/index.ts';
import {
  loadCatalogById,
  pdfKey,
  setCatalogPdf,
  type PdfOutput,
  type RenderPdfReport,
} from '../../server/catalogs/index.ts';
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
  /** rgb: the screen PDF (the catalog's url, the flipbook's download); pdfx: the print PDF, kept apart. */
  output: PdfOutput;
  watermark: boolean;
  report: Omit<RenderPdfReport, 'facts'>;
  /** The preflight of what was exported (issue 28: before an export), from the export's own layout. */
  preflight: PreflightReport;
};

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
 * Publish a finished PDF from its temporary key: moved over the catalog's PDF of its output in one step (a failed
 * or killed render never gets here, so the previous PDF stays whole), then, for the screen PDF, the catalog's url
 * and download_number (the print PDF is for the print shop: the flipbook's download stays the screen PDF).
 */
export async function publishPdf(
  ctx: JobContext,
  opts: {
    catalogId: string;
    tmpKey: string;
    report: Omit<RenderPdfReport, 'facts'>;
    payload: RenderPdfPayload;
    watermark: boolean;
    preflight: PreflightReport;
  },
): Promise<RenderPdfResult> {
  const { db, storage, config } = ctx.deps;
  ctx.signal.throwIfAborted();
  const storing = performance.now();
  const output = opts.payload.output;
  const finalKey = pdfKey({ catalogId: opts.catalogId, secret: config.appSecret, output });
  const bytes = (await storage.size(opts.tmpKey)) ?? 0;
  await storage.move(opts.tmpKey, finalKey);
  // The file keeps its address; the version makes browsers and CDNs fetch the new one.
  const url = `${storage.url(finalKey)}?v=${ctx.jobId.slice(0, 8)}`;
  const exists =
    output === 'rgb'
      ? await setCatalogPdf({ db, catalogId: opts.catalogId, url })
      : (await loadCatalogById({ db, catalogId: opts.catalogId })) !== null;
  if (!exists) {
    // Deleted while it printed: its files were purged, so this one goes too.
    await storage.delete(finalKey);
    throw new PermanentJobError('The catalog no longer exists.');
  }
  const { report, preflight } = opts;
  report.timings.store = Math.round(performance.now() - storing);
  ctx.logger.info(
    {
      catalogId: opts.catalogId,
      pages: report.pages,
      bytes,
      output,
      timings: report.timings,
      preflight: { errors: preflight.errors, warnings: preflight.warnings },
    },
    'PDF ready',
  );
  return {
    catalogId: opts.catalogId,
    url,
    pages: report.pages,
    bytes,
    format: report.format,
    quality: opts.payload.quality,
    output,
    watermark: opts.watermark,
    report,
    preflight,
  };
}
