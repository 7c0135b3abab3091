/**
 * `npm run bench -- viewer` (DESIGN §13): a published 112-page catalog (1,008 products, 9 a page, 60 distinct
 * pictures) on the real product. In the system Chromium, with a fresh cache each time: time from navigation to
 * the first page painted (first contentful paint, and the largest paint), requests and bytes before that paint,
 * the viewer's JS gzipped, and which pages were fetched before any interaction. The anchor, in the same run:
 * pdf.js (pdfjs-dist) opening the same catalog's PDF, made by the product's own export, and painting page 1.
 * Then requests per second for the catalog page with autocannon. Budgets: ≤ 500 ms, ≥ 5× faster than pdf.js,
 * ≤ 60 KB gzipped, no more than the current spread ±1 fetched before interaction.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium, type Browser } from 'playwright-core';
import { findChrome } from '../server/platform/index.ts';
import { startTestServer, FROM_APP } from '../scripts/testing/server.ts';
import { publishCatalog } from '../scripts/testing/viewer-fixtures.ts';

/** `viewer long`: 10,008 products on 1,112 pages (issue 29), against the same budgets. */
const productsFor = (args: string[]) => (args.includes('long') ? 10_008 : 1_008);
const PICTURES = 60;
const RUNS = 5;
const BUDGET = { ms: 500, ratio: 5, jsKb: 60 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

type Paint = {
  fcp: number;
  lcp: number;
  requests: number;
  bytes: number;
  scripts: string[];
  fragments: string[];
};

/** One cold load of the viewer: paints from the page's own performance timeline (origin = navigation start). */
async function viewerLoad(browser: Browser, url: string): Promise<Paint> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // Idle time without interaction: whatever the viewer prefetches on its own shows up here.
  await page.waitForTimeout(1_500);
  const result = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const before = resources.filter((r) => r.startTime < fcp);
    return {
      fcp,
      lcp: (window as unknown as { __lcp: number }).__lcp,
      requests: 1 + before.length,
      bytes: nav.transferSize + before.reduce((s, r) => s + r.transferSize, 0),
      scripts: [...document.querySelectorAll('script[src]')].map((s) => (s as HTMLScriptElement).src),
      fragments: resources.map((r) => r.name).filter((n) => n.includes('/fragments')),
    };
  });
  await context.close();
  return result;
}

/** The anchor: a page that loads pdf.js, opens the PDF and paints page 1 on a canvas (ms from navigation). */
async function pdfjsLoad(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const ms = await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted, null, {
    timeout: 120_000,
  });
  const value = (await ms.jsonValue()) as number;
  await context.close();
  return value;
}

/** A local origin serving pdf.js, its worker and the PDF bytes, like a site that shows a catalog's PDF. */
async function pdfjsSite(pdf: Buffer) {
  const build = path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'build',
  );
  const files: Record<string, [string, Buffer | string]> = {
    '/pdf.min.mjs': ['text/javascript', readFileSync(path.join(build, 'pdf.min.mjs'))],
    '/pdf.worker.min.mjs': ['text/javascript', readFileSync(path.join(build, 'pdf.worker.min.mjs'))],
    '/catalog.pdf': ['application/pdf', pdf],
    '/': [
      'text/html',
      `<!doctype html><canvas id="c"></canvas><script type="module">
import * as pdfjs from '/pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
const doc = await pdfjs.getDocument('/catalog.pdf').promise;
const p = await doc.getPage(1);
const vp = p.getViewport({ scale: 900 / p.getViewport({ scale: 1 }).height });
const c = document.getElementById('c');
c.width = vp.width; c.height = vp.height;
await p.render({ canvasContext: c.getContext('2d'), canvas: c, viewport: vp }).promise;
requestAnimationFrame(() => { window.__painted = performance.now(); });
</script>`,
    ],
  };
  const server = createServer((req, res) => {
    const f = files[(req.url ?? '/').split('?')[0]!];
    if (!f) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': f[0], 'Cache-Control': 'no-store' }).end(f[1]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * A GET that tries again when the connection was reset: a long export busies the in-process server, and a
 * kept-alive socket it closed meanwhile can be picked for the next poll (undici then reports ECONNRESET).
 */
async function getAgain(url: string, tries = 3): Promise<Response> {
  for (let i = 1; ; i++) {
    try {
      return await fetch(url);
    } catch (error) {
      if (i >= tries) throw error;
    }
  }
}

async function catalogPdf(base: string, id: string): Promise<Buffer> {
  const headers = { ...FROM_APP, 'Content-Type': 'application/json' };
  const first = await (await fetch(`${base}/view/${id}/pdf`, { method: 'POST', headers })).json();
  let state = first.state as string;
  while (state === 'pending') {
    await new Promise((r) => setTimeout(r, 500));
    state = (await (await getAgain(`${base}/view/${id}/pdf/status?job=${first.job_id}`)).json()).state;
  }
  if (state !== 'ready') throw new Error(`the catalog's PDF export ${state}`);
  return Buffer.from(await (await getAgain(`${base}/view/${id}/pdf`)).arrayBuffer());
}

export async function main(args: string[] = []): Promise<void> {
  const PRODUCTS = productsFor(args);
  const executablePath = findChrome();
  if (!executablePath) throw new Error('Chromium not found: install it or set CHROME_PATH');
  const server = await startTestServer({});
  // The system Chromium, as the e2e tests launch it (never a downloaded browser, never the network).
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const shop = await publishCatalog(server, {
      email: 'bench-viewer@example.com',
      plan: PRODUCTS > 1_008 ? 'PREMIUM' : 'BUSINESS',
      products: PRODUCTS,
      pictures: PICTURES,
      settings: { download_pdf_button: true },
    });
    const url = `${server.url}/view/${shop.catalogId}`;
    process.stdout.write('exporting the catalog to PDF for the anchor…\n');
    const pdf = await catalogPdf(server.url, shop.catalogId);
    const site = await pdfjsSite(pdf);
    const load = os.loadavg()[0]!.toFixed(2);

    await viewerLoad(browser, url); // warm the server's code paths and caches once
    await pdfjsLoad(browser, site.url);
    const viewer: Paint[] = [];
    const anchor: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      viewer.push(await viewerLoad(browser, url));
      anchor.push(await pdfjsLoad(browser, site.url));
    }
    await site.close();

    const first = viewer[0]!;
    const js = await Promise.all(
      first.scripts.map(async (s) => Buffer.from(await (await fetch(s)).arrayBuffer())),
    );
    const jsGzip = js.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
    const fcp = median(viewer.map((v) => v.fcp));
    const lcp = median(viewer.map((v) => v.lcp));
    const pdfjs = median(anchor);
    const fetched = [...new Set(viewer.flatMap((v) => v.fragments.map((f) => new URL(f).search)))];

    const cannon = await autocannon({ url, connections: 10, duration: 10 });

    const lines = [
      `Viewer benchmark: ${PRODUCTS} products, ${PICTURES} distinct pictures, ${PRODUCTS / 9} pages; Chromium ${browser.version()}, ${RUNS} cold loads each (medians)`,
      `machine: ${os.availableParallelism()} cores, load average ${load} at start, Node ${process.versions.node}`,
      `first page painted (FCP): ${fcp.toFixed(0)} ms; largest paint (LCP): ${lcp.toFixed(0)} ms; runs FCP ${viewer.map((v) => v.fcp.toFixed(0)).join(', ')}`,
      `before first paint: ${first.requests} requests, ${kb(first.bytes)} transferred`,
      `client JS: ${js.length} script(s), ${kb(js.reduce((s, b) => s + b.length, 0))} raw, ${kb(jsGzip)} gzipped`,
      `fetched before interaction (fragments): ${fetched.length ? fetched.join(' ') : 'none'}`,
      `anchor, pdf.js ${pdf.length ? `(PDF ${kb(pdf.length)})` : ''} page 1 painted: ${pdfjs.toFixed(0)} ms; runs ${anchor.map((a) => a.toFixed(0)).join(', ')}`,
      `ratio: the viewer paints ${(pdfjs / fcp).toFixed(1)}× faster than pdf.js (LCP: ${(pdfjs / lcp).toFixed(1)}×)`,
      `autocannon GET /view/{id}, 10 connections, 10 s: ${cannon.requests.average.toFixed(0)} req/s average, p99 latency ${cannon.latency.p99} ms, ${cannon.non2xx} non-2xx`,
      `budgets: ≤ ${BUDGET.ms} ms → ${fcp <= BUDGET.ms ? 'within' : 'OVER'}; ≥ ${BUDGET.ratio}× pdf.js → ${pdfjs / fcp >= BUDGET.ratio ? 'within' : 'OVER'}; ≤ ${BUDGET.jsKb} KB JS → ${jsGzip <= BUDGET.jsKb * 1024 ? 'within' : 'OVER'}`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await browser.close();
    await server.close();
  }
}
