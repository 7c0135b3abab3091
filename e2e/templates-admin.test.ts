import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { openPage } from './support/page.ts';

/* Staff keep the template library (issue 26, SPEC §2.1 /admin/prices and /admin/descriptions). */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let merchant: Awaited<ReturnType<typeof registeredClient>>;

/** Writes a template in its HTML view and goes back to the text, whose tokens are chips. */
const writeTemplate = async (dialog: Locator, html: string) => {
  await dialog.getByRole('button', { name: 'HTML' }).click();
  await dialog.getByRole('textbox', { name: 'Template (HTML)' }).fill(html);
  await dialog.getByRole('button', { name: 'Back to text' }).click();
  await expectVisible(
    dialog.getByRole('textbox', { name: 'Template', exact: true }).locator('.cb-token-chip'),
  );
};

beforeAll(async () => {
  server = await startTestServer({
    WORKER: 'off',
    ADMIN_EMAIL: 'library-staff@example.com',
    ADMIN_PASSWORD: 'library-password-1',
  });
  browser = await launchBrowser();
  merchant = await registeredClient(server.url, 'library-merchant@example.com');
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await openPage(page, `${server.url}/login`);
  await page.getByLabel('Email').fill('library-staff@example.com');
  await page.getByLabel('Password').fill('library-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the template library screens', () => {
  it('are refused to a merchant', async () => {
    for (const path of ['/admin/prices', '/admin/descriptions']) {
      const res = await merchant.get(path, { Accept: 'text/html' });
      expect(res.status, path).toBe(403);
    }
  });

  it('list the price templates drawn on the sample product, 10 a page, sortable', async () => {
    await openPage(page, `${server.url}/admin/prices`);
    await expectVisible(page.getByRole('heading', { name: 'Price templates' }));
    const rows = page.locator('.Polaris-IndexTable__TableRow');
    await expect.poll(() => rows.count()).toBe(7);
    await expectText(rows.first().locator('.cb-caption'), 'Linen shirt$59.00');
    await page.getByRole('button', { name: 'Title', exact: true }).click();
    await page.waitForURL(/sort=title/);
    await expectVisible(rows.first().getByText('Sale price with compare-at price', { exact: true }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'admin-prices-1440');
  });

  it('add, edit and delete (after a confirmation) library templates, merchants seeing the change', async () => {
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title', { exact: true }).fill('Staff pick');
    await writeTemplate(dialog, '<h6>[TITLE]</h6><p>Only [PRICE_FULL]</p>');
    await dialog.getByLabel('Order in the library').fill('1');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectVisible(page.getByText('Template saved.'));
    const seen = (await (await merchant.get('/api/v1/pricetemplates')).json()).data as { title: string }[];
    expect(seen[0]?.title).toBe('Staff pick');

    await page.getByRole('button', { name: 'Edit Staff pick' }).click();
    await writeTemplate(dialog, '<h6>[TITLE]</h6><p>Now [PRICE_FULL]</p>');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('.Polaris-IndexTable__TableRow').filter({ hasText: 'Staff pick' });
    await expectVisible(row.getByText('Template saved'));

    await row.getByRole('button', { name: 'Delete Staff pick' }).click();
    await expectVisible(page.getByRole('dialog').getByText('Delete “Staff pick”?'));
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('Template deleted.'));
    await expect.poll(async () => row.count()).toBe(0);
    const after = (await (await merchant.get('/api/v1/pricetemplates')).json()).data as { title: string }[];
    expect(after.map((t) => t.title)).not.toContain('Staff pick');
  });

  it('fit a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `${server.url}/admin/descriptions`);
    await expectVisible(page.getByRole('heading', { name: 'Description templates' }));
    await expectNoSidewaysScroll(page);
    await shot(page, 'admin-descriptions-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
