import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, requestCatalogPdf } from '../server/catalogs/index.ts';
import type { User } from '../server/accounts/index.ts';
import { pdfImages, pdfJpegs, type PdfImage } from '../scripts/testing/pdf-tools.ts';
import { openRenderHarness, type RenderHarness } from '../scripts/testing/render-harness.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { estimateJpegQuality } from '../server/files/index.ts';

// Print quality as a print shop measures it (SPEC §4 PDF export, `pdfimages -list`): every picture is
// downsampled to 300 ppi at the size it is placed at for print, 150 for screen, and its JPEG quality is the
// user's image_quality (screen: at most 70). A JPEG already at size is embedded as is only when its quality is
// not above the user's.
let h: RenderHarness;
let owner: User;
let catalogId: string;

beforeAll(async () => {
  h = await openRenderHarness();
  owner = await h.owner('print-shop@example.com');
  // Large photos (2400 px, q90): four to a page, each cell is about 3.5 in wide, 1,050 px at 300 ppi.
  const urls: string[] = [];
  for (let i = 0; i < 4; i++) urls.push(await h.stored(`img/q${i}.jpg`, await sampleProductImage(i, 2400)));
  const doc = sampleCatalog({ products: 4, perPage: 4, imageUrl: (i) => urls[i]! });
  catalogId = (await createCatalog({ db: h.db, ownerId: owner.id, input: { catalog: doc } })).catalog._id;
});
afterAll(async () => {
  await h?.close();
});

async function exportPdf(opts: { quality: 'print' | 'screen'; imageQuality?: string; catalog?: string }) {
  await h.setSettings(owner.id, opts.imageQuality ? { image_quality: opts.imageQuality } : {});
  const id = opts.catalog ?? catalogId;
  const { job_id } = await requestCatalogPdf({
    db: h.db,
    jobs: h.queue,
    user: owner,
    catalogId: id,
    quality: opts.quality,
  });
  const job = await h.waitFor(job_id, ['complete', 'failed']);
  expect(job.state, job.error ?? '').toBe('complete');
  return (await h.pdf(id))!.bytes;
}

const total = (jpegs: Buffer[]) => jpegs.reduce((n, j) => n + j.length, 0);
const ppiWithin = (images: PdfImage[], low: number, high: number) => {
  expect(images.length).toBe(4);
  for (const i of images) {
    expect(i.enc).toBe('jpeg');
    expect(i.xPpi).toBeGreaterThanOrEqual(low);
    expect(i.xPpi).toBeLessThanOrEqual(high);
    expect(i.yPpi).toBeGreaterThanOrEqual(low);
    expect(i.yPpi).toBeLessThanOrEqual(high);
  }
};

describe('embedded pictures', () => {
  let print: Buffer;

  it('print: about 300 ppi at the placed size, at the default quality q80', async () => {
    print = await exportPdf({ quality: 'print' });
    // Targets are rounded up to 16 px: a little above 300, never below.
    ppiWithin(pdfImages(print), 299, 320);
    for (const j of pdfJpegs(print)) expect(estimateJpegQuality(j)).toBe(80);
  });

  it('screen: about 150 ppi, at most q70', async () => {
    const screen = await exportPdf({ quality: 'screen', imageQuality: 'q90' });
    ppiWithin(pdfImages(screen), 149, 170);
    for (const j of pdfJpegs(screen)) expect(estimateJpegQuality(j)).toBe(70);
    expect(screen.length).toBeLessThan(print.length);
  });

  it("the user's image_quality sets the JPEG quality, and so the size", async () => {
    const low = pdfJpegs(await exportPdf({ quality: 'print', imageQuality: 'q30' }));
    const high = pdfJpegs(await exportPdf({ quality: 'print', imageQuality: 'q95' }));
    for (const j of low) expect(estimateJpegQuality(j)).toBe(30);
    for (const j of high) expect(estimateJpegQuality(j)).toBe(95);
    expect(total(low)).toBeLessThan(total(pdfJpegs(print)));
    expect(total(pdfJpegs(print))).toBeLessThan(total(high));
  });

  it('a JPEG already at size is embedded as is only when its quality is not above the user’s', async () => {
    // Pictures exactly the size the print export prepares, at q60 and at q95.
    const [{ width, height }] = pdfImages(print);
    const source = await sampleProductImage(7, 2400, 'png');
    const atSize = (quality: number) =>
      sharp(source).resize(width, height).jpeg({ quality, mozjpeg: false }).toBuffer();
    const q60 = await atSize(60);
    const q95 = await atSize(95);
    const urls = [
      await h.stored('img/at-size-q60.jpg', q60),
      await h.stored('img/at-size-q95.jpg', q95),
      await h.stored('img/at-size-q60-b.jpg', q60),
      await h.stored('img/at-size-q95-b.jpg', q95),
    ];
    const doc = sampleCatalog({ products: 4, perPage: 4, imageUrl: (i) => urls[i]! });
    const id = (await createCatalog({ db: h.db, ownerId: owner.id, input: { catalog: doc } })).catalog._id;

    const jpegs = pdfJpegs(await exportPdf({ quality: 'print', imageQuality: 'q80', catalog: id }));
    expect(jpegs).toHaveLength(4);
    // Chromium copies a JPEG it is given into the PDF unchanged: the q60 file is there byte for byte.
    expect(jpegs.filter((j) => j.equals(q60))).toHaveLength(2);
    // The q95 one would be heavier than the user asked for: compressed again at q80.
    const others = jpegs.filter((j) => !j.equals(q60));
    expect(others).toHaveLength(2);
    for (const j of others) expect(estimateJpegQuality(j)).toBe(80);
  });
});
