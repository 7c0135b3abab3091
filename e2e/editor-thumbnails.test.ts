/**
 * The page thumbnails draw the pages in view, whatever the window did before: found at phone width, where after
 * a resize from 1440 px and a scroll of the thumbnail strip the thumbnails stayed blank boxes. Pages far from
 * view stay blank on purpose (a 112-page catalog draws a handful), so the test looks only at those in view.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CatalogSchema } from '../core/model/index.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { registerMerchant, shareSession } from './support/merchant.ts';
import { openEditor } from './support/editor.ts';

let server: TestServer;
let browser: Browser;
let api: ReturnType<typeof client>;
let catalogId: string;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  const email = 'thumbs@example.com';
  api = (await registerMerchant(server, email)).api;
  const doc = CatalogSchema.parse(sampleCatalog({ products: 270, perPage: 9, imageUrl: () => null }));
  const res = await api.post('/api/v1/catalogs', { catalog: { ...doc, _id: undefined } });
  expect(res.status).toBe(200);
  catalogId = (await res.json()).data._id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function editorInNewTab(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await shareSession(api, context, server.url);
  const page = await context.newPage();
  await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
  return page;
}

/**
 * The thumbnails a person sees (inside the strip's scrolled box and the window), each with whether its page is
 * drawn (a page view inside) or still the blank box.
 */
const thumbnailsInView = (page: Page) =>
  page.locator('.cb-page-thumbs li').evaluateAll((items) => {
    const strip = document.querySelector('.cb-page-thumbs ol')!.getBoundingClientRect();
    return items.flatMap((li, i) => {
      const r = li.getBoundingClientRect();
      const inStrip =
        r.right > strip.left && r.left < strip.right && r.bottom > strip.top && r.top < strip.bottom;
      const inWindow = r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight;
      if (!inStrip || !inWindow) return [];
      return [{ page: i + 1, drawn: !li.querySelector('.cb-page-thumb__blank') }];
    });
  });

it('draws the thumbnails in view after a resize to phone width and a scroll of the strip', async () => {
  const page = await editorInNewTab();
  // At 1440 the column beside the page draws the first pages, not the far ones.
  await expect
    .poll(async () => (await thumbnailsInView(page)).every((t) => t.drawn), { timeout: 5_000 })
    .toBe(true);
  expect(await page.locator('.cb-page-thumbs li').count()).toBeGreaterThan(25);
  expect(await page.locator('.cb-page-thumb__blank').count()).toBeGreaterThan(0);

  // A phone's slower processor, and a window narrowed step by step as a person drags its edge.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (let width = 1340; width > 390; width -= 100) await page.setViewportSize({ width, height: 900 });
  await page.setViewportSize({ width: 390, height: 844 });
  // Down the page to the strip, then along it, a few thumbnails at a time, as a finger or a wheel does.
  const strip = page.locator('.cb-page-thumbs ol');
  await page.mouse.move(195, 400);
  while ((await strip.boundingBox())!.y > 500) await page.mouse.wheel(0, 300);
  const box = (await strip.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let step = 0; step < 16; step++) await page.mouse.wheel(75, 0);
  await expect
    .poll(
      async () => {
        const seen = await thumbnailsInView(page);
        return seen.length > 0 && seen.every((t) => t.drawn);
      },
      { timeout: 5_000 },
    )
    .toBe(true);
  const seen = await thumbnailsInView(page);
  // Past the first pages: the strip did scroll, and what it shows now is drawn.
  expect(Math.min(...seen.map((t) => t.page))).toBeGreaterThan(5);
  // Far pages are still not drawn.
  expect(await page.locator('.cb-page-thumbs li').last().locator('.cb-page-thumb__blank').count()).toBe(1);
  await shot(page, 'editor-thumbnails-390', { fullPage: false });
  await page.context().close();
});
