import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, requestCatalogPdf } from '../server/catalogs/index.ts';
import type { User } from '../server/accounts/index.ts';
import { pdfFonts, pdfPagePng, pdfText } from '../scripts/testing/pdf-tools.ts';
import { openRenderHarness, type RenderHarness } from '../scripts/testing/render-harness.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { isProductElement } from '../core/model/index.ts';

// Issue 22 item 6: emoji and symbols in titles and descriptions print. Every font stack falls back to the bundled
// Noto Color Emoji (colour bitmaps, printed as pictures: Type 3 fonts) and Noto Sans Symbols 2, so a title with
// them prints the same on any machine instead of blank boxes ("tofu") or whatever the system has.
let h: RenderHarness;
let owner: User;

beforeAll(async () => {
  h = await openRenderHarness();
  owner = await h.owner('emoji@example.com');
});
afterAll(async () => {
  await h?.close();
});

/** A one-product catalog without pictures (their colours would count), the product titled `title`. */
async function exportTitled(title: string, description = ''): Promise<Buffer> {
  const doc = sampleCatalog({ products: 1, perPage: 1, imageUrl: () => null });
  const el = doc.pages[0]!.elements[0]!;
  if (isProductElement(el)) Object.assign(el.properties, { title, description });
  doc.settings.showDescription = description !== '';
  doc.priceTemplate = '<h6>[TITLE]</h6><p>[DESCRIPTION]</p>';
  const { catalog } = await createCatalog({ db: h.db, ownerId: owner.id, input: { catalog: doc } });
  const { job_id } = await requestCatalogPdf({
    db: h.db,
    jobs: h.queue,
    user: owner,
    catalogId: catalog._id,
  });
  const job = await h.waitFor(job_id, ['complete', 'failed'], 120_000);
  expect(job.state, job.error ?? '').toBe('complete');
  return (await h.pdf(catalog._id))!.bytes;
}

/** Pixels of the rasterised page with a clear colour (not grey, white or black): what an emoji adds. */
async function colourPixels(pdf: Buffer): Promise<number> {
  const { data, info } = await sharp(pdfPagePng(pdf, { dpi: 100 }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 80) n++;
  }
  return n;
}

describe('emoji and symbols in the PDF', () => {
  it('prints colour emoji and the symbols ★ ✓ € from the bundled fonts', async () => {
    const plain = await exportTitled('Summer sale', 'Linen, washed');
    const marked = await exportTitled('Summer 🎉 sale ☀️ ★ ✓ €', 'Linen 🍋 washed ★ ✓ ✔ ♥');

    const fonts = pdfFonts(marked);
    // The emoji are colour pictures in Type 3 fonts (Chromium's way to print a bitmap font; so are glyphs it makes
    // bold itself, as ★ ✓ in the bold title); the symbols of the regular description are set in Noto Sans
    // Symbols 2, and nothing comes from a font of this machine's system (DejaVu, Liberation...).
    expect(fonts.some((f) => f.type === 'Type 3')).toBe(true);
    const named = fonts.filter((f) => f.type !== 'Type 3').map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(named).toContain('NotoSansSymbols2-Regular');
    for (const name of named) expect(name).toMatch(/^(OpenSans|NotoSansSymbols2)-/);
    expect(pdfFonts(plain).some((f) => f.type === 'Type 3')).toBe(false);

    const text = pdfText(marked);
    for (const ch of ['★', '✓', '€']) expect(text).toContain(ch);

    // Rasterised as a print shop would: the emoji add colour where the plain title has none (tofu would be a
    // black outline, and a missing colour font blank space).
    const before = await colourPixels(plain);
    const after = await colourPixels(marked);
    expect(after - before).toBeGreaterThan(200);
  });
});
