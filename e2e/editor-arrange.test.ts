import { readFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backCoverPage, coverPage, makeProduct, productPage } from '../core/commands/fixtures.ts';
import { createVoidElement } from '../core/layouts/index.ts';
import { users } from '../db/schema.ts';
import { pdfInfo, pdfText } from '../scripts/testing/pdf-tools.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { registerMerchant, shareSession } from './support/merchant.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { openEditor } from './support/editor.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ReturnType<typeof client>;

type SavedPage = {
  id: string;
  kind: string;
  section: string | null;
  pagination: { count: number } | null;
  elements: { type: string; properties: { title?: string; price?: number } }[];
};
type Saved = { settings: Record<string, unknown>; pages: SavedPage[] };

const saved = async (id: string): Promise<Saved> =>
  (await (await api.get(`/api/v1/catalogs/${id}`)).json()).data;
const titles = (p: SavedPage) =>
  p.elements.filter((e) => e.type === 'application/product').map((e) => e.properties.title);
/** Wait until every change is saved (the status in the top bar). */
const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
const position = () => page.getByTestId('page-position');

async function createCatalog(title: string, pages: unknown[]) {
  const res = await api.post('/api/v1/catalogs', { catalog: { title, pages } });
  expect(res.status).toBe(200);
  return (await res.json()).data._id as string;
}

async function open(id: string) {
  await openEditor(page, `${server.url}/designs/${id}/edit`);
}

beforeAll(async () => {
  server = await startTestServer({}, { worker: { pollMs: 100 } });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  const email = 'arrange@example.com';
  api = (await registerMerchant(server, email)).api;
  await shareSession(api, context, server.url);
  for (let n = 1; n <= 24; n++) {
    const res = await api.post('/api/v1/listings', {
      title: `Flow product ${String(n).padStart(2, '0')}`,
      price: n,
      category: 'Linen',
      description: 'Washed linen, woven in Normandy. Soft from the first wear and softer with every wash.',
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('flow pages, automatic layout, summary pages and the page organizer in the editor', () => {
  it('continues an overflowing flow page on a new page, as the preview and the PDF print it', async () => {
    const id = await createCatalog('Linen flow', [coverPage()]);
    await open(id);
    await page.getByRole('tab', { name: 'Arrange' }).click();
    await page.getByText('Flowing in columns', { exact: true }).click();
    await page.getByRole('button', { name: 'Add a flow page' }).click();
    await expectText(position(), 'Page 2 of 2');
    await shot(page, 'arrange-tab-1440');
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('tab', { name: 'Products' }).click();
    // Products are appended to the flow page until one no longer fits its columns: it goes on a new page.
    let placed = 0;
    while ((await position().textContent())?.trim() === 'Page 2 of 2') {
      placed += 1;
      expect(placed).toBeLessThanOrEqual(24);
      const title = `Flow product ${String(placed).padStart(2, '0')}`;
      await page.getByRole('button', { name: `Place ${title} on the page` }).focus();
      await page.keyboard.press('Enter');
      await expectText(page.getByTestId('product-count'), `${placed} product${placed > 1 ? 's' : ''}`);
    }
    await expectText(position(), 'Page 2 of 3');
    const thumbs = page.getByRole('navigation', { name: 'Pages of the catalog' }).getByRole('button');
    expect(await thumbs.count()).toBe(3);
    await settled();
    const doc = await saved(id);
    expect(doc.settings.layout).toBe('flow');
    expect(doc.pages.map((p) => p.kind)).toEqual(['product', 'flow', 'flow']);
    const [, first, second] = doc.pages;
    expect(titles(second!)).toEqual([`Flow product ${String(placed).padStart(2, '0')}`]);
    expect(titles(first!)).toHaveLength(placed - 1);
    expect(first!.pagination?.count).toBe(placed - 1);
    await thumbs.nth(1).click();
    await expectText(position(), 'Page 2 of 3');
    await shot(page, 'flow-page-1440');
    await thumbs.nth(2).click();
    await expectText(position(), 'Page 3 of 3');
    await shot(page, 'flow-continuation-1440');
    // Flow products have no cells: the sidebar lists them. Removing the one that overflowed ends the
    // continuation page, and undo brings both back.
    const sidebar = page.getByTestId('context-sidebar');
    await expectVisible(sidebar.getByText('Flow page, 2 columns'));
    await sidebar.getByRole('button', { name: `Remove ${titles(second!)[0]}` }).click();
    await expectText(position(), 'Page 2 of 2');
    await page.keyboard.press('Control+z');
    await expectText(position(), 'Page 2 of 3');
    await settled();
    expect((await saved(id)).pages.map((p) => p.kind)).toEqual(['product', 'flow', 'flow']);

    // The print preview and the PDF have the editor's pages.
    await page.goto(`${server.url}/preview/${id}`);
    await expectVisible(page.getByText('3 pages'));
    await page.getByRole('button', { name: 'Generate the PDF' }).click();
    await page.getByText('Your catalog is ready').waitFor({ timeout: 90_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    const file = path.join(server.dataDir, 'flow.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file);
    if (process.env.SCREENSHOTS_DIR) await copyFile(file, path.join(process.env.SCREENSHOTS_DIR, 'flow.pdf'));
    expect(pdfInfo(pdf).pages).toBe(3);
    expect(pdfText(pdf, { first: 3, last: 3 })).toContain(titles(second!)[0]);
    expect(pdfText(pdf, { first: 2, last: 2 })).not.toContain(titles(second!)[0]);
  });

  it('reorganizes automatically, sorts in one undo step and adds summary pages', async () => {
    const linen = (n: number, price: number) =>
      makeProduct(n, { title: `Linen ${String.fromCharCode(64 + n)}`, price, category: 'Linen' });
    const a = productPage('a', [linen(3, 30), linen(1, 50), linen(2, 10), linen(4, 90)]);
    a.elements[1] = createVoidElement('hole');
    const b = productPage('b', [linen(5, 20), linen(6, 80), linen(7, 40), linen(8, 60)]);
    const c = productPage('c', [linen(9, 70), linen(10, 5)]);
    const empty = productPage('d', []);
    const id = await createCatalog('Linen grid', [coverPage(), a, b, c, empty, backCoverPage()]);
    await open(id);
    await page.getByRole('tab', { name: 'Arrange' }).click();

    await page.getByLabel('Reorganize automatically').check();
    await settled();
    let doc = await saved(id);
    expect(doc.settings.reorganize_automatically).toBe(true);
    expect(doc.settings.automaticMode).toBe(false);
    // The hole is filled, products move up in order, the empty products page goes; covers stay.
    expect(doc.pages.map((p) => p.id)).toEqual(['front', 'a', 'b', 'c', 'back']);
    expect(doc.pages.slice(1, 4).map(titles)).toEqual([
      ['Linen C', 'Linen B', 'Linen D', 'Linen E'],
      ['Linen F', 'Linen G', 'Linen H', 'Linen I'],
      ['Linen J'],
    ]);

    await page.getByLabel('Automatic mode').check();
    await settled();
    expect((await saved(id)).settings.automaticMode).toBe(true);

    await page.getByLabel('Sort products by').selectOption({ label: 'Price, low to high' });
    await page.getByRole('button', { name: 'Sort products' }).click();
    await expectVisible(page.getByText('Products sorted: Price, low to high.'));
    await settled();
    doc = await saved(id);
    const prices = doc.pages.flatMap((p) =>
      p.elements.flatMap((e) => (e.properties.price ? [e.properties.price] : [])),
    );
    expect(prices).toEqual([5, 10, 20, 30, 40, 60, 70, 80, 90]);
    await page.keyboard.press('Control+z');
    await settled();
    doc = await saved(id);
    expect(titles(doc.pages[1]!)).toEqual(['Linen C', 'Linen B', 'Linen D', 'Linen E']);
    await page.keyboard.press('Control+Shift+z');
    await settled();

    // The selection sidebar's bulk action (SPEC §5).
    await page.getByRole('button', { name: 'Add summary pages' }).click();
    await expectVisible(page.getByText('1 summary page added.'));
    await settled();
    doc = await saved(id);
    expect(doc.pages.map((p) => p.kind)).toEqual([
      'product',
      'product',
      'product',
      'product',
      'summary',
      'product',
    ]);
    await page.getByRole('button', { name: 'Add summary pages' }).click();
    await expectVisible(
      page.getByText('No section has more than 8 products without a summary page after it.'),
    );
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'arrange-done-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('.cb-editor[data-hydrated]').waitFor();
    await page.getByRole('tab', { name: 'Arrange' }).click();
    await expectVisible(page.getByRole('button', { name: 'Sort products' }));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'arrange-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('organizes pages in a grid: select, move by keyboard and drag, delete after confirming', async () => {
    await server.runtime.db
      .update(users)
      .set({ createdAt: new Date('2017-06-01T00:00:00Z') })
      .where(eq(users.email, 'arrange@example.com'));
    const pages = ['p1', 'p2', 'p3', 'p4', 'p5'].map((pid, i) =>
      productPage(pid, [makeProduct(i + 1, { title: `Sheet ${i + 1}` })]),
    );
    const id = await createCatalog('Sheets', pages);
    const order = async () => (await saved(id)).pages.map((p) => p.id);
    await open(id);
    await page.getByRole('button', { name: 'Organizer mode' }).click();
    const grid = page.getByRole('navigation', { name: 'Pages of the catalog' });
    const tile = (n: number) => grid.getByRole('button', { name: `Page ${n}`, exact: true });
    await expectVisible(tile(5));
    await expectText(page.getByTestId('organizer-count'), '1 page selected');

    await tile(2).click();
    await tile(4).click({ modifiers: ['Control'] });
    await expectText(page.getByTestId('organizer-count'), '2 pages selected');
    await tile(4).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await settled();
    expect(await order()).toEqual(['p2', 'p4', 'p1', 'p3', 'p5']);
    await expectVisible(page.getByText('2 pages moved to position 1.'));
    // One move, one undo step.
    await page.keyboard.press('Control+z');
    await settled();
    expect(await order()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);

    // The buttons move the selection (still pages 2 and 4) together, one page later.
    await page.getByRole('button', { name: 'Move later →' }).click();
    await settled();
    expect(await order()).toEqual(['p1', 'p3', 'p5', 'p2', 'p4']);
    await shot(page, 'organizer-1440');
    await expectNoSeriousA11yIssues(page);

    // Drag page 5 onto the left half of page 1: it goes first.
    await tile(5).click();
    await tile(5).dragTo(tile(1), { targetPosition: { x: 5, y: 40 } });
    await settled();
    expect(await order()).toEqual(['p4', 'p1', 'p3', 'p5', 'p2']);

    await tile(4).click();
    await tile(5).click({ modifiers: ['Shift'] });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 pages?' });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tile(5).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => grid.getByRole('button').count()).toBe(3);
    await settled();
    expect(await order()).toEqual(['p4', 'p1', 'p3']);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(tile(3));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'organizer-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
