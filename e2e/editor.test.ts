import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPage, makeProduct, productPage } from '../core/commands/fixtures.ts';
import { createPage, getDefaultLayout } from '../core/layouts/index.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot as takeShot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { shareSession, signInMerchant } from './support/merchant.ts';
import { openEditor } from './support/editor.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ReturnType<typeof client>;
let catalogId: string;
/** The catalog of the sections test, which the sidebar test goes on with. */
let sectionsId: string;

/** A paying merchant signed in both in the browser and in `api` (the same session). */
const signIn = async (email: string) => (await signInMerchant(server, context, email)).api;

type SavedPage = {
  kind: string;
  showHeadersFooters: boolean;
  layout: { cells: { x: number; y: number; width: number; height: number }[] };
  elements: { type: string; properties: { title?: string } }[];
};
const saved = async (): Promise<SavedPage[]> =>
  (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data.pages;

/** Wait until every change is saved (the status in the top bar). */
const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });

const cell = (i: number) => page.getByTestId(`cell-${i}`);
const shot = (name: string) => takeShot(page, name, { fullPage: false });

const expectNoSeriousAxe = () => expectNoSeriousA11yIssues(page);

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  api = await signIn('editor@example.com');
  for (const [title, price] of [
    ['Linen Shirt', 49],
    ['Wool Scarf', 25],
  ] as const) {
    const res = await api.post('/api/v1/listings', { title, price, category: 'Clothing' });
    expect(res.status).toBe(201);
  }
  const layout = getDefaultLayout('products', 4);
  const res = await api.post('/api/v1/catalogs', {
    catalog: { title: 'Autumn lookbook', pages: [createPage({ layout })] },
  });
  catalogId = (await res.json()).data._id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the catalog editor (/designs/{id}/edit) in Chromium', () => {
  it('places a product dragged from the products panel into a cell and saves it', async () => {
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    await expectVisible(page.getByRole('heading', { name: 'Autumn lookbook' }));
    await expectText(page.getByTestId('page-position'), 'Page 1 of 1');
    await expectVisible(cell(0).getByText('Drag and Drop content from the Products or Images Tab'));
    await page.locator('[data-listing-id]').filter({ hasText: 'Linen Shirt' }).dragTo(cell(0));
    await expectVisible(page.getByRole('button', { name: 'Cell 1: product Linen Shirt' }));
    await settled();
    expect((await saved())[0]!.elements[0]!.properties.title).toBe('Linen Shirt');
  });

  it('places a product by keyboard: choose a cell, then the product', async () => {
    await cell(2).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Place Wool Scarf on the page' }).focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('button', { name: 'Cell 3: product Wool Scarf' }));
    await expectText(page.getByTestId('product-count'), '2 products');
    await settled();
    expect((await saved())[0]!.elements[2]!.properties.title).toBe('Wool Scarf');
    await shot('editor-selected-1440');
  });

  it('undoes and redoes with the keyboard, and saves each step', async () => {
    await page.locator('body').click({ position: { x: 5, y: 880 } });
    await page.keyboard.press('Control+z');
    await expectVisible(page.getByRole('button', { name: 'Cell 3', exact: true }));
    await settled();
    expect((await saved())[0]!.elements[2]!.type).toBe('application/void');
    await page.keyboard.press('Control+Shift+z');
    await expectVisible(page.getByRole('button', { name: 'Cell 3: product Wool Scarf' }));
    await settled();
    expect((await saved())[0]!.elements[2]!.properties.title).toBe('Wool Scarf');
    // The buttons do the same.
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await expectVisible(page.getByRole('button', { name: 'Cell 3', exact: true }));
    await page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }).click();
    await expectVisible(page.getByRole('button', { name: 'Cell 3: product Wool Scarf' }));
    await settled();
  });

  it('removes the chosen element with Delete', async () => {
    await cell(2).click();
    await page.keyboard.press('Delete');
    await expectVisible(page.getByRole('button', { name: 'Cell 3', exact: true }));
    await settled();
    expect((await saved())[0]!.elements[2]!.type).toBe('application/void');
  });

  it('adds, moves and removes pages, and adds a table of contents', async () => {
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('menuitem', { name: /1 image per page/ }).click();
    await expectText(page.getByTestId('page-position'), 'Page 2 of 2');
    await page.getByRole('button', { name: 'Add a special page' }).click();
    await page.getByRole('menuitem', { name: 'Table of contents' }).click();
    await expectText(page.getByTestId('page-position'), 'Page 3 of 3');
    await settled();
    expect((await saved()).map((p) => p.kind === 'table_of_contents')).toEqual([false, false, true]);

    await page.getByRole('button', { name: 'Move up' }).click();
    await expectText(page.getByTestId('page-position'), 'Page 2 of 3');
    await settled();
    expect((await saved()).map((p) => p.kind === 'table_of_contents')).toEqual([false, true, false]);

    // The thumbnails go to a page; the page's actions then act on it.
    await page.getByRole('button', { name: 'Page 3', exact: true }).click();
    await expectText(page.getByTestId('page-position'), 'Page 3 of 3');
    await page.getByRole('button', { name: 'Remove page' }).click();
    await expectText(page.getByTestId('page-position'), 'Page 2 of 2');
    await settled();
    expect((await saved()).map((p) => p.kind === 'table_of_contents')).toEqual([false, true]);
  });

  it('changes the layout of a page, keeping the products that fit', async () => {
    await page.getByRole('button', { name: 'Page 1', exact: true }).click();
    await page.getByRole('button', { name: 'Change layout' }).click();
    await page.getByRole('menuitem', { name: /^2 products per page/ }).click();
    await settled();
    const [first] = await saved();
    expect(first!.layout.cells).toHaveLength(2);
    expect(first!.elements[0]!.properties.title).toBe('Linen Shirt');
  });

  it('edits the layout: Cancel puts the page back, Done keeps the new cell', async () => {
    await page.getByRole('button', { name: 'Edit layout' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Editing the layout of page 1' }));
    await page.getByRole('button', { name: 'Add cell' }).click();
    await expectVisible(cell(2));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await cell(2).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit layout' }).click();
    await page.getByRole('button', { name: 'Add cell' }).click();
    await shot('editor-layout-1440');
    await page.getByRole('button', { name: 'Done' }).click();
    await expectVisible(page.getByRole('button', { name: 'Add page' }));
    await settled();
    expect((await saved())[0]!.layout.cells).toHaveLength(3);
  });

  it('moves the chosen cell with the arrow keys and resizes it with Shift+arrows while editing the layout', async () => {
    const before = (await saved())[0]!.layout.cells[2]!;
    await page.getByRole('button', { name: 'Edit layout' }).click();
    await cell(2).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Done' }).click();
    await expectVisible(page.getByRole('button', { name: 'Add page' }));
    await settled();
    const after = (await saved())[0]!.layout.cells[2]!;
    // Two steps right, one down, one narrower: steps of the 1.25 % grid.
    expect(after.x).toBeCloseTo(Math.min(before.x + 0.025, 1 - before.width), 6);
    expect(after.y).toBeCloseTo(Math.min(before.y + 0.0125, 1 - before.height), 6);
    expect(after.width).toBeCloseTo(before.width - 0.0125, 6);
    expect(after.height).toBeCloseTo(before.height, 6);
  });

  it('moves a cell by dragging it and resizes it by its corner; Escape puts a drag back; each drag one undo step', async () => {
    const before = (await saved())[0]!.layout.cells[2]!;
    await page.getByRole('button', { name: 'Edit layout' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Editing the layout of page 1' }));
    const holder = cell(2).locator('xpath=../..');
    const area = (await holder.boundingBox())!;
    const drag = async (from: { x: number; y: number }, dx: number, dy: number) => {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + dx, from.y + dy, { steps: 4 });
      await page.mouse.up();
    };
    const box = async () => (await cell(2).boundingBox())!;
    const centre = async () => {
      const b = await box();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    // Move it right a tenth of the page and down a twentieth; Escape first puts such a drag back.
    const start = await box();
    const from = await centre();
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + area.width * 0.1, from.y + area.height * 0.05, { steps: 4 });
    // While dragging, the cell is drawn where it would land.
    await expect.poll(async () => (await box()).x - start.x).toBeGreaterThan(area.width * 0.09);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    expect((await box()).x).toBeCloseTo(start.x, 0);
    await drag(await centre(), area.width * 0.1, area.height * 0.05);
    // The corner handle appears on the chosen cell and resizes it.
    const handle = cell(2).locator('.cb-edit-cell__resize');
    await expectVisible(handle);
    await shot('editor-layout-drag-1440');
    const h = (await handle.boundingBox())!;
    await drag({ x: h.x + h.width / 2, y: h.y + h.height / 2 }, -area.width * 0.2, area.height * 0.025);
    await page.getByRole('button', { name: 'Done' }).click();
    await expectVisible(page.getByRole('button', { name: 'Add page' }));
    await settled();
    const after = (await saved())[0]!.layout.cells[2]!;
    // On the 1.25 % grid: 10 % right, 5 % down, then 20 % narrower and 2.5 % taller.
    expect(after.x).toBeCloseTo(before.x + 0.1, 6);
    expect(after.y).toBeCloseTo(before.y + 0.05, 6);
    expect(after.width).toBeCloseTo(before.width - 0.2, 6);
    expect(after.height).toBeCloseTo(before.height + 0.025, 6);
    // Undo takes back the resize alone, then the move.
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await settled();
    const undone = (await saved())[0]!.layout.cells[2]!;
    expect(undone.width).toBeCloseTo(before.width, 6);
    expect(undone.x).toBeCloseTo(before.x + 0.1, 6);
    await page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }).click();
    await settled();
    expect((await saved())[0]!.layout.cells[2]!.width).toBeCloseTo(before.width - 0.2, 6);
  });

  it('adds the special pages and toggles headers and footers', async () => {
    const specials = [
      ['Wholesale contract', 'wholesale_contract'],
      ['Wholesale order form', 'wholesale_order_form'],
    ] as const;
    for (const [i, [name]] of specials.entries()) {
      await page.getByRole('button', { name: 'Add a special page' }).click();
      // Each special page is drawn as a small page, as in the other layout menus (issue 26).
      if (i === 0)
        await expect
          .poll(() => page.locator('.cb-layout-menu[data-loaded="true"] .cb-scaled-page').count())
          .toBe(6);
      if (i === 0) await shot('editor-special-pages');
      await page.getByRole('menuitem', { name, exact: true }).click();
      // Each goes after the current page and becomes current.
      await expectText(page.getByTestId('page-position'), `Page ${i + 2} of ${i + 3}`);
    }
    await settled();
    const kinds = (await saved()).map((p) => p.kind);
    expect(kinds.slice(1, 3)).toEqual(specials.map(([, kind]) => kind));
    await page.getByRole('button', { name: 'Page 1', exact: true }).click();
    const before = (await saved())[0]!;
    const headers = page
      .getByRole('toolbar', { name: 'Page' })
      .getByRole('switch', { name: 'Show headers and footers' });
    const shown = before.showHeadersFooters;
    expect(await headers.getAttribute('aria-checked')).toBe(String(shown));
    await headers.click();
    await expect.poll(() => headers.getAttribute('aria-checked')).toBe(String(!shown));
    await settled();
    expect((await saved())[0]!.showHeadersFooters).toBe(!shown);
  });

  it('changes the catalog settings in the branding tab, each change one undo step, saved', async () => {
    type Settings = {
      nbProductsPage: number;
      cropImages: boolean;
      language: string;
      page_format: string | null;
    };
    const catalog = async (): Promise<{ settings: Settings; default_footer: string }> =>
      (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data;
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Catalog settings' }));
    await page.getByLabel('Products per page').selectOption('6');
    await page.getByLabel('Page format').selectOption('Letter');
    await page.getByLabel('Crop images').check();
    await page.getByLabel('Language').selectOption('fr');
    await settled();
    expect((await catalog()).settings).toMatchObject({
      nbProductsPage: 6,
      page_format: 'Letter',
      cropImages: true,
      language: 'fr',
    });
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await expect.poll(() => page.getByLabel('Language').inputValue()).toBe('en');
    await settled();
    expect((await catalog()).settings).toMatchObject({ cropImages: true, language: 'en' });
    await page.getByLabel('Default footer').fill('maison.example · +33 1 23 45 67 89');
    await page.keyboard.press('Tab');
    await settled();
    expect((await catalog()).default_footer).toBe('maison.example · +33 1 23 45 67 89');
    await shot('editor-branding-1440');
    await page.getByRole('tab', { name: 'Products' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Products', exact: true }));
  });

  it('zooms the page from the top bar: whole at first, in steps, and 100 % is its printed size', async () => {
    const canvas = page.locator('.cb-editor-canvas');
    const box = page.locator('.cb-editor-canvas .cb-editor-fit__box');
    await expect.poll(() => canvas.getAttribute('data-zoom')).toBe('page');
    const fitted = (await box.boundingBox())!.width;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => canvas.getAttribute('data-zoom')).not.toBe('page');
    const zoom = Number(await canvas.getAttribute('data-zoom'));
    expect((await box.boundingBox())!.width).toBeGreaterThan(fitted);
    await page.getByRole('button', { name: /^Zoom \d+ %: actual size/ }).click();
    await expect.poll(() => canvas.getAttribute('data-zoom')).toBe('1');
    // At 100 % the page is as wide as it prints (Letter since the branding test: 216 mm at 96 px to the inch),
    // and scrolls inside its box: the screen itself does not widen.
    expect((await box.boundingBox())!.width).toBeCloseTo((216 * 96) / 25.4, 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => canvas.getAttribute('data-zoom')).toBe('0.75');
    expect(zoom).toBeLessThan(1);
    await page.getByRole('button', { name: 'Fit page' }).click();
    await expect.poll(() => canvas.getAttribute('data-zoom')).toBe('page');
    expect((await box.boundingBox())!.width).toBeCloseTo(fitted, 0);
  });

  it('has no serious accessibility finding and works 390 px wide', async () => {
    await expectNoSeriousAxe();
    await shot('editor-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Autumn lookbook' }));
    await expectVisible(page.getByRole('button', { name: 'Add page' }));
    await expectNoSeriousAxe();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // A page of 12 small cells: each empty cell's hint stays inside its own cell, its text inside the hint.
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('menuitem', { name: /^12 products per page/ }).click();
    await expect.poll(() => page.locator('.cb-edit-cell__hint').count()).toBe(12);
    const escapes = await page.evaluate(() =>
      [...document.querySelectorAll('.cb-edit-cell__hint')].flatMap((hint, i) => {
        const own = hint.getBoundingClientRect();
        const cell = hint.parentElement!.getBoundingClientRect();
        const inside =
          own.left >= cell.left - 0.5 &&
          own.right <= cell.right + 0.5 &&
          own.top >= cell.top - 0.5 &&
          own.bottom <= cell.bottom + 0.5;
        const fits = hint.scrollHeight <= hint.clientHeight + 1 && hint.scrollWidth <= hint.clientWidth + 1;
        return inside && fits ? [] : [i];
      }),
    );
    expect(escapes).toEqual([]);
    await shot('editor-390');
    await page.getByRole('button', { name: 'Remove page' }).click();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expectVisible(page.getByLabel('Products per page'));
    await shot('editor-branding-390');
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('goes to the next and previous section end with Ctrl+Alt+Shift+→/←', async () => {
    // Shoes: 10 products on pages 2 and 3 (a section long enough for a summary page), then Bags.
    const shoes = Array.from({ length: 10 }, (_, i) => makeProduct(i + 1, { category: 'Shoes' }));
    const bags = [makeProduct(11, { category: 'Bags' })];
    const res = await api.post('/api/v1/catalogs', {
      catalog: {
        title: 'Sections',
        pages: [
          coverPage('front'),
          productPage('s1', shoes.slice(0, 9), 9),
          productPage('s2', shoes.slice(9)),
          productPage('b1', bags),
        ],
      },
    });
    const id = (await res.json()).data._id;
    await openEditor(page, `${server.url}/designs/${id}/edit`);
    await expectText(page.getByTestId('page-position'), 'Page 1 of 4');
    await page.keyboard.press('Control+Alt+Shift+ArrowRight');
    await expectText(page.getByTestId('page-position'), 'Page 3 of 4');
    await page.keyboard.press('Control+Alt+Shift+ArrowRight');
    await expectText(page.getByTestId('page-position'), 'Page 4 of 4');
    await page.keyboard.press('Control+Alt+Shift+ArrowLeft');
    await expectText(page.getByTestId('page-position'), 'Page 3 of 4');
    sectionsId = id;
  });

  it('acts on the selection from the right sidebar: the page, a product, several pages', async () => {
    type Page = { kind: string; showHeadersFooters: boolean; elements: { type: string }[] };
    const pages = async (): Promise<Page[]> =>
      (await (await api.get(`/api/v1/catalogs/${sectionsId}`)).json()).data.pages;
    const sidebar = page.getByTestId('context-sidebar');
    // Nothing chosen: the current page.
    await expectVisible(sidebar.getByRole('heading', { name: 'Page 3' }));
    const shown = (await pages())[2]!.showHeadersFooters;
    await sidebar.getByRole('switch', { name: 'Show headers and footers' }).click();
    await settled();
    expect((await pages())[2]!.showHeadersFooters).toBe(!shown);
    // A product chosen: what it is, and removing it.
    await cell(0).click();
    await expectVisible(sidebar.getByRole('heading', { name: 'Product 10' }));
    await expectVisible(sidebar.getByText('SKU-10'));
    // The price as the page prints it, with its currency.
    await expectVisible(sidebar.getByText('$10.00', { exact: true }));
    await shot('editor-sidebar-product-1440');
    await sidebar.getByRole('button', { name: 'Remove from the page' }).click();
    await expectVisible(sidebar.getByRole('heading', { name: 'Empty cell 1' }));
    await settled();
    expect((await pages())[2]!.elements[0]!.type).toBe('application/void');
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await settled();
    // Several pages chosen in the thumbnails: the bulk actions, among them the summary pages.
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.getByRole('button', { name: 'Page 3', exact: true }).click({ modifiers: ['Control'] });
    await expectVisible(sidebar.getByRole('heading', { name: '2 pages selected' }));
    await sidebar.getByRole('button', { name: 'Add summary pages' }).click();
    await settled();
    const after = await pages();
    expect(after).toHaveLength(5);
    expect(after[3]!.kind).not.toBe(after[2]!.kind);
  });

  it('keeps a read-only visit from changing the catalog, and another merchant out', async () => {
    await page.goto(`${server.url}/designs/${catalogId}/edit?readonly=true`);
    await expectVisible(page.getByText('Read only: changes to this catalog are not saved.'));
    expect(await page.getByRole('button', { name: 'Add page' }).count()).toBe(0);
    // SPEC §2.2: a read-only visit cannot delete the catalog either; closing it stays.
    await page.getByRole('button', { name: 'Catalog actions' }).click();
    await expectVisible(page.getByRole('menuitem', { name: 'Close catalog' }));
    expect(await page.getByRole('menuitem', { name: 'Delete catalog' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const other = await signIn('someone-else@example.com');
    const res = await page.goto(`${server.url}/designs/${catalogId}/edit`);
    expect(res?.status()).toBe(404);
    // Only the owner deletes a catalog: to anyone else it is not there.
    expect((await other.del(`/api/v1/designs/${catalogId}`)).status).toBe(404);
  });

  it('deletes the catalog from its menu after a confirmation, and lands on the catalogs list', async () => {
    // The owner again, in the browser (the other merchant signed in last).
    await context.clearCookies();
    await shareSession(api, context, server.url);
    // Deleted meanwhile in another window: the refusal shows in the dialog, the merchant stays in the editor.
    await openEditor(page, `${server.url}/designs/${sectionsId}/edit`);
    expect((await api.del(`/api/v1/catalogs/${sectionsId}`)).status).toBe(200);
    const menu = page.getByRole('button', { name: 'Catalog actions' });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Delete catalog' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete “Sections”?' });
    await dialog.getByRole('button', { name: 'Delete catalog' }).click();
    await expectText(
      dialog.getByRole('alert'),
      'This catalog could not be deleted: it no longer exists (deleted in another window?). Go back to your catalogs.',
    );
    expect(page.url()).toBe(`${server.url}/designs/${sectionsId}/edit`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // By keyboard: the menu, the confirmation (focus kept inside it), Escape backs out, then delete for good.
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    await menu.focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('menuitem', { name: 'Delete catalog' }));
    await page.getByRole('menuitem', { name: 'Delete catalog' }).focus();
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Delete “Autumn lookbook”?' });
    await expectVisible(dialog.getByText('the orders placed in it are deleted'));
    // The dialog takes the focus once it has opened (its opening runs after it shows).
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await expectNoSeriousAxe();
    await shot('editor-delete-catalog-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(dialog.getByRole('button', { name: 'Delete catalog' }));
    await expectNoSidewaysScroll(page);
    await shot('editor-delete-catalog-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await api.get(`/api/v1/catalogs/${catalogId}`)).status).toBe(200);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Delete catalog' }).click();
    await dialog.getByRole('button', { name: 'Delete catalog' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/catalogs(\?|$)/);
    await expectVisible(page.getByRole('status').filter({ hasText: '“Autumn lookbook” was deleted.' }));
    // The address forgets the message, so a reload does not say it again.
    await expect.poll(() => page.url()).toBe(`${server.url}/catalogs`);
    expect(await page.getByRole('button', { name: 'More actions for Autumn lookbook' }).count()).toBe(0);
    expect((await api.get(`/api/v1/catalogs/${catalogId}`)).status).toBe(404);
  });
});
