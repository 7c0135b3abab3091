import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAdminSetupLink } from '../server/accounts/index.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { openPage } from './support/page.ts';

/**
 * Issue 22 item 2: the page of the one-time link `npm start` prints while the server has no admin. It creates
 * the first admin by keyboard alone, signs them in, and afterwards says the link no longer works.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off', BILLING: '' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the first admin page', () => {
  it('creates the admin by keyboard and signs them in, then refuses the link', async () => {
    const link = (await issueAdminSetupLink({ db: server.runtime.db, appUrl: server.url }))!;
    await openPage(page, link);
    await expectVisible(page.getByRole('heading', { name: 'Create the first admin' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'admin-setup-1440', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, 'admin-setup-390', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Email').focus();
    await page.keyboard.type('owner@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('owner-password-1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('owner-password-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/admin/users`);
    await expectVisible(page.getByText('owner@example.com').first());

    await openPage(page, link);
    await expectVisible(page.getByText('An admin account already exists on this server. Sign in instead.'));
    expect(await page.getByLabel('Email').count()).toBe(0);
  });
});
