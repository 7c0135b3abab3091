import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Page } from 'puppeteer-core';
import type { PageFormat } from '../../../core/constants.ts';
import type { Catalog } from '../../../core/model/index.ts';
import { needsPagination, paginateCatalog } from '../../../core/pagination/index.ts';
import {
  createRenderContext,
  MEASURE_SCRIPT,
  measureDocumentHtml,
  renderCatalogHtml,
  resolveFormat,
  type RenderOptions,
} from '../../../core/render/index.ts';
import { type BrowserPool, mapLimit } from '../../platform/index.ts';
import { bundledFontFaces, missingFallbackFonts, type ImageCache } from '../../files/index.ts';
import { AssetTokens, BLANK_GIF, fileUrl, MISSING_IMAGE, placeholderImage } from './assets.server.ts';
import type { LayoutFacts } from '../../../core/preflight/index.ts';
import { collectLayoutFacts, type PicturePlacement } from './layout-facts.server.ts';
import type { AssetSource, ResolveSource } from './sources.server.ts';
import {
  addOrderFormFields,
  measureOrderFormFields,
  type MeasuredFormField,
} from './order-form-fields.server.ts';
import { finishPrintPdf, needsFinishing, type PrintFinish } from './print-finish.server.ts';

export type PdfQuality = 'print' | 'screen';
/** Resolution images are prepared at, for the size they are printed at. */
export const QUALITY_DPI: Record<PdfQuality, number> = { print: 300, screen: 150 };
/** Screen PDFs are for reading on a screen: lighter JPEGs. */
const SCREEN_MAX_JPEG_QUALITY = 70;
const CSS_PX_PER_INCH = 96;

export type LayoutInput = {
  catalog: Catalog;
  /** Page format; default: the catalog's. */
  format?: PageFormat | null;
  quality: PdfQuality;
  /** JPEG quality of prepared images (the user's image_quality, q80 by default). */
  jpegQuality: number;
  watermark: boolean;
  /** Print output: pages drawn with this much bleed on every side, mm (core/render). Default 0. */
  bleedMm?: number;
  /**
   * The pages to print (indices of the catalog's pages, in order), one part of a long export; default all. Page
   * numbers, the table of contents and summaries still count every page of the catalog.
   */
  pages?: number[];
  browser: BrowserPool;
  images: ImageCache;
  resolveSource: ResolveSource;
  /** Folder for the temporary HTML document (removed afterwards). */
  workDir?: string;
  /**
   * Lay out only, for the preflight: pictures stay stand-ins of their size (nothing is prepared), the layout is
   * measured all the same.
   */
  layoutOnly?: boolean;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  log?: (msg: string, err?: unknown) => void;
};

export type RenderPdfInput = LayoutInput & {
  /** Receives the PDF as it is produced. */
  write: (pdf: Readable) => Promise<void>;
  /**
   * Print output: after Chromium, the PDF is finished (marks, page boxes, CMYK PDF/X) by print-finish; the
   * pages are drawn with the finish's bleed.
   */
  finish?: PrintFinish;
  /**
   * Order form fields: `add` (default) puts them on the PDF; `measure` only reports them (`report.orderForm`), for a
   * part of a split export, whose fields are added once the parts are put together so totals see every row.
   */
  formFields?: 'add' | 'measure';
};

export type RenderPdfReport = {
  pages: number;
  format: PageFormat;
  images: { total: number; prepared: number; passThrough: number; missing: number };
  /** Milliseconds per stage (the render-pdf job adds load and store). */
  timings: {
    paginate: number;
    html: number;
    sources: number;
    measure: number;
    images: number;
    swap: number;
    print: number;
    /** Finishing print output (marks, boxes, CMYK), the pictures' conversion included. */
    finish?: number;
    /** Of `finish`, converting the pictures to CMYK before Ghostscript (cmyk-pictures). */
    cmykPictures?: number;
    /** Measuring the layout for the preflight. */
    preflight?: number;
    load?: number;
    store?: number;
    /** A split export: putting the parts together (qpdf) with the bookmarks. */
    merge?: number;
  };
  /** What the preflight needs from the laid-out document (core/preflight). */
  facts: LayoutFacts;
  /** A split export: how many parts it was printed in. */
  parts?: number;
  /** Order forms: the ruled lines that became fillable PDF form fields. */
  formFields?: number;
  /** Order forms, `formFields: 'measure'`: the ruled lines measured, pages numbered within this render. */
  orderForm?: MeasuredFormField[];
};

type Placement = PicturePlacement;

/** The missing picture's stand-in, marked with the asset so the preflight can say where a picture is missing. */
const missingImage = (i: number) => `${MISSING_IMAGE}#cbm${i}`;

/** Measured placements of recent documents (by HTML and picture proportions), for re-renders. */
const PLACEMENTS = new Map<string, Placement[]>();
const PLACEMENT_CACHE_SIZE = 32;

/**
 * In the page: the size (CSS px) each asset image will be drawn at, and the page it is on, from the box the
 * layout gives it and the picture's proportions (`ratios`: index → [width, height]), as core/render's image
 * classes draw it: cover fills the box, sized ones have a set width, the others fit inside the box, a zoom
 * enlarges them (core/preflight drawnPictureSize, the editor's measure, is the same rule).
 */
const MEASURE_IMAGES_SCRIPT = `(ratios) => {
  const pages = Array.from(document.querySelectorAll('.cb-page'));
  const out = [];
  for (const img of document.images) {
    const m = /#cb(\\d+)$/.exec(img.getAttribute('src') || '');
    if (!m || !ratios[m[1]]) continue;
    const [nw, nh] = ratios[m[1]];
    const box = (img.parentElement || img).getBoundingClientRect();
    let w, h;
    if (img.classList.contains('cb-img--sized')) {
      w = img.getBoundingClientRect().width;
      h = (w * nh) / nw;
    } else {
      // The image editor's zoom (a scale transform) enlarges the drawn picture; the box still cuts it.
      const t = getComputedStyle(img).transform;
      const zoom = t && t !== 'none' ? Math.max(1, new DOMMatrix(t).a) : 1;
      const k = (img.classList.contains('cb-img--cover')
        ? Math.max(box.width / nw, box.height / nh)
        : Math.min(box.width / nw, box.height / nh)) * zoom;
      w = nw * k;
      h = nh * k;
    }
    const page = img.closest('.cb-page');
    const cell = img.closest('[data-cell-index]');
    const owner = img.closest('[data-element-id]');
    out.push({
      id: Number(m[1]), width: w, height: h, page: page ? pages.indexOf(page) : 0,
      cell: cell ? Number(cell.getAttribute('data-cell-index')) : null,
      elementId: (owner && owner.getAttribute('data-element-id')) || null,
    });
  }
  return out;
}`;

/** In the page: every stand-in swapped for its prepared file, resolved once all have loaded. */
const SWAP_IMAGES_SCRIPT = `async (map) => {
  const waits = [];
  for (const img of document.images) {
    const m = /#cb(\\d+)$/.exec(img.getAttribute('src') || '');
    if (!m || !(m[1] in map)) continue;
    img.setAttribute('src', map[m[1]]);
    if (!img.complete) waits.push(new Promise((r) => { img.onload = r; img.onerror = r; }));
  }
  await Promise.all(waits);
  await document.fonts.ready;
  return waits.length;
}`;

/**
 * Every document the worker loads (measured or printed) may load local files and inline data only, even a
 * picture a merchant put in rich text by address or a url() in custom CSS: the browser pool also refuses every
 * other request (server/platform/chromium.server.ts), this keeps Chromium from even asking. Our assets were resolved to local
 * files before.
 */
const NO_NETWORK_CSP =
  "default-src 'none'; img-src file: data:; font-src file: data:; style-src 'unsafe-inline'; media-src 'none'";

function withoutNetwork(html: string): string {
  return html.replace(
    /<head>/i,
    `<head><meta http-equiv="Content-Security-Policy" content="${NO_NETWORK_CSP}">`,
  );
}

async function loadDocument(page: Page, file: string, timeoutMs: number) {
  await page.goto(fileUrl(file), { waitUntil: 'load', timeout: timeoutMs });
  await page.evaluate('document.fonts.ready.then(() => true)');
}

/**
 * Flow and list pages laid out in Chromium (DESIGN §6): the measure documents are loaded in the same page,
 * with the same fonts, as the final document. Custom fonts are the local files the final document will use;
 * pictures, whose boxes have set sizes, are a blank stand-in.
 */
async function paginateInChromium(
  page: Page,
  catalog: Catalog,
  options: RenderOptions,
  fontFiles: Map<string, string>,
  dir: string,
  timeoutMs: number,
): Promise<Catalog> {
  const file = path.join(dir, 'measure.html');
  const render: RenderOptions = {
    ...options,
    resolveAsset: (url) =>
      url.startsWith('file:') || /^data:/i.test(url) ? url : (fontFiles.get(url) ?? BLANK_GIF),
  };
  return paginateCatalog(
    catalog,
    async (blocks) => {
      if (blocks.length === 0) return [];
      const ctx = createRenderContext(catalog, render);
      await writeFile(
        file,
        withoutNetwork(measureDocumentHtml(ctx, blocks, { fontFaces: render.fontFaces })),
      );
      await loadDocument(page, file, timeoutMs);
      return (await page.evaluate(MEASURE_SCRIPT)) as number[];
    },
    { render },
  );
}

/** The options every rendering of a catalog for print shares (fonts, format, watermark). */
function printOptions(input: LayoutInput): RenderOptions {
  const format = resolveFormat(input.catalog, input.format);
  const log = input.log ?? (() => {});
  return {
    format,
    watermark: input.watermark,
    mode: 'print',
    fontFaces: bundledFontFaces(),
    log,
    bleedMm: input.bleedMm ?? 0,
  };
}

/**
 * The catalog with its flow and list pages laid out in `page` when some never were (a catalog the editor saved
 * carries its pagination already): custom fonts as the local files the final document uses.
 */
async function paginateForPrint(
  page: Page,
  input: LayoutInput,
  dir: string,
  resolveSource: (url: string) => Promise<AssetSource>,
  render: RenderOptions,
  timeoutMs: number,
): Promise<Catalog> {
  if (!needsPagination(input.catalog)) return input.catalog;
  const fontFiles = new Map<string, string>();
  const customFontUrls = input.catalog.fonts.map((f) => f.url).filter(Boolean) as string[];
  await mapLimit(customFontUrls, 8, async (url) => {
    // A font that is not available is logged with the final document's assets.
    const s = await resolveSource(url).catch(() => null);
    if (s && 'file' in s) fontFiles.set(url, fileUrl(s.file));
  });
  return paginateInChromium(page, input.catalog, render, fontFiles, dir, timeoutMs);
}

/**
 * The catalog as it will print, its flow and list pages laid out in Chromium when they never were: what every
 * part of a long export prints from, so they agree on every page.
 */
export async function paginateCatalogForPrint(input: LayoutInput): Promise<Catalog> {
  if (!needsPagination(input.catalog)) return input.catalog;
  const timeoutMs = input.timeoutMs ?? 5 * 60_000;
  const dir = path.join(input.workDir ?? os.tmpdir(), `cb-paginate-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    return await input.browser.withPage(
      (page) => paginateForPrint(page, input, dir, input.resolveSource, printOptions(input), timeoutMs),
      { timeoutMs, signal: input.signal },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Lay a catalog out in a Chromium page, ready to print or photograph: rendered to HTML once by core/render,
 * loaded with stand-ins of the right proportions to learn the size each image is drawn at, images prepared at
 * that size (300 dpi for print) in parallel, then swapped in. Prepared images are cached by content, and a
 * JPEG already small enough is used as is (Chromium copies JPEG data into a PDF unchanged).
 */
export async function layoutCatalog(page: Page, input: LayoutInput, dir: string): Promise<RenderPdfReport> {
  const timeoutMs = input.timeoutMs ?? 5 * 60_000;
  const format = resolveFormat(input.catalog, input.format);
  const dpi = QUALITY_DPI[input.quality];
  const jpegQuality =
    input.quality === 'screen' ? Math.min(input.jpegQuality, SCREEN_MAX_JPEG_QUALITY) : input.jpegQuality;
  const log = input.log ?? (() => {});
  const timings: RenderPdfReport['timings'] = {
    paginate: 0,
    html: 0,
    sources: 0,
    measure: 0,
    images: 0,
    swap: 0,
    print: 0,
  };
  let t = performance.now();
  const lap = (k: 'paginate' | 'html' | 'sources' | 'measure' | 'images' | 'swap' | 'preflight') => {
    const now = performance.now();
    timings[k] = Math.round(now - t);
    t = now;
  };
  const throwIfAborted = () => input.signal?.throwIfAborted();

  const missingFonts = missingFallbackFonts();
  if (missingFonts.length > 0)
    log(
      `render: fallback fonts not installed (${missingFonts.join(', ')}): emoji print blank; install fonts-noto-color-emoji`,
    );
  const tokens = new AssetTokens();
  const customFontUrls = new Set(input.catalog.fonts.map((f) => f.url).filter(Boolean) as string[]);
  const render = printOptions(input);

  // Each asset is resolved once, whether the measure documents or the final one asks first.
  const resolved = new Map<string, Promise<AssetSource>>();
  const resolveSource = (url: string) => {
    let p = resolved.get(url);
    if (!p) resolved.set(url, (p = input.resolveSource(url)));
    return p;
  };

  const catalog = await paginateForPrint(page, input, dir, resolveSource, render, timeoutMs);
  lap('paginate');
  throwIfAborted();
  if (input.pages && needsPagination(input.catalog))
    throw new Error('A part of an export prints a catalog laid out before (paginateCatalogForPrint).');
  const html = withoutNetwork(
    renderCatalogHtml(catalog, {
      ...render,
      pages: input.pages,
      paginate: false,
      // Bundled fonts are already local files; everything else becomes a token.
      resolveAsset: (url) => (url.startsWith('file:') ? url : tokens.token(url)),
    }),
  );
  const pageCount = input.pages?.length ?? catalog.pages.length;
  input.onProgress?.(0, pageCount);
  lap('html');

  const sources: AssetSource[] = await mapLimit(tokens.urls, 8, async (url) => {
    try {
      return await resolveSource(url);
    } catch (err) {
      log(`render: asset not available: ${url}`, err);
      return null;
    }
  });
  const infos = await mapLimit(sources, 8, async (s, i) => {
    if (!s || !('file' in s) || customFontUrls.has(tokens.urls[i]!)) return null;
    try {
      return await input.images.info(s.file);
    } catch (err) {
      log(`render: not an image: ${tokens.urls[i]}`, err);
      return null;
    }
  });
  lap('sources');
  throwIfAborted();

  const isFont = (i: number) => customFontUrls.has(tokens.urls[i]!);
  /** The document with each token replaced: fonts and data: URLs as they are, images by `image(i)`. */
  const documentHtml = (image: (i: number) => string) =>
    AssetTokens.replace(html, (i) => {
      const s = sources[i];
      if (isFont(i)) return s && 'file' in s ? fileUrl(s.file) : '';
      if (s && 'url' in s) return s.url;
      return infos[i] ? image(i) : missingImage(i);
    });
  const ratios: Record<number, [number, number]> = {};
  infos.forEach((info, i) => {
    if (info) ratios[i] = [info.width, info.height];
  });
  // The same document with the same pictures lays out the same: a render of an unchanged catalog reuses the
  // sizes measured last time and loads its final document once, skipping the stand-in pass.
  const layoutKey = createHash('sha1').update(html).update(JSON.stringify(ratios)).digest('hex');
  const known = PLACEMENTS.get(layoutKey);
  const docFile = path.join(dir, 'catalog.html');
  let placements: Placement[];
  if (known && !input.layoutOnly) {
    placements = known;
  } else {
    await writeFile(
      docFile,
      documentHtml((i) => placeholderImage(i)),
    );
    await loadDocument(page, docFile, timeoutMs);
    placements = (await page.evaluate(
      `(${MEASURE_IMAGES_SCRIPT})(${JSON.stringify(ratios)})`,
    )) as Placement[];
    PLACEMENTS.set(layoutKey, placements);
    if (PLACEMENTS.size > PLACEMENT_CACHE_SIZE) PLACEMENTS.delete(PLACEMENTS.keys().next().value!);
  }
  lap('measure');
  throwIfAborted();
  const pixels = infos.map((info) => (info ? { width: info.width, height: info.height } : null));
  const fontFiles = input.catalog.fonts.flatMap((f) => {
    const i = f.url ? tokens.urls.indexOf(f.url) : -1;
    const s = i >= 0 ? sources[i] : null;
    return s && 'file' in s ? [{ family: f.family, file: s.file }] : [];
  });
  if (input.layoutOnly) {
    const facts = await collectLayoutFacts(page, placements, pixels, fontFiles);
    lap('preflight');
    input.onProgress?.(pageCount, pageCount);
    return {
      pages: pageCount,
      format,
      images: { total: 0, prepared: 0, passThrough: 0, missing: 0 },
      timings,
      facts,
    };
  }

  // Each image once, at the largest size it is printed at; in page order so progress reads as pages.
  const needed = new Map<number, { width: number; height: number; page: number }>();
  for (const p of placements) {
    const prev = needed.get(p.id);
    needed.set(p.id, {
      width: Math.max(prev?.width ?? 0, p.width),
      height: Math.max(prev?.height ?? 0, p.height),
      page: Math.min(prev?.page ?? Infinity, p.page),
    });
  }
  const order = [...needed.entries()].sort((a, b) => a[1].page - b[1].page);
  const remainingOnPage = new Array<number>(pageCount).fill(0);
  for (const [, n] of order) remainingOnPage[n.page] = (remainingOnPage[n.page] ?? 0) + 1;
  let pagesDone = 0;
  const advance = () => {
    while (pagesDone < pageCount && remainingOnPage[pagesDone] === 0) pagesDone++;
    // The last step (printing) is still ahead: never report every page done before the file exists.
    input.onProgress?.(Math.min(pagesDone, pageCount - 1), pageCount);
  };
  advance();
  const report = { total: needed.size, prepared: 0, passThrough: 0, missing: 0 };
  const swap: Record<number, string> = {};
  // One more than the cores: each sharp pipeline runs on one thread, and file reads and writes overlap.
  await mapLimit(order, os.availableParallelism() + 1, async ([id, n]) => {
    throwIfAborted();
    const s = sources[id];
    const scale = dpi / CSS_PX_PER_INCH;
    try {
      if (!s || !('file' in s)) throw new Error('no local file');
      const prepared = await input.images.prepare({
        file: s.file,
        width: Math.max(1, Math.ceil(n.width * scale)),
        height: Math.max(1, Math.ceil(n.height * scale)),
        quality: jpegQuality,
      });
      swap[id] = fileUrl(prepared.file);
      if (prepared.passThrough) report.passThrough++;
      else report.prepared++;
    } catch (err) {
      log(`render: image could not be prepared: ${tokens.urls[id]}`, err);
      swap[id] = missingImage(id);
      report.missing++;
    }
    remainingOnPage[n.page]!--;
    advance();
  });
  lap('images');
  throwIfAborted();

  if (known) {
    await writeFile(
      docFile,
      documentHtml((i) => swap[i] ?? missingImage(i)),
    );
    await loadDocument(page, docFile, timeoutMs);
  } else {
    await page.evaluate(`(${SWAP_IMAGES_SCRIPT})(${JSON.stringify(swap)})`);
  }
  lap('swap');
  const facts = await collectLayoutFacts(page, placements, pixels, fontFiles);
  lap('preflight');
  return { pages: pageCount, format, images: report, timings, facts };
}

/**
 * The preflight on demand (issue 28): the catalog laid out as its export lays it out, pictures as stand-ins of
 * their size (their pixel size is read, nothing is prepared), and measured; no PDF is printed.
 */
export async function measureCatalogLayout(input: LayoutInput): Promise<RenderPdfReport> {
  const dir = path.join(input.workDir ?? os.tmpdir(), `cb-preflight-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    return await input.browser.withPage((page) => layoutCatalog(page, { ...input, layoutOnly: true }, dir), {
      timeoutMs: input.timeoutMs ?? 5 * 60_000,
      signal: input.signal,
      onBlockedRequest:
        input.log && ((url) => input.log!(`preflight: blocked request from Chromium to ${url}`)),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A catalog as one PDF (SPEC §4), printed in one pass from one Chromium page. */
export async function renderCatalogPdf(input: RenderPdfInput): Promise<RenderPdfReport> {
  const timeoutMs = input.timeoutMs ?? 5 * 60_000;
  const dir = path.join(input.workDir ?? os.tmpdir(), `cb-render-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    return await input.browser.withPage(
      async (page) => {
        const finish = input.finish && needsFinishing(input.finish) ? input.finish : null;
        const report = await layoutCatalog(
          page,
          { ...input, bleedMm: finish ? finish.bleedMm : (input.bleedMm ?? 0) },
          dir,
        );
        input.signal?.throwIfAborted();
        // Order forms get fillable fields on their ruled lines; PDF/X output has none (see ARCHITECTURE.md).
        const measured = finish ? [] : await measureOrderFormFields(page);
        if (input.formFields === 'measure' && measured.length) report.orderForm = measured;
        const formFields = input.formFields === 'measure' ? [] : measured;
        const started = performance.now();
        const stream = await page.createPDFStream({
          preferCSSPageSize: true,
          printBackground: true,
          // Tagging doubles the print time of a large catalog; print shops do not use it.
          tagged: false,
          timeout: timeoutMs,
        });
        const pdf = Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>);
        if (!finish && formFields.length === 0) {
          await input.write(pdf);
          report.timings.print = Math.round(performance.now() - started);
        } else if (!finish) {
          const printed = Buffer.concat(await pdf.toArray());
          report.timings.print = Math.round(performance.now() - started);
          const filled = await addOrderFormFields(printed, formFields);
          report.formFields = formFields.length;
          await input.write(Readable.from([Buffer.from(filled)]));
        } else {
          const printed = path.join(dir, 'chromium.pdf');
          const finished = path.join(dir, 'finished.pdf');
          await pipeline(pdf, createWriteStream(printed));
          report.timings.print = Math.round(performance.now() - started);
          const done = await finishPrintPdf({
            input: printed,
            output: finished,
            finish,
            workDir: dir,
            signal: input.signal,
            timeoutMs,
          });
          report.timings.finish = done.ms;
          if (done.pictures) report.timings.cmykPictures = done.pictures.ms;
          await input.write(createReadStream(finished));
        }
        input.onProgress?.(report.pages, report.pages);
        return report;
      },
      {
        timeoutMs,
        signal: input.signal,
        onBlockedRequest:
          input.log && ((url) => input.log!(`render: blocked request from Chromium to ${url}`)),
      },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
