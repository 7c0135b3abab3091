import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, productPage } from '../core/commands/fixtures.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot as takeShot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openEditor } from './support/editor.ts';

// The theme editor's other controls (issue 24 §1): the shortcut Ctrl+Alt+key code 20 (SPEC §2.2), the price
// template style, the catalog background picture, and saved themes applied to another catalog.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Awaited<ReturnType<typeof signInMerchant>>['api'];
let first: string;
let second: string;

type Doc = {
  theme: Record<string, Record<string, string>>;
  priceTemplateStyle: Record<string, unknown>;
};
const saved = async (id: string): Promise<Doc> =>
  (await (await api.get(`/api/v1/catalogs/${id}`)).json()).data;
const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
const shot = (name: string) => takeShot(page, name, { fullPage: false });
const captionBox = () => page.getByTestId('cell-0').locator('.cb-caption-box').first();
const theme = () => page.getByTestId('theme-editor');

async function newCatalog(title: string) {
  const res = await api.post('/api/v1/catalogs', {
    catalog: { title, pages: [productPage('p1', [makeProduct(1), makeProduct(2)], 4)] },
  });
  return (await res.json()).data._id as string;
}

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  api = (await signInMerchant(server, context, 'theme-controls@example.com')).api;
  await setUpgradeByEmail({
    db: server.runtime.db,
    email: 'theme-controls@example.com',
    upgrade: true,
    planId: 'PREMIUM',
  });
  const paper = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#f3e7d0' },
  })
    .png()
    .toBuffer();
  const up = await api.upload('/api/v1/files', [
    { field: 'files', name: 'paper.png', body: new Uint8Array(paper), type: 'image/png' },
  ]);
  expect(up.status).toBe(200);
  first = await newCatalog('Look book');
  second = await newCatalog('Second book');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe("the theme editor's price style, background and saved themes in Chromium", () => {
  it('opens the theme editor with Ctrl+Alt and the key with code 20', async () => {
    await openEditor(page, `${server.url}/designs/${first}/edit`);
    expect(await page.getByRole('tab', { name: 'Branding' }).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('Control+Alt+CapsLock');
    await expectVisible(theme());
    expect(await page.getByRole('tab', { name: 'Branding' }).getAttribute('aria-selected')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'theme-editor');
  });

  it('sets the price style with named controls, on the page at once, one undo step each', async () => {
    const prices = theme().getByRole('heading', { name: 'Price style' });
    await prices.scrollIntoViewIfNeeded();
    await theme().getByLabel('Anchor').selectOption('right');
    await expectVisible(page.getByTestId('cell-0').locator('.cb-caption-box--right'));
    await theme().getByLabel('Price background', { exact: true }).fill('#ffeeaa');
    await page.keyboard.press('Tab');
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-testid="cell-0"] .cb-caption-box') as HTMLElement)
          .backgroundColor === 'rgb(255, 238, 170)',
    );
    await theme().getByLabel('Padding top').fill('6');
    await page.keyboard.press('Tab');
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-testid="cell-0"] .cb-caption-box') as HTMLElement)
          .paddingTop === '6px',
    );
    await settled();
    expect((await saved(first)).priceTemplateStyle).toMatchObject({
      anchor: 'right',
      background_color: '#ffeeaa',
      padding_top: 6,
    });
    await prices.scrollIntoViewIfNeeded();
    await shot('theme-price-style-1440');

    // Undo takes back the padding only (the base styles' gap above a caption comes back), not the background.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-testid="cell-0"] .cb-caption-box') as HTMLElement)
          .paddingTop !== '6px',
    );
    expect(await captionBox().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(255, 238, 170)',
    );
    await page.keyboard.press('Control+Shift+z');
    await settled();
    expect((await saved(first)).priceTemplateStyle).toMatchObject({ padding_top: 6 });
  });

  it('puts a picture of the library behind the pages', async () => {
    const picture = theme().getByLabel('Background picture');
    await picture.scrollIntoViewIfNeeded();
    await picture.selectOption({ label: 'paper.png' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="cell-0"]')].some((cell) => {
        for (let el: Element | null = cell; el; el = el.parentElement)
          if (getComputedStyle(el).backgroundImage.includes('/files/')) return true;
        return false;
      }),
    );
    await theme().getByLabel('Fit').selectOption('repeat');
    await settled();
    const body = (await saved(first)).theme.body!;
    expect(body['background-image']).toMatch(/^url\("\/files\/.+\.png"\)$/);
    expect(body['background-repeat']).toBe('repeat');
    await shot('theme-background-1440');
  });

  it('saves the look as a theme and applies it to another catalog', async () => {
    const name = theme().getByLabel('Save this look as');
    await name.scrollIntoViewIfNeeded();
    await name.fill('House look');
    await theme().getByRole('button', { name: 'Save theme' }).click();
    await expectText(theme().locator('.Polaris-Banner').first(), 'Theme “House look” saved.');
    await expectNoSeriousA11yIssues(page);
    await shot('theme-saved-1440');
    const look = await saved(first);

    await openEditor(page, `${server.url}/designs/${second}/edit`);
    await page.getByRole('tab', { name: 'Branding' }).click();
    const pick = theme().getByLabel('Saved theme');
    await pick.scrollIntoViewIfNeeded();
    await pick.selectOption({ label: 'House look' });
    await theme().getByRole('button', { name: 'Apply to this catalog' }).click();
    await expectText(
      theme().locator('.Polaris-Banner').first(),
      'Theme “House look” applied to this catalog.',
    );
    await expectVisible(page.getByTestId('cell-0').locator('.cb-caption-box--right'));
    await settled();
    const applied = await saved(second);
    expect(applied.theme).toEqual(look.theme);
    expect(applied.priceTemplateStyle).toMatchObject({ anchor: 'right', background_color: '#ffeeaa' });
    // One undo step takes the whole look back.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await page.getByTestId('cell-0').locator('.cb-caption-box--right').waitFor({ state: 'detached' });
    // Two editors opened and a whole-page axe scan: more than the default on a slowed-down machine.
  }, 300_000);

  it('fits a phone (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(theme());
    await expectNoSidewaysScroll(page);
    await theme().getByRole('heading', { name: 'Price style' }).scrollIntoViewIfNeeded();
    await shot('theme-price-style-390');
    await theme().getByRole('heading', { name: 'Saved themes' }).scrollIntoViewIfNeeded();
    await shot('theme-saved-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
