import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, productPage } from '../core/commands/fixtures.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { pdfFonts, pdfPagePng } from '../scripts/testing/pdf-tools.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { publishForVisitors } from '../scripts/testing/viewer-fixtures.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot as takeShot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openEditor } from './support/editor.ts';

// The Branding tab's brand (issue 24): the theme editor (colours, fonts, sizes, border), a font of the merchant's
// own, and the CSS panel with its examples; each change previews on the page at once and saves with the catalog.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Awaited<ReturnType<typeof signInMerchant>>['api'];
let catalogId: string;

const require = createRequire(import.meta.url);
const woff2 = readFileSync(
  path.join(path.dirname(require.resolve('@fontsource/lora')), 'files', 'lora-latin-400-normal.woff2'),
);
type Saved = {
  theme: Record<string, Record<string, string>>;
  fonts: { family: string; url: string }[];
  custom_css: string;
};
const saved = async (): Promise<Saved> =>
  (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data;
const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
const shot = (name: string) => takeShot(page, name, { fullPage: false });
const style = (selector: string, prop: string) =>
  page
    .getByTestId('cell-0')
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

beforeAll(async () => {
  // The worker prints the PDF of the journey's last step.
  server = await startTestServer({}, { worker: { pollMs: 100 } });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  api = (await signInMerchant(server, context, 'brand-editor@example.com')).api;
  // Custom fonts and custom CSS are the Premium plan's (SPEC §6).
  await setUpgradeByEmail({
    db: server.runtime.db,
    email: 'brand-editor@example.com',
    upgrade: true,
    planId: 'PREMIUM',
  });
  const res = await api.post('/api/v1/catalogs', {
    catalog: { title: 'Brand book', pages: [productPage('p1', [makeProduct(1), makeProduct(2)], 4)] },
  });
  catalogId = (await res.json()).data._id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe("the Branding tab's theme editor, fonts and CSS in Chromium", () => {
  it('uploads a font and sets it for the titles, on the page at once', async () => {
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    await page.getByRole('tab', { name: 'Branding' }).click();
    const theme = page.getByTestId('theme-editor');
    await expectVisible(theme.getByRole('heading', { name: 'Theme' }));
    await theme.locator('input[type="file"]').setInputFiles({
      name: 'Acme-Display.woff2',
      mimeType: 'font/woff2',
      buffer: woff2,
    });
    const headings = theme.getByLabel('Titles and headings');
    await expect
      .poll(() => headings.locator('option', { hasText: 'Acme Display (your font)' }).count())
      .toBe(1);
    await headings.selectOption({ label: 'Acme Display (your font)' });
    await expect.poll(() => style('.cb-caption h6', 'font-family')).toContain('Acme Display');
    // The face is declared from our own files and the browser has it.
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('12px "Acme Display"')), { timeout: 10_000 })
      .toBe(true);
    await settled();
    const doc = await saved();
    expect(doc.fonts).toEqual([
      expect.objectContaining({ family: 'Acme Display', url: expect.stringMatching(/^\/files\/fonts\//) }),
    ]);
    expect(doc.theme['h1, h2, h3, h4, h5, h6']!['font-family']).toBe("'Acme Display', sans-serif");
  });

  it('changes the brand colour and the price colour by hex, one undo step each', async () => {
    const theme = page.getByTestId('theme-editor');
    await theme.getByLabel('Brand colour', { exact: true }).fill('#aa3355');
    await page.keyboard.press('Tab');
    await expect.poll(() => style('.price', 'color')).toBe('rgb(170, 51, 85)');
    await theme.getByLabel('Price colour', { exact: true }).fill('#0a7d3b');
    await page.keyboard.press('Tab');
    await expect.poll(() => style('.price', 'color')).toBe('rgb(10, 125, 59)');
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await expect.poll(() => style('.price', 'color')).toBe('rgb(170, 51, 85)');
    await page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }).click();
    await expect.poll(() => style('.price', 'color')).toBe('rgb(10, 125, 59)');
    await settled();
    const doc = await saved();
    expect(doc.theme[':root']!['--brand-primary']).toBe('#aa3355');
    expect(doc.theme['.price']!.color).toBe('#0a7d3b');
  });

  it('warns when text falls below WCAG AA on the page background', async () => {
    const theme = page.getByTestId('theme-editor');
    await theme.getByLabel('Text colour', { exact: true }).fill('#bbbbbb');
    await page.keyboard.press('Tab');
    await expectVisible(
      theme.getByText('Text colour on Page background: contrast 1.9:1, below the 4.5:1 of WCAG AA'),
    );
    await shot('brand-theme-1440');
    await theme.getByLabel('Text colour', { exact: true }).fill('#222222');
    await page.keyboard.press('Tab');
    await expect.poll(() => theme.getByText(/below the 4.5:1/).count()).toBe(0);
  });

  it('adds a CSS example, shows what the server drops, and draws it on the page', async () => {
    const panel = page.getByTestId('css-panel');
    await panel.getByRole('button', { name: 'Add the example Capital titles' }).click();
    await expect.poll(() => style('.cb-caption h6', 'text-transform')).toBe('uppercase');
    const css = panel.getByLabel('CSS', { exact: true });
    await css.fill(`${await css.inputValue()}\n.price { background: url(https://tracker.example/x.gif) }`);
    await expectVisible(panel.getByText(/only your own files and inline pictures can be used/));
    await page.keyboard.press('Tab');
    await settled();
    const doc = await saved();
    expect(doc.custom_css).toContain('text-transform: uppercase');
    expect(doc.custom_css).not.toContain('tracker.example');
    await panel.scrollIntoViewIfNeeded();
    await shot('brand-css-1440');
    await expectNoSeriousA11yIssues(page);
  });

  it('prints the PDF and opens the flipbook as the editor shows it: the font embedded, the colours in place', async () => {
    await publishForVisitors(api, catalogId);
    const gen = await (
      await api.get(`/api/v1/catalogs/${catalogId}/generate?format=A4`, { Origin: server.url })
    ).json();
    await expect
      .poll(
        async () =>
          (await (await api.get(`/api/v1/jobs?jobId=${encodeURIComponent(gen.job_id)}`)).json()).job_state,
        { timeout: 90_000, interval: 500 },
      )
      .toBe('complete');
    const pdf = Buffer.from(await (await api.get(`/api/v1/catalogs/${catalogId}/download`)).arrayBuffer());
    // The font the merchant uploaded (Lora's file, under the name they gave it) is embedded, the bold titles too.
    expect(
      pdfFonts(pdf).some((f) => /^([A-Z]{6}\+)?Lora/.test(f.name) && f.embedded),
      JSON.stringify(pdfFonts(pdf)),
    ).toBe(true);

    // The flipbook draws the titles in that font, in capitals (the CSS example), the price in its colour.
    const viewer = await context.newPage();
    try {
      await viewer.goto(`${server.url}/view/${catalogId}`, { waitUntil: 'load' });
      const sheet = viewer.locator('.vw-page > .cb-page').first();
      await sheet.waitFor({ state: 'visible' });
      await expect
        .poll(() => viewer.evaluate(() => document.fonts.check('12px "Acme Display"')), { timeout: 10_000 })
        .toBe(true);
      const title = sheet.locator('.cb-caption h6').first();
      expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Acme Display');
      expect(await title.evaluate((el) => getComputedStyle(el).textTransform)).toBe('uppercase');
      const price = sheet.locator('.price').first();
      expect(await price.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(10, 125, 59)');

      // Where the flipbook draws the first price (in the page's own CSS px), the PDF's page has that green.
      const box = await price.evaluate((el) => {
        const p = el.closest('.cb-page')!;
        const scale = p.getBoundingClientRect().width / (p as HTMLElement).offsetWidth;
        const r = el.getBoundingClientRect();
        const o = p.getBoundingClientRect();
        return {
          left: (r.left - o.left) / scale,
          top: (r.top - o.top) / scale,
          width: r.width / scale,
          height: r.height / scale,
        };
      });
      const { data, info } = await sharp(pdfPagePng(pdf, { dpi: 96 }))
        .extract({
          left: Math.floor(box.left),
          top: Math.floor(box.top),
          width: Math.ceil(box.width),
          height: Math.ceil(box.height),
        })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let green = 0;
      for (let i = 0; i < data.length; i += info.channels)
        if (
          Math.abs(data[i]! - 10) < 40 &&
          Math.abs(data[i + 1]! - 125) < 40 &&
          Math.abs(data[i + 2]! - 59) < 40
        )
          green++;
      expect(green).toBeGreaterThan(10);
    } finally {
      await viewer.close();
    }
  });

  it('fits a phone (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(page.getByTestId('theme-editor'));
    await expectNoSidewaysScroll(page);
    await page.getByTestId('theme-editor').getByRole('heading', { name: 'Colours' }).scrollIntoViewIfNeeded();
    await shot('brand-theme-390');
    await page.getByTestId('css-panel').scrollIntoViewIfNeeded();
    await shot('brand-css-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
