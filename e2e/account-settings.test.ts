import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openPage } from './support/page.ts';

// Issue 24 §4: the account settings screen. The merchant changes the default page format and image quality and
// sees a new catalog follow, changes the password, and closes the account for good.

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withContext<T>(width: number, run: (page: Page, context: BrowserContext) => Promise<T>) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

describe('the account settings screen in Chromium', () => {
  it('saves the page format and image quality, and a new catalog follows', async () => {
    await withContext(1440, async (page, context) => {
      const { api } = await signInMerchant(server, context, 'settings-screen@example.com');
      await openPage(page, `${server.url}/catalogs`);
      await page.getByRole('link', { name: 'Settings' }).first().click();
      await page.waitForURL(/\/settings$/);
      await expectVisible(page.getByRole('heading', { name: 'Account settings' }));
      await expectNoSeriousA11yIssues(page, { label: 'settings at 1440' });
      await shot(page, 'settings-1440');

      await page.getByLabel('Business name').fill('Atelier Settings');
      await page.getByLabel('Default page format').selectOption('Letter');
      await page.getByLabel('Image quality').selectOption('q90');
      await page.getByLabel('Google Analytics 4 measurement id').fill('ua-123');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectText(
        page.locator('.Polaris-InlineError').first(),
        'A GA4 measurement id looks like G-XXXXXXXXXX',
      );
      // Nothing was saved with the bad field.
      expect((await (await api.get('/api/v1/users/me')).json()).settings.page_format).toBe('A4');

      await page.getByLabel('Google Analytics 4 measurement id').fill('g-test1234');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectText(page.locator('.Polaris-Banner').first(), 'Your settings are saved.');
      const me = await (await api.get('/api/v1/users/me')).json();
      expect(me).toMatchObject({ businessName: 'Atelier Settings' });
      expect(me.settings).toMatchObject({
        page_format: 'Letter',
        image_quality: 'q90',
        ga4_tracking_id: 'G-TEST1234',
      });

      // A new catalog starts in the account's format; the screen shows what is stored after a reload.
      const created = await (await api.post('/api/v1/catalogs', { title: 'After the settings' })).json();
      expect(created.data.settings.page_format).toBe('Letter');
      await openPage(page, `${server.url}/settings`);
      expect(await page.getByLabel('Default page format').inputValue()).toBe('Letter');
      expect(await page.getByLabel('Image quality').inputValue()).toBe('q90');
    });
  });

  it('changes the password with the current one, shown on the field when wrong', async () => {
    await withContext(1440, async (page, context) => {
      await signInMerchant(server, context, 'settings-password@example.com');
      await openPage(page, `${server.url}/settings`);
      const card = page.locator('form[aria-labelledby="settings-password"]');
      await card.getByLabel('Current password').fill('not-my-password');
      await card.getByLabel('New password', { exact: true }).fill('brand-new-pass');
      await card.getByLabel('Confirm new password').fill('brand-new-pass');
      await card.getByRole('button', { name: 'Change password' }).click();
      await expectText(card.locator('.Polaris-InlineError'), 'Your current password is incorrect.');
      await card.getByLabel('Current password').fill('correct-horse');
      await card.getByRole('button', { name: 'Change password' }).click();
      await expectText(
        page.locator('.Polaris-Banner').first(),
        'Your password has been changed. Your other sessions have been signed out.',
      );
      const login = await client(server.url).post('/auth/login', {
        email: 'settings-password@example.com',
        password: 'brand-new-pass',
      });
      expect(login.status).toBe(200);
    });
  });

  it('fits a phone and closes the account after the confirmation; it cannot sign in again', async () => {
    await withContext(390, async (page, context) => {
      const email = 'settings-close@example.com';
      await signInMerchant(server, context, email);
      await openPage(page, `${server.url}/settings`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yIssues(page, { label: 'settings at 390' });
      await shot(page, 'settings-390');

      await page.getByRole('button', { name: 'Close account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close your account?' });
      await expectVisible(dialog.getByRole('heading', { name: 'Close your account?' }));
      const confirm = dialog.getByRole('button', { name: 'Close my account permanently' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Your password').fill('wrong-password');
      await confirm.click();
      await expectText(dialog.locator('.Polaris-Banner'), 'Your current password is incorrect.');
      await shot(page, 'settings-close-390');
      await dialog.getByRole('button', { name: 'Keep my account' }).click();
      await dialog.waitFor({ state: 'detached' });
      const [still] = await server.runtime.db.select().from(users).where(eq(users.email, email));
      expect(still).toBeTruthy();

      await page.getByRole('button', { name: 'Close account…' }).click();
      await dialog.getByLabel('Your password').fill('correct-horse');
      await dialog.getByRole('button', { name: 'Close my account permanently' }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.search === '?closed=1');
      const [gone] = await server.runtime.db.select().from(users).where(eq(users.email, email));
      expect(gone).toBeUndefined();
      const again = await client(server.url).post('/auth/login', { email, password: 'correct-horse' });
      expect(again.status).toBe(401);
      // The browser's session went with the account.
      await page.goto(`${server.url}/settings`);
      await page.waitForURL(/\/login/);
    });
  });

  it('opens the closing confirmation from /auth/closeAccount (SPEC §2.2)', async () => {
    await withContext(1440, async (page, context) => {
      await signInMerchant(server, context, 'settings-close-link@example.com');
      await openPage(page, `${server.url}/auth/closeAccount`);
      expect(new URL(page.url()).pathname).toBe('/settings');
      await expectVisible(page.getByRole('heading', { name: 'Close your account?' }));
    });
  });
});
