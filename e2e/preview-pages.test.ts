import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PX_PER_MM } from '../core/render/index.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { registeredClient, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { shareSession } from './support/merchant.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({});
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A merchant with a 20-product catalog (a front page of 9, 9, then 2), signed in in a new browser context. */
async function merchant(email: string, opts: { paid: boolean; width?: number }) {
  const api = await registeredClient(server.url, email);
  if (opts.paid) await setUpgradeByEmail({ db: server.runtime.db, email, upgrade: true });
  const me = (await (await api.get('/api/v1/users/me')).json()) as { _id: string };
  const key = `img/preview-${me._id.slice(0, 8)}.jpg`;
  await server.runtime.storage.put(key, await sampleProductImage(3, 600));
  const doc = sampleCatalog({ products: 20, imageUrl: () => server.runtime.storage.url(key) });
  const { catalog } = await createCatalog({
    db: server.runtime.db,
    ownerId: me._id,
    input: { catalog: doc },
  });
  const context: BrowserContext = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.width ? 844 : 900 },
  });
  await shareSession(api, context, server.url);
  const page = await context.newPage();
  await page.goto(`${server.url}/preview/${catalog._id}`);
  return { page, context, catalog };
}

const pageBoxes = (page: import('playwright-core').Page) =>
  page.locator('.cb-preview__page .cb-scaled-page').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { width: Math.round(r.width), height: Math.round(r.height) };
    }),
  );

describe('/preview/{id}: the pages themselves', () => {
  it('shows a trial merchant every page, rendered, each with the watermark, zoomable and in each page size', async () => {
    const { page, context, catalog } = await merchant('trial-preview@example.com', { paid: false });
    const pages = page.locator('.cb-preview__page');
    await expectVisible(pages.first());
    expect(await pages.count()).toBe(catalog.pages.length);
    expect(await page.locator('.cb-preview__page .cb-watermark').count()).toBe(catalog.pages.length);
    await expectVisible(page.locator('.cb-preview__page').nth(2).getByText('Ceramic Vase 20'));
    // The pages are pictures of the print (aria-hidden, labelled by their number); the watermark is faint on purpose.
    await expectNoSeriousA11yIssues(page, { exclude: ['.cb-scaled-page'] });
    await shot(page, 'preview-trial-1440');

    // 100 %: the printed size of A4 in CSS px.
    await page.getByRole('button', { name: '100 %' }).click();
    await expect.poll(async () => (await pageBoxes(page))[0]!.width).toBe(Math.round(210 * PX_PER_MM));

    // Letter_booklet is a landscape page (SPEC §9: 279 × 108 mm), drawn wider than tall.
    await page.getByLabel('Page size').selectOption('Letter_booklet');
    await expect.poll(async () => (await pageBoxes(page))[0]!.width).toBe(Math.round(279 * PX_PER_MM));
    const [booklet] = await pageBoxes(page);
    expect(booklet!.height).toBe(Math.round(108 * PX_PER_MM));
    await page.getByRole('button', { name: 'Fit' }).click();
    await shot(page, 'preview-booklet-1440');
    await context.close();
  });

  it('shows a paying merchant the pages without the watermark', async () => {
    const { page, context, catalog } = await merchant('paid-preview@example.com', { paid: true });
    await expectVisible(page.locator('.cb-preview__page').first());
    expect(await page.locator('.cb-preview__page').count()).toBe(catalog.pages.length);
    expect(await page.locator('.cb-watermark').count()).toBe(0);
    await context.close();
  });

  it('fits the pages to a 390 px wide phone', async () => {
    const { page, context } = await merchant('phone-preview@example.com', { paid: false, width: 390 });
    await expectVisible(page.locator('.cb-preview__page').first());
    await expectNoSidewaysScroll(page);
    // The fit is measured once the page runs in the browser (the server draws at a default width).
    await expect.poll(async () => (await pageBoxes(page))[0]!.width).toBeLessThanOrEqual(390);
    // The pages are pictures of the print (aria-hidden, labelled by their number); the watermark is faint on purpose.
    await expectNoSeriousA11yIssues(page, { exclude: ['.cb-scaled-page'] });
    await shot(page, 'preview-390');
    await context.close();
  });
});
