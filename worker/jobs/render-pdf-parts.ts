import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { getSections } from '../../core/commands/index.ts';
import type { PageFormat } from '../../core/constants.ts';
import type { Catalog } from '../../core/model/index.ts';
import { combineLayoutFacts } from '../../core/preflight/index.ts';
import {
  addOrderFormFields,
  addOutline,
  catalogPreflightReport,
  changedProducts,
  finishPrintPdf,
  loadCatalogById,
  mergePdfs,
  needsFinishing,
  printFinishFor,
  type LayoutInput,
  type RenderPdfReport,
} from '../../server/catalogs/index.ts';
import { renderPdfSpec, type JobPayload, type JobView } from '../../server/jobs/index.ts';
import type { JobContext } from '../define.ts';
import { publishPdf, TMP_PREFIX, type RenderPdfPayload, type RenderPdfResult } from './pdf-output.ts';
import type { RenderPdfPartResult } from './render-pdf-part.ts';

const RENDER_TIMEOUT_MS = renderPdfSpec.timeoutMs;

/** Where one export keeps its laid-out catalog and its parts until they are put together. */
const exportFolder = (jobId: string) => `${TMP_PREFIX}/${jobId}/`;

/**
 * Split a long export (DESIGN §7): the laid-out catalog goes to storage, where every part reads the same pages,
 * and the pages are cut into as few parts as PDF_SPLIT_PAGES allows, of even length, each a render-pdf-part job
 * any worker takes. This run ends here; the job runs again once every part is done (mergeExportParts).
 */
export async function splitExport(
  ctx: JobContext,
  opts: { catalog: Catalog; format: PageFormat; input: LayoutInput; splitPages: number },
): Promise<never> {
  const { storage } = ctx.deps;
  const folder = exportFolder(ctx.jobId);
  const snapshotKey = `${folder}catalog.json`;
  await storage.put(snapshotKey, Buffer.from(JSON.stringify(opts.catalog)), {
    contentType: 'application/json',
  });
  const total = opts.catalog.pages.length;
  const count = Math.ceil(total / opts.splitPages);
  const size = Math.ceil(total / count);
  const parts: JobPayload<'render-pdf-part'>[] = Array.from({ length: count }, (_, index) => ({
    index,
    catalogId: opts.catalog._id,
    snapshotKey,
    partKey: `${folder}part-${String(index).padStart(4, '0')}.pdf`,
    from: index * size,
    to: Math.min(total, (index + 1) * size),
    format: opts.format,
    quality: opts.input.quality,
    jpegQuality: opts.input.jpegQuality,
    watermark: opts.input.watermark,
    bleedMm: opts.input.bleedMm ?? 0,
  }));
  ctx.progress(0, total);
  ctx.logger.info({ catalogId: opts.catalog._id, pages: total, parts: count }, 'export split into parts');
  return ctx.waitForChildren(parts.map((payload) => ({ name: 'render-pdf-part', payload })));
}

/** A part's file on this machine: the stored file itself on local disk, else a copy downloaded to `dir`. */
async function localCopy(ctx: JobContext, key: string, dir: string): Promise<string> {
  const { storage } = ctx.deps;
  const local = storage.localPath(key);
  if (local && (await storage.exists(key))) return local;
  const body = await storage.open(key);
  if (!body) throw new Error(`A part of the export is missing: ${key}`);
  const file = path.join(dir, path.basename(key));
  await pipeline(body, createWriteStream(file), { signal: ctx.signal });
  return file;
}

/**
 * The parts put together in order (qpdf copies their pages as they are), for print output (pdfx) finished by
 * Ghostscript as a one-piece export is (marks, page boxes, CMYK PDF/X, on the whole document), with a bookmark
 * at the first page of each section (core/commands getSections, as the editor's section shortcuts see them),
 * published as the catalog's PDF like a one-piece export, with the preflight of the parts' layouts together.
 * Progress stays at its last step until the file is in place.
 */
export async function mergeExportParts(
  payload: RenderPdfPayload,
  ctx: JobContext,
  children: JobView[],
): Promise<RenderPdfResult> {
  const { storage, config } = ctx.deps;
  const started = performance.now();
  const parts = children
    .map((c) => c.result as RenderPdfPartResult | null)
    .filter((r): r is RenderPdfPartResult => r !== null)
    .sort((a, b) => a.index - b.index);
  if (parts.length !== children.length) throw new Error('A part of the export did not finish.');
  const pages = parts.reduce((n, p) => n + p.pages, 0);
  ctx.progress(pages - 1, pages);
  const folder = exportFolder(ctx.jobId);
  const raw = await storage.get(`${folder}catalog.json`);
  if (!raw) throw new Error("The export's laid-out catalog is gone.");
  const catalog = JSON.parse(raw.toString('utf8')) as Catalog;
  const report = combinedReport(parts, 0);
  const finish = printFinishFor({
    catalog,
    format: report.format,
    output: payload.output,
    profile: config.PRINT_ICC_PROFILE,
    jpegQuality: parts[0]!.jpegQuality,
  });

  const dir = await mkdtemp(path.join(config.dirs.tmp, 'cb-merge-'));
  const tmpKey = `${TMP_PREFIX}/${ctx.jobId}-${ctx.attempt}.pdf`;
  try {
    const files: string[] = [];
    for (const part of parts) files.push(await localCopy(ctx, part.partKey, dir));
    const merged = path.join(dir, 'merged.pdf');
    await mergePdfs({ files, out: merged, signal: ctx.signal });
    // A screen PDF's order form fields, measured by each part, numbered by the page of the whole document.
    let first = 0;
    const measured = parts.flatMap((part) => {
      const offset = first;
      first += part.pages;
      return (part.report.orderForm ?? []).map((m) => ({ ...m, page: m.page + offset }));
    });
    if (measured.length && !(finish && needsFinishing(finish))) {
      await writeFile(merged, await addOrderFormFields(await readFile(merged), measured));
      report.formFields = measured.length;
    }
    let whole = merged;
    if (finish && needsFinishing(finish)) {
      whole = path.join(dir, 'finished.pdf');
      const done = await finishPrintPdf({
        input: merged,
        output: whole,
        finish,
        workDir: dir,
        signal: ctx.signal,
        timeoutMs: RENDER_TIMEOUT_MS,
      });
      report.timings.finish = done.ms;
      if (done.pictures) report.timings.cmykPictures = done.pictures.ms;
    }
    const final = path.join(dir, 'catalog.pdf');
    const entries = getSections(catalog)
      .filter((s) => s.title.trim())
      .map((s) => ({ title: s.title.trim(), page: s.firstPage }));
    await addOutline({ file: whole, out: final, entries, workDir: dir, signal: ctx.signal });
    await storage.put(tmpKey, createReadStream(final), { contentType: 'application/pdf' });
    report.timings.merge = Math.round(performance.now() - started) - (report.timings.finish ?? 0);
    const watermark = parts.some((p) => p.watermark);
    const preflight = await exportPreflight(ctx, payload.catalogId, catalog, parts);
    const result = await publishPdf(ctx, {
      catalogId: payload.catalogId,
      tmpKey,
      report,
      payload,
      watermark,
      preflight,
    });
    await storage.deletePrefix(folder).catch((err) => ctx.logger.warn({ err }, 'export parts not removed'));
    ctx.progress(pages, pages);
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
    await storage.delete(tmpKey).catch(() => {});
  }
}

/**
 * The preflight of the whole export from its parts' own layouts (pages counted across the parts), its products
 * compared with their listings as the catalog is saved (not with our kept copies of their pictures).
 */
async function exportPreflight(
  ctx: JobContext,
  catalogId: string,
  catalog: Catalog,
  parts: RenderPdfPartResult[],
) {
  const { db } = ctx.deps;
  const facts = combineLayoutFacts(parts.map((p) => ({ from: p.from, facts: p.report.facts })));
  const loaded = await loadCatalogById({ db, catalogId });
  return catalogPreflightReport(catalog, facts, {
    changedProducts: loaded
      ? await changedProducts({ db, ownerId: loaded.row.ownerId, catalog: loaded.catalog })
      : [],
  });
}

/** The figures of the whole export from its parts': pages and pictures added up, stage times too. */
function combinedReport(parts: RenderPdfPartResult[], mergeMs: number): Omit<RenderPdfReport, 'facts'> {
  const sum = (f: (r: RenderPdfReport) => number) => parts.reduce((n, p) => n + f(p.report), 0);
  return {
    pages: sum((r) => r.pages),
    format: parts[0]!.report.format,
    images: {
      total: sum((r) => r.images.total),
      prepared: sum((r) => r.images.prepared),
      passThrough: sum((r) => r.images.passThrough),
      missing: sum((r) => r.images.missing),
    },
    timings: {
      paginate: sum((r) => r.timings.paginate),
      html: sum((r) => r.timings.html),
      sources: sum((r) => r.timings.sources),
      measure: sum((r) => r.timings.measure),
      images: sum((r) => r.timings.images),
      swap: sum((r) => r.timings.swap),
      print: sum((r) => r.timings.print),
      merge: mergeMs,
    },
    parts: parts.length,
  };
}
