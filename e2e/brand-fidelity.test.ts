import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { pdfFonts, pdfInfo, pdfPagePng } from '../scripts/testing/pdf-tools.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { publishForVisitors } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';
import { openEditor, skipEditorTour } from './support/editor.ts';
import { signInMerchant } from './support/merchant.ts';

// Issue 24 §6 'One look everywhere': a catalog with a font of the merchant's own, a theme, custom CSS and a
// background is drawn by the editor, the flipbook and the PDF; the three agree pixel for pixel (≥ 99 % of pixels per
// page at the same size), and the PDF embeds the merchant's font. The editor's page is taken as the merchant sees
// it: nothing chosen, the pointer away (its cells' outlines are then transparent, the safe-margin guides sit outside
// the page). It agreed on 94 % before its cells kept their gutter and Polaris's h1–h6/p reset stopped reaching it.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Awaited<ReturnType<typeof signInMerchant>>['api'];
let catalogId: string;
let pdf: Buffer;
const figures: Record<string, number> = {};

const EMAIL = 'fidelity@example.com';
const require = createRequire(import.meta.url);
// Lora's file under a name no machine has: if any of the three drew a fallback, its pixels would differ.
const fontFile = readFileSync(
  path.join(path.dirname(require.resolve('@fontsource/lora')), 'files', 'lora-latin-400-normal.woff2'),
);

/** Two PNGs of one page at the same size: the share of pixels whose channels all differ by at most 48. */
async function agreement(a: Buffer, b: Buffer, width: number, height: number): Promise<number> {
  const raw = (png: Buffer) =>
    sharp(png)
      .resize(width, height, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let same = 0;
  for (let i = 0; i < x.length; i += 3) {
    if (
      Math.abs(x[i]! - y[i]!) <= 48 &&
      Math.abs(x[i + 1]! - y[i + 1]!) <= 48 &&
      Math.abs(x[i + 2]! - y[i + 2]!) <= 48
    )
      same++;
  }
  return same / (x.length / 3);
}

/**
 * A page as drawn at its own size (1 CSS px = 1 pixel): a copy of its markup, out of the screen's zoom or flipbook
 * transform and the boxes that clip it, on top of everything; the document's stylesheets and fonts still apply.
 */
async function pageShot(pageEl: Locator): Promise<Buffer> {
  await pageEl.evaluate((el: HTMLElement) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.id = 'cb-fidelity-copy';
    Object.assign(copy.style, {
      transform: 'none',
      zoom: '1',
      position: 'fixed',
      left: '0',
      top: '0',
      zIndex: '2147483647',
      margin: '0',
    });
    document.body.append(copy);
  });
  const copy = page.locator('#cb-fidelity-copy');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('#cb-fidelity-copy img')].every((img) => img.complete),
  );
  const png = await copy.screenshot({ animations: 'disabled', caret: 'hide' });
  await copy.evaluate((el) => el.remove());
  return png;
}

beforeAll(async () => {
  server = await startTestServer({}, { worker: { pollMs: 100 } });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1400, height: 1300 }, deviceScaleFactor: 1 });
  page = await context.newPage();
  const merchant = await signInMerchant(server, context, EMAIL);
  api = merchant.api;
  await setUpgradeByEmail({ db: server.runtime.db, email: EMAIL, upgrade: true, planId: 'PREMIUM' });
  await skipEditorTour(server.runtime.db, EMAIL);
  const font = await api.upload(
    '/api/v1/files',
    [{ field: 'files', name: 'Maison-Serif.woff2', body: new Uint8Array(fontFile), type: 'font/woff2' }],
    { filetype: 'font' },
  );
  if (font.status !== 200) throw new Error(`font upload: ${font.status}`);
  const urls: string[] = [];
  for (let i = 0; i < 4; i++) {
    const key = `img/fidelity-${i}.jpg`;
    await server.runtime.storage.put(key, await sampleProductImage(i, 600));
    urls.push(server.runtime.storage.url(key));
  }
  const doc = sampleCatalog({
    products: 4,
    perPage: 4,
    imageUrl: (i) => urls[i]!,
    caption: '<h6>[TITLE]</h6><p>SKU [SKU]</p><p class="price">[PRICE]</p>',
    over: {
      title: 'Maison Serif',
      fonts: [{ family: 'Maison Serif', weight: 400, style: 'normal', url: font.body.data[0].url }],
      theme: {
        ':root': {
          '--brand-primary': '#7a1f3d',
          '--brand-secondary': '#d4a017',
          '--brand-text': '#1b1b1b',
          '--brand-muted': '#555555',
          '--brand-background': '#fbf3e4',
        },
        body: { 'font-family': "'Open Sans', sans-serif", color: 'var(--brand-text)' },
        'h1, h2, h3, h4, h5, h6': { 'font-family': "'Maison Serif', serif" },
        // The merchant uploaded the regular face only: no bold to make up (Chromium prints that as Type 3).
        '.cb-caption h6': { 'font-size': '22px', 'font-weight': '400' },
        '.price': { color: '#0a6b4f', 'font-size': '16px', 'font-weight': '700' },
      },
      custom_css:
        '.price { display: inline-block; padding: 2px 8px; border-radius: 999px; background: var(--brand-secondary); }\n' +
        '.cb-product-main .cb-img-box { border-radius: 10px; border: 2px solid var(--brand-primary); }',
    },
  });
  const res = await api.post('/api/v1/catalogs', { catalog: doc });
  if (res.status !== 200) throw new Error(`catalog: ${res.status} ${await res.text()}`);
  catalogId = (await res.json()).data._id;
  await publishForVisitors(api, catalogId);

  const gen = await (
    await api.get(`/api/v1/catalogs/${catalogId}/generate?format=A4`, { Origin: server.url })
  ).json();
  for (let tries = 0; ; tries++) {
    const status = await (await api.get(`/api/v1/jobs?jobId=${encodeURIComponent(gen.job_id)}`)).json();
    if (status.job_state === 'complete') break;
    if (status.job_state === 'failed' || tries > 240)
      throw new Error(`PDF: ${JSON.stringify(gen)} ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  pdf = Buffer.from(await (await api.get(`/api/v1/catalogs/${catalogId}/download`)).arrayBuffer());
  if (process.env.SCREENSHOTS_DIR) writeFileSync(path.join(process.env.SCREENSHOTS_DIR, 'fidelity.pdf'), pdf);
}, 240_000);
afterAll(async () => {
  if (Object.keys(figures).length) console.log('brand fidelity (share of pixels that agree):', figures);
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('one look everywhere: editor, flipbook and PDF (issue 24 §6)', () => {
  it("embeds the merchant's font in the PDF", () => {
    expect(pdfInfo(pdf).pages).toBe(1);
    const names = pdfFonts(pdf).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    // The file is Lora's: its PostScript name, whatever family the catalog gives it.
    expect(
      names.some((n) => /^Lora/.test(n)),
      names.join(', '),
    ).toBe(true);
  });

  it('draws the same page in the editor, the flipbook and the PDF (≥ 99 % of pixels)', async () => {
    const printed = pdfPagePng(pdf, { dpi: 96 });
    const { width, height } = await sharp(printed).metadata();

    await page.goto(`${server.url}/view/${catalogId}`, { waitUntil: 'load' });
    const viewerPage = page.locator('.vw-page > .cb-page').first();
    await viewerPage.waitFor({ state: 'visible' });
    await expect.poll(() => page.evaluate(() => document.fonts.check('22px "Maison Serif"'))).toBe(true);
    const viewer = await pageShot(viewerPage);

    figures['viewer vs PDF'] = await agreement(viewer, printed, width!, height!);

    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    const editorPage = page.locator('.cb-editor-canvas .cb-page').first();
    await editorPage.waitFor({ state: 'visible' });
    await expect.poll(() => page.evaluate(() => document.fonts.check('22px "Maison Serif"'))).toBe(true);
    // Nothing chosen, the pointer away from the page: the editor's page as the merchant looks at it.
    await page.mouse.move(0, 0);
    const editor = await pageShot(editorPage);
    figures['editor vs PDF'] = await agreement(editor, printed, width!, height!);
    figures['editor vs viewer'] = await agreement(editor, viewer, width!, height!);

    if (process.env.SCREENSHOTS_DIR) {
      const dir = process.env.SCREENSHOTS_DIR;
      await sharp(printed).toFile(path.join(dir, 'fidelity-pdf.png'));
      await sharp(viewer).toFile(path.join(dir, 'fidelity-viewer.png'));
      await sharp(editor).toFile(path.join(dir, 'fidelity-editor.png'));
    }
    for (const [pair, share] of Object.entries(figures)) expect(share, pair).toBeGreaterThanOrEqual(0.99);
  });
});
