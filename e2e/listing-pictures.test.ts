import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openPage } from './support/page.ts';

// Issue 22 item 5: a picture that could not be fetched is flagged on the product with a retry, not a blank.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each([1440, 390])('a product whose picture could not be fetched (%i px)', (width) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    page = await context.newPage();
    await page.route('https://cdn.example.com/**', (route) => route.abort());
    const { api } = await signInMerchant(server, context, `pictures-${width}@example.com`);
    const created = await api.post('/api/v1/listings', {
      title: 'Enamel Mug',
      price: 18,
      main_image: 'https://cdn.example.com/mug.jpg',
      images: [{ original: 'https://cdn.example.com/mug.jpg' }],
    });
    const mug = await created.json();
    // The test server reaches nothing outside this machine: the picture job flags the picture.
    for (let i = 0; i < 100; i++) {
      const l = await (await api.get(`/api/v1/listings/${mug.id}`)).json();
      if (l.picture_problems.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(() => context?.close());

  it('is flagged with a way to try again, and trying again keeps the flag while the store is away', async () => {
    await openPage(page, `${server.url}/listings`);
    await expectVisible(page.getByText('Picture not fetched', { exact: true }));
    expect(await page.getByRole('img', { name: 'Picture not fetched' }).count()).toBe(1);
    await expectNoSeriousA11yIssues(page, { label: `flagged product at ${width}px` });
    await expectNoSidewaysScroll(page);
    await shot(page, `listing-picture-flag-${width}`);

    const retry = page.getByRole('button', { name: 'Fetch the pictures of Enamel Mug again' });
    await retry.click();
    // The job runs and the row comes back: still unreachable, still flagged, and the product was not opened.
    await expectVisible(page.getByRole('button', { name: 'Fetch the pictures of Enamel Mug again' }));
    await expectVisible(page.getByText('Picture not fetched', { exact: true }));
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
