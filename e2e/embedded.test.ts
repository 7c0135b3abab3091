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
  // signed with the app's secret for this shop (FakeShopify signs them as Shopify does), and the bounce page's
  // reload (a page opened without a token comes back with a fresh one, as App Bridge does it).
  await context.exposeFunction('__sessionToken', () => {
    issued++;
    return shopify.sessionToken(SHOP);
  });
  await context.route('https://cdn.shopify.com/shopifycloud/app-bridge.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.shopify = { idToken: () => window.__sessionToken() };
        const reload = new URL(location.href).searchParams.get('shopify-reload');
        if (reload) window.__sessionToken().then((token) => {
          const to = new URL(reload, location.origin);
          to.searchParams.set('id_token', token);
          location.replace(to.href);
        });`,
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
    const opened = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('/app/designs/'));
    await dialog.getByRole('button', { name: 'Create catalog' }).click();
    // The wizard's link keeps the admin's query but not the page's one-use token; App Bridge brings a fresh one.
    const url = new URL((await opened).url());
    expect(issued).toBeGreaterThan(before);
    expect(url.searchParams.get('shop')).toBe(SHOP);
    expect(url.searchParams.get('id_token')).toBeNull();

    const bearer = { Authorization: `Bearer ${shopify.sessionToken(SHOP)}` };
    const list = await client(server.url).get('/api/v1/catalogs', bearer);
    const { data } = (await list.json()) as { data: { _id: string; title: string }[] };
    expect(data.map((c) => c.title)).toEqual(['Admin lookbook']);
    expect(url.pathname).toBe(`/app/designs/${data[0]!._id}/edit`);

    // The same editor, inside the admin: its saves carry a fresh session token each (no cookie to sign them).
    await expectVisible(page.getByRole('heading', { name: 'Admin lookbook' }));
    await page.locator('.cb-editor[data-hydrated]').waitFor();
    // A new merchant meets the first-visit tour first; skipping it is stored with the session token too.
    await page.getByRole('dialog').getByRole('button', { name: 'Skip tour' }).click();
    const saves: (string | null)[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/v1/catalogs/${data[0]!._id}/`) && r.method() !== 'GET')
        saves.push(r.headers().authorization ?? null);
    });
    const beforeSave = issued;
    const pageCount = async () =>
      (
        (await (await client(server.url).get(`/api/v1/catalogs/${data[0]!._id}`, bearer)).json()) as {
          data: { pages: unknown[] };
        }
      ).data.pages.length;
    const pagesBefore = await pageCount();
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('menuitem', { name: /1 image per page/ }).click();
    await page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.every((h) => h?.startsWith('Bearer '))).toBe(true);
    expect(issued).toBeGreaterThan(beforeSave);
    expect(await pageCount()).toBe(pagesBefore + 1);
    expect((await context.cookies(server.url)).filter((c) => c.name.includes('session'))).toEqual([]);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'embedded-editor-1440');

    // Back goes to the app's home in the admin, keeping the shop.
    const back = await page.locator('.cb-editor-bar__back').getAttribute('href');
    expect(back).toMatch(/^\/app\?/);
    expect(new URLSearchParams(back!.slice(5)).get('shop')).toBe(SHOP);
  });

  it('keeps another shop out of a catalog', async () => {
    const other = 'other-e2e.myshopify.com';
    shopify.shops.set(other, { name: 'Other Goods', email: 'owner@other.example', currencyCode: 'EUR' });
    const host = Buffer.from('admin.shopify.com/store/other-e2e').toString('base64url');
    await page.goto(
      `${server.url}/app?embedded=1&shop=${other}&host=${host}&id_token=${shopify.sessionToken(other)}`,
    );
    await expectVisible(page.getByRole('heading', { name: 'Make your first catalog' }));
    const mine = await client(server.url).get('/api/v1/catalogs', {
      Authorization: `Bearer ${shopify.sessionToken(SHOP)}`,
    });
    const id = ((await mine.json()) as { data: { _id: string }[] }).data[0]!._id;
    const res = await page.goto(
      `${server.url}/app/designs/${id}/edit?embedded=1&shop=${other}&host=${host}&id_token=${shopify.sessionToken(other)}`,
    );
    expect(res?.status()).toBe(404);
  });
});
