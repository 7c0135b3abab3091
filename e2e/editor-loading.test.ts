/**
 * What the editor loads (DESIGN §13, issue 13 §7): the barcode encoder only for a catalog that draws barcodes,
 * and then the barcodes themselves on the page; the bundled fonts as font files by URL, never inside scripts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogSchema } from '../core/model/index.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { registerMerchant, shareSession } from './support/merchant.ts';
import { openEditor } from './support/editor.ts';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  const email = 'loading@example.com';
  api = (await registerMerchant(server, email)).api;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function createCatalog(priceTemplate?: string): Promise<string> {
  const doc = CatalogSchema.parse(sampleCatalog({ products: 18, perPage: 9, imageUrl: () => null }));
  const res = await api.post('/api/v1/catalogs', {
    catalog: { ...doc, _id: undefined, ...(priceTemplate ? { priceTemplate } : {}) },
  });
  expect(res.status).toBe(200);
  return (await res.json()).data._id;
}

/** Opens the editor on the catalog's first product page; returns the scripts the page loaded, by URL. */
async function visitEditor(id: string): Promise<{ page: Page; scripts: Map<string, string> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await shareSession(api, context, server.url);
  const page = await context.newPage();
  const scripts = new Map<string, string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      void r.text().then(
        (t) => scripts.set(r.url(), t),
        () => {},
      );
  });
  await openEditor(page, `${server.url}/designs/${id}/edit`);
  await page.locator('.cb-page-thumb').nth(1).click();
  await page.getByTestId('cell-0').waitFor();
  return { page, scripts };
}

// bwip-js's own name for its PostScript core: in a script, the encoder came with it.
const hasEncoder = (scripts: Map<string, string>) => [...scripts.values()].some((s) => s.includes('bwipp'));

describe('the editor loads the barcode encoder only when a page draws barcodes', () => {
  it('leaves bwip-js out for a catalog without barcodes, and keeps fonts out of its scripts', async () => {
    const { page, scripts } = await visitEditor(await createCatalog());
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    expect(hasEncoder(scripts)).toBe(false);
    // No font inside a script: no font data address, no base64 WOFF2 or WOFF file ("wOF2", "wOFF").
    const fontInside = /data:(font\/|application\/(x-)?font)|d09GMg|d09GRg/;
    expect([...scripts.values()].some((s) => fontInside.test(s))).toBe(false);
    // The fonts the PDF embeds are declared as files by URL, fetched when a page uses one.
    const faces = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) => {
        try {
          return [...sheet.cssRules]
            .filter((r) => r instanceof CSSFontFaceRule)
            .map((r) => (r as CSSFontFaceRule).style.getPropertyValue('src'));
        } catch {
          return [];
        }
      }),
    );
    expect(faces.some((src) => /montserrat-latin-400-normal[^)]*\.woff2/.test(src))).toBe(true);
    expect(faces.some((src) => src.includes('base64'))).toBe(false);
    await page.context().close();
  });

  it('draws the barcodes of a catalog that prints them, once the encoder has loaded', async () => {
    const id = await createCatalog('<p class="title">[TITLE]</p>[BARCODE(EAN13)]');
    const { page, scripts } = await visitEditor(id);
    const barcodes = page.locator('.cb-editor-canvas svg[aria-label^="EAN-13"]');
    await barcodes.first().waitFor();
    expect(await barcodes.count()).toBe(9);
    await expect.poll(() => page.locator('.cb-editor-canvas .cb-barcode-pending').count()).toBe(0);
    expect(hasEncoder(scripts)).toBe(true);
    await shot(page, 'editor-barcodes', { fullPage: false });
    await page.context().close();
  });
});
