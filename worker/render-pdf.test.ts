import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, loadCatalogById, saveCatalog, requestCatalogPdf } from '../server/catalogs/index.ts';
import { queueCatalogImages } from '../server/listings/index.ts';
import { type Storage, estimateJpegQuality } from '../server/files/index.ts';
import { isProductElement, type Catalog } from '../core/model/index.ts';
import { pdfInfo, pdfJpegs, pdfText, qpdfCheck } from '../scripts/testing/pdf-tools.ts';
import { openRenderHarness, type RenderHarness } from '../scripts/testing/render-harness.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';

// The render-pdf job end to end on the worker (BullMQ with REDIS_URL, else the database runner): exports asked
// for while one runs, a PDF write that fails midway, the owner's settings, and an export aborted while it
// downloads a picture.
const sha = (b: Buffer | null | undefined) => (b ? createHash('sha256').update(b).digest('hex') : null);

/** Picture server: paths in `holding` wait until released; /drip.jpg trickles bytes while `dripping`. */
const pictures = new Map<string, Buffer>();
const holding = new Set<string>();
const held: { path: string; serve: () => void }[] = [];
const heldWaiters: { path: string; resolve: () => void }[] = [];
let dripping = false;
let onDrip: { started: () => void; closed: () => void } | null = null;
const server = http.createServer((req, res) => {
  const p = req.url ?? '';
  const serve = () => {
    const body = pictures.get(p);
    if (body) res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(body);
    else res.writeHead(404).end();
  };
  if (p === '/drip.jpg' && dripping) {
    res.writeHead(200, { 'Content-Type': 'image/jpeg' });
    const t = setInterval(() => res.write(Buffer.from([0])), 50);
    const hooks = onDrip;
    req.on('close', () => {
      clearInterval(t);
      hooks?.closed();
    });
    hooks?.started();
    return;
  }
  if (holding.has(p)) {
    held.push({ path: p, serve });
    for (const w of heldWaiters.filter((x) => x.path === p)) w.resolve();
    return;
  }
  serve();
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Hold requests for `p`; answers a promise of the first one and a release. */
function hold(p: string) {
  holding.add(p);
  const arrived = new Promise<void>((resolve) => heldWaiters.push({ path: p, resolve }));
  return {
    arrived,
    release: () => {
      holding.delete(p);
      for (const h of held.splice(0)) {
        if (h.path === p) h.serve();
        else held.push(h);
      }
    },
  };
}

/** PDF writes to fail: the next `failPdfWrites` writes of a .pdf key stop halfway, like a full disk. */
let failPdfWrites = 0;
let cutAt = 0;
let onWriteFailed: (() => Promise<void>) | null = null;
/**
 * A storage whose failing write is not atomic either (the worst a backend may do): the bytes go straight to the
 * key until the failure. Only writing to a temporary key and moving it keeps the previous PDF whole.
 */
const failingStorage = (base: Storage): Storage => ({
  ...base,
  async put(key, body, o) {
    if (!(failPdfWrites > 0 && key.endsWith('.pdf') && !(body instanceof Uint8Array)))
      return base.put(key, body, o);
    failPdfWrites--;
    const chunks: Buffer[] = [];
    let written = 0;
    for await (const chunk of body as Readable) {
      const c = Buffer.from(chunk as Uint8Array).subarray(0, cutAt - written);
      chunks.push(c);
      written += c.length;
      if (written >= cutAt) break;
    }
    await base.put(key, Buffer.concat(chunks));
    await onWriteFailed?.();
    throw new Error('No space left on device (injected)');
  },
});

let h: RenderHarness;
beforeAll(async () => {
  pictures.set('/a.jpg', await sampleProductImage(11, 900));
  pictures.set('/old.jpg', await sampleProductImage(12, 900));
  pictures.set('/new.png', await sampleProductImage(13, 900, 'png'));
  pictures.set('/drip.jpg', await sampleProductImage(14, 600));
  // Downloads may take long here: an aborted job must stop them itself, not their deadline.
  h = await openRenderHarness({
    wrapStorage: failingStorage,
    worker: { fetchOptions: { timeoutMs: 600_000 } },
  });
});
afterAll(async () => {
  for (const p of [...holding]) hold(p).release();
  dripping = false;
  await h?.close();
  await new Promise((r) => server.close(r));
});

async function catalogOf(ownerId: string, urls: string[]): Promise<Catalog> {
  const doc = sampleCatalog({ products: urls.length, imageUrl: (i) => urls[i]! });
  return (await createCatalog({ db: h.db, ownerId, input: { catalog: doc } })).catalog;
}

/** Save the catalog after `edit` changed its first product, as the editor does. */
async function editFirstProduct(
  catalogId: string,
  ownerId: string,
  edit: (p: Record<string, unknown>) => void,
) {
  const { catalog, row } = (await loadCatalogById({ db: h.db, catalogId }))!;
  const el = catalog.pages[0]!.elements.find(isProductElement)!;
  edit(el.properties as unknown as Record<string, unknown>);
  await saveCatalog({ db: h.db, ownerId, catalogId, catalog, revision: row.revision });
}

describe('exports asked for while one runs', () => {
  it('queue a fresh render, which later requests join; the final PDF has the edit made meanwhile', async () => {
    const owner = await h.owner('edits@example.com');
    const catalog = await catalogOf(owner.id, [
      await h.stored('img/e0.jpg', pictures.get('/a.jpg')!),
      `${base}/x1.jpg`,
    ]);
    pictures.set('/x1.jpg', pictures.get('/a.jpg')!);
    const picture = hold('/x1.jpg');
    const ask = () => requestCatalogPdf({ db: h.db, jobs: h.queue, user: owner, catalogId: catalog._id });

    const first = await ask();
    await picture.arrived; // it runs, and has read the catalog
    await editFirstProduct(catalog._id, owner.id, (p) => (p.title = 'Edited While Rendering'));
    const second = await ask();
    expect(second.job_id).not.toBe(first.job_id);
    expect((await ask()).job_id).toBe(second.job_id);

    picture.release();
    expect((await h.waitFor(first.job_id, ['complete', 'failed'])).state).toBe('complete');
    expect((await h.waitFor(second.job_id, ['complete', 'failed'])).state).toBe('complete');
    const pdf = (await h.pdf(catalog._id))!;
    expect(pdf.url).toMatch(new RegExp(`\\?v=${second.job_id.slice(0, 8)}$`));
    expect(pdfText(pdf.bytes)).toContain('Edited While Rendering');
  });

  it('a save while the catalog pictures are processed queues them again, and the new picture is processed', async () => {
    const owner = await h.owner('pictures@example.com');
    const catalog = await catalogOf(owner.id, [`${base}/old.jpg`]);
    const picture = hold('/old.jpg');
    const queue = () => queueCatalogImages({ jobs: h.queue, ownerId: owner.id, catalogId: catalog._id });

    const first = await queue();
    await picture.arrived;
    await editFirstProduct(catalog._id, owner.id, (p) => {
      p.main_image = `${base}/new.png`;
      p.images = [{ original: `${base}/new.png` }];
      p.compressed_image = null;
    });
    const second = await queue();
    expect(second.id).not.toBe(first.id);
    expect((await queue()).id).toBe(second.id);

    picture.release();
    await h.waitFor(first.id, ['complete', 'failed']);
    expect((await h.waitFor(second.id, ['complete', 'failed'])).state).toBe('complete');
    const after = (await loadCatalogById({ db: h.db, catalogId: catalog._id }))!.catalog;
    const product = after.pages[0]!.elements.find(isProductElement)!.properties;
    // Compressed copies are named by the source's content: this one is the new picture's.
    expect(product.compressed_image).toContain(sha(pictures.get('/new.png')!)!.slice(0, 32));
  });
});

describe('a PDF write that fails midway', () => {
  it('leaves the previous PDF in place, whole and readable; the retry replaces it', async () => {
    const owner = await h.owner('diskfull@example.com');
    const catalog = await catalogOf(owner.id, [await h.stored('img/d0.jpg', pictures.get('/a.jpg')!)]);
    const ask = () => requestCatalogPdf({ db: h.db, jobs: h.queue, user: owner, catalogId: catalog._id });
    await h.waitFor((await ask()).job_id, ['complete']);
    const before = (await h.pdf(catalog._id))!;

    cutAt = Math.floor(before.bytes.length / 2);
    failPdfWrites = 1;
    let checked = false;
    onWriteFailed = async () => {
      // The moment the write broke off: the catalog still points at the previous file, intact.
      const now = (await h.pdf(catalog._id))!;
      expect(now.url).toBe(before.url);
      expect(sha(now.bytes)).toBe(sha(before.bytes));
      expect(qpdfCheck(now.bytes).ok).toBe(true);
      checked = true;
    };
    const job = await ask();
    const done = await h.waitFor(job.job_id, ['complete', 'failed']);
    expect(checked).toBe(true);
    expect(done.state).toBe('complete');
    expect(done.attempts).toBe(2);
    const after = (await h.pdf(catalog._id))!;
    expect(after.key).toBe(before.key);
    expect(after.url).not.toBe(before.url);
    expect(qpdfCheck(after.bytes).ok).toBe(true);
    expect(pdfInfo(after.bytes).pages).toBe(1);
    expect(await h.storage.exists(`tmp/pdf/${job.job_id}-1.pdf`)).toBe(false);
  });
});

describe("the owner's settings", () => {
  it('one invalid field does not reset the others: page format and image quality are kept', async () => {
    const owner = await h.owner('settings@example.com', {
      settings: { page_format: 'Letter', image_quality: 'q40', ga4_tracking_id: 42 },
    });
    const big = await sampleProductImage(15, 1600);
    const catalog = await catalogOf(owner.id, [await h.stored('img/s0.jpg', big)]);
    const { job_id } = await requestCatalogPdf({
      db: h.db,
      jobs: h.queue,
      user: owner,
      catalogId: catalog._id,
    });
    expect((await h.waitFor(job_id, ['complete', 'failed'])).result).toMatchObject({ format: 'Letter' });
    const pdf = (await h.pdf(catalog._id))!.bytes;
    // Letter, 8.5 × 11 in (Chromium rounds the page to whole CSS pixels), not the default A4 (595 × 842).
    const info = pdfInfo(pdf);
    expect(Math.abs(info.widthPt - 612)).toBeLessThan(2);
    expect(Math.abs(info.heightPt - 792)).toBeLessThan(2);
    const jpegs = pdfJpegs(pdf);
    expect(jpegs.length).toBeGreaterThan(0);
    for (const j of jpegs) expect(estimateJpegQuality(j)).toBe(40);
  });
});

describe('an export aborted while it downloads a picture', () => {
  it('stops the download, and runs again on the next worker', async () => {
    const owner = await h.owner('aborted@example.com');
    const catalog = await catalogOf(owner.id, [`${base}/drip.jpg`]);
    dripping = true;
    let started!: () => void;
    let closed!: () => void;
    const dripStarted = new Promise<void>((r) => (started = r));
    const dripClosed = new Promise<void>((r) => (closed = r));
    onDrip = { started, closed };

    const { job_id } = await requestCatalogPdf({
      db: h.db,
      jobs: h.queue,
      user: owner,
      catalogId: catalog._id,
    });
    await dripStarted;
    // The worker stops; past its grace period the render is aborted, and with it the download.
    await h.worker().runner.close({ timeoutMs: 100 });
    await dripClosed;
    dripping = false;
    await h.worker().close();
    expect((await h.queue.getJob({ jobId: job_id }))!.state).toBe('pending');

    h.restart();
    const done = await h.waitFor(job_id, ['complete', 'failed']);
    expect(done.state).toBe('complete');
    expect(done.attempts).toBe(1);
  });
});
