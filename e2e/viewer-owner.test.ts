import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { shareSession } from './support/merchant.ts';

/**
 * SPEC §2.5, §4, §6 owner: the owner sees the settings panel on their own catalog (visitors never do), with the
 * embed code in SPEC §9's sizes, this cycle's orders and what visitors did; saving reloads the catalog as saved;
 * the address is checked as it is typed and a taken one gets the url-exists message.
 */
let server: TestServer;
let shop: Published;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, {
    email: 'owner@example.com',
    plan: 'BUSINESS',
    products: 30,
    pictures: 4,
    settings: { products_link: 'digital_orders' },
  });
  const other = await publishCatalog(server, { email: 'taken@example.com', plan: 'BUSINESS', products: 2 });
  const res = await other.client.put(`/api/v1/catalogs/${other.catalogId}/slug`, { slug: 'taken-name' });
  expect(res.status).toBe(200);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function ownerPage(owner: Published = shop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await shareSession(owner.client, context, server.url);
  return { context, page: await context.newPage() };
}

describe("the owner's settings panel", () => {
  it('is only for the owner, and shows what visitors did', async () => {
    // A visitor reads two spreads and opens a product, then leaves (the viewer sends its events as it goes).
    const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await visitor.goto(`${server.url}/view/${shop.catalogId}`);
    await expectVisible(visitor.locator('.vw-page[data-page="1"] .cb-page'));
    expect(await visitor.locator('#vw-settings').count()).toBe(0);
    await visitor.locator('#vw-next').click();
    await expectText(visitor.locator('#vw-counter'), 'Pages 2–3 of 4');
    // The leaf may still be turning when the click lands (a CI run lost one that way): click again if no
    // product opened, as a visitor would.
    const product = visitor.locator('[data-product-id="p9"]').first();
    const dialog = visitor.locator('dialog[open]');
    for (let attempt = 0; attempt < 3 && !(await dialog.isVisible()); attempt++) {
      await product.click({ timeout: 5_000 }).catch(() => {});
      await dialog.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => {});
    }
    await expectVisible(dialog);
    await visitor.goto('about:blank');
    await visitor.close();

    const { context, page } = await ownerPage();
    await page.goto(`${server.url}/view/${shop.catalogId}`);
    await page.locator('#vw-settings').click();
    const panel = page.locator('dialog[open]');
    await expectVisible(panel.getByRole('heading', { name: 'Catalog settings' }));
    await expectVisible(panel.getByText('Orders this month: 0'));
    await expect
      .poll(async () => {
        await page.reload();
        await page.locator('#vw-settings').click();
        return (await page.locator('dialog[open]').innerText()).match(/Last 30 days: .*/)?.[0] ?? '';
      })
      // One click is "1 product click" (i18next plural forms), views counted in the plural.
      .toMatch(/Last 30 days: [1-9]\d* page views?, 1 product click, /);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'viewer-owner-settings', { fullPage: false });

    // Issue 22 §15: a portrait catalog's embed code is a portrait frame by default (one page at a time)…
    const code = page.locator('#vw-embed-code');
    expect(await page.locator('#vw-embed-size').inputValue()).toBe('portrait');
    const [, w, hgt] = /width="(\d+)" height="(\d+)"/.exec(await code.inputValue())!.map(Number);
    expect(w).toBe(480);
    expect(hgt).toBeGreaterThan(w!);
    // Pasted in a shop's page (another origin on this machine), that frame shows one whole page at a time. The
    // test server's APP_URL names no port it listens on, so the frame is pointed at the server itself.
    const pasted = (await code.inputValue()).replace(
      /src="[^"]*"/,
      `src="${server.url}/view/${shop.catalogId}?embed=1"`,
    );
    const shopSite = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<!doctype html><html lang="en"><title>Shop</title><body style="margin:0">${pasted}`);
    });
    await new Promise<void>((r) => shopSite.listen(0, '127.0.0.1', () => r()));
    const site = await context.newPage();
    await site.goto(`http://127.0.0.1:${(shopSite.address() as AddressInfo).port}/`);
    const framed = site.frameLocator('iframe');
    await expectText(framed.locator('#vw-counter'), 'Page 1 of 4');
    await framed.locator('#vw-next').click();
    await expectText(framed.locator('#vw-counter'), 'Page 2 of 4');
    const frameBox = (await site.locator('iframe').boundingBox())!;
    const pageBox = (await framed.locator('.stf__parent .vw-page[data-page="2"]').boundingBox())!;
    expect(pageBox.height).toBeLessThanOrEqual(frameBox.height);
    expect(pageBox.width).toBeGreaterThan(frameBox.width * 0.85);
    await shot(site, 'viewer-embed-portrait', { fullPage: false });
    await site.close();
    await new Promise((r) => shopSite.close(r));
    // …and SPEC §9's sizes are all still offered.
    await page.locator('#vw-embed-size').selectOption('small');
    expect(await code.inputValue()).toContain('width="560" height="280"');
    await page.locator('#vw-embed-size').selectOption('xlarge');
    expect(await code.inputValue()).toContain('width="990" height="560"');
    expect(await code.inputValue()).toContain(`/view/${shop.catalogId}?embed=1`);
    await context.close();
  });

  it("gives a landscape catalog's embed code SPEC §9's landscape frame by default", async () => {
    const wide = await publishCatalog(server, {
      email: 'wide@example.com',
      plan: 'BUSINESS',
      products: 4,
      edit: (doc) => {
        doc.settings.page_format = 'Letter_booklet';
      },
    });
    const { context, page } = await ownerPage(wide);
    await page.goto(`${server.url}/view/${wide.catalogId}`);
    await page.locator('#vw-settings').click();
    const size = page.locator('#vw-embed-size');
    await expectVisible(size);
    expect(await size.inputValue()).toBe('small');
    expect(await size.locator('option[value="portrait"]').count()).toBe(0);
    expect(await page.locator('#vw-embed-code').inputValue()).toContain('width="560" height="280"');
    await context.close();
  });

  it('saves the settings and reloads the catalog as saved', async () => {
    const { context, page } = await ownerPage();
    await page.goto(`${server.url}/view/${shop.catalogId}`);
    await expectVisible(page.locator('#vw-share'));
    await page.locator('#vw-settings').click();
    const panel = page.locator('dialog[open]');
    await panel.getByLabel('Share', { exact: true }).uncheck();
    await panel.getByLabel('One page at a time').check();
    // Issue 22 §13: wholesale orders over the stock are taken (flagged) by default; the owner may refuse them.
    const backorders = panel.getByLabel('Take orders beyond the stock (backorders)');
    expect(await backorders.isChecked()).toBe(true);
    await backorders.uncheck();
    await Promise.all([
      page.waitForEvent('load'),
      panel.getByRole('button', { name: 'Save settings' }).click(),
    ]);
    await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
    // Issue 22 §14: the reloaded catalog says the settings were saved.
    await expectVisible(page.getByRole('status').filter({ hasText: 'Your settings were saved.' }));
    await shot(page, 'viewer-owner-saved', { fullPage: false });
    expect(await page.locator('#vw-share').count()).toBe(0);
    await page.locator('#vw-next').click();
    await expectText(page.locator('#vw-counter'), 'Page 2 of 4');
    const saved = await (await shop.client.get(`/api/v1/catalogs/${shop.catalogId}/settings`)).json();
    expect(saved.settings).toMatchObject({
      share_button: false,
      single_page_mode: true,
      allow_backorders: false,
    });
    // Once told, not again on the next visit.
    await page.reload();
    await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
    expect(await page.locator('.vw-toast').count()).toBe(0);
    await context.close();
  });

  it('checks the address as it is typed, refuses a taken one, and moves the catalog to a free one', async () => {
    const { context, page } = await ownerPage();
    await page.goto(`${server.url}/view/${shop.catalogId}`);
    await page.locator('#vw-settings').click();
    const slug = page.locator('#vw-slug');
    await slug.fill('taken-name');
    await expectText(
      page.locator('#vw-slug-status'),
      'This address is already used by another catalog. Please choose another one.',
    );
    await slug.fill('spring-line');
    await expectText(page.locator('#vw-slug-status'), 'This address is available. /view/spring-line');
    await Promise.all([
      page.waitForURL(`${server.url}/view/spring-line`),
      page.getByRole('button', { name: 'Save the address' }).click(),
    ]);
    await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
    await context.close();
  });
});

describe('an owner whose subscription ended (SPEC §6)', () => {
  it('sees no download or print button in their own viewer, as the server refuses both', async () => {
    const ended = await publishCatalog(server, {
      email: 'ended@example.com',
      plan: 'BUSINESS',
      products: 6,
      settings: { print_button: true, download_pdf_button: true },
    });
    const { context, page } = await ownerPage(ended);
    await page.goto(`${server.url}/view/${ended.catalogId}`);
    await expectVisible(page.getByRole('button', { name: 'Print' }));
    await expectVisible(page.getByRole('button', { name: 'Download PDF' }));

    await server.runtime.db
      .update(subscriptions)
      .set({ startDate: new Date(Date.now() - 800 * 24 * 3600 * 1000) })
      .where(eq(subscriptions.userId, ended.ownerId));
    await page.reload();
    await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
    await expectVisible(page.locator('#vw-settings'));
    expect(await page.getByRole('button', { name: 'Print' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download PDF' }).count()).toBe(0);
    const refused = await page.evaluate(
      async (id) => (await fetch(`/view/${id}/pdf`)).status,
      ended.catalogId,
    );
    expect(refused).toBe(403);
    await shot(page, 'viewer-owner-ended', { fullPage: false });
    await context.close();
  });
});
