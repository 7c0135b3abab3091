import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';

/** Issue 11 §2: the query options of a catalog's address, `showSharing`, `nonav` and `action=showListing&id`. */
let server: TestServer;
let shop: Published;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, {
    email: 'options@example.com',
    plan: 'BUSINESS',
    products: 12,
    settings: { share_button: true },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.url}/view/${shop.catalogId}${query}`);
  await page.locator('.vw-page').first().waitFor();
  return page;
}

describe('query options of a catalog address', () => {
  it('without options: the navigation shows and no dialog opens by itself', async () => {
    const page = await open('');
    await page.waitForLoadState('load');
    expect(await page.locator('.vw-nav').isVisible()).toBe(true);
    expect(await page.locator('#vw-share-dialog').count()).toBe(0);
    expect(await page.locator('#vw-product').count()).toBe(0);
    await page.close();
  });

  it('showSharing opens the share dialog with the catalog link', async () => {
    const page = await open('?showSharing=1');
    await page.locator('#vw-share-dialog').waitFor({ state: 'visible' });
    expect(await page.locator('#vw-share-link').inputValue()).toContain(`/view/${shop.catalogId}`);
    await page.close();
  });

  it('nonav hides the navigation bar', async () => {
    const page = await open('?nonav=1');
    await page.waitForLoadState('load');
    expect(await page.locator('body.vw-nonav').count()).toBe(1);
    expect(await page.locator('.vw-nav').isVisible()).toBe(false);
    await page.close();
  });

  it('action=showListing&id opens that product', async () => {
    const page = await open('?action=showListing&id=p1');
    const modal = page.locator('#vw-product');
    await modal.waitFor({ state: 'visible' });
    // sampleProduct(1) is the second product: its title ends with " 2".
    expect(await modal.locator('h2, h1, [id^="vw-dlg-"]').first().innerText()).toMatch(/ 2$/);
    await page.close();
  });
});
