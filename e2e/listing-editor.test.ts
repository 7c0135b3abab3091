import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createProductElement, getDefaultLayout } from '../core/layouts/index.ts';
import { ProductSchema } from '../core/model/index.ts';
import { pdfPagePng, pdfText } from '../scripts/testing/pdf-tools.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { openEditor } from './support/editor.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { registerMerchant, shareSession } from './support/merchant.ts';

/*
 * Issue 25 §2 and §3 in Chromium: a product's listing edited from the page (the catalog follows), its picture
 * cropped in the image editor overlay and flagged when too small for print, and the exported PDF showing both.
 */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Awaited<ReturnType<typeof registerMerchant>>['api'];
let catalogId: string;
let listingId: string;

type SavedElement = {
  size: unknown;
  zoom?: number;
  position: { xpos: number; ypos: number };
  properties: any;
};
const savedElement = async (): Promise<SavedElement> =>
  (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data.pages[0].elements[0];
const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
const sidebar = () => page.getByTestId('context-sidebar');
/** The products panel's price of the one listing. */
const panelPrice = () => page.getByTestId('listing-price');

/** A 400×200 picture: its left half red, its right half blue (the crop keeps the red half only). */
const halves = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } },
        left: 200,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

/** How many pixels of a PNG are clearly red, and clearly blue. */
async function redAndBlue(png: Buffer): Promise<{ red: number; blue: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  let blue = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r > 200 && g < 60 && b < 60) red++;
    if (b > 200 && r < 60 && g < 60) blue++;
  }
  return { red, blue };
}

async function exportPdf(): Promise<Buffer> {
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
  return Buffer.from(await (await api.get(`/api/v1/catalogs/${catalogId}/download`)).arrayBuffer());
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ api } = await registerMerchant(server, 'listing-editor@example.com'));
  const uploaded = await api.upload(
    '/api/v1/files',
    [{ field: 'files', name: 'halves.png', body: await halves(), type: 'image/png' }],
    { filetype: 'image' },
  );
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const picture = (uploaded.body as any).data[0].url as string;
  const created = await api.post('/api/v1/listings', {
    title: 'Linen Shirt',
    description: '<p>Washed linen</p>',
    price: 40,
    sku: 'LIN-1',
    main_image: picture,
    images: [{ original: picture }],
  });
  if (created.status !== 201) throw new Error(`listing: ${created.status} ${await created.text()}`);
  const listing = await created.json();
  listingId = listing.id;
  const first = createPage({ layout: getDefaultLayout('products', 4) });
  first.elements[0] = createProductElement('shirt', ProductSchema.parse({ ...listing, source: 'own' }));
  const res = await api.post('/api/v1/catalogs', { catalog: { title: 'Summer line', pages: [first] } });
  if (res.status !== 200) throw new Error(`catalog: ${res.status} ${await res.text()}`);
  catalogId = (await res.json()).data._id;
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await shareSession(api, context, server.url);
  page = await context.newPage();
  await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the listing editor inside the catalog', () => {
  it('edits the title and price from the page, and the catalog and the listing follow', async () => {
    await page.getByTestId('cell-0').click();
    await expectVisible(sidebar().getByRole('heading', { name: 'Linen Shirt' }));
    await sidebar().getByRole('button', { name: 'Edit product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Linen Shirt' });
    await expectVisible(dialog.getByLabel('Title'));
    // The description is rich text, not HTML source.
    await expectText(dialog.getByTestId('rich-text'), 'Washed linen');
    await expectVisible(dialog.getByRole('radio', { name: 'Main picture' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'listing-editor-1440');
    await dialog.getByLabel('Title').fill('Linen Shirt Deluxe');
    await dialog.getByLabel('Sale price').fill('35');
    await dialog.getByLabel('Sale price').press('Tab');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Product saved: the catalog shows the changes'));
    await expectVisible(sidebar().getByRole('heading', { name: 'Linen Shirt Deluxe' }));
    await expect.poll(() => page.getByTestId('cell-0').textContent()).toContain('Linen Shirt Deluxe');
    await expect.poll(() => page.getByTestId('cell-0').textContent()).toContain('$35.00');
    // The products panel follows too, without a reload.
    await expect.poll(() => panelPrice().textContent()).toBe('$35.00');
    await settled();
    expect((await savedElement()).properties).toMatchObject({ title: 'Linen Shirt Deluxe', price: 35 });
    const listing = await (await api.get(`/api/v1/listings/${listingId}`)).json();
    expect(listing).toMatchObject({ title: 'Linen Shirt Deluxe', price: 35 });
  });

  it('edits the price from the products panel, and the panel and the page show it at once', async () => {
    await page.getByRole('button', { name: 'Edit Linen Shirt Deluxe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Linen Shirt Deluxe' });
    await dialog.getByLabel('Sale price').fill('30');
    await dialog.getByLabel('Sale price').press('Tab');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Product saved: the catalog shows the changes'));
    await expect.poll(() => panelPrice().textContent()).toBe('$30.00');
    await expect.poll(() => page.getByTestId('cell-0').textContent()).toContain('$30.00');
    // Editing is not placing: the product is on the page once, as before.
    expect(await page.getByTestId('placed-badge').textContent()).toContain('×1');
    await settled();
    expect((await savedElement()).properties).toMatchObject({ title: 'Linen Shirt Deluxe', price: 30 });
    expect((await (await api.get(`/api/v1/listings/${listingId}`)).json()).price).toBe(30);
    await shot(page, 'listing-panel-edit-1440');
  });

  it('refuses a price that is not one, where it is typed', async () => {
    await sidebar().getByRole('button', { name: 'Edit product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Linen Shirt Deluxe' });
    await dialog.getByLabel('Sale price').fill('cheap');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(dialog.getByText('Enter a price such as 12.50'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await (await api.get(`/api/v1/listings/${listingId}`)).json()).price).toBe(30);
  });
});

describe('pictures on the page', () => {
  it('crops the picture in the image editor overlay and flags it when too small for print', async () => {
    const resolution = sidebar().getByTestId('print-resolution');
    await expect.poll(() => resolution.textContent()).toContain('dpi at its placed size');
    const before = Number(await resolution.getAttribute('data-dpi'));
    await sidebar().getByRole('button', { name: 'Crop and place the picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crop and place the picture' });
    await dialog.getByLabel('Fit').selectOption('cover');
    await dialog.getByLabel('Zoom (crop)').fill('2');
    await dialog.getByLabel('Horizontal position').fill('0');
    await expectVisible(dialog.getByTestId('image-editor-preview').locator('img.cb-img--cover'));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'image-editor-1440');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await settled();
    expect(await savedElement()).toMatchObject({ size: 'cover', zoom: 2, position: { xpos: 0, ypos: 50 } });
    // Enlarged twice over a cell it already filled: the resolution falls, and print would suffer.
    await expect.poll(async () => Number(await resolution.getAttribute('data-dpi'))).toBeLessThan(before);
    await expect.poll(() => resolution.textContent()).toContain('Too small for print');
    await shot(page, 'picture-tools-1440');
  });

  it('limits the extra pictures by the catalog’s images style in Branding', async () => {
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Pictures style' }));
    await expectVisible(page.getByText('up to 4 here'));
    const rows = page.getByLabel('Rows of other pictures');
    await rows.fill('2');
    await rows.press('Tab');
    await expectVisible(page.getByText('up to 8 here'));
    await settled();
    const doc = (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data;
    expect(doc.default_images_style).toMatchObject({ max_rows: 2, max_columns: 4 });
  });

  it('exports a PDF with the new title and price and the cropped picture', async () => {
    const pdf = await exportPdf();
    const text = pdfText(pdf);
    expect(text).toContain('Linen Shirt Deluxe');
    // The price as last edited (from the products panel).
    expect(text).toContain('$30.00');
    const png = pdfPagePng(pdf, { dpi: 50 });
    if (process.env.SCREENSHOTS_DIR)
      writeFileSync(path.join(process.env.SCREENSHOTS_DIR, 'listing-pdf.png'), png);
    const colours = await redAndBlue(png);
    // Only the picture's left (red) half shows in its cell: the blue half is cropped away.
    expect(colours.red).toBeGreaterThan(500);
    expect(colours.blue).toBe(0);
  });

  it('fits a phone (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('.cb-editor[data-hydrated]').waitFor();
    await page.getByTestId('cell-0').click();
    await expectVisible(sidebar().getByRole('button', { name: 'Edit product' }));
    await expectVisible(page.getByRole('button', { name: 'Edit Linen Shirt Deluxe' }));
    await expectNoSidewaysScroll(page);
    await shot(page, 'listing-panel-390');
    await sidebar().getByRole('button', { name: 'Edit product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Linen Shirt Deluxe' });
    await expectVisible(dialog.getByLabel('Title'));
    await shot(page, 'listing-editor-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await sidebar().getByRole('button', { name: 'Crop and place the picture' }).click();
    const crop = page.getByRole('dialog', { name: 'Crop and place the picture' });
    await expectVisible(crop.getByLabel('Zoom (crop)'));
    await expectNoSidewaysScroll(page);
    await shot(page, 'image-editor-390');
    await expectNoSeriousA11yIssues(page);
    await crop.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
