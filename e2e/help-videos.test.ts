import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { merchantInEditor } from './support/merchant.ts';

/** With TUTORIALS_URL set, the editor's help list opens the tutorials on that video site, in a new tab. */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off', TUTORIALS_URL: 'https://videos.example/catalog-builder' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('sends the help list to the configured video site', async () => {
  const { page, context } = await merchantInEditor(browser, server, 'videos@example.com');
  await page.getByRole('button', { name: 'Help' }).click();
  const links = page.locator('#cb-help-menu a');
  await expectVisible(links.first());
  expect(await links.count()).toBe(14);
  await expectVisible(page.getByText('Tutorial videos'));
  expect(await links.first().getAttribute('href')).toBe(
    'https://videos.example/catalog-builder/getting-started',
  );
  expect(await links.last().getAttribute('href')).toBe('https://videos.example/catalog-builder/share-online');
  expect(await links.first().getAttribute('target')).toBe('_blank');
  await context.close();
});
