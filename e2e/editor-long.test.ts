import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_OPENING } from '../core/constants.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssuesAt, expectNoSidewaysScroll, shot as takeShot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openEditor } from './support/editor.ts';

// Issue 29: a long catalog opens in the editor on its first pages, shows the rest arriving, and becomes editable
// once every page is there; a change then saves only its page and loses none of the others.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Awaited<ReturnType<typeof signInMerchant>>['api'];
let catalogId: string;
let original: { id: string; elements: { type: string }[] }[];

const PAGES = 70;
const saved = async (): Promise<typeof original> =>
  (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data.pages;
const shot = (name: string) => takeShot(page, name, { fullPage: false });

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  api = (await signInMerchant(server, context, 'long@example.com')).api;
  const doc = sampleCatalog({ products: 9 * PAGES, perPage: 9, imageUrl: () => null });
  const res = await api.post('/api/v1/catalogs', { catalog: { ...doc, title: 'Long line' } });
  expect(res.status).toBe(200);
  catalogId = (await res.json()).data._id;
  original = await saved();
  expect(original).toHaveLength(PAGES);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a long catalog in the editor', () => {
  it('opens on its first pages, says the rest is arriving, and changes nothing meanwhile', async () => {
    // The rest of the catalog is held back until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    await page.route(`**/api/v1/catalogs/${catalogId}/editor`, async (route: Route) => {
      requested.push(route.request().method());
      await held;
      await route.continue();
    });
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    const first = EDITOR_OPENING.firstPages;
    await expectVisible(
      page.getByText(`Opening pages ${first} of ${PAGES}. You can look at the first pages meanwhile`),
    );
    await expectVisible(page.locator('[data-status="opening"]', { hasText: 'Opening pages…' }));
    await expectText(page.getByTestId('page-position'), `Page 1 of ${PAGES}`);
    await expect.poll(() => page.locator('.cb-page-thumbs li').count()).toBe(first);
    await expectVisible(page.getByText(`Pages ${first + 1} to ${PAGES} are opening…`));
    expect(requested).toEqual(['GET']);
    // Counting products would count only the pages arrived so far.
    expect(await page.getByTestId('product-count').count()).toBe(0);
    // Read-only meanwhile: no undo, no product to place, a key changes nothing.
    expect(await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).count()).toBe(0);
    await page.getByTestId('cell-0').click();
    await page.keyboard.press('Delete');
    await shot('editor-long-opening-1440');
    await expectNoSeriousA11yIssuesAt(page, [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]);
    await expectNoSidewaysScroll(page);
    await shot('editor-long-opening-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    release();
    await page.locator('[data-status="saved"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText('Opening pages', { exact: false }).count()).toBe(0);
    await expect.poll(() => page.locator('.cb-page-thumbs li').count()).toBe(PAGES);
    await expectVisible(page.getByRole('button', { name: 'Undo (Ctrl+Z)' }));
    await expectText(page.getByTestId('product-count'), `${9 * PAGES} products`);
    // The Delete pressed while opening was not kept.
    expect((await saved()).map((p) => p.elements.length)).toEqual(original.map((p) => p.elements.length));
  });

  it('edits a page that arrived later, saving only that page and keeping every other', async () => {
    await page
      .getByRole('button', { name: `Page ${PAGES - 1}`, exact: true })
      .first()
      .click();
    await expectText(page.getByTestId('page-position'), `Page ${PAGES - 1} of ${PAGES}`);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (['PUT', 'POST'].includes(r.method()) && r.url().includes(`/api/v1/catalogs/${catalogId}`))
        sent.push(`${r.method()} ${new URL(r.url()).pathname.replace(catalogId, '{id}')}`);
    });
    await page.getByTestId('cell-0').click();
    await page.keyboard.press('Delete');
    await page.locator('[data-status="saved"]').waitFor({ timeout: 30_000 });
    const after = await saved();
    expect(after.map((p) => p.id)).toEqual(original.map((p) => p.id));
    const changed = after.flatMap((p, i) => (JSON.stringify(p) === JSON.stringify(original[i]) ? [] : [i]));
    expect(changed).toEqual([PAGES - 2]);
    expect(after[PAGES - 2]!.elements[0]!.type).toBe('application/void');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((s) => !s.startsWith('PUT /api/v1/catalogs/{id}') || s.includes('/pages/'))).toBe(true);
  });
});
