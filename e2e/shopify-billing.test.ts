import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';

const API_KEY = 'billing-e2e-key';
const API_SECRET = 'billing-e2e-secret-for-signing';
const SHOP = 'plans-e2e.myshopify.com';

let server: TestServer;
let shopify: FakeShopify;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Shopify's confirmation pages the browser was sent to. */
const confirmations: string[] = [];

const embedded = (path: string, extra = '') => {
  const host = Buffer.from('admin.shopify.com/store/plans-e2e').toString('base64url');
  return `${server.url}${path}?embedded=1&shop=${SHOP}&host=${host}&id_token=${shopify.sessionToken(SHOP)}${extra}`;
};

beforeAll(async () => {
  shopify = new FakeShopify(API_KEY, API_SECRET);
  await shopify.start();
  shopify.shops.set(SHOP, { name: 'Plans Goods', email: 'owner@plans.example', currencyCode: 'USD' });
  server = await startTestServer({ SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET });
  server.runtime.services.connectorOptions = { retryBaseMs: 10 };
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
  });
  // App Bridge reduced to what the app uses: session tokens (FakeShopify signs them as Shopify does), which it
  // also adds to the page's own fetches, as App Bridge does (React Router's navigations load data that way).
  await context.exposeFunction('__sessionToken', () => shopify.sessionToken(SHOP));
  await context.route('https://cdn.shopify.com/shopifycloud/app-bridge.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.shopify = { idToken: () => window.__sessionToken() };
const own = window.fetch.bind(window);
window.fetch = async (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.origin !== location.origin) return own(input, init);
  const headers = new Headers(init.headers || (input instanceof Request ? input.headers : undefined));
  if (!headers.has('Authorization')) headers.set('Authorization', 'Bearer ' + (await window.__sessionToken()));
  return own(input, { ...init, headers });
};`,
    }),
  );
  // Shopify's confirmation page is Shopify's: the test stands in for it and plays the merchant with approve().
  await context.route(`https://${SHOP}/**`, (route) => {
    confirmations.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>Approve charge</title><h1>Approve</h1>' });
  });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await shopify?.stop();
});

describe('plans inside the Shopify admin (Shopify Billing)', () => {
  it('shows the trial on the home, subscribes through Shopify from /app/plans and shows the plan on the return', async () => {
    await page.goto(embedded('/app'));
    await expectVisible(page.getByText('Free trial'));
    await expectVisible(page.getByText(/1[0-4] days left in your trial/));
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await page.waitForURL(/\/app\/plans\?/);
    await expectVisible(page.getByRole('heading', { name: 'Plan', exact: true }));
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: 'Choose Personal' }).click();
    await expectVisible(page.getByTestId('cart-total'));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'embedded-plans-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, 'embedded-plans-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Subscribe through Shopify' }).click();
    await page.waitForURL(new RegExp(`^https://${SHOP}/admin/charges/`));
    expect(confirmations).toHaveLength(1);
    const sub = shopify.admin(SHOP).billing.subscriptions.at(-1)!;
    expect(sub).toMatchObject({ status: 'PENDING', amount: 29, interval: 'EVERY_30_DAYS' });
    expect(sub.returnUrl).toBe(`https://${SHOP}/admin/apps/${API_KEY}/app/plans?planId=PERSONAL`);

    // The merchant approves; Shopify opens the return URL inside the admin, which frames /app/plans with charge_id.
    shopify.admin(SHOP).billing.approve(sub.id);
    await page.goto(embedded('/app/plans', `&planId=PERSONAL&charge_id=${sub.id.split('/').pop()}`));
    await expectVisible(page.getByText('Your Personal plan is active. Thank you!'));
    await expectVisible(page.getByTestId('current-plan').getByText('Personal'));
    await expectVisible(page.getByText('Your plan', { exact: true }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'embedded-plans-active-1440');
  });
});
