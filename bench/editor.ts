/**
 * `npm run bench -- editor` (DESIGN §13): a 1,000-product, 112-page catalog opened in the editor in the system
 * Chromium. Reports the time from navigation to an interactive editor (hydrated, its first cell focusable), the
 * median of five visits after a warm-up one, each visit listed,
 * the p95 of frame times (requestAnimationFrame deltas) while a product is dragged across the page and the
 * thumbnails, the bytes the save sends when one page changes, and the gzipped JavaScript the route loads.
 * Budget: interactive within 1.5 s, p95 frame under 16 ms, one page per save.
 *
 * DESIGN's "frames under 16 ms" is read as "no frame longer than one 60 Hz display frame": requestAnimationFrame
 * deltas are whole display frames (16.7 ms each at 60 Hz, plus timer jitter), so a drag that never misses a frame
 * shows a p95 of 16.7 ms, never under 16. The budget is one display frame with 0.5 ms of jitter, and the bench
 * also counts missed frames (a delta past 1.5 display frames).
 */
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { ensureBuild } from '../scripts/build-if-stale.mjs';
import { chromium } from 'playwright-core';
import { recordEditorFlags } from '../server/accounts/index.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { findChrome } from '../server/platform/index.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { client, startTestServer } from '../scripts/testing/server.ts';

/** `editor long`: the 10,000-product, 1,112-page catalog of issue 29, against the same budgets. */
const productsFor = (args: string[]) => (args.includes('long') ? 10_000 : 1_000);
const PER_PAGE = 9;
/** Measured visits of the editor after the warm-up one (the median is judged against the budget). */
const VISITS = 5;
const DISPLAY_FRAME_MS = 1000 / 60;
const BUDGET = { interactiveMs: 1_500, frameMs: DISPLAY_FRAME_MS + 0.5 };

const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

export async function main(args: string[] = []): Promise<void> {
  const PRODUCTS = productsFor(args);
  ensureBuild((m: string) => console.log(m));
  const server = await startTestServer({ WORKER: 'off', LOG_LEVEL: 'silent' });
  const executablePath = findChrome();
  if (!executablePath) throw new Error('Chromium not found: install it or set CHROME_PATH');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const email = 'bench-editor@example.com';
    const api = client(server.url);
    const res = await api.post('/auth/register', {
      email,
      password: 'correct-horse',
      confirmPassword: 'correct-horse',
      businessName: 'Bench',
      shopUrl: 'https://bench.example',
    });
    const { user } = await res.json();
    await setUpgradeByEmail({
      db: server.runtime.db,
      email,
      upgrade: true,
      // The long catalog is past the default plan's 300 pages.
      planId: PRODUCTS > 1_000 ? 'PREMIUM' : undefined,
    });
    // The first-visit tour's dialog would sit over the page the benchmark drags across.
    await recordEditorFlags({ db: server.runtime.db, userId: user._id, tourDone: true });
    await api.post('/api/v1/listings', { title: 'Dragged Scarf', price: 20, category: 'Accessories' });
    const doc = sampleCatalog({ products: PRODUCTS, perPage: PER_PAGE, imageUrl: () => null });
    const { catalog } = await createCatalog({
      db: server.runtime.db,
      ownerId: user._id,
      input: { catalog: doc },
    });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      api.jar
        .header()
        .split('; ')
        .map((pair) => {
          const k = pair.indexOf('=');
          return { name: pair.slice(0, k), value: pair.slice(k + 1), url: server.url };
        }),
    );
    const page = await context.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        void r.body().then(
          (b) => scripts.set(r.url(), b),
          () => {},
        );
    });
    const sent: { url: string; bytes: number }[] = [];
    page.on('request', (r) => {
      if (['PUT', 'POST'].includes(r.method()) && r.url().includes('/api/v1/catalogs/'))
        sent.push({ url: new URL(r.url()).pathname, bytes: Buffer.byteLength(r.postData() ?? '') });
    });

    // Warm the server (first request compiles nothing, but fills caches) with one visit, then measure several:
    // the first measured visit still pays for the server's JIT warming up on a catalog this size, the later ones
    // show what a merchant opening the editor on a running server gets. Both are reported; the median is judged.
    const url = `${server.url}/designs/${catalog._id}/edit`;
    await page.goto(url);
    await page.getByTestId('cell-0').waitFor();
    type Visit = {
      interactiveMs: number;
      editableMs: number;
      wallMs: number;
      htmlBytes: number;
      firstByte: number;
      html: number;
      domReady: number;
      load: number;
    };
    const visits: Visit[] = [];
    for (let i = 0; i < VISITS; i++) {
      const t0 = Date.now();
      const answer = await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.querySelector('.cb-editor[data-hydrated]') !== null, null, {
        timeout: 60_000,
      });
      const interactiveMs = await page.evaluate(() => performance.now());
      // A long catalog opens on its first pages (issue 29): editing starts once every page has arrived.
      await page.waitForFunction(() => document.querySelector('[data-status="opening"]') === null, null, {
        timeout: 120_000,
      });
      const editableMs = await page.evaluate(() => performance.now());
      const wallMs = Date.now() - t0;
      const htmlBytes = (await answer!.body()).length;
      // Where the time before interactive goes: the server's answer, the HTML's arrival, the parse, then the
      // scripts and hydration.
      const timing = await page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return {
          firstByte: n.responseStart,
          html: n.responseEnd,
          domReady: n.domContentLoadedEventEnd,
          load: n.loadEventEnd,
        };
      });
      visits.push({ interactiveMs, editableMs, wallMs, htmlBytes, ...timing });
    }
    const median = [...visits].sort((a, b) => a.interactiveMs - b.interactiveMs)[Math.floor(VISITS / 2)]!;
    const first = visits[0]!;
    const { interactiveMs, htmlBytes } = median;
    // The anchor, measured in the same run and browser: the app's sign-in page (server render, its scripts,
    // hydration) to its load event, so the editor's figure can be read against this machine's load right now.
    const anchorPage = await browser.newPage();
    await anchorPage.goto(`${server.url}/login`);
    await anchorPage.goto(`${server.url}/login`, { waitUntil: 'load' });
    const anchorMs = await anchorPage.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    );
    await anchorPage.close();

    // A drag across the page and the thumbnails, frames recorded by requestAnimationFrame.
    // A string: tsx would wrap a named function with a helper the page does not have.
    await page.evaluate(`(() => {
      window.frames_ = [];
      let last = performance.now();
      const tick = (t) => { window.frames_.push(t - last); last = t; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    const row = page.locator('[data-listing-id]').first();
    const from = (await row.boundingBox())!;
    const target = (await page.getByTestId('cell-4').boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + 10);
    await page.mouse.down();
    for (let i = 0; i <= 60; i++) {
      const x = from.x + ((target.x + 40 - from.x) * i) / 60;
      const y = from.y + ((target.y + 40 - from.y) * i) / 60;
      await page.mouse.move(x, y);
    }
    const before = sent.length;
    await page.mouse.up();
    const frames = (await page.evaluate(() => (window as unknown as { frames_: number[] }).frames_)).slice(1);
    await page.locator('[data-status="saved"]').waitFor({ timeout: 30_000 });
    const saves = sent.slice(before);

    const jsRaw = [...scripts.values()].reduce((n, b) => n + b.length, 0);
    const jsGzip = [...scripts.values()].reduce((n, b) => n + gzipSync(b).length, 0);
    const frame95 = p95(frames);
    const missed = frames.filter((f) => f > DISPLAY_FRAME_MS * 1.5).length;
    const lines = [
      `Editor benchmark: ${PRODUCTS} products, ${catalog.pages.length} A4 pages (${PER_PAGE} per page), system Chromium, 1440×900`,
      `machine: ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(2)}, Node ${process.versions.node}`,
      `navigation → interactive (hydrated), median of ${VISITS} visits: ${interactiveMs.toFixed(0)} ms (wall ${median.wallMs} ms) — budget ${BUDGET.interactiveMs} ms: ${interactiveMs <= BUDGET.interactiveMs ? 'within' : 'OVER'}`,
      `  of which: first byte ${median.firstByte.toFixed(0)} ms, HTML received ${median.html.toFixed(0)} ms, DOM ready ${median.domReady.toFixed(0)} ms, load ${median.load.toFixed(0)} ms, then hydration`,
      `every page arrived and editable (median): ${median.editableMs.toFixed(0)} ms${median.editableMs > median.interactiveMs + 1 ? ' (the catalog opened on its first pages)' : ' (opened whole)'} — editor/anchor ${(median.editableMs / anchorMs).toFixed(2)}`,
      `  each visit: ${visits.map((v) => v.interactiveMs.toFixed(0)).join(', ')} ms (the first after the warm-up: first byte ${first.firstByte.toFixed(0)} ms)`,
      `anchor (/login to its load event, same run): ${anchorMs.toFixed(0)} ms — editor/anchor ${(interactiveMs / anchorMs).toFixed(2)}`,
      `uptime: ${os.uptime().toFixed(0)} s, load averages ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      `the page's HTML (server render and the loader's data): ${(htmlBytes / 1024).toFixed(0)} KB`,
      `drag across the page: ${frames.length} frames, p95 ${frame95.toFixed(1)} ms, max ${Math.max(0, ...frames).toFixed(1)} ms, ${missed} missed — budget one 60 Hz frame (${BUDGET.frameMs.toFixed(1)} ms): ${frame95 <= BUDGET.frameMs ? 'within' : 'OVER'}`,
      `save after the drop: ${saves.map((s) => `${s.url.replace(catalog._id, '{id}')} ${s.bytes} B`).join(', ') || 'nothing sent'}`,
      `JavaScript loaded by the route: ${scripts.size} files, ${(jsRaw / 1024).toFixed(0)} KB raw, ${(jsGzip / 1024).toFixed(0)} KB gzipped`,
    ];
    console.log(lines.join('\n'));
  } finally {
    await browser.close();
    await server.close();
  }
}
