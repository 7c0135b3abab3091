import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipEditorTour } from './support/editor.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { shareSession } from './support/merchant.ts';
import { hydrated, openPage } from './support/page.ts';

/**
 * Issue 22 item 1: every link from the app to a catalog's online version (the catalog card's menu, the editor,
 * the print preview, the dashboard, the orders page) loads the viewer at /view/{slug or id} (SPEC §2.2), never
 * the app router's 'Page not found'.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shop: Published;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, {
    email: 'online@example.com',
    plan: 'BUSINESS',
    products: 3,
    settings: { products_link: 'digital_orders' },
  });
  await skipEditorTour(server.runtime.db, 'online@example.com');
  const slug = await shop.client.put(`/api/v1/catalogs/${shop.catalogId}/slug`, { slug: 'spring-line' });
  expect(slug.status).toBe(200);
  // A buyer's order, so the orders page lists the catalog it came from.
  const order = await fetch(`${server.url}/api/v1/catalogs/${shop.catalogId}/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      customer: { name: 'Ana', email: 'ana@example.com' },
      items: [{ product_id: 'p0', quantity: 2 }],
    }),
  });
  expect(order.status).toBe(200);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await shareSession(shop.client, context, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** The viewer itself answered: its address, its document title, its first page drawn. */
async function expectViewer(on: Page = page) {
  await on.waitForURL(`${server.url}/view/spring-line`);
  await expectVisible(on.locator('.vw-page[data-page="1"] .cb-page'));
  await expectVisible(on.getByRole('toolbar').first());
  expect(await on.title()).toBe('Spring Line');
  expect(await on.getByText('Page not found').count()).toBe(0);
}

describe('the online version, from every screen that offers it', () => {
  it("opens from the catalog card's menu", async () => {
    await openPage(page, `${server.url}/catalogs`);
    await page.getByRole('button', { name: 'More actions for Spring Line' }).click();
    await page.getByRole('menuitem', { name: 'Online version' }).click();
    await expectViewer();
  });

  it("opens from the editor's Online version popover, in a tab of its own", async () => {
    await openPage(page, `${server.url}/designs/${shop.catalogId}/edit`);
    await page.getByRole('button', { name: 'Online version' }).click();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Open the online version' }).click(),
    ]);
    try {
      await expectViewer(tab);
    } finally {
      await tab.close();
    }
  });

  it('opens from the print preview', async () => {
    await openPage(page, `${server.url}/preview/${shop.catalogId}`);
    await page.getByRole('link', { name: 'Online version' }).click();
    await expectViewer();
  });

  it('opens from the dashboard', async () => {
    await openPage(page, `${server.url}/dashboard`);
    await page.getByRole('link', { name: 'Online version' }).click();
    await expectViewer();
  });

  it("opens from the orders page, on the order's catalog", async () => {
    await openPage(page, `${server.url}/orders`);
    await page.getByRole('link', { name: 'Spring Line' }).click();
    await expectViewer();
  });

  it('opens after moving between app pages without reloading (the router never takes the link over)', async () => {
    // Reached by the router from another page, the card's link is still a document navigation.
    await openPage(page, `${server.url}/dashboard`);
    await page.getByRole('link', { name: 'My catalogs' }).first().click();
    await page.waitForURL(`${server.url}/catalogs`);
    await hydrated(page);
    await page.getByRole('button', { name: 'More actions for Spring Line' }).click();
    await page.getByRole('menuitem', { name: 'Online version' }).click();
    await expectViewer();
  });
});
