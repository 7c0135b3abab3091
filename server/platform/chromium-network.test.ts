import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createCatalog,
  loadCatalogById,
  requestCatalogPdf,
  BLANK_GIF,
  fileUrl,
  layoutCatalog,
  localSources,
} from '../catalogs/index.ts';
import type { Catalog } from '../../core/model/index.ts';
import { loopbackHosts, openLoopbackTrap, trapCatalog } from '../../scripts/testing/loopback-trap.ts';
import { pdfInfo, pdfJpegs } from '../../scripts/testing/pdf-tools.ts';
import { openRenderHarness, type RenderHarness } from '../../scripts/testing/render-harness.ts';
import { sampleProductImage } from '../../scripts/testing/sample-catalog.ts';
import { createBrowserPool } from './chromium.server.ts';
import { createImageCache } from '../files/index.ts';

// DESIGN §10: the worker's Chromium loads nothing from the network, whatever a catalog names. Every kind of
// page it opens (flow pages measured, the printed document, page pictures) is given a catalog whose pictures,
// rich-text <img>, custom and branding CSS url() and custom font point at a listener on loopback, spelled
// every way a URL can name it. The guarded fetcher is let through to that listener (as tests let it reach
// their picture servers), so the pictures still arrive; Chromium itself must never connect.
let trap: Awaited<ReturnType<typeof openLoopbackTrap>>;
let h: RenderHarness;
let picture: Buffer;
const font = readFileSync('node_modules/@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff2');
const lines: string[] = [];
const pool = createBrowserPool({
  logger: pino({ level: 'warn' }, { write: (l: string) => void lines.push(l) }),
});
const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-chromium-net-'));

beforeAll(async () => {
  picture = await sampleProductImage(5, 600);
  trap = await openLoopbackTrap((url) =>
    url.endsWith('.jpg') ? picture : url.endsWith('.woff2') ? font : null,
  );
  h = await openRenderHarness();
});
afterAll(async () => {
  await h?.close();
  await pool.close();
  await trap?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => trap.reset());

async function stored(ownerId: string): Promise<Catalog> {
  return (await createCatalog({ db: h.db, ownerId, input: { catalog: trapCatalog(trap.port) } })).catalog;
}

describe("the worker's Chromium never reaches a private address", () => {
  it('exporting a catalog with flow pages: measured, printed, pictures through the guarded fetcher only', async () => {
    const owner = await h.owner('trap-pdf@example.com');
    const catalog = await stored(owner.id);
    const { job_id } = await requestCatalogPdf({
      db: h.db,
      jobs: h.queue,
      user: owner,
      catalogId: catalog._id,
    });
    const done = await h.waitFor(job_id, ['complete', 'failed']);
    expect(done.state).toBe('complete');

    expect(trap.foreign()).toEqual([]);
    // The pictures came, through the fetcher: the listener was reachable and the PDF shows them.
    expect(trap.fetched().map((r) => r.url)).toContain('/p0.jpg');
    const pdf = (await h.pdf(catalog._id))!.bytes;
    expect(pdfInfo(pdf).pages).toBeGreaterThanOrEqual(2);
    expect(pdfJpegs(pdf).length).toBeGreaterThan(0);
  });

  it('drawing page pictures and thumbnails (process-images with pages)', async () => {
    const owner = await h.owner('trap-pages@example.com');
    const catalog = await stored(owner.id);
    const job = await h.queue.enqueue(
      'process-images',
      { target: 'catalog', catalogId: catalog._id, products: false, pages: true },
      { ownerId: owner.id },
    );
    const done = await h.waitFor(job.id, ['complete', 'failed']);
    expect(done.state).toBe('complete');

    expect(trap.foreign()).toEqual([]);
    const after = (await loadCatalogById({ db: h.db, catalogId: catalog._id }))!.catalog;
    expect(after.pages.every((p) => !!p.render?.thumbnail)).toBe(true);
  });
});

describe('the documents that measure flow pages', () => {
  it('load nothing from the network, yet use the custom fonts the printed document uses, as local files', async () => {
    const images = createImageCache(path.join(dir, 'cache'));
    const work = mkdtempSync(path.join(dir, 'work-'));
    await pool.withPage((page) =>
      layoutCatalog(
        page,
        {
          catalog: trapCatalog(trap.port),
          quality: 'screen',
          jpegQuality: 80,
          watermark: false,
          browser: pool,
          images,
          resolveSource: localSources({
            baseDir: dir,
            images,
            fetchOptions: { allowPrivateAddresses: true },
          }),
        },
        work,
      ),
    );
    const measure = readFileSync(path.join(work, 'measure.html'), 'utf8');
    expect(measure).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
    // The font the guarded fetcher brought, by its local file; the pictures' boxes hold a blank stand-in.
    const face = /@font-face \{ font-family: "Trap Sans";[^}]*src: url\("([^"]+)"\)/.exec(measure);
    expect(face?.[1]).toMatch(/^file:\/\//);
    expect(readFileSync(new URL(face![1]!))).toEqual(font);
    expect(measure).not.toMatch(/\/p\d\.jpg/);
    expect(trap.fetched().map((r) => r.url)).toContain('/trap-sans.woff2');
    expect(trap.foreign()).toEqual([]);
  });
});

describe('every page of the browser pool', () => {
  /** A document with no Content-Security-Policy naming the trap every way a page can load something. */
  function trapDocument(): string {
    const hosts = loopbackHosts(trap.port);
    writeFileSync(path.join(dir, 'local.jpg'), picture);
    const file = path.join(dir, 'trap.html');
    writeFileSync(
      file,
      '<!doctype html><html><head>' +
        `<link rel="stylesheet" href="http://${hosts[1]}/style.css">` +
        `<style>body { background-image: url(https://${hosts[2]}/bg.png) }</style></head><body>` +
        hosts.map((host, i) => `<img src="http://${host}/i${i}.png">`).join('') +
        `<iframe src="http://${hosts[0]}/frame"></iframe>` +
        `<img id="local" src="local.jpg"><img id="inline" src="${BLANK_GIF}"></body></html>`,
    );
    return file;
  }

  const ATTEMPTS = `(async () => ({
    fetch: await fetch('http://127.0.0.1:PORT/fetch').then(() => 'reached', () => 'refused'),
    socket: await new Promise((r) => {
      const ws = new WebSocket('ws://127.0.0.1:PORT/socket');
      ws.onopen = () => r('reached');
      ws.onerror = () => r('refused');
    }),
    local: document.getElementById('local').naturalWidth,
    inline: document.getElementById('inline').naturalWidth,
  }))()`;

  it('refuses every request but local files and inline data, on a new page and on a reused one', async () => {
    const file = trapDocument();
    const port = trap.port;
    const pages: unknown[] = [];
    for (let use = 0; use < 2; use++) {
      const blocked: string[] = [];
      const seen = await pool.withPage(
        async (page) => {
          pages.push(page);
          await page.goto(fileUrl(file), { waitUntil: 'load' });
          const attempts = await page.evaluate(ATTEMPTS.replaceAll('PORT', String(port)));
          const navigation = await page.goto(`http://localhost:${port}/page`).then(
            () => 'loaded',
            (e: Error) => e.message,
          );
          return { attempts, navigation };
        },
        { onBlockedRequest: (url) => blocked.push(url) },
      );
      expect(seen.attempts).toEqual({ fetch: 'refused', socket: 'refused', local: 600, inline: 1 });
      expect(seen.navigation).toMatch(/net::ERR_BLOCKED_BY_CLIENT/);
      // Refused by the page's interception itself (the URLs as Chromium normalised them), and reported.
      expect(blocked).toEqual(
        expect.arrayContaining([
          `http://localhost:${port}/style.css`,
          `https://[::1]:${port}/bg.png`,
          `http://127.0.0.1:${port}/i0.png`,
          `http://[::1]:${port}/i2.png`,
          `http://127.0.0.1:${port}/i4.png`,
          `http://[::ffff:7f00:1]:${port}/i7.png`,
          `http://127.0.0.1:${port}/frame`,
          `http://127.0.0.1:${port}/fetch`,
          `http://localhost:${port}/page`,
        ]),
      );
    }
    expect(pages[1]).toBe(pages[0]);
    expect(trap.connections).toEqual([]);
  });

  it("says in the pool's log what it refused when the user of the page does not ask to be told", async () => {
    lines.length = 0;
    await pool.withPage(async (page) => {
      await page.goto(fileUrl(trapDocument()), { waitUntil: 'load' });
    });
    const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).toContain(
      `render: blocked request from Chromium to http://127.0.0.1:${trap.port}/i0.png`,
    );
    expect(trap.connections).toEqual([]);
  });
});
