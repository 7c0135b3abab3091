/**
 * `npm run bench -- pdf-long` (issue 29 §3): a long catalog, 10,000 products with 1,000 distinct 1200×1200 JPEG
 * pictures on 1,112 A4 pages (9 a page), exported
 *   (a) in one piece, by one worker in one Chromium (PDF_SPLIT_PAGES above the page count), and
 *   (b) split into parts of PDF_SPLIT_PAGES (100) pages, rendered by two workers (each its own Chromium) and put
 *       together by qpdf,
 * after the pictures were compressed as an import does (process-images). The anchor, timed in the same run:
 * Chromium alone printing the final document in one go. Reports wall time, pages per second, peak memory of
 * this process and of each worker's Chromium, file size, and each export's ratio to the anchor. The goal: the
 * split export faster than the anchor, with memory per process flat in the number of pages.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import {
  CHROME_ARGS,
  findChrome,
  loadConfig,
  createLogger,
  processTreeRss,
  type Config,
} from '../server/platform/index.ts';
import { createCatalog, layoutCatalog, loadCatalogById, storageSources } from '../server/catalogs/index.ts';
import { createLocalStorage } from '../server/files/index.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { migrateDatabase, openDatabase, seedDatabase } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { SAMPLE_CAPTION, sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { createJobQueue, type JobQueue } from '../server/jobs/index.ts';
import { startWorker, type RunningWorker } from '../worker/index.ts';
import type { RenderPdfResult } from '../worker/jobs/render-pdf.ts';
import { pictures } from './pdf.ts';

const PRODUCTS = 10_000;
const PER_PAGE = 9;
const SPLIT_PAGES = 100;

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** This process's resident memory and each worker's Chromium tree, sampled every second; peaks kept. */
function memorySampler(workers: RunningWorker[]) {
  const chrome = workers.map(() => 0);
  let node = 0;
  const timer = setInterval(() => {
    node = Math.max(node, process.memoryUsage().rss);
    workers.forEach((w, i) => {
      const pid = w.deps.browser.pid();
      if (pid) void processTreeRss(pid).then((rss) => (chrome[i] = Math.max(chrome[i]!, rss)));
    });
  }, 1_000);
  return {
    stop: () => {
      clearInterval(timer);
      return { node, chrome };
    },
  };
}

async function waitFor(queue: JobQueue, jobId: string) {
  for (;;) {
    const j = await queue.getJob({ jobId });
    if (j?.state === 'complete') return j;
    if (j?.state === 'failed') throw new Error(`${j.name} failed: ${j.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function main(): Promise<void> {
  const files = await pictures();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-bench-pdf-long-'));
  const base = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const onePiece = loadConfig({ ...base, PDF_SPLIT_PAGES: '100000' });
  const inParts = loadConfig({ ...base, PDF_SPLIT_PAGES: String(SPLIT_PAGES) });
  const database = await openDatabase({ dir: 'memory://' });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  const storage = createLocalStorage(onePiece.dirs.files);
  const queue = createJobQueue({ db: database.db });
  const workers: RunningWorker[] = [];
  const worker = (config: Config) => {
    const w = startWorker({
      config,
      db: database.db,
      logger: createLogger('silent'),
      storage,
      queue,
      options: { pollMs: 20, concurrency: 1 },
    });
    workers.push(w);
    return w;
  };
  try {
    const [owner] = await database.db.insert(users).values({ email: 'bench@example.com' }).returning();
    // The plan that allows 1,112 pages and 10,000 products.
    await setUpgradeByEmail({
      db: database.db,
      email: 'bench@example.com',
      upgrade: true,
      planId: 'PREMIUM',
    });
    const urls: string[] = [];
    for (let i = 0; i < files.length; i++) {
      await storage.put(`img/bench-${i}.jpg`, readFileSync(files[i]!));
      urls.push(storage.url(`img/bench-${i}.jpg`));
    }
    const doc = sampleCatalog({
      products: PRODUCTS,
      perPage: PER_PAGE,
      imageUrl: (i) => urls[i % urls.length]!,
      caption: SAMPLE_CAPTION,
    });
    const { catalog } = await createCatalog({ db: database.db, ownerId: owner!.id, input: { catalog: doc } });
    const ownerId = owner!.id;

    // One worker, warm; the pictures compressed as an import does, so every export below starts from them.
    const first = worker(onePiece);
    await first.deps.browser.warm();
    const t0 = performance.now();
    const processing = await queue.enqueue(
      'process-images',
      { target: 'catalog', catalogId: catalog._id, products: true, pages: false },
      { ownerId },
    );
    await waitFor(queue, processing.id);
    const processingMs = performance.now() - t0;
    const load = os.loadavg()[0]!.toFixed(2);

    /** An export to its end; a failed one (a one-piece print past Chromium's 5-minute call limit) is reported. */
    const render = async (running: RunningWorker[]) => {
      const memory = memorySampler(running);
      const started = performance.now();
      const job = await queue.enqueue('render-pdf', { catalogId: catalog._id }, { ownerId });
      try {
        const done = await waitFor(queue, job.id);
        const ms = performance.now() - started;
        return { ms, result: done.result as RenderPdfResult, error: null, memory: memory.stop() };
      } catch (err) {
        const ms = performance.now() - started;
        return { ms, result: null, error: (err as Error).message, memory: memory.stop() };
      }
    };

    // (a) One piece, one worker, one Chromium.
    const single = await render([first]);
    await first.close();
    workers.length = 0;

    // (b) In parts, two workers, each its own Chromium.
    const split = [worker(inParts), worker(inParts)];
    await Promise.all(split.map((w) => w.deps.browser.warm()));
    const parts = await render(split);

    // The anchor: Chromium alone, the final document (prepared pictures in place) loaded then printed in one go.
    const htmlFile = path.join(dataDir, 'final.html');
    const workDir = path.join(dataDir, 'work');
    mkdirSync(workDir, { recursive: true });
    const browser = split[0]!.deps.browser;
    await browser.withPage(async (page) => {
      await layoutCatalog(
        page,
        {
          catalog: (await loadCatalogById({ db: database.db, catalogId: catalog._id }))!.catalog,
          quality: 'print',
          jpegQuality: 80,
          watermark: false,
          browser,
          images: split[0]!.deps.images,
          resolveSource: storageSources({ storage, images: split[0]!.deps.images }),
        },
        workDir,
      );
      writeFileSync(htmlFile, await page.content());
    });
    // In a Chromium of its own without the product's 5-minute limit on one call, so it can finish in one go.
    const alone = await puppeteer.launch({
      executablePath: findChrome()!,
      headless: true,
      args: CHROME_ARGS,
      protocolTimeout: 3_600_000,
      pipe: true,
    });
    let anchorPeak = 0;
    const sampler = setInterval(() => {
      const pid = alone.process()?.pid;
      if (pid) void processTreeRss(pid).then((rss) => (anchorPeak = Math.max(anchorPeak, rss)));
    }, 1_000);
    const anchor = await (async () => {
      const page = await alone.newPage();
      const started = performance.now();
      await page.goto(`file://${htmlFile}`, { waitUntil: 'load', timeout: 0 });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const pdf = await page.pdf({
        preferCSSPageSize: true,
        printBackground: true,
        tagged: false,
        timeout: 0,
      });
      return { ms: performance.now() - started, bytes: pdf.length };
    })().finally(async () => {
      clearInterval(sampler);
      await alone.close();
    });

    const pages = parts.result?.pages ?? 0;
    const perSecond = (ms: number) => (pages / (ms / 1000)).toFixed(1);
    const ratio = (ms: number) => (ms / anchor.ms).toFixed(2);
    const lines = [
      `Long PDF benchmark: ${PRODUCTS.toLocaleString('en')} products, ${files.length} distinct 1200×1200 JPEGs, ${pages} A4 pages (${PER_PAGE} a page), caption: title, SKU, price`,
      `machine: ${os.availableParallelism()} cores, load average ${load} at start, Node ${process.versions.node}; pictures compressed at import first (${s(processingMs)}, not timed below)`,
      single.result
        ? `(a) one piece, one worker:   ${s(single.ms)}, ${perSecond(single.ms)} pages/s, ${mb(single.result.bytes)}; peak RSS: this process ${mb(single.memory.node)}, Chromium ${mb(single.memory.chrome[0]!)}; ${ratio(single.ms)}× the anchor`
        : `(a) one piece, one worker:   FAILED after ${s(single.ms)} (${single.error}); peak RSS: this process ${mb(single.memory.node)}, Chromium ${mb(single.memory.chrome[0]!)}`,
      parts.result
        ? `(b) in parts of ${SPLIT_PAGES} pages, two workers: ${s(parts.ms)}, ${perSecond(parts.ms)} pages/s, ${mb(parts.result.bytes)} (stages ${JSON.stringify(parts.result.report.timings)}); peak RSS: this process ${mb(parts.memory.node)}, Chromium ${parts.memory.chrome.map(mb).join(' and ')}; ${ratio(parts.ms)}× the anchor`
        : `(b) in parts of ${SPLIT_PAGES} pages, two workers: FAILED after ${s(parts.ms)} (${parts.error})`,
      `anchor, Chromium alone printing the final document in one go: ${s(anchor.ms)}, ${mb(anchor.bytes)}, Chromium peak ${mb(anchorPeak)}`,
      `goal: the split export faster than the anchor → ${parts.result && parts.ms < anchor.ms ? 'met' : 'NOT met'}; memory per process flat in the number of pages → Chromium ${mb(Math.max(...parts.memory.chrome))} in parts against ${mb(single.memory.chrome[0]!)} in one piece and ${mb(anchorPeak)} for the anchor`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    for (const w of workers) await w.close();
    await queue.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
