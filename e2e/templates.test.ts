import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPage, makeProduct, productPage } from '../core/commands/fixtures.ts';
import { decodeSymbols, pdfText } from '../scripts/testing/pdf-tools.ts';
import { sampleEan13 } from '../scripts/testing/sample-catalog.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { openEditor } from './support/editor.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';

/**
 * Issue 25 §1 as a merchant: the editor's template panel shows the library's templates drawn on their product,
 * a new price template with [PRICE_FULL], a VARIANTS table and an EAN-13 barcode is written in the modal and applied to the
 * catalog, a public template is copied and the copy changed (the library's stays), and the PDF prints it.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let catalogId: string;
let api: Awaited<ReturnType<typeof signInMerchant>>['api'];

/** The shirt's barcode: a valid EAN-13, which the template draws and the PDF must scan back. */
const EAN = sampleEan13(7);
const shirt = makeProduct(1, {
  title: 'Linen shirt',
  price: 59,
  sku: 'LS-1',
  barcode: EAN,
  options: [{ name: 'Size', values: ['S', 'L'] }],
  variations: [
    { id: 'v1', title: 'S', sku: 'LS-1-S', price: 59, options: ['S'] },
    { id: 'v2', title: 'L', sku: 'LS-1-L', price: 64, options: ['L'] },
  ],
});

const panel = () => page.getByTestId('templates-panel');
/** The panel at the foot of the context sidebar, opened. */
async function openPanel() {
  const toggle = panel().getByRole('button', { name: 'Templates', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}
const dialog = () => page.getByRole('dialog');
type CaretState = { selection: { to: number }; doc: { content: { size: number } } };
/** Writes the template in its HTML view, as a merchant who knows HTML does, and goes back to the text. */
const writeTemplate = async (html: string) => {
  await dialog().getByRole('button', { name: 'HTML' }).click();
  await dialog().getByRole('textbox', { name: 'Template (HTML)' }).fill(html);
  await dialog().getByRole('button', { name: 'Back to text' }).click();
};
/** The template as its HTML view shows it (as stored), back to the text after. */
const storedTemplate = async () => {
  await dialog().getByRole('button', { name: 'HTML' }).click();
  const value = await dialog().getByRole('textbox', { name: 'Template (HTML)' }).inputValue();
  await dialog().getByRole('button', { name: 'Back to text' }).click();
  return value;
};
const caption = () => page.getByTestId('cell-0').locator('.cb-caption');

beforeAll(async () => {
  server = await startTestServer({});
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  ({ api } = await signInMerchant(server, context, 'templates-e2e@example.com'));
  const res = await api.post('/api/v1/catalogs', {
    catalog: {
      title: 'Templates',
      pages: [coverPage(), productPage('a', [shirt, makeProduct(2, { title: 'Tote' })])],
    },
  });
  expect(res.ok).toBe(true);
  catalogId = (await res.json()).data._id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the template panel', () => {
  it('shows the library’s templates drawn on a product of the catalog', async () => {
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    await page.getByRole('button', { name: 'Page 2', exact: true }).first().click();
    await openPanel();
    const cards = panel().getByTestId('template-card');
    await expectVisible(cards.filter({ hasText: 'Title, SKU and price' }));
    // Drawn, not named: the card holds the product's own caption as the page prints it.
    await expectText(
      cards.filter({ hasText: 'Title, SKU and price' }).locator('.cb-caption'),
      'Linen shirtSKU: LS-1$59.00',
    );
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'templates-panel-1440', { fullPage: false });
  });

  it('creates a price template with [PRICE_FULL], a VARIANTS table and an EAN-13 barcode, and applies it to the catalog', async () => {
    await panel().getByRole('button', { name: 'New template' }).click();
    await dialog().getByLabel('Title', { exact: true }).fill('Wholesale sizes');
    const html = dialog().getByRole('textbox', { name: 'Template', exact: true });
    await writeTemplate('<h6>[TITLE]</h6><p>From [PRICE_FULL]</p>');
    await expect
      .poll(() => html.locator('.cb-token-chip').allTextContents())
      .toEqual(['Title', 'Price with currency']);
    // A token written wrongly is marked in place, and saving says so.
    await writeTemplate('<h6>[TITEL]</h6><p>From [PRICE_FULL]</p>');
    await expect
      .poll(() => dialog().locator('mark.cb-template-field__problem').allTextContents())
      .toEqual(['[TITEL]']);
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await expectText(dialog().getByTestId('template-error'), 'Fix the marked tokens before saving.');
    await writeTemplate('<h6>[TITLE]</h6><p>From [PRICE_FULL]</p>[BARCODE(EAN13)]');
    await html.click();
    await page.keyboard.press('Control+End');
    // The editor has the caret at the end (ProseMirror reads the move after the page shows it).
    await expect
      .poll(() =>
        html.evaluate((el) => {
          const { state } = (el as HTMLElement & { editor: { state: CaretState } }).editor;
          return state.selection.to >= state.doc.content.size - 1;
        }),
      )
      .toBe(true);
    await dialog().getByRole('button', { name: 'Insert variants block' }).click();
    // The block goes in as one chip, named, on a line of its own; stored as written.
    await expectText(
      html.locator('.cb-token-chip--block').last(),
      'Variants table: options, SKU, Price with currency (with headers)',
    );
    expect(await storedTemplate()).toBe(
      '<h6>[TITLE]</h6><p>From [PRICE_FULL]</p>[BARCODE(EAN13)][VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE_FULL)]',
    );
    // The preview draws it on the product: the variations' table is there.
    await expectVisible(dialog().locator('.cb-template-form__preview .cb-caption').getByText('LS-1-L'));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'templates-modal-1440', { fullPage: false });
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });

    // Saved as the merchant's own and applied to the catalog's captions.
    await expectVisible(caption().getByText('From $59.00'));
    await expectVisible(caption().getByText('LS-1-L'));
    await expectVisible(caption().locator(`svg[aria-label^="EAN-13"]`));
    const mine = (await (await api.get('/api/v1/pricetemplates')).json()).data as {
      title: string;
      owner: string | null;
    }[];
    expect(mine.find((t) => t.title === 'Wholesale sizes')?.owner).toBeTruthy();
  });

  it('copies a public template and changes the copy, leaving the library’s as it was', async () => {
    const library = panel().getByTestId('template-card').filter({ hasText: 'Title, SKU and price' });
    await library.getByRole('button', { name: 'Copy: Title, SKU and price' }).click();
    await expectVisible(dialog().getByText('Copy of “Title, SKU and price”'));
    await dialog().getByLabel('Title', { exact: true }).fill('My SKU caption');
    await writeTemplate('<h6>[TITLE]</h6><p>Ref. [SKU] at [PRICE_FULL]</p>');
    await dialog().getByRole('button', { name: 'Save my copy' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expectText(caption(), 'Linen shirtRef. LS-1 at $59.00');
    const list = (await (await api.get('/api/v1/pricetemplates')).json()).data as {
      _id: string;
      title: string;
      html: string;
    }[];
    expect(list.find((t) => t._id === 'default-title-sku-price')?.html).toBe(
      '<h6>[TITLE]</h6><p>SKU: [SKU]</p><p class="price">[PRICE_FULL]</p>',
    );
    expect(list.find((t) => t.title === 'My SKU caption')).toBeTruthy();
  });

  it('applies the VARIANTS template again and the PDF prints it', async () => {
    const card = panel().getByTestId('template-card').filter({ hasText: 'Wholesale sizes' });
    await card.getByRole('button', { name: 'Apply: Wholesale sizes' }).click();
    await expectVisible(caption().getByText('From $59.00'));
    await page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });

    await page.goto(`${server.url}/preview/${catalogId}`);
    await page.getByRole('button', { name: 'Generate the PDF' }).click();
    await page.getByText('Your catalog is ready').waitFor({ timeout: 90_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    const file = path.join(server.dataDir, 'templates.pdf');
    await download.saveAs(file);
    const text = pdfText(readFileSync(file));
    expect(text).toContain('From $59.00');
    expect(text).toContain('LS-1-S');
    expect(text).toContain('LS-1-L');
    expect(text).toContain('$64.00');
    // The barcode is a real one: a scanner reads the shirt's EAN-13 off the printed page.
    expect(decodeSymbols(readFileSync(file), { first: 2, last: 2 })).toContain(`EAN-13:${EAN}`);
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    await openPanel();
    await expectVisible(panel().getByTestId('template-card').first());
    await expectNoSidewaysScroll(page);
    await shot(page, 'templates-panel-390', { fullPage: false });
    await panel().getByRole('button', { name: 'New template' }).click();
    await expectVisible(dialog().getByLabel('Title', { exact: true }));
    await shot(page, 'templates-modal-390', { fullPage: false });
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
