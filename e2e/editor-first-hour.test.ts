/**
 * A new merchant's first hour in the editor (issue 22, 'Editor and preview'): a layout edit left by any way but
 * Done puts the page back (SPEC §4), headers and footers are a switch that says its state and are edited where
 * the merchant looks, their tokens as chips (SPEC §5), and the page opens whole at 1440 × 900, with the products
 * list saying what is already placed and how often.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPage, makeProduct, productPage } from '../core/commands/fixtures.ts';
import type { Page as CatalogPage } from '../core/model/index.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot as takeShot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { shareSession, signInMerchant } from './support/merchant.ts';
import { openEditor, richTextState } from './support/editor.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ReturnType<typeof client>;
let catalogId: string;
const listingIds: Record<string, string> = {};
/** What the editor sent to save, as it left the browser. */
const sent: { url: string; body: string }[] = [];

type Saved = CatalogPage;
const saved = async (): Promise<Saved[]> =>
  (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data.pages;
const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
const shot = (name: string) => takeShot(page, name, { fullPage: false });
const sidebar = () => page.getByTestId('context-sidebar');
const canvas = () => page.locator('.cb-editor-canvas');
const cell = (i: number) => page.getByTestId(`cell-${i}`);
const toolbarSwitch = () =>
  page.getByRole('toolbar', { name: 'Page' }).getByRole('switch', { name: 'Show headers and footers' });
const goTo = async (n: number) => {
  await page
    .getByRole('button', { name: `Page ${n}`, exact: true })
    .first()
    .click();
  await expectText(page.getByTestId('page-position'), `Page ${n} of 3`);
};
const open = () => openEditor(page, `${server.url}/designs/${catalogId}/edit`);

/** The rows of the products list, by title. */
const row = (title: string) => page.locator('.Polaris-ResourceItem__ListItem').filter({ hasText: title });

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('request', (r) => {
    if (['PUT', 'POST'].includes(r.method()) && r.url().includes('/api/v1/catalogs/'))
      sent.push({ url: new URL(r.url()).pathname, body: r.postData() ?? '' });
  });
  api = (await signInMerchant(server, context, 'first-hour@example.com')).api;
  for (const [title, price] of [
    ['Linen Shirt', 49],
    ['Wool Scarf', 25],
    ['Cotton Tee', 19],
  ] as const) {
    const res = await api.post('/api/v1/listings', { title, price, category: 'Clothing' });
    expect(res.status).toBe(201);
    listingIds[title] = (await res.json()).id;
  }
  const product = (title: string, n: number) => makeProduct(n, { id: listingIds[title]!, title });
  // As the wizard makes them: the footer's catalog title in the centre and the page number on the right.
  const bands = (p: CatalogPage, header: string): CatalogPage => ({
    ...p,
    header: { properties: { html: header } },
    footerElements: ['', '{{CATALOG_TITLE}}', 'PAGE_NUMBER'],
  });
  const pages = [
    coverPage(),
    bands(
      productPage('a', [product('Linen Shirt', 1), product('Wool Scarf', 2), product('Linen Shirt', 1)]),
      '<b>Spring</b> sale',
    ),
    bands(productPage('b', []), 'Spring&nbsp;sale'),
  ];
  const res = await api.post('/api/v1/catalogs', { catalog: { title: 'First hour', pages } });
  expect(res.ok).toBe(true);
  catalogId = (await res.json()).data._id;
  await open();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the page at its zoom (issue 22 item 9)', () => {
  it('opens the whole page at 1440 × 900, fits its width on demand, and remembers the choice', async () => {
    await goTo(2);
    const fitPage = page.getByRole('button', { name: 'Fit page' });
    const fitWidth = page.getByRole('button', { name: 'Fit width' });
    await expect.poll(() => fitPage.getAttribute('aria-pressed')).toBe('true');
    const box = page.locator('.cb-editor-canvas .cb-editor-fit__box');
    const viewport = page.getByTestId('page-viewport');
    // The whole page is on screen: its box inside the page's box, which is inside the window.
    await expect
      .poll(async () => {
        const b = (await box.boundingBox())!;
        const v = (await viewport.boundingBox())!;
        return b.y >= v.y && b.y + b.height <= v.y + v.height && v.y + v.height <= 900;
      })
      .toBe(true);
    const whole = (await box.boundingBox())!;
    expect(whole.height).toBeGreaterThan(500);
    await shot('editor-fit-page-1440');

    await fitWidth.click();
    await expect.poll(() => fitWidth.getAttribute('aria-pressed')).toBe('true');
    // As wide as the page's box allows (less its margins): taller than the box, so it scrolls inside it.
    await expect.poll(async () => (await box.boundingBox())!.width).toBeGreaterThan(whole.width + 40);
    const inner = await viewport.evaluate((el) => ({
      width: el.clientWidth,
      scroll: el.scrollHeight,
      height: el.clientHeight,
    }));
    expect((await box.boundingBox())!.width).toBeCloseTo(inner.width - 24, -1);
    expect(inner.scroll).toBeGreaterThan(inner.height);
    await expectNoSidewaysScroll(page);

    // This browser remembers it.
    await open();
    await expect
      .poll(() => page.getByRole('button', { name: 'Fit width' }).getAttribute('aria-pressed'))
      .toBe('true');

    // − and + step from the fitted size; the size shows between them and goes to the printed size.
    await page.getByRole('button', { name: 'Fit page' }).click();
    const percent = async () =>
      Number(
        (await page
          .getByRole('group', { name: 'Zoom' })
          .getByRole('button', { name: /^Zoom \d+ %/ })
          .textContent())!.replace(/\D/g, ''),
      );
    const fitted = await percent();
    expect(fitted).toBeGreaterThan(40);
    expect(fitted).toBeLessThan(75);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(percent).toBeGreaterThan(fitted);
    await expect
      .poll(() => page.getByRole('button', { name: 'Fit page' }).getAttribute('aria-pressed'))
      .toBe('false');
    await page.getByRole('button', { name: /^Zoom \d+ %: actual size/ }).click();
    await expect.poll(percent).toBe(100);
    await page.getByRole('button', { name: 'Fit page' }).click();
    await expect.poll(percent).toBe(fitted);
  });

  it('marks the products already placed and how often, and counts placements and products apart', async () => {
    await goTo(2);
    await expectText(page.getByTestId('product-count'), '3 placements of 2 products');
    await expectText(row('Linen Shirt').getByTestId('placed-badge'), '×2Placed 2 times in this catalog');
    await expectVisible(row('Wool Scarf').getByText('Placed once in this catalog'));
    expect(await row('Cotton Tee').getByTestId('placed-badge').count()).toBe(0);
    // A screen reader hears it where the row is chosen.
    await expectVisible(
      page.getByRole('button', { name: 'Place Linen Shirt on the page (already placed 2 times)' }),
    );
    await shot('editor-products-placed-1440');
    // A click anywhere on the row places it (the row's button is for the keyboard and screen readers).
    await row('Cotton Tee').getByTestId('listing-title').click();
    await expectText(page.getByTestId('product-count'), '4 placements of 3 products');
    await expectVisible(row('Cotton Tee').getByText('Placed once in this catalog'));
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await expectText(page.getByTestId('product-count'), '3 placements of 2 products');
    expect(await row('Cotton Tee').getByTestId('placed-badge').count()).toBe(0);
    await settled();
  });
});

describe('headers and footers (issue 22 item 8)', () => {
  it('is a switch that says whether the page shows them, and turns them off and on', async () => {
    await goTo(2);
    await expect.poll(() => toolbarSwitch().getAttribute('aria-checked')).toBe('true');
    await expectVisible(canvas().locator('.cb-header'));
    await toolbarSwitch().click();
    await expect.poll(() => toolbarSwitch().getAttribute('aria-checked')).toBe('false');
    await canvas().locator('.cb-header').waitFor({ state: 'detached' });
    // The sidebar says so, and where to turn them back on.
    await expectVisible(sidebar().getByText('Hidden on this page.', { exact: false }));
    await settled();
    expect((await saved())[1]!.showHeadersFooters).toBe(false);
    await sidebar().getByRole('switch', { name: 'Show headers and footers' }).click();
    await expect.poll(() => toolbarSwitch().getAttribute('aria-checked')).toBe('true');
    await settled();
    expect((await saved())[1]!.showHeadersFooters).toBe(true);
    // A cover never shows them: there the switch is off and cannot be turned on.
    await goTo(1);
    await expect.poll(() => toolbarSwitch().getAttribute('aria-checked')).toBe('false');
    expect(await toolbarSwitch().isDisabled()).toBe(true);
    await goTo(2);
  });

  it('shows the header and footer in the sidebar, tokens as chips, and edits a footer slot with them', async () => {
    const words = (which: string) => sidebar().getByTestId(`band-${which}-words`);
    await expectText(words('header'), 'Spring sale');
    // Centre and right, in that order, each a chip (never {{CATALOG_TITLE}} or PAGE_NUMBER).
    expect(await words('footer').locator('.cb-token-chip').allTextContents()).toEqual([
      'Catalog title',
      'Page number',
    ]);
    expect(await words('footer').textContent()).not.toMatch(/CATALOG_TITLE|PAGE_NUMBER/);
    await sidebar().getByRole('button', { name: 'Edit footer' }).click();
    await expectVisible(sidebar().getByRole('heading', { name: 'Footer of page 2' }));
    // The footer's three places stay in their places: the field opens on the first with words in it.
    const place = (name: string) =>
      sidebar().getByRole('group', { name: 'Place on the page' }).getByRole('button', { name });
    await expect.poll(() => place('Centre').getAttribute('aria-pressed')).toBe('true');
    const field = sidebar().getByRole('textbox', { name: 'Footer text, Centre' });
    await expectText(field, 'Catalog title');
    expect(await field.textContent()).not.toMatch(/CATALOG_TITLE|PAGE_NUMBER/);
    expect(await field.locator('.cb-token-chip').count()).toBe(1);
    await place('Left').click();
    const left = sidebar().getByRole('textbox', { name: 'Footer text, Left' });
    await left.click();
    await page.keyboard.type('Maison Nord · ');
    // The editor has read every typed letter before the chip goes in (slow machines: see richTextState).
    await expect.poll(() => richTextState(left)).toEqual({ text: 'Maison Nord · ', selected: '' });
    await sidebar().getByRole('button', { name: 'Insert catalog title' }).click();
    await expectText(left, 'Maison Nord · Catalog title');
    await shot('editor-footer-chips-1440');
    await sidebar().getByRole('button', { name: 'Apply' }).click();
    await expectVisible(sidebar().getByText('2 other pages have a different footer.'));
    await sidebar().getByRole('button', { name: 'No' }).click();
    // On the page, as it prints: the words in their places, the title and number filled in.
    await expectText(canvas().locator('.cb-footer .cb-band-slot--left'), 'Maison Nord · First hour');
    await expectText(canvas().locator('.cb-footer .cb-band-slot--right'), '2');
    await settled();
    // Stored as before: the tokens, in the slots.
    const footer = (await saved())[1]!;
    expect(footer.footer.properties.html).toBe('');
    expect(footer.footerElements[0]).toMatch(/^Maison Nord ·(\s|&nbsp;)\{\{CATALOG_TITLE\}\}$/);
    expect(footer.footerElements.slice(1)).toEqual(['{{CATALOG_TITLE}}', 'PAGE_NUMBER']);
  });

  it('opens a header by a click on it and offers to update similar headers, with chips in the field', async () => {
    await canvas().locator('.cb-header').click();
    await expectVisible(sidebar().getByRole('heading', { name: 'Header of page 2' }));
    const field = sidebar().getByRole('textbox', { name: 'Header text' });
    // The field takes the focus once its editor is made: Ctrl+A before that selects nothing in it.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Summer sale, page ');
    await expect.poll(() => richTextState(field)).toEqual({ text: 'Summer sale, page ', selected: '' });
    await sidebar().getByRole('button', { name: 'Insert page number' }).click();
    await expectText(field, 'Summer sale, page Page number');
    await sidebar().getByRole('button', { name: 'Apply' }).click();
    await expectVisible(sidebar().getByText('1 other page has a header with the same text.'));
    await sidebar().getByRole('button', { name: 'Yes, update similar headers' }).click();
    await expectText(canvas().locator('.cb-header'), 'Summer sale, page 2');
    await settled();
    // Stored with its token, whatever markup the typing kept.
    const headers = (await saved()).map((p) =>
      p.header.properties.html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' '),
    );
    expect(headers).toEqual(['', 'Summer sale, page PAGE_NUMBER', 'Summer sale, page PAGE_NUMBER']);
    await expectNoSeriousA11yIssues(page);
    await sidebar().getByRole('button', { name: 'Back to the page' }).click();
  });
});

describe('leaving the layout edit (issue 22 item 7, SPEC §4)', () => {
  const cells = async () => (await saved())[1]!.layout.cells.length;
  const startEdit = async () => {
    await page.getByRole('button', { name: 'Edit layout' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Editing the layout of page 2' }));
    await page.getByRole('button', { name: 'Add cell' }).click();
    await expectVisible(cell(4));
    await expectText(page.locator('[data-status]'), 'Layout not saved yet');
  };
  /** No save since `from` carried the edited page (its fifth cell). */
  const sentNoEdit = (from: number) => {
    const edited = sent.slice(from).filter((s) => {
      const body = JSON.parse(s.body) as { page?: Saved; pages?: Saved[] };
      return [body.page, ...(body.pages ?? [])].some((p) => p?.layout.cells.length === 5);
    });
    expect(edited).toEqual([]);
  };

  it('Escape puts the page back, and nothing of the edit is saved', async () => {
    await goTo(2);
    const before = sent.length;
    await startEdit();
    await page.keyboard.press('Escape');
    await cell(4).waitFor({ state: 'detached' });
    await expectVisible(page.getByRole('button', { name: 'Edit layout' }));
    await settled();
    expect(await cells()).toBe(4);
    sentNoEdit(before);
    // Undo does not bring the edit back.
    expect(await page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }).isDisabled()).toBe(true);
  });

  it('another page, or another tab of the left side, puts the page back', async () => {
    const before = sent.length;
    await startEdit();
    await page.getByRole('button', { name: 'Page 3', exact: true }).click();
    await expectText(page.getByTestId('page-position'), 'Page 3 of 3');
    await goTo(2);
    expect(await cell(4).count()).toBe(0);
    await startEdit();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await cell(4).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Products' }).click();
    await settled();
    expect(await cells()).toBe(4);
    sentNoEdit(before);
  });

  it('closing the editor in the middle puts the page back for the next visit and the PDF', async () => {
    const before = sent.length;
    await startEdit();
    await page.getByRole('link', { name: '← Catalogs' }).click();
    await page.waitForURL(/\/catalogs/);
    expect(await cells()).toBe(4);
    await open();
    await goTo(2);
    expect(await cell(4).count()).toBe(0);
    sentNoEdit(before);
  });

  it('Done keeps the edit and saves it; Delete removes the chosen cell while editing', async () => {
    await startEdit();
    await cell(4).click();
    await page.keyboard.press('Delete');
    await cell(4).waitFor({ state: 'detached' });
    // Still editing: Delete took the cell, not the mode.
    await expectVisible(page.getByRole('heading', { name: 'Editing the layout of page 2' }));
    await page.getByRole('button', { name: 'Add cell' }).click();
    await expectVisible(cell(4));
    await page.getByRole('button', { name: 'Done' }).click();
    await expectVisible(page.getByRole('button', { name: 'Edit layout' }));
    await settled();
    expect(await cells()).toBe(5);
  });
});

describe('at phone width, and in French', () => {
  it('shows the whole page at fit page, 390 px wide, with no serious accessibility finding', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open();
    await goTo(2);
    await page.getByRole('button', { name: 'Fit page' }).click();
    const box = (await page.locator('.cb-editor-canvas .cb-editor-fit__box').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeLessThanOrEqual(844);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yIssues(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('editor-top-390');
    await page.locator('.cb-page-toolbar').evaluate((el) => el.scrollIntoView());
    await shot('editor-fit-page-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('says it in French: the zoom, the count of placements and the chips', async () => {
    const french = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
    try {
      await shareSession(api, french, server.url);
      const fr = await french.newPage();
      await openEditor(fr, `${server.url}/designs/${catalogId}/edit`);
      await expect
        .poll(() => fr.getByRole('button', { name: 'Page entière' }).getAttribute('aria-pressed'))
        .toBe('true');
      await expectText(fr.getByTestId('product-count'), '2 produits placés 3 fois');
      await expectVisible(fr.getByText('Placé 2 fois dans ce catalogue'));
      await fr.getByRole('button', { name: 'Page 2', exact: true }).first().click();
      const footer = fr.getByTestId('context-sidebar').getByTestId('band-footer-words');
      expect(await footer.locator('.cb-token-chip').allTextContents()).toEqual([
        'Titre du catalogue',
        'Titre du catalogue',
        'Numéro de page',
      ]);
    } finally {
      await french.close();
    }
  });
});
