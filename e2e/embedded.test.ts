import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';

const API_KEY = 'test-api-key';
const API_SECRET = 'test-api-secret-for-signing';
const SHOP = 'embedded-e2e.myshopify.com';

let server: TestServer;
let shopify: FakeShopify;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Session tokens App Bridge handed out, so the test can see each API call used a fresh one. */
let issued = 0;

beforeAll(async () => {
  shopify = new FakeShopify(API_KEY, API_SECRET);
  await shopify.start();
  shopify.shops.set(SHOP, { name: 'Embedded Goods', email: 'owner@embedded.example', currencyCode: 'EUR' });
  server = await startTestServer({ SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET });
  browser = await launchBrowser();
  // The Shopify admin is a browser, not a bot: the library turns away headless user agents.
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
  });
  // App Bridge, as Shopify's CDN serves it inside the admin, reduced to what the app uses: session tokens,
  // signed with the app's secret for this shop (FakeShopify signs them as Shopify does).
  await context.exposeFunction('__sessionToken', () => {
    issued++;
    return shopify.sessionToken(SHOP);
  });
  await context.route('https://cdn.shopify.com/shopifycloud/app-bridge.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'window.shopify = { idToken: () => window.__sessionToken() };',
    }),
  );
  // The editor is another part of the product (its own tests); here only that the wizard opens it matters.
  await context.route(/\/designs\/[^/?]+\/edit(\?.*)?$/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Editor</title><main>Editor</main>',
    }),
  );
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await shopify?.stop();
});

describe('the embedded app (/app) inside the Shopify admin', () => {
  it('creates a catalog with the wizard, every call authenticated by a session token, and opens it', async () => {
    const host = Buffer.from('admin.shopify.com/store/embedded-e2e').toString('base64url');
    await page.goto(
      `${server.url}/app?embedded=1&shop=${SHOP}&host=${host}&id_token=${shopify.sessionToken(SHOP)}`,
    );
    await expectVisible(page.getByRole('heading', { name: 'Make your first catalog' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'embedded-empty-1440');
    // No session cookie inside the admin: the API knows the merchant only from the token.
    expect((await context.cookies(server.url)).filter((c) => c.name.includes('session'))).toEqual([]);

    await page.getByRole('button', { name: 'New catalog' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Start from an empty catalog' }).click();
    await dialog.getByLabel('Catalog title').fill('Admin lookbook');
    const before = issued;
    await dialog.getByRole('button', { name: 'Create catalog' }).click();
    await page.waitForURL(/\/designs\/[^/]+\/edit\?/);
    expect(issued).toBeGreaterThan(before);
    const url = new URL(page.url());
    expect(url.searchParams.get('shop')).toBe(SHOP);
    expect(url.searchParams.get('id_token')).toBeNull();

    const list = await client(server.url).get('/api/v1/catalogs', {
      Authorization: `Bearer ${shopify.sessionToken(SHOP)}`,
    });
    const { data } = (await list.json()) as { data: { _id: string; title: string }[] };
    expect(data.map((c) => c.title)).toEqual(['Admin lookbook']);
    expect(url.pathname).toBe(`/designs/${data[0]!._id}/edit`);
  });
});
