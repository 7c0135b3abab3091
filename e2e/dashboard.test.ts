import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { shareSession } from './support/merchant.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ReturnType<typeof client>;
let userId: string;

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: 'staff-dash@example.com',
    ADMIN_PASSWORD: 'staff-password-1',
  });
  browser = await launchBrowser();
  api = await registeredClient(server.url, 'dashboard@example.com');
  userId = ((await (await api.get('/api/v1/users/me')).json()) as { _id: string })._id;
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await shareSession(api, context, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const nextStep = () => page.getByRole('heading', { name: 'Your next step' }).locator('xpath=..');

describe('/dashboard', () => {
  it('shows the plan with its days left and the next step, which moves as the merchant goes on', async () => {
    await page.goto(`${server.url}/dashboard`);
    await expectVisible(page.getByText('Free trial'));
    await expectVisible(page.getByText(/^\d+ days? left$/));
    await expectVisible(nextStep().getByRole('link', { name: 'Import your products' }));
    await expectVisible(page.getByText('0 catalogs · 0 products', { exact: true }));
    expect(await nextStep().getByRole('link').getAttribute('href')).toBe('/listings');
    // Issue 22 §15: a trial takes no orders; the meter says why and what to do, not a red '0 of 0'.
    const usage = page.getByRole('heading', { name: 'Usage' }).locator('xpath=..');
    await expectVisible(usage.getByText('Not in your plan'));
    await expectVisible(
      usage.getByText(/^The free trial takes no orders: .* choose a plan with wholesale orders\./),
    );
    expect(await usage.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/subscribe');
    expect(await usage.getByText('0 of 0').count()).toBe(0);
    await expectNoSeriousA11yIssues(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'dashboard-390');

    await api.post('/api/v1/listings', [{ title: 'Linen Shirt', price: 40 }]);
    await page.reload();
    await expectVisible(nextStep().getByRole('link', { name: 'Make a catalog' }));

    await api.post('/api/v1/catalogs', { title: 'First book' });
    await page.reload();
    await expectVisible(nextStep().getByRole('link', { name: 'Upgrade' }));
    await expectVisible(page.getByRole('link', { name: 'First book' }));
    // The catalogs card counts the products in the catalogs: one library product is not in any catalog yet.
    await expectVisible(page.getByText('1 catalog · 0 products', { exact: true }));

    const doc = sampleCatalog({ products: 1, imageUrl: () => null, over: { title: 'Second book' } });
    await createCatalog({ db: server.runtime.db, ownerId: userId, input: { catalog: doc } });
    await page.reload();
    await expectVisible(page.getByText('2 catalogs · 1 product', { exact: true }));
  });

  it('says so when the subscription has ended, and offers a plan', async () => {
    await server.runtime.db
      .update(subscriptions)
      .set({ startDate: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(subscriptions.userId, userId));
    await page.reload();
    await expectVisible(page.getByText('Expired'));
    await expectVisible(nextStep().getByRole('link', { name: 'Choose a plan' }));
  });

  it('lets staff extend the ended trial from /admin/users, and the days left visibly change', async () => {
    const staff = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await staff.newPage();
    await admin.goto(`${server.url}/login`);
    await admin.getByLabel('Email').fill('staff-dash@example.com');
    await admin.getByLabel('Password').fill('staff-password-1');
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
    await admin.goto(`${server.url}/admin/users`);
    const row = admin.getByRole('row').filter({ hasText: 'dashboard@example.com' });
    await row.getByRole('button', { name: 'Extend trial' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Extend trial' }).click();
    await expectVisible(admin.getByText('Subscription updated: 14 days left'));
    await staff.close();

    await page.reload();
    await expectVisible(page.getByText('14 days left', { exact: true }));
    await expectVisible(nextStep().getByRole('link', { name: 'Upgrade' }));
  });
});
