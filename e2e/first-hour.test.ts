import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFonts, pdfInfo, pdfText } from '../scripts/testing/pdf-tools.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { openPage } from './support/page.ts';

/**
 * Issue 22's "Done when": a new merchant's first hour on a server started as a fresh `npm start` leaves it (no
 * Stripe, no Shopify, no ADMIN_EMAIL, so billing is off). They register, import a semicolon CSV from a French
 * spreadsheet through the column-mapping step, build a catalog with the wizard, open its online version from the
 * catalog card's menu, take an order, and download the PDF of a catalog whose title holds an emoji, printed.
 */
const EMAIL = 'premiere-heure@example.com';
const TITLE = 'Printemps 🌷 2027';
const PRODUCTS = [
  ['Chemise lin', '49,90', 'Chemises', 'chemise.png', '#c8a27a'],
  ['Chemise oxford', '59,00', 'Chemises', 'oxford.png', '#5b7db1'],
  ['Écharpe laine', '25,50', 'Accessoires', 'echarpe.png', '#aa3355'],
  ['Lampe laiton', '1.090,00', 'Maison', 'lampe.png', '#d4af37'],
] as const;
/** As a French Excel saves it: semicolons, decimal commas, its own headers, CRLF. */
const CSV = Buffer.from(
  [
    'Désignation;Prix TTC;Rayon;Visuel;Stock',
    ...PRODUCTS.map(([title, price, category, picture]) => `${title};${price};${category};${picture};12`),
    '',
  ].join('\r\n'),
);

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let catalogId = '';

beforeAll(async () => {
  // As `npm start` on its embedded defaults: BILLING unset (off without a payment provider), no ADMIN_EMAIL.
  server = await startTestServer({ BILLING: '' }, { worker: { pollMs: 100 } });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** A screenshot at 1440 and 390 px (phone height), with no sideways scroll on the phone, back at 1440. */
async function shotBoth(name: string) {
  await shot(page, `${name}-1440`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, `${name}-390`, { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("a new merchant's first hour on a fresh npm start", () => {
  it('runs with billing off and no admin, and registers a merchant with nothing to pay', async () => {
    expect(server.runtime.config.billing).toBe('off');
    expect(server.runtime.config.stripeConfigured).toBe(false);
    expect(server.runtime.config.shopifyConfigured).toBe(false);
    expect(server.runtime.config.ADMIN_EMAIL).toBeUndefined();

    await openPage(page, `${server.url}/register`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('premiere-heure-1');
    await page.getByLabel('Confirm password').fill('premiere-heure-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/registered`);
    await expectVisible(
      page.getByText('Your account has the Custom plan: every feature on this server is yours to use.'),
    );
  });

  it('imports a semicolon CSV through the column mapping, with its pictures', async () => {
    await openPage(page, `${server.url}/listings`);
    await page.getByRole('button', { name: 'Import a CSV' }).first().click();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'tarifs.csv', mimeType: 'text/csv', buffer: CSV });
    await expectVisible(page.getByText('The following columns are missing: title, price, category, image'));
    await page.getByLabel('Désignation').selectOption('title');
    await page.getByLabel('Prix TTC').selectOption('price');
    await page.getByLabel('Rayon').selectOption('category');
    await page.getByLabel('Visuel').selectOption('image');
    expect(await page.getByLabel('Stock', { exact: true }).inputValue()).toBe('stock');
    await expectNoSeriousA11yIssues(page, { label: 'column mapping' });
    await shotBoth('first-hour-mapping');
    await page.getByRole('button', { name: 'Next' }).click();

    // The pictures are files on the merchant's computer, named in the file: chosen at the next step.
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
      page.getByText('4 products read from tarifs.csv (CSV). Check them, then import them.'),
    );
    // Decimal commas and thousands dots read as the spreadsheet meant them.
    await expectVisible(page.getByRole('cell', { name: 'Lampe laiton' }));
    await expectVisible(page.getByText('$1,090.00'));
    await page.getByRole('button', { name: 'Import 4 products' }).click();
    await expectText(page.locator('#cb-listings-notice'), '4 products added');
  });

  it('builds a catalog with the wizard, which opens in the editor at fit page', async () => {
    await openPage(page, `${server.url}/catalogs`);
    await page.getByRole('button', { name: 'New catalog' }).first().click();
    const wizard = page.getByRole('dialog');
    await expectVisible(wizard.getByText('Step 1 of 3'));
    await wizard.getByLabel('Catalog', { exact: true }).check({ force: true });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Catalog title').fill(TITLE);
    await wizard.getByRole('button', { name: 'Create catalog' }).click();
    await page.waitForURL(/\/designs\/[^/]+\/edit$/);
    catalogId = /\/designs\/([^/]+)\/edit$/.exec(page.url())![1]!;
    await page.locator('.cb-editor[data-hydrated]').waitFor();
    await page.getByRole('button', { name: 'Skip tour' }).click();
    await expectVisible(page.getByRole('heading', { name: TITLE }));
    // The whole page in view at 1440 × 900.
    const fitPage = page.getByRole('button', { name: 'Fit page' });
    await expect.poll(() => fitPage.getAttribute('aria-pressed')).toBe('true');
    const box = (await page.locator('.cb-editor-canvas .cb-editor-fit__box').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
    await shotBoth('first-hour-editor-fit-page');
  });

  it("opens the online version from the catalog card's menu, once published", async () => {
    await openPage(page, `${server.url}/catalogs`);
    // The wizard's catalog is a draft (only its owner sees it) until it is published, from the same menu.
    await page.getByRole('button', { name: `More actions for ${TITLE}` }).click();
    await page.getByRole('menuitem', { name: 'Publish online' }).click();
    await expectVisible(page.getByText('Catalog published'));
    await page.getByRole('button', { name: `More actions for ${TITLE}` }).click();
    await page.getByRole('menuitem', { name: 'Online version' }).click();
    await page.waitForURL(new RegExp(`/view/${catalogId}$`));
    await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
    expect(await page.title()).toBe(TITLE);
    expect(await page.getByText('Page not found').count()).toBe(0);
  });

  it('takes an order from the online version and lists it on the orders page', async () => {
    const settings = await page.request.put(`${server.url}/api/v1/catalogs/${catalogId}/settings`, {
      data: { products_link: 'digital_orders' },
      headers: { Origin: server.url },
    });
    expect(settings.status()).toBe(200);
    const doc = (await (await page.request.get(`${server.url}/api/v1/catalogs/${catalogId}`)).json()).data;
    const lamp = doc.pages
      .flatMap(
        (p: { elements: { type: string; properties?: { id?: string; title?: string } }[] }) => p.elements,
      )
      .find((e: { properties?: { title?: string } }) => e.properties?.title === 'Lampe laiton');
    const order = await fetch(`${server.url}/api/v1/catalogs/${catalogId}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer: { name: 'Paul Durand', email: 'paul@example.com', phone: '+33 6 12 34 56 78' },
        items: [{ product_id: lamp.properties.id, quantity: 2 }],
      }),
    });
    expect(order.status).toBe(200);

    await openPage(page, `${server.url}/orders`);
    await expectVisible(page.getByText('Paul Durand').first());
    await page.getByRole('button', { name: 'Accept the order of Paul Durand' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Accept the order of Paul Durand' }).count())
      .toBe(0);
    await expectVisible(page.getByRole('link', { name: TITLE }));
    // The plan sets no limit: the count alone, never 'of 99999'; a store not on Shopify gets no Shopify column.
    await expectVisible(page.getByText('1 order this month.', { exact: true }));
    expect(await page.getByText(/of 9+ your plan allows/).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Shopify' }).count()).toBe(0);
    await expectNoSeriousA11yIssues(page, { label: 'orders page' });
    await shotBoth('first-hour-orders');
  });

  // A PDF printed by Chromium: minutes on a loaded machine.
  it('downloads the PDF, its emoji title printed in colour', { timeout: 300_000 }, async () => {
    await openPage(page, `${server.url}/preview/${catalogId}`);
    await expectVisible(page.locator('.cb-preview__page').first());
    expect(await page.locator('.cb-watermark').count()).toBe(0);
    await expectNoSeriousA11yIssues(page, { label: 'print preview' });
    await shotBoth('first-hour-preview');
    await page.getByRole('button', { name: 'Generate the PDF' }).click();
    await page.getByText('Your catalog is ready').waitFor({ timeout: 240_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download', exact: true }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    expect(pdfInfo(pdf).pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    for (const [title] of PRODUCTS) expect(text).toContain(title);
    // The emoji is printed: Chromium sets Noto Color Emoji's bitmaps as a Type 3 font (no other font of this
    // catalog is one), and the glyph keeps its character, so the title reads back whole.
    expect(pdfFonts(pdf).some((f) => f.type === 'Type 3')).toBe(true);
    expect(text.replace(/\s+/g, ' ')).toContain(TITLE);
  });
});
