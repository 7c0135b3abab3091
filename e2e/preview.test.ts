import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_WATERMARK_TEXT } from '../core/constants.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { pdfInfo, pdfText } from '../scripts/testing/pdf-tools.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { expectVisible } from './support/expect.ts';
import { openPage } from './support/page.ts';
import { signInMerchant } from './support/merchant.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let catalogId: string;
/** A store's picture server that holds its answers until the test opens the gate. */
let gate: () => void = () => {};
let gated = new Promise<void>((r) => (gate = r));
let pictures: http.Server;
let picturesUrl: string;

/** A signed-in merchant in the browser, on the trial unless `paid`; answers their id. */
const signIn = async (email: string, paid: boolean) =>
  (await signInMerchant(server, context, email, { paid })).userId;

async function makeCatalog(ownerId: string, lastPicture?: string) {
  const urls: string[] = [];
  for (let i = 0; i < 12; i++) {
    const key = `img/e2e-${ownerId.slice(0, 8)}-${i}.jpg`;
    await server.runtime.storage.put(key, await sampleProductImage(i, 800));
    urls.push(server.runtime.storage.url(key));
  }
  if (lastPicture) urls[11] = lastPicture;
  const doc = sampleCatalog({ products: 12, imageUrl: (i) => urls[i]! });
  return (await createCatalog({ db: server.runtime.db, ownerId, input: { catalog: doc } })).catalog._id;
}

beforeAll(async () => {
  const picture = await sampleProductImage(5, 600);
  pictures = http.createServer((_req, res) => void gated.then(() => res.writeHead(200).end(picture)));
  await new Promise<void>((r) => pictures.listen(0, '127.0.0.1', r));
  picturesUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}/slow.jpg`;
  // The SSRF guard lets the worker reach the local picture server only because the test says so in code.
  server = await startTestServer(
    {},
    { worker: { pollMs: 100, fetchOptions: { allowPrivateAddresses: true } } },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
});
afterAll(async () => {
  gate();
  await browser?.close();
  await server?.close();
  await new Promise((r) => pictures?.close(r));
});

describe('print preview (/preview/{catalogId})', () => {
  it('generates a PDF in the chosen page size and downloads it', async () => {
    catalogId = await makeCatalog(await signIn('preview@example.com', true));
    await page.goto(`${server.url}/preview/${catalogId}`);
    await expectVisible(page.getByRole('heading', { name: 'Print preview' }));
    await expectVisible(page.getByText('2 pages'));
    await page.getByLabel('Page size').selectOption('Letter');
    await page.getByRole('button', { name: 'Generate the PDF' }).click();
    // The job runs while the page polls it every 0.5 s; the ready message brings the download link.
    await page.getByText('Your catalog is ready').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Sample-Catalog.pdf');
    const file = path.join(server.dataDir, 'downloaded.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file);
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.widthPt).toBeCloseTo(612.3, 0);
    expect(pdfText(pdf)).toContain('Linen Shirt 1');

    // Print opens the same PDF in a new tab, shown rather than saved, for the browser's print dialog.
    const print = page.getByRole('link', { name: 'Print' });
    expect(await print.getAttribute('target')).toBe('_blank');
    const shown = await page.request.get(server.url + (await print.getAttribute('href'))!);
    expect(shown.status()).toBe(200);
    expect(shown.headers()['content-disposition']).toBe('inline; filename="Sample-Catalog.pdf"');
    expect(pdfInfo(await shown.body()).pages).toBe(2);
  });

  it('shows progress and lets the merchant stop waiting', async () => {
    // One picture comes from a store server that does not answer yet: the render waits for it.
    const slowCatalog = await makeCatalog(await signIn('slow-preview@example.com', true), picturesUrl);
    await page.goto(`${server.url}/preview/${slowCatalog}`);
    await page.getByRole('button', { name: 'Generate the PDF' }).click();
    await expectVisible(page.getByText('Your catalog will soon be ready'));
    await expectVisible(page.getByRole('status').filter({ hasText: /Rendering page \d+\/2/ }));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Your catalog will soon be ready').waitFor({ state: 'detached' });
    await expectVisible(page.getByRole('button', { name: 'Generate the PDF' }));
    gate();
    gated = Promise.resolve();
  });

  it('gives a trial account one clear message and one action, not a PDF it cannot download', async () => {
    const trialCatalog = await makeCatalog(await signIn('trial-preview@example.com', false));
    await openPage(page, `${server.url}/preview/${trialCatalog}`);
    const card = page.locator('.Polaris-Layout__Section').first();
    await expectVisible(card.getByText('Choose a plan to download your PDF'));
    await expectVisible(
      card.getByText(
        'During your free trial, every page carries a watermark and the PDF cannot be downloaded or printed.',
      ),
    );
    // One action: choosing a plan. No 'Generate the PDF' leading to 'Your catalog is ready' beside Upgrade boxes.
    const actions = card.locator('a, button');
    expect(await actions.count()).toBe(1);
    expect(await card.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/subscribe');
    expect(await page.getByRole('button', { name: 'Generate the PDF' }).count()).toBe(0);
    expect(await page.getByText('Upgrade', { exact: true }).count()).toBe(0);
    // The pages still show, watermarked, in the page size chosen.
    await page.getByLabel('Page size').selectOption('Letter');
    await expectVisible(page.locator('.cb-watermark').first());
    expect(await page.locator('.cb-watermark span').first().getAttribute('data-text')).toBe(
      TRIAL_WATERMARK_TEXT,
    );
    await expectNoSeriousA11yIssues(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'preview-trial-1440', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, 'preview-trial-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});
