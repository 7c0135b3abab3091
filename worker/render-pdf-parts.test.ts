import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreflightReport } from '../core/preflight/index.ts';
import { createCatalog, pdfKey, requestCatalogPdf } from '../server/catalogs/index.ts';
import type { Storage } from '../server/files/index.ts';
import { listChildren } from '../server/jobs/index.ts';
import {
  outputIntents,
  pdfBoxes,
  pdfInfo,
  pdfOutline,
  pdfText,
  qpdfCheck,
} from '../scripts/testing/pdf-tools.ts';
import { openRenderHarness, type RenderHarness } from '../scripts/testing/render-harness.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { createPage, getDefaultLayout, sequentialIds } from '../core/layouts/index.ts';
import { PDFArray, PDFDocument, PDFName } from 'pdf-lib';

// A long export (issue 29 §3): more pages than PDF_SPLIT_PAGES are printed in parts, child jobs any worker
// takes, then put together in order with a bookmark per section. On the runner the environment selects (BullMQ
// flows with REDIS_URL, the jobs table otherwise) and the storage it selects (local disk, or S3 with S3_TEST=1).
const SPLIT = 10;
/** Three exports of 24 pages on a loaded machine. */
const LONG = { timeout: 300_000 };
const PAGES = 24;

/** Writes of part files to fail, by the end of their key: how many more times each fails. */
const failParts = new Map<string, number>();
const failingParts = (base: Storage): Storage => ({
  ...base,
  async put(key, body, o) {
    const suffix = [...failParts.keys()].find((k) => key.endsWith(k));
    if (!suffix || !failParts.get(suffix)) return base.put(key, body, o);
    failParts.set(suffix, failParts.get(suffix)! - 1);
    if (!(body instanceof Uint8Array)) for await (const _ of body as Readable); // drained, as a broken write would
    throw new Error('No space left on device (injected)');
  },
});

let h: RenderHarness;
let picture: string;
beforeAll(async () => {
  h = await openRenderHarness({
    wrapStorage: failingParts,
    env: { PDF_SPLIT_PAGES: String(SPLIT) },
    worker: { concurrency: 2 },
  });
  picture = await h.stored('img/long.jpg', await sampleProductImage(3, 600));
});
afterAll(() => h?.close());

/**
 * 24 pages of 3 products (a picture for one product in 9), a section named on the first page and another on the
 * 13th; `print`: with 3 mm bleed and crop marks for the print PDF.
 */
async function longCatalog(ownerId: string, print = false) {
  const doc = sampleCatalog({ products: PAGES * 3, perPage: 3, imageUrl: (i) => (i % 9 ? null : picture) });
  doc.pages[0]!.section = 'Vases';
  doc.pages[12]!.section = 'Lampes & luminaires';
  if (print)
    doc.settings.print = {
      bleed_mm: 3,
      crop_marks: true,
      registration_marks: false,
      color_bars: false,
      slug: false,
      safe_margin_mm: 5,
    };
  return (await createCatalog({ db: h.db, ownerId, input: { catalog: doc } })).catalog;
}

describe('a long export', () => {
  it('is printed in parts and put together in order, with a bookmark per section', LONG, async () => {
    const owner = await h.owner('long@example.com');
    const catalog = await longCatalog(owner.id);
    const { job_id } = await requestCatalogPdf({
      db: h.db,
      jobs: h.queue,
      user: owner,
      catalogId: catalog._id,
    });
    const done = await h.waitFor(job_id, ['complete', 'failed'], 180_000);
    expect(done.error).toBeNull();
    expect(done.state).toBe('complete');
    // Progress over all parts: every page printed.
    expect(done.progress).toEqual({ done: PAGES, total: PAGES });
    const result = done.result as { pages: number; report: { parts: number; timings: { merge: number } } };
    expect(result.pages).toBe(PAGES);
    expect(result.report.parts).toBe(3);
    // The preflight of the export's own layout comes with it, pages counted across the parts' seams: every
    // product without a picture, on every page.
    const { preflight } = done.result as { preflight: PreflightReport };
    const missing = preflight.items.filter((i) => i.code === 'picture_missing');
    expect(missing).toHaveLength(PAGES * 3 - PAGES / 3);
    expect([...new Set(missing.map((i) => i.page))]).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    expect(missing.map((i) => i.pageId)).toEqual(missing.map((i) => catalog.pages[i.page! - 1]!.id));
    expect(preflight.errors).toBeGreaterThanOrEqual(missing.length);

    const parts = await listChildren({ db: h.db, parentId: job_id });
    expect(parts.map((p) => [p.name, p.state, p.ownerId])).toEqual(
      Array.from({ length: 3 }, () => ['render-pdf-part', 'complete', owner.id]),
    );
    expect(parts.map((p) => p.progress.total)).toEqual([8, 8, 8]);

    const pdf = (await h.pdf(catalog._id))!;
    expect(qpdfCheck(pdf.bytes).ok).toBe(true);
    expect(pdfInfo(pdf.bytes).pages).toBe(PAGES);
    // Every product once, in the catalog's order, across the parts' seams.
    const text = pdfText(pdf.bytes, { raw: true });
    const at = doc(catalog).map((title) => text.indexOf(title));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Pages 9 and 17 open parts 2 and 3: they carry their products.
    expect(pdfText(pdf.bytes, { first: 9, last: 9 })).toContain(doc(catalog)[24]);
    expect(pdfText(pdf.bytes, { first: 17, last: 17 })).toContain(doc(catalog)[48]);
    expect(pdfOutline(pdf.bytes)).toEqual([
      { title: 'Vases', page: 1 },
      { title: 'Lampes & luminaires', page: 13 },
    ]);
    // The parts and the laid-out catalog they printed from are gone.
    const left: string[] = [];
    for await (const f of h.storage.list(`tmp/pdf/${job_id}/`)) left.push(f.key);
    expect(left).toEqual([]);
  });

  it(
    "adds an order form's fields once the parts are merged: numbered on the whole, totals in order",
    LONG,
    async () => {
      const owner = await h.owner('long-order-form@example.com');
      const doc = sampleCatalog({ products: 12, perPage: 1, imageUrl: () => null });
      doc.pages.push(
        createPage({ layout: getDefaultLayout('wholesale-order-form'), newId: sequentialIds('o') }),
      );
      const catalog = (await createCatalog({ db: h.db, ownerId: owner.id, input: { catalog: doc } })).catalog;
      const { job_id } = await requestCatalogPdf({
        db: h.db,
        jobs: h.queue,
        user: owner,
        catalogId: catalog._id,
      });
      const done = await h.waitFor(job_id, ['complete', 'failed'], 180_000);
      expect(done.state, done.error ?? '').toBe('complete');
      expect((done.result as { report: { parts: number } }).report.parts).toBe(2);
      const pdf = await PDFDocument.load((await h.pdf(catalog._id))!.bytes);
      const form = pdf.getForm();
      const last = pdf.getPages().length - 1;
      expect(last).toBe(12);
      const qty = form.getFields().filter((f) => f.getName().startsWith('qty_'));
      expect(qty).toHaveLength(12);
      for (const f of form.getFields())
        expect(pdf.getPages().findIndex((p) => p.ref === f.acroField.getWidgets()[0]!.P())).toBe(last);
      // The calculation order qpdf would drop in a merge: the twelve line totals, the subtotal, the total.
      const co = form.acroForm.dict.lookup(PDFName.of('CO'), PDFArray);
      expect(co.size()).toBe(14);
    },
  );

  it('finishes a split print export (pdfx) with Ghostscript once its parts are merged', LONG, async () => {
    const owner = await h.owner('long-print@example.com');
    const catalog = await longCatalog(owner.id, true);
    const { job_id } = await requestCatalogPdf({
      db: h.db,
      jobs: h.queue,
      user: owner,
      catalogId: catalog._id,
      output: 'pdfx',
    });
    const done = await h.waitFor(job_id, ['complete', 'failed'], 180_000);
    expect(done.error).toBeNull();
    expect(done.state).toBe('complete');
    const result = done.result as {
      output: string;
      report: { parts: number; timings: { finish?: number } };
      preflight: PreflightReport;
    };
    expect(result.output).toBe('pdfx');
    expect(result.report.parts).toBe(3);
    expect(result.report.timings.finish).toBeGreaterThan(0);
    expect(result.preflight.items.some((i) => i.page === PAGES)).toBe(true);

    const pdf = (await h.storage.get(
      pdfKey({ catalogId: catalog._id, secret: h.config.appSecret, output: 'pdfx' }),
    ))!;
    expect(qpdfCheck(pdf).ok).toBe(true);
    expect(pdfInfo(pdf).raw).toMatch(/PDF subtype:\s+PDF\/X-4/);
    expect(pdfInfo(pdf).pages).toBe(PAGES);
    expect(outputIntents(pdf)).toEqual([{ s: '/GTS_PDFX', identifier: 'FOGRA39', profileComponents: 4 }]);
    // Every page of every part was drawn with the bleed: an A4 trim, 3 mm of bleed around it, room for marks.
    const mm = 72 / 25.4;
    const boxes = pdfBoxes(pdf);
    expect(boxes).toHaveLength(PAGES);
    for (const b of boxes) {
      expect(b.trim[2] - b.trim[0]).toBeCloseTo(210 * mm, 0);
      expect(b.trim[3] - b.trim[1]).toBeCloseTo(297 * mm, 0);
      expect(b.trim[0] - b.bleed[0]).toBeCloseTo(3 * mm, 1);
      expect(b.bleed[0] - b.media[0]).toBeGreaterThan(10);
    }
    // The bookmarks survive the finish.
    expect(pdfOutline(pdf)).toEqual([
      { title: 'Vases', page: 1 },
      { title: 'Lampes & luminaires', page: 13 },
    ]);
    // The print PDF is kept apart: the catalog's screen PDF (the flipbook's download) is not replaced by it.
    expect(await h.pdf(catalog._id)).toBeNull();
  });

  it('retries a part that failed alone; the others run once', LONG, async () => {
    const owner = await h.owner('retry-part@example.com');
    const catalog = await longCatalog(owner.id);
    failParts.set('part-0001.pdf', 1);
    const { job_id } = await requestCatalogPdf({
      db: h.db,
      jobs: h.queue,
      user: owner,
      catalogId: catalog._id,
    });
    const done = await h.waitFor(job_id, ['complete', 'failed'], 180_000);
    expect(done.state).toBe('complete');
    const parts = await listChildren({ db: h.db, parentId: job_id });
    expect(parts.map((p) => p.attempts)).toEqual([1, 2, 1]);
    const pdf = (await h.pdf(catalog._id))!;
    expect(pdfInfo(pdf.bytes).pages).toBe(PAGES);
    expect(qpdfCheck(pdf.bytes).ok).toBe(true);
  });

  it('fails with a part that fails for good, and keeps the previous PDF', LONG, async () => {
    const owner = await h.owner('broken-part@example.com');
    const catalog = await longCatalog(owner.id);
    const ask = () => requestCatalogPdf({ db: h.db, jobs: h.queue, user: owner, catalogId: catalog._id });
    await h.waitFor((await ask()).job_id, ['complete'], 180_000);
    const before = (await h.pdf(catalog._id))!;

    failParts.set('part-0002.pdf', 99);
    const { job_id } = await ask();
    const done = await h.waitFor(job_id, ['complete', 'failed'], 180_000);
    failParts.clear();
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/^A part failed: .*No space left on device/);
    const after = (await h.pdf(catalog._id))!;
    expect(after.url).toBe(before.url);
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });
});

/** The catalog's product titles in reading order. */
function doc(catalog: { pages: { elements: unknown[] }[] }): string[] {
  return catalog.pages.flatMap((p) =>
    p.elements
      .map((e) => (e as { properties?: { title?: string } }).properties?.title)
      .filter((t): t is string => !!t),
  );
}
