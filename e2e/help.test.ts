import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { merchantInEditor } from './support/merchant.ts';

/**
 * SPEC §2.2's 14 tutorials as our own written guides under /help: the editor's help list opens them, anyone can
 * read them (signed in or not, English or French, on a phone). help-videos.test.ts: TUTORIALS_URL.
 */
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

describe('the help guides', () => {
  it('are listed and readable signed out, by keyboard, on a desktop and on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/help`);
    await expectVisible(page.getByRole('heading', { name: 'Help', level: 1 }));
    const guides = page.getByRole('navigation', { name: 'Guides' }).getByRole('link');
    expect(await guides.count()).toBe(14);
    await expectVisible(page.getByRole('link', { name: 'Sign in' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'help-help-1440');

    // Tab reaches the guides; Enter opens one.
    const target = page.getByRole('link', { name: 'Adding a table of contents' });
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await target.evaluate((el) => el === document.activeElement)) break;
    }
    await expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/help/table-of-contents`);
    await expectVisible(page.getByRole('heading', { name: 'Adding a table of contents', level: 1 }));
    const steps = page.locator('.cb-help-steps > li');
    expect(await steps.count()).toBeGreaterThanOrEqual(4);
    await expectText(steps.nth(1), 'Choose Add a special page, then Table of contents.');
    await expectVisible(page.getByRole('link', { name: 'Next: Wholesale order forms' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'help-guide-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'help-guide-390');
    await page.goto(`${server.url}/help`);
    await expectNoSidewaysScroll(page);
    await shot(page, 'help-help-390', { fullPage: false });

    // An unknown guide goes back to the list.
    await page.goto(`${server.url}/help/no-such-guide`);
    await page.waitForURL(`${server.url}/help`);
    await context.close();
  });

  it('are in French for French readers', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/help/print-preview`);
    await expectVisible(page.getByRole('heading', { name: 'Aperçu avant impression et PDF' }));
    await expectVisible(page.getByRole('heading', { name: 'Étapes' }));
    await expectVisible(page.getByText('Choisissez Générer le PDF.', { exact: false }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'help-guide-fr-390');
    await context.close();
  });

  it("open from the editor's help list, inside the app's frame for a signed-in merchant", async () => {
    const { page, context } = await merchantInEditor(browser, server, 'guides@example.com');
    await page.getByRole('button', { name: 'Help' }).click();
    const links = page.locator('#cb-help-menu a');
    expect(await links.count()).toBe(14);
    expect(await links.first().getAttribute('href')).toBe('/help/getting-started');
    const [guide] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Branding your catalog' }).click(),
    ]);
    await guide.waitForURL(`${server.url}/help/branding`);
    await expectVisible(guide.getByRole('heading', { name: 'Branding your catalog', level: 1 }));
    // Signed in: the app's own bar, with Help among its links.
    await expectVisible(guide.getByRole('link', { name: 'Catalogs' }).first());
    await expectVisible(guide.getByRole('link', { name: 'Help' }).first());
    await context.close();
  });
});
