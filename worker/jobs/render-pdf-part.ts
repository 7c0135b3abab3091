import type { Catalog } from '../../core/model/index.ts';
import { renderCatalogPdf, storageSources, type RenderPdfReport } from '../../server/catalogs/index.ts';
import { renderPdfPartSpec } from '../../server/jobs/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';

export type RenderPdfPartResult = {
  index: number;
  /** The catalog page the part starts at (its preflight facts count pages from it). */
  from: number;
  /** The JPEG quality its pictures were prepared at (the print finish's, for the whole document). */
  jpegQuality: number;
  partKey: string;
  pages: number;
  bytes: number;
  watermark: boolean;
  report: RenderPdfReport;
};

/**
 * One part of a long export (server/jobs renderPdfPartSpec): its pages of the laid-out catalog the export stored,
 * printed by this worker's Chromium to the part's own file. Any worker takes it; a failed one is retried alone.
 */
export const renderPdfPartJob = defineJob({
  ...renderPdfPartSpec,
  run: async (p, ctx): Promise<RenderPdfPartResult> => {
    const { storage, config, browser, images } = ctx.deps;
    const raw = await storage.get(p.snapshotKey);
    if (!raw) throw new PermanentJobError("The export's laid-out catalog is gone.");
    const catalog = JSON.parse(raw.toString('utf8')) as Catalog;
    const pages = Array.from({ length: Math.min(p.to, catalog.pages.length) - p.from }, (_, i) => p.from + i);
    if (!pages.length) throw new PermanentJobError('This part has no pages.');
    const report = await renderCatalogPdf({
      catalog,
      pages,
      format: p.format,
      quality: p.quality,
      jpegQuality: p.jpegQuality,
      watermark: p.watermark,
      bleedMm: p.bleedMm,
      browser,
      images,
      resolveSource: storageSources({
        storage,
        images,
        appUrl: config.appUrl,
        fetchOptions: ctx.deps.fetchOptions,
        signal: ctx.signal,
      }),
      write: (pdf) => storage.put(p.partKey, pdf, { contentType: 'application/pdf' }),
      // The order form's fields go on once the parts are together (render-pdf-parts), so its totals see every row.
      formFields: 'measure',
      workDir: config.dirs.tmp,
      onProgress: ctx.progress,
      signal: ctx.signal,
      timeoutMs: renderPdfPartSpec.timeoutMs,
      log: (msg, err) => ctx.logger.warn({ err, catalogId: p.catalogId, part: p.index }, msg),
    });
    const bytes = (await storage.size(p.partKey)) ?? 0;
    return {
      index: p.index,
      from: p.from,
      jpegQuality: p.jpegQuality,
      partKey: p.partKey,
      pages: report.pages,
      bytes,
      watermark: p.watermark,
      report,
    };
  },
});
