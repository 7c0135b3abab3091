import {
  catalogPreflightReport,
  changedProducts,
  loadCatalogById,
  paginateCatalogForPrint,
  printFinishFor,
  qpdfAvailable,
  renderCatalogPdf,
  storageSources,
  type LayoutInput,
} from '../../server/catalogs/index.ts';
import { jpegQuality } from '../../server/files/index.ts';
import { getEntitlements } from '../../server/billing/index.ts';
import { events } from '../../db/schema.ts';
import type { PageFormat } from '../../core/constants.ts';
import { renderPdfSpec } from '../../server/jobs/index.ts';
import { findKeptPictures } from '../../server/listings/index.ts';
import { unkeptPictureUrls, withKeptPictures } from '../../core/commands/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';
import { loadUserSettings } from '../../server/accounts/index.ts';
import { publishPdf, sweepPartials, TMP_PREFIX, type RenderPdfResult } from './pdf-output.ts';
import { mergeExportParts, splitExport } from './render-pdf-parts.ts';

const RENDER_TIMEOUT_MS = renderPdfSpec.timeoutMs;

export type { RenderPdfResult } from './pdf-output.ts';

/**
 * The whole catalog as one PDF (SPEC §4 'Rendering and download'). The file is written under a temporary key
 * and moved over the previous PDF only once complete. A catalog of more than PDF_SPLIT_PAGES pages (once laid
 * out) is printed in parts of at most that many pages, children jobs any worker takes (render-pdf-parts.ts); this
 * job runs again once they are all done and puts them together in order, with bookmarks per section.
 */
export const renderPdfJob = defineJob({
  ...renderPdfSpec,
  run: async (payload, ctx): Promise<RenderPdfResult> => {
    const parts = await ctx.children();
    if (parts.length) return mergeExportParts(payload, ctx, parts);

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
    await sweepPartials(storage);
    const quality = jpegQuality(settings.image_quality);
    // Print output (pdfx): pages drawn with the bleed, then finished by Ghostscript (marks, boxes, CMYK PDF/X);
    // a split export finishes the merged document (render-pdf-parts.ts).
    const finish = printFinishFor({
      catalog,
      format,
      output: payload.output,
      profile: config.PRINT_ICC_PROFILE,
      jpegQuality: quality,
    });

    const input: LayoutInput = {
      catalog,
      format,
      quality: payload.quality,
      jpegQuality: quality,
      watermark,
      bleedMm: finish?.bleedMm ?? 0,
      browser,
      images,
      resolveSource: storageSources({
        storage,
        images,
        appUrl: config.appUrl,
        fetchOptions: ctx.deps.fetchOptions,
        signal: ctx.signal,
      }),
      workDir: config.dirs.tmp,
      onProgress: ctx.progress,
      signal: ctx.signal,
      timeoutMs: RENDER_TIMEOUT_MS,
      log: (msg, err) => ctx.logger.warn({ err, catalogId: catalog._id }, msg),
    };
    // Long catalogs go to parts (putting them together needs qpdf; without it, one piece as before).
    if (qpdfAvailable()) {
      input.catalog = await paginateCatalogForPrint(input);
      if (input.catalog.pages.length > config.PDF_SPLIT_PAGES)
        return splitExport(ctx, {
          catalog: input.catalog,
          format,
          input,
          splitPages: config.PDF_SPLIT_PAGES,
        });
    }

    const tmpKey = `${TMP_PREFIX}/${ctx.jobId}-${ctx.attempt}.pdf`;
    try {
      const { facts, ...report } = await renderCatalogPdf({
        ...input,
        finish: finish ?? undefined,
        write: (pdf) => storage.put(tmpKey, pdf, { contentType: 'application/pdf' }),
      });
      report.timings.load = loadMs;
      // The preflight of what was exported, from the export's own layout; products compared as saved.
      const preflight = catalogPreflightReport(input.catalog, facts, {
        changedProducts: await changedProducts({ db, ownerId: row.ownerId, catalog: loaded.catalog }),
      });
      return await publishPdf(ctx, { catalogId: catalog._id, tmpKey, report, payload, watermark, preflight });
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
