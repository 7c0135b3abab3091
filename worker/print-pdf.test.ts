import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createImageElement, getDefaultLayout, sequentialIds } from '../core/layouts/index.ts';
import { createCatalog, pdfKey, requestCatalogPdf } from '../server/catalogs/index.ts';
import type { User } from '../server/accounts/index.ts';
import {
  inkCoverage,
  outputIntents,
  pdfBoxes,
  pdfFonts,
  pdfImages,
  pdfInfo,
  qpdfCheck,
  rasterPage,
  type Box,
} from '../scripts/testing/pdf-tools.ts';
import { openRenderHarness, type RenderHarness } from '../scripts/testing/render-harness.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';

// Issue 28 'Done when': a catalog exported as 'Print (CMYK, PDF/X)' with 3 mm bleed and marks, read as a print
// shop reads it (qpdf --check, pdfinfo -box, pdfimages -list, Ghostscript's inkcov, the output intent). Small on
// purpose: a cover with a picture running off three edges and one page of four products.
let h: RenderHarness;
let owner: User;
let catalogId: string;
let pdf: Buffer;

const PT_PER_MM = 72 / 25.4;
const A4 = { w: 210 * PT_PER_MM, h: 297 * PT_PER_MM };
const BLEED = 3 * PT_PER_MM;
const width = (b: Box) => b[2] - b[0];
const height = (b: Box) => b[3] - b[1];

beforeAll(async () => {
  h = await openRenderHarness();
  owner = await h.owner('printer@example.com');
  const urls: string[] = [];
  for (let i = 0; i < 4; i++) urls.push(await h.stored(`img/pp${i}.jpg`, await sampleProductImage(i, 2000)));
  const coverUrl = await h.stored('img/cover.jpg', await sampleProductImage(7, 2600));
  const doc = sampleCatalog({ products: 4, perPage: 4, imageUrl: (i) => urls[i]! });
  const cover = createPage({ layout: getDefaultLayout('front cover'), newId: sequentialIds('c') });
  cover.elements[0] = { ...createImageElement('cover-pic', coverUrl), size: 'cover' };
  doc.pages.unshift(cover);
  doc.title = 'Fall Line Sheet';
  doc.settings.print = {
    bleed_mm: 3,
    crop_marks: true,
    registration_marks: true,
    color_bars: true,
    slug: true,
    safe_margin_mm: 5,
  };
  catalogId = (await createCatalog({ db: h.db, ownerId: owner.id, input: { catalog: doc } })).catalog._id;
  const { job_id } = await requestCatalogPdf({
    db: h.db,
    jobs: h.queue,
    user: owner,
    catalogId,
    output: 'pdfx',
  });
  const job = await h.waitFor(job_id, ['complete', 'failed'], 120_000);
  expect(job.state, job.error ?? '').toBe('complete');
  const key = pdfKey({ catalogId, secret: h.config.appSecret, output: 'pdfx' });
  pdf = (await h.storage.get(key))!;
}, 180_000);
afterAll(async () => {
  await h?.close();
});

describe("'Print (CMYK, PDF/X)' export", () => {
  it('passes qpdf --check and says it is PDF/X-4', () => {
    const check = qpdfCheck(pdf);
    expect(check.ok, check.output).toBe(true);
    expect(pdfInfo(pdf).raw).toMatch(/PDF subtype:\s+PDF\/X-4/);
    expect(pdfInfo(pdf).pages).toBe(2);
  });

  it('carries TrimBox, BleedBox and MediaBox on every page, the marks outside the bleed', () => {
    const boxes = pdfBoxes(pdf);
    expect(boxes).toHaveLength(2);
    for (const b of boxes) {
      // The trim is the A4 page, the bleed 3 mm around it, the sheet larger still for the marks.
      expect(width(b.trim)).toBeCloseTo(A4.w, 0);
      expect(height(b.trim)).toBeCloseTo(A4.h, 0);
      expect(b.trim[0] - b.bleed[0]).toBeCloseTo(BLEED, 1);
      expect(b.bleed[3] - b.trim[3]).toBeCloseTo(BLEED, 1);
      expect(b.bleed[0] - b.media[0]).toBeGreaterThan(20);
      expect(b.media[3] - b.bleed[3]).toBeGreaterThan(20);
    }
    // On the sheet: ink in the margin outside the bleed (crop and registration marks, colour bars), and the
    // cover picture running on past the trim into the bleed.
    const dpi = 36;
    const { width: w, rgb } = rasterPage(pdf, 1, dpi);
    const px = (ptX: number, ptY: number) => {
      const b = boxes[0]!;
      const x = Math.round((ptX * dpi) / 72);
      const y = Math.round(((b.media[3] - ptY) * dpi) / 72);
      const i = (y * w + x) * 3;
      return rgb[i]! + rgb[i + 1]! + rgb[i + 2]!;
    };
    const b = boxes[0]!;
    let markPixels = 0;
    for (let y = b.media[1] + 2; y < b.bleed[1] - 2; y += 2)
      for (let x = b.media[0] + 2; x < b.media[2] - 2; x += 2) if (px(x, y) < 600) markPixels++;
    expect(markPixels).toBeGreaterThan(0);
    // Top edge of the cover: the picture fills the bleed above the trim (not white paper).
    expect(px((b.trim[0] + b.trim[2]) / 2, b.bleed[3] - 2)).toBeLessThan(740);
  });

  it('has only CMYK pictures, at 300 ppi of the size they are placed at', () => {
    const images = pdfImages(pdf);
    expect(images.length).toBeGreaterThanOrEqual(5);
    for (const i of images) {
      expect(i.color === 'cmyk' || (i.color === 'icc' && i.comp === 4), JSON.stringify(i)).toBe(true);
      expect(i.xPpi).toBeGreaterThanOrEqual(285);
      expect(i.xPpi).toBeLessThanOrEqual(315);
      expect(i.yPpi).toBeGreaterThanOrEqual(285);
      expect(i.yPpi).toBeLessThanOrEqual(315);
    }
  });

  it("prints in CMYK ink by Ghostscript's ink coverage", () => {
    const ink = inkCoverage(pdf);
    expect(ink).toHaveLength(2);
    for (const page of ink) {
      expect(page.space).toBe('CMYK');
      // Colour pictures on both pages: cyan, magenta and yellow ink, and black for the text.
      expect(page.c).toBeGreaterThan(0.01);
      expect(page.m).toBeGreaterThan(0.01);
      expect(page.y).toBeGreaterThan(0.01);
      expect(page.k).toBeGreaterThan(0.001);
    }
  });

  it('names its output intent (GTS_PDFX, a CMYK profile) and embeds every font', () => {
    expect(outputIntents(pdf)).toEqual([{ s: '/GTS_PDFX', identifier: 'FOGRA39', profileComponents: 4 }]);
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f.embedded, f.name).toBe(true);
  });

  it('leaves the screen PDF (the flipbook download) alone', async () => {
    expect(await h.pdf(catalogId)).toBeNull();
  });
});
