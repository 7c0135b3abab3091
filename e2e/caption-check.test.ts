import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPage, makeProduct, productPage } from '../core/commands/fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { openEditor } from './support/editor.ts';
import { signInMerchant } from './support/merchant.ts';

/**
 * Issue 22 item 12: caption tokens are checked where they are typed (an unknown token underlined with a
 * suggestion) and never print as typed, in the editor or the online catalog; [STOCK] of an untracked product
 * prints nothing and takes its words with it.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let catalogId: string;

const CAPTION = '<h6>[TITLE]</h6><p>[PRICE_FULL] · [STOCK] in stock</p>';
const sidebar = () => page.getByTestId('context-sidebar');
const caption = (cell: number) => page.getByTestId(`cell-${cell}`).locator('.cb-caption');
const template = () => sidebar().getByRole('textbox', { name: 'Caption template' });
/** The caption as its HTML view shows it (the template as stored), back to the text after. */
const storedCaption = async () => {
  await sidebar().getByRole('button', { name: 'HTML' }).click();
  const value = await sidebar().getByRole('textbox', { name: 'Caption template (HTML)' }).inputValue();
  await sidebar().getByRole('button', { name: 'Back to text' }).click();
  return value;
};
/** Writes the caption in its HTML view, as a merchant who knows HTML does, and goes back to the text. */
const writeCaption = async (html: string) => {
  await sidebar().getByRole('button', { name: 'HTML' }).click();
  await sidebar().getByRole('textbox', { name: 'Caption template (HTML)' }).fill(html);
  await sidebar().getByRole('button', { name: 'Back to text' }).click();
};

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  const { api } = await signInMerchant(server, context, 'captions@example.com');
  const pages = [
    coverPage(),
    productPage('a', [
      // The store does not track the tote's stock; it tracks the mug's.
      makeProduct(1, { title: 'Tote', price: 12, stock: null }),
      makeProduct(2, { title: 'Mug', price: 9, stock: 8 }),
    ]),
  ];
  const res = await api.post('/api/v1/catalogs', {
    catalog: { title: 'Checked', priceTemplate: CAPTION, pages },
  });
  expect(res.ok).toBe(true);
  catalogId = (await res.json()).data._id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('caption tokens', () => {
  it('leave out the stock of an untracked product with its words: no "· in stock"', async () => {
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    await page.getByRole('button', { name: 'Page 2', exact: true }).first().click();
    await expectText(caption(0), 'Tote$12.00');
    await expectText(caption(1), 'Mug$9.00 · 8 in stock');
  });

  it('are underlined where typed when unknown, with a suggestion one click away', async () => {
    await page.getByTestId('cell-0').click();
    await expect.poll(() => template().locator('.cb-token-chip').count()).toBe(3);
    expect(await storedCaption()).toBe(CAPTION);
    await writeCaption('<h6>[TITEL]</h6><p>[PRICE_FULL] · [STOKC] in stock [COLOUR]</p>');
    const marks = template().locator('mark.cb-template-field__problem');
    await expect.poll(() => marks.allTextContents()).toEqual(['[TITEL]', '[STOKC]', '[COLOUR]']);
    expect(await template().getAttribute('aria-invalid')).toBe('true');
    const problems = sidebar().getByRole('list', { name: 'Tokens to fix' });
    await expectVisible(
      problems.getByText('[TITEL] is not a token: it prints nothing. Did you mean [TITLE]?', { exact: true }),
    );
    await expectVisible(problems.getByText('[COLOUR] is not a token: it prints nothing.', { exact: true }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'caption-check-1440', { fullPage: false });

    await problems.getByRole('button', { name: 'Use [TITLE]' }).click();
    await problems.getByRole('button', { name: 'Use [STOCK]' }).click();
    await expect.poll(() => marks.allTextContents()).toEqual(['[COLOUR]']);
    expect(await storedCaption()).toBe('<h6>[TITLE]</h6><p>[PRICE_FULL] · [STOCK] in stock [COLOUR]</p>');
  });

  it('never print an unknown token as typed: not in the editor, not online', async () => {
    await writeCaption('<h6>[TITLE] [COLOUR]</h6><p>[PRICE_FULL] · [STOCK] in stock</p>');
    await sidebar().getByRole('button', { name: 'Apply caption' }).click();
    await expectText(caption(0), 'Tote $12.00');
    expect(await caption(0).textContent()).not.toContain('[COLOUR]');
    await page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });

    // The online catalog draws the same pages on the server, as the PDF does.
    await page.goto(`${server.url}/view/${catalogId}`);
    const products = page.locator('.vw-page[data-page="2"]');
    await products.locator('.cb-caption').first().waitFor({ state: 'attached' });
    const text = await products.first().textContent();
    expect(text).toContain('Tote');
    expect(text).not.toContain('[COLOUR]');
    expect(text).not.toMatch(/\$12\.00\s*·\s*in stock/);
    expect(text).toContain('8 in stock');
  });

  it('has no sideways scroll at 390 px with a problem listed', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    await page.getByRole('button', { name: 'Page 2', exact: true }).first().click();
    await page.getByTestId('cell-0').click();
    await writeCaption('<h6>[TITLE]</h6><p>[PRICEE]</p>');
    await expectVisible(sidebar().getByRole('button', { name: 'Use [PRICE]' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await template().scrollIntoViewIfNeeded();
    await shot(page, 'caption-check-390', { fullPage: false });
    // Markup the text cannot show (a table) keeps the caption in its HTML view, said so, nothing of it lost.
    const table = '<h6>[TITLE]</h6><table><tbody><tr><td>[SKU]</td></tr></tbody></table>';
    await sidebar().getByRole('button', { name: 'HTML' }).click();
    const html = sidebar().getByRole('textbox', { name: 'Caption template (HTML)' });
    await html.fill(table);
    await sidebar().getByRole('button', { name: 'Back to text' }).click();
    await expectVisible(
      sidebar().getByText('Part of this HTML (such as a table) cannot be shown as text', { exact: false }),
    );
    expect(await html.inputValue()).toBe(table);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
