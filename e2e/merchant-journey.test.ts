import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeStripe } from '../scripts/testing/fake-stripe.ts';
import { pdfInfo, pdfText } from '../scripts/testing/pdf-tools.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';

/**
 * Issue 13's "Done when", as one merchant does it in the system Chromium: register, import a CSV with pictures
 * from their computer, create a catalog with the wizard, drag a product into a cell, add and move pages, change a
 * layout, add a table of contents, undo and redo, reload and find the same catalog, see the pages in the print
 * preview, upgrade through Stripe (the local server that speaks its API), and export a PDF whose text holds the
 * products the editor shows.
 */
const EMAIL = 'journey@example.com';
const PRODUCTS = [
  ['Linen Shirt', '49', 'Shirts', 'linen.png', '#c8a27a'],
  ['Oxford Shirt', '59', 'Shirts', 'oxford.png', '#5b7db1'],
  ['Wool Scarf', '25', 'Accessories', 'scarf.png', '#aa3355'],
  ['Brass Lamp', '90', 'Home', 'lamp.png', '#d4af37'],
] as const;
const CSV = ['title,price,category,image', ...PRODUCTS.map((p) => p.slice(0, 4).join(','))].join('\n');

let server: TestServer;
let browser: Browser;
let page: Page;
const stripe = new FakeStripe();

beforeAll(async () => {
  await stripe.start();
  server = await startTestServer(stripe.env(), { worker: { pollMs: 100 } });
  stripe.webhookUrl = `${server.url}/webhooks/stripe`;
  browser = await launchBrowser();
  page = await (
    await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })
  ).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripe.stop();
});

/** Every change saved (the top bar's status). */
const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
const position = () => page.getByTestId('page-position');

type Doc = {
  title: string;
  pages: {
    kind: string;
    layout: { cells: unknown[] };
    elements: { type: string; properties?: { title?: string } }[];
  }[];
};

it('goes from a new account to a paid PDF that matches the editor', async () => {
  // Register.
  await page.goto(`${server.url}/register`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill('journey-password');
  await page.getByLabel('Confirm password').fill('journey-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${server.url}/registered`);

  // Import the CSV; its pictures are files on the merchant's computer, chosen at the second step.
  await page.goto(`${server.url}/listings`);
  await page.getByRole('button', { name: 'Import a CSV' }).first().click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await expectVisible(page.getByText('To upload', { exact: true }));
  const pictures = await Promise.all(
    PRODUCTS.map(async ([, , , name, color]) => ({
      name,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
        .png()
        .toBuffer(),
    })),
  );
  await page.locator('input[type=file]').setInputFiles(pictures);
  await expect.poll(() => page.getByText('Uploaded', { exact: true }).count()).toBe(PRODUCTS.length);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectVisible(
    page.getByText('4 products read from products.csv (CSV). Check them, then import them.'),
  );
  await page.getByRole('button', { name: 'Import 4 products' }).click();
  await expectText(page.locator('#cb-listings-notice'), '4 products added');

  // Create a catalog with the wizard; it opens in the editor.
  await page.goto(`${server.url}/catalogs`);
  await page.getByRole('button', { name: 'New catalog' }).first().click();
  const wizard = page.getByRole('dialog');
  await expectVisible(wizard.getByText('Step 1 of 3'));
  await wizard.getByLabel('Catalog', { exact: true }).check({ force: true });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Catalog title').fill('Spring 2027');
  await wizard.getByRole('button', { name: 'Create catalog' }).click();
  await page.waitForURL(/\/designs\/[^/]+\/edit$/);
  const catalogId = /\/designs\/([^/]+)\/edit$/.exec(page.url())![1]!;
  const saved = async (): Promise<Doc> =>
    (await (await page.request.get(`${server.url}/api/v1/catalogs/${catalogId}`)).json()).data;
  await page.locator('.cb-editor[data-hydrated]').waitFor();
  // The first visit shows the tour; this merchant skips it.
  await page.getByRole('button', { name: 'Skip tour' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Spring 2027' }));
  const built = (await saved()).pages.length;
  await expectText(position(), `Page 1 of ${built}`);

  // Add a page of four products after the first, and drag a product into its first cell.
  await page.getByRole('button', { name: 'Add page' }).click();
  await page.getByRole('menuitem', { name: /^4 products per page/ }).click();
  await expectText(position(), `Page 2 of ${built + 1}`);
  await page
    .locator('[data-listing-id]')
    .filter({ hasText: 'Brass Lamp' })
    .dragTo(page.getByTestId('cell-0'));
  await expectVisible(page.getByRole('button', { name: 'Cell 1: product Brass Lamp' }));
  await settled();
  expect((await saved()).pages[1]!.elements[0]!.properties?.title).toBe('Brass Lamp');

  // Move it down a page and back up; change its layout to two products (the lamp fits and stays).
  await page.getByRole('button', { name: 'Move down' }).click();
  await expectText(position(), `Page 3 of ${built + 1}`);
  await page.getByRole('button', { name: 'Move up' }).click();
  await expectText(position(), `Page 2 of ${built + 1}`);
  await page.getByRole('button', { name: 'Change layout' }).click();
  await page.getByRole('menuitem', { name: /^2 products per page/ }).click();
  await settled();
  let doc = await saved();
  expect(doc.pages[1]!.layout.cells).toHaveLength(2);
  expect(doc.pages[1]!.elements[0]!.properties?.title).toBe('Brass Lamp');

  // A table of contents after the cover.
  await page.getByRole('button', { name: 'Page 1', exact: true }).click();
  await page.getByRole('button', { name: 'Add a special page' }).click();
  await page.getByRole('menuitem', { name: 'Table of contents' }).click();
  await expectText(position(), `Page 2 of ${built + 2}`);
  await settled();
  expect((await saved()).pages[1]!.kind).toBe('table_of_contents');
  await shot(page, 'journey-editor-1440', { fullPage: false });

  // Undo takes the contents page back, redo puts it again: each step saved.
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect.poll(() => position().innerText()).toMatch(new RegExp(`of ${built + 1}$`));
  await settled();
  // The wizard's own contents page (all categories: a section each) stays; the one added is gone.
  expect((await saved()).pages.filter((p) => p.kind === 'table_of_contents')).toHaveLength(1);
  await page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }).click();
  await expect.poll(() => position().innerText()).toMatch(new RegExp(`of ${built + 2}$`));
  await settled();
  doc = await saved();
  expect(doc.pages[1]!.kind).toBe('table_of_contents');

  // Reload, then find the same catalog from the catalogs page.
  await page.reload();
  await page.locator('.cb-editor[data-hydrated]').waitFor();
  await expectText(position(), `Page 1 of ${built + 2}`);
  await page.goto(`${server.url}/catalogs`);
  const card = page.locator('.cb-catalog-card', { hasText: 'Spring 2027' });
  await expectVisible(card);
  await card.getByRole('link', { name: 'Open Spring 2027' }).click();
  await page.waitForURL(`${server.url}/designs/${catalogId}/edit`);
  await page.getByRole('button', { name: 'Page 3', exact: true }).click();
  await expectVisible(page.getByRole('button', { name: 'Cell 1: product Brass Lamp' }));
  expect(await saved()).toEqual(doc);

  // What the editor shows: the products of every page, read from its own screen page by page.
  const shown = new Set<string>();
  for (let i = 1; i <= doc.pages.length; i++) {
    await page.getByRole('button', { name: `Page ${i}`, exact: true }).click();
    await expectText(position(), `Page ${i} of ${doc.pages.length}`);
    for (const name of await page
      .getByRole('button', { name: /^Cell \d+: product / })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')))
      shown.add(name.replace(/^Cell \d+: product /, ''));
  }
  const editorProducts = PRODUCTS.map(([title]) => title).filter((t) => shown.has(t));
  expect(editorProducts).toEqual(PRODUCTS.map(([title]) => title));

  // The print preview shows every page, watermarked on the trial.
  await page.goto(`${server.url}/preview/${catalogId}`);
  await expectVisible(page.locator('.cb-preview__page').first());
  expect(await page.locator('.cb-preview__page').count()).toBe(doc.pages.length);
  expect(await page.locator('.cb-preview__page .cb-watermark').count()).toBe(doc.pages.length);
  await expectVisible(page.locator('.cb-preview__page').getByText('Brass Lamp').first());
  // The contents page lists every section a reader meets, at its first page: the lamp's page starts Home; the
  // wizard laid all categories out a section each, A–Z (its own contents page is 4): Accessories, Home (met
  // already), Shirts.
  const contents = page.locator('.cb-preview__page').nth(1).locator('.cb-toc-row');
  expect(
    await contents.evaluateAll((rows) =>
      rows.map((r) => [
        r.querySelector('.cb-leader-label')?.textContent,
        r.querySelector('.cb-leader-page')?.textContent,
      ]),
    ),
  ).toEqual([
    ['Home', '3'],
    ['Accessories', '5'],
    ['Shirts', '7'],
  ]);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'journey-preview-trial-1440', { fullPage: false });

  // Upgrade: the Business plan paid on the local Stripe.
  await page.goto(`${server.url}/pricing`);
  await page.getByRole('button', { name: 'Monthly' }).click();
  await page.getByRole('button', { name: 'Choose Business' }).click();
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await page.waitForURL(new RegExp(`^${stripe.url}/checkout/`));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/thank-you\?planId=BUSINESS/);
  await expectVisible(page.getByText('Your Business plan is active.', { exact: false }));

  // Export the PDF: no watermark now, and its text holds the editor's products.
  await page.goto(`${server.url}/preview/${catalogId}`);
  await expectVisible(page.locator('.cb-preview__page').first());
  expect(await page.locator('.cb-watermark').count()).toBe(0);
  await page.getByRole('button', { name: 'Generate the PDF' }).click();
  await page.getByText('Your catalog is ready').waitFor({ timeout: 90_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download', exact: true }).click(),
  ]);
  const pdf = readFileSync((await download.path())!);
  expect(pdfInfo(pdf).pages).toBe(doc.pages.length);
  const text = pdfText(pdf).replace(/\s+/g, ' ');
  for (const title of editorProducts) expect(text).toContain(title);
  expect(text).toContain('Spring 2027');
  // The lamp the merchant dragged is on the page they put it on (the contents page is 2, the lamp's page 3).
  expect(pdfText(pdf, { first: 3, last: 3 })).toContain('Brass Lamp');
  await shot(page, 'journey-preview-paid-1440', { fullPage: false });
});
