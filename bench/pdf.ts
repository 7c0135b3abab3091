/**
 * `npm run bench -- pdf` (DESIGN §13): 1,000 products with 1,000 distinct 1200×1200 JPEG pictures in a
 * 112-page A4 catalog (9 per page, caption: title, SKU and price), rendered to PDF by the render-pdf job on a
 * warm in-process worker. Reports the wall time from job start to finished PDF (first render, when every
 * picture must be prepared, and again with prepared pictures cached), peak RSS of the worker and of Chromium,
 * the PDF size, and how long Chromium alone takes to print the final document. Budget: 5 s, 30 MB.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, createLogger, mapLimit, processTreeRss } from '../server/platform/index.ts';
import { createCatalog, layoutCatalog, loadCatalogById, storageSources } from '../server/catalogs/index.ts';
import { createLocalStorage } from '../server/files/index.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { migrateDatabase, openDatabase, seedDatabase } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { SAMPLE_CAPTION, sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { createJobQueue } from '../server/jobs/index.ts';
import { startWorker } from '../worker/index.ts';
import type { RenderPdfResult } from '../worker/jobs/render-pdf.ts';

/** `npm run bench -- pdf 180`: a shorter catalog (here 20 pages) to see where the time goes before a full run. */
let PRODUCTS = 1_000;
const PER_PAGE = 9;
const BUDGET = { seconds: 5, megabytes: 30 };
/** Generated pictures are kept between runs (they are the same every time). */
const PICTURES_DIR = path.join(os.tmpdir(), 'cb-bench-pictures-v1');

export async function pictures(): Promise<string[]> {
  mkdirSync(PICTURES_DIR, { recursive: true });
  const files = Array.from({ length: 1_000 }, (_, i) => path.join(PICTURES_DIR, `p${i}.jpg`));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) {
    process.stdout.write(`generating ${missing.length} pictures (once)…\n`);
    await mapLimit(files, os.availableParallelism(), async (f, i) => {
      if (!existsSync(f)) writeFileSync(f, await sampleProductImage(i, 1200, 'jpeg'));
    });
  }
  return files;
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function main(args: string[] = []): Promise<void> {
  if (args[0]) {
    PRODUCTS = Number(args[0]);
    if (!Number.isInteger(PRODUCTS) || PRODUCTS < 9 || PRODUCTS > 1_000)
      throw new Error('pdf takes a number of products from 9 to 1000');
  }
  const files = await pictures();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-bench-pdf-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ dir: 'memory://' });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  const storage = createLocalStorage(config.dirs.files);
  const queue = createJobQueue({ db: database.db });
  const worker = startWorker({
    config,
    db: database.db,
    logger: createLogger('silent'),
    storage,
    queue,
    options: { pollMs: 20 },
  });
  try {
    const [owner] = await database.db.insert(users).values({ email: 'bench@example.com' }).returning();
    await setUpgradeByEmail({ db: database.db, email: 'bench@example.com', upgrade: true });
    const urls: string[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      await storage.put(`img/bench-${i}.jpg`, readFileSync(files[i]!));
      urls.push(storage.url(`img/bench-${i}.jpg`));
    }
    const doc = sampleCatalog({
      products: PRODUCTS,
      perPage: PER_PAGE,
      imageUrl: (i) => urls[i]!,
      caption: SAMPLE_CAPTION,
    });
    const { catalog } = await createCatalog({ db: database.db, ownerId: owner!.id, input: { catalog: doc } });
    const warmup = sampleCatalog({ products: 9, perPage: 9, imageUrl: (i) => urls[PRODUCTS - 1 - i]! });
    const { catalog: small } = await createCatalog({
      db: database.db,
      ownerId: owner!.id,
      input: { catalog: warmup },
    });

    const render = async (catalogId: string, output: 'rgb' | 'pdfx' = 'rgb') => {
      let chromePeak = 0;
      const sampler = setInterval(() => {
        const pid = chromePid();
        if (pid) void processTreeRss(pid).then((rss) => (chromePeak = Math.max(chromePeak, rss)));
      }, 1_000);
      const t0 = performance.now();
      const job = await queue.enqueue('render-pdf', { catalogId, output }, { ownerId: owner!.id });
      for (;;) {
        const j = await queue.getJob({ jobId: job.id });
        if (j?.state === 'complete') {
          clearInterval(sampler);
          return { ms: performance.now() - t0, result: j.result as RenderPdfResult, chromePeak };
        }
        if (j?.state === 'failed') throw new Error(`render failed: ${j.error}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const chromePid = () => worker.deps.browser.pid();

    // A warm worker: Chromium launched and the code paths run once on a small catalog.
    await worker.deps.browser.warm();
    await render(small._id);

    const load = os.loadavg()[0]!.toFixed(2);
    const cold = await render(catalog._id);
    const warm = await render(catalog._id);

    // The product's own path: pictures are compressed for their cell when they are imported or placed
    // (process-images, SPEC §9 sizing base), so an export starts from those. Timed apart, then the export.
    const t0 = performance.now();
    const processing = await queue.enqueue(
      'process-images',
      { target: 'catalog', catalogId: catalog._id, products: true, pages: false },
      { ownerId: owner!.id },
    );
    for (;;) {
      const j = await queue.getJob({ jobId: processing.id });
      if (j?.state === 'complete') break;
      if (j?.state === 'failed') throw new Error(`process-images failed: ${j.error}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const processingMs = performance.now() - t0;
    const imported = await render(catalog._id);
    // Issue 28: the same catalog as the print PDF (3 mm bleed, crop marks, CMYK PDF/X-4 by Ghostscript), against
    // the screen (RGB) export just before it in this run.
    const print = await render(catalog._id, 'pdfx');

    // Chromium alone: the final document (prepared pictures in place) loaded in a fresh page, then printed.
    const htmlFile = path.join(dataDir, 'final.html');
    const workDir = path.join(dataDir, 'work');
    mkdirSync(workDir, { recursive: true });
    await worker.deps.browser.withPage(async (page) => {
      await layoutCatalog(
        page,
        {
          catalog: (await loadCatalogById({ db: database.db, catalogId: catalog._id }))!.catalog,
          quality: 'print',
          jpegQuality: 80,
          watermark: false,
          browser: worker.deps.browser,
          images: worker.deps.images,
          resolveSource: storageSources({ storage, images: worker.deps.images }),
        },
        workDir,
      );
      writeFileSync(htmlFile, await page.content());
    });
    const chromeAlone = await worker.deps.browser.withPage(async (page) => {
      const t0 = performance.now();
      await page.goto(`file://${htmlFile}`, { waitUntil: 'load', timeout: 120_000 });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const t1 = performance.now();
      const pdf = await page.pdf({
        preferCSSPageSize: true,
        printBackground: true,
        tagged: false,
        timeout: 120_000,
      });
      return { load: t1 - t0, print: performance.now() - t1, bytes: pdf.length };
    });

    const r = warm.result;
    const rss = process.resourceUsage().maxRSS * 1024;
    const lines = [
      `PDF benchmark: ${PRODUCTS} products, ${PRODUCTS} distinct 1200×1200 JPEGs, ${r.pages} A4 pages, caption: title, SKU, price`,
      `machine: ${os.availableParallelism()} cores, load average ${load} at start, Node ${process.versions.node}`,
      `job start → PDF, first render (pictures prepared):  ${s(cold.ms)}  (stages ${JSON.stringify(cold.result.report.timings)})`,
      `job start → PDF, again (prepared pictures cached):  ${s(warm.ms)}  (stages ${JSON.stringify(r.report.timings)})`,
      `pictures compressed at import (process-images, not timed in the export): ${s(processingMs)}`,
      `job start → PDF, first render of the imported catalog: ${s(imported.ms)}  (${imported.result.report.images.prepared} downsampled, ${imported.result.report.images.passThrough} embedded as compressed at import; stages ${JSON.stringify(imported.result.report.timings)})`,
      `print PDF/X-4 (CMYK, 3 mm bleed, crop marks): ${s(print.ms)} against ${s(imported.ms)} for the RGB export in this run (Ghostscript finishing ${s(print.result.report.timings.finish ?? 0)}; stages ${JSON.stringify(print.result.report.timings)}; ${mb(print.result.bytes)}; preflight: ${print.result.preflight.errors} errors, ${print.result.preflight.warnings} warnings)`,
      `PDF size: ${mb(r.bytes)} (${r.report.images.total} pictures: ${cold.result.report.images.prepared} downsampled to 300 dpi, ${cold.result.report.images.passThrough} embedded as they were)`,
      `peak RSS: worker process ${mb(rss)}, Chromium ${mb(Math.max(cold.chromePeak, warm.chromePeak))}`,
      `Chromium alone on the final document: load ${s(chromeAlone.load)}, print ${s(chromeAlone.print)} (${mb(chromeAlone.bytes)})`,
      `budget: ≤ ${BUDGET.seconds} s → ${warm.ms <= BUDGET.seconds * 1000 ? 'within' : 'OVER'} (cached), ${imported.ms <= BUDGET.seconds * 1000 ? 'within' : 'OVER'} (imported catalog), ${cold.ms <= BUDGET.seconds * 1000 ? 'within' : 'OVER'} (raw originals); ≤ ${BUDGET.megabytes} MB → ${r.bytes <= BUDGET.megabytes * 1024 * 1024 ? 'within' : 'OVER'} (imported: ${mb(imported.result.bytes)})`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await worker.close();
    await queue.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
