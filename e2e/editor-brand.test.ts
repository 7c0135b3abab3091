import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, productPage } from '../core/commands/fixtures.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
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
  server = await startTestServer({ WORKER: 'off' });
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
