import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  catalogPreflightReport,
  changedProducts,
  loadCatalogById,
  setCatalogPdf,
  pdfKey,
  printFinishFor,
  type PdfOutput,
  renderCatalogPdf,
  type RenderPdfReport,
  storageSources,
} from '../../server/catalogs/index.ts';
import { type Storage, jpegQuality } from '../../server/files/index.ts';
import { getEntitlements } from '../../server/billing/index.ts';
import { events } from '../../db/schema.ts';
import type { PageFormat } from '../../core/constants.ts';
import { renderPdfSpec } from '../../server/jobs/index.ts';
import { findKeptPictures } from '../../server/listings/index.ts';
import { unkeptPictureUrls, withKeptPictures } from '../../core/commands/index.ts';
import type { PreflightReport } from '../../core/preflight/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';
import { loadUserSettings } from '../../server/accounts/index.ts';

const RENDER_TIMEOUT_MS = renderPdfSpec.timeoutMs;
const TMP_PREFIX = 'tmp/pdf';

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
 * A worker killed while writing leaves its temporary file behind (never served: it is not the PDF's key).
 * On local disk they are swept by later renders; remote storage expires them with a lifecycle rule.
 */
async function sweepPartials(storage: Storage): Promise<void> {
  const dir = storage.localPath(`${TMP_PREFIX}/x`);
  if (!dir) return;
  const folder = path.dirname(dir);
  const names = await readdir(folder).catch(() => [] as string[]);
  const now = Date.now();
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      const s = await stat(file).catch(() => null);
      if (s && now - s.mtimeMs > STALE_PARTIAL_MS) await rm(file, { force: true });
    }),
  );
}

/**
 * The whole catalog as one PDF (SPEC §4 'Rendering and download'). The file is written under a temporary key
 * and moved over the previous PDF only once complete, so a failed or killed render leaves the previous PDF in
 * place; then the catalog's url and download_number are updated.
 */
export const renderPdfJob = defineJob({
  ...renderPdfSpec,
  run: async (payload, ctx): Promise<RenderPdfResult> => {
    const { db, storage, config, browser, images } = ctx.deps;
    const started = performance.now();
    const loaded = await loadCatalogById({ db, catalogId: payload.catalogId });
    if (!loaded) throw new PermanentJobError('The catalog no longer exists.');
    const { row } = loaded;
    // Products placed before their pictures were kept print our copies, never the store's (which may be gone).
    const kept = await findKeptPictures({
      db,
      ownerId: row.ownerId,
      urls: unkeptPictureUrls(loaded.catalog),
    });
    const catalog = withKeptPictures(loaded.catalog, kept);
    const { settings, invalid } = await loadUserSettings(db, row.ownerId);
    if (invalid.length)
      ctx.logger.warn({ ownerId: row.ownerId, invalid }, 'invalid user settings use defaults');
    const { watermark } = await getEntitlements({ db, userId: row.ownerId });
    const format = (payload.format ?? catalog.settings.page_format ?? settings.page_format) as PageFormat;

    const loadMs = Math.round(performance.now() - started);
    const output = payload.output;
    const finalKey = pdfKey({ catalogId: catalog._id, secret: config.appSecret, output });
    const quality = jpegQuality(settings.image_quality);
    const tmpKey = `${TMP_PREFIX}/${ctx.jobId}-${ctx.attempt}.pdf`;
    await sweepPartials(storage);
    try {
      const { facts, ...report } = await renderCatalogPdf({
        catalog,
        format,
        quality: payload.quality,
        jpegQuality: quality,
        watermark,
        finish:
          printFinishFor({
            catalog,
            format,
            output,
            profile: config.PRINT_ICC_PROFILE,
            jpegQuality: quality,
          }) ?? undefined,
        browser,
        images,
        resolveSource: storageSources({
          storage,
          images,
          appUrl: config.appUrl,
          fetchOptions: ctx.deps.fetchOptions,
          signal: ctx.signal,
        }),
        write: (pdf) => storage.put(tmpKey, pdf, { contentType: 'application/pdf' }),
        workDir: config.dirs.tmp,
        onProgress: ctx.progress,
        signal: ctx.signal,
        timeoutMs: RENDER_TIMEOUT_MS,
        log: (msg, err) => ctx.logger.warn({ err, catalogId: catalog._id }, msg),
      });
      ctx.signal.throwIfAborted();
      const storing = performance.now();
      const bytes = (await storage.size(tmpKey)) ?? 0;
      await storage.move(tmpKey, finalKey);
      // The file keeps its address; the version makes browsers and CDNs fetch the new one.
      const url = `${storage.url(finalKey)}?v=${ctx.jobId.slice(0, 8)}`;
      // The print PDF is for the print shop: the catalog's url (the flipbook's download) stays the screen PDF.
      if (output === 'rgb') await setCatalogPdf({ db, catalogId: catalog._id, url });
      const preflight = catalogPreflightReport(catalog, facts, {
        changedProducts: await changedProducts({ db, ownerId: row.ownerId, catalog: loaded.catalog }),
      });
      report.timings.load = loadMs;
      report.timings.store = Math.round(performance.now() - storing);
      ctx.logger.info(
        {
          catalogId: catalog._id,
          pages: report.pages,
          bytes,
          timings: report.timings,
          preflight: { errors: preflight.errors, warnings: preflight.warnings },
        },
        'PDF ready',
      );
      return {
        catalogId: catalog._id,
        url,
        pages: report.pages,
        bytes,
        format: report.format,
        quality: payload.quality,
        output,
        watermark,
        report,
        preflight,
      };
    } finally {
      await storage.delete(tmpKey).catch(() => {});
    }
  },
  // SPEC §8 'PDF generation fails': besides the message the client shows, an analytics event is recorded.
  onFailed: async (payload, ctx, error) => {
    const loaded = await loadCatalogById({ db: ctx.deps.db, catalogId: payload.catalogId });
    await ctx.deps.db.insert(events).values({
      userId: loaded?.row.ownerId ?? null,
      type: 'pdf_generation_failed',
      data: { catalogId: payload.catalogId, jobId: ctx.jobId, format: payload.format, error: error.message },
    });
  },
});
