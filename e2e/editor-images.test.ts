import type { Browser, BrowserContext, FileChooser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, getDefaultLayout } from '../core/layouts/index.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot as takeShot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openEditor } from './support/editor.ts';

// The editor's Images tab (issue 13 §2): the merchant's pictures, placed by click, keyboard or drag (SPEC §4
// 'Adding an image'), the empty-cell hints of SPEC §5, undo, and deleting from the library.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Awaited<ReturnType<typeof signInMerchant>>['api'];
let catalogId: string;

type SavedPage = { elements: { type: string; properties: { src?: string } }[] };
const saved = async (): Promise<SavedPage[]> =>
  (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data.pages;
const library = async (): Promise<{ _id: string; name: string; url: string }[]> =>
  (await (await api.get('/api/v1/files')).json()).data;

const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
const cell = (i: number) => page.getByTestId(`cell-${i}`);
const tile = (name: string) => page.getByRole('button', { name: `Place ${name} on the page` });
const shot = (name: string) => takeShot(page, name, { fullPage: false });

const png = (background: string, width = 120, height = 80) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * Enter on the focused 'Add pictures' opens the file chooser. Playwright intercepts choosers only once something
 * listens for them, and turns that on without waiting; in a loaded CI run the first Enter could beat it and open
 * (and lose) a native dialog. So the page listens from the start, and a second Enter is pressed if none came.
 */
const choosers: FileChooser[] = [];
async function chooseByKeyboard(): Promise<FileChooser> {
  choosers.length = 0;
  for (let attempt = 0; attempt < 2 && !choosers.length; attempt++) {
    await page.keyboard.press('Enter');
    await expect
      .poll(() => choosers.length, { timeout: 8_000 })
      .toBeGreaterThan(0)
      .catch(() => {});
  }
  expect(choosers.length).toBeGreaterThan(0);
  return choosers[choosers.length - 1]!;
}

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('filechooser', (chooser) => choosers.push(chooser));
  api = (await signInMerchant(server, context, 'pictures@example.com')).api;
  // Four cells: products or pictures, products only, pictures only, products or pictures.
  const layout = getDefaultLayout('products', 4);
  layout.cells[1]!.accepts = ['application/product'];
  layout.cells[2]!.accepts = ['image/*'];
  const res = await api.post('/api/v1/catalogs', {
    catalog: { title: 'Spring moodboard', pages: [createPage({ layout })] },
  });
  catalogId = (await res.json()).data._id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the editor's Images tab in Chromium", () => {
  it('shows the empty-cell hint of SPEC §5 for what each cell takes', async () => {
    await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
    await expectVisible(page.getByRole('heading', { name: 'Spring moodboard' }));
    await expectText(cell(0), 'Drag and Drop content from the Products or Images Tab');
    await expectText(cell(1), 'Drag and drop content from the Products Tab');
    await expectText(cell(2), 'Drag and drop content from the Images Tab');
    await expectText(cell(3), 'Drag and Drop content from the Products or Images Tab');
  });

  it('starts with an empty library that says how to fill it', async () => {
    await page.getByRole('tab', { name: 'Images' }).click();
    await expectVisible(page.getByRole('heading', { name: 'No pictures yet' }));
    await expectVisible(page.getByRole('button', { name: 'Add pictures' }));
    await expectNoSeriousA11yIssues(page);
    await shot('images-empty-1440');
  });

  it('uploads real pictures chosen by keyboard, and names a file that is not one', async () => {
    const add = page.getByRole('button', { name: 'Add pictures' });
    await add.focus();
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
    const chooser = await chooseByKeyboard();
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([
      { name: 'logo.png', mimeType: 'image/png', buffer: await png('#1f6f8b') },
      { name: 'banner.png', mimeType: 'image/png', buffer: await png('#e0a800', 240, 80) },
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') },
    ]);
    await expectVisible(tile('logo.png'));
    await expectVisible(tile('banner.png'));
    await expectVisible(page.getByText('2 pictures added.'));
    await expectVisible(page.getByText('"fake.png" is not a JPEG, PNG, GIF or WebP picture.'));
    const names = (await library()).map((f) => f.name);
    expect(names.sort()).toEqual(['banner.png', 'logo.png']);
    // The tile shows the stored picture itself.
    const loaded = await tile('logo.png')
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
    expect(loaded).toBe(120);
  });

  it('adds a picture by click to the first empty cell that takes pictures, and saves it', async () => {
    const logo = (await library()).find((f) => f.name === 'logo.png')!;
    await tile('logo.png').click();
    await expectVisible(page.getByRole('button', { name: 'Cell 1: picture' }));
    await expectVisible(cell(0).locator(`img[src="${logo.url}"]`));
    await settled();
    expect((await saved())[0]!.elements[0]).toMatchObject({
      type: 'image/png',
      properties: { src: logo.url },
    });
  });

  it('drops a picture dragged from the tab onto a cell, one undo step each', async () => {
    const banner = (await library()).find((f) => f.name === 'banner.png')!;
    await tile('banner.png').dragTo(cell(2));
    await expectVisible(page.getByRole('button', { name: 'Cell 3: picture' }));
    await expectVisible(cell(2).locator(`img[src="${banner.url}"]`));
    await settled();
    expect((await saved())[0]!.elements[2]!.properties.src).toBe(banner.url);
    await shot('images-placed-1440');

    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await expectText(cell(2), 'Drag and drop content from the Images Tab');
    await expectVisible(page.getByRole('button', { name: 'Cell 1: picture' }));
    await settled();
    const [first] = await saved();
    expect(first!.elements[2]!.type).toBe('application/void');
    expect(first!.elements[0]!.type).toBe('image/png');
  });

  it('skips cells for products only, then inserts a new page and shows it (SPEC §4)', async () => {
    await tile('logo.png').focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('button', { name: 'Cell 3: picture' }));
    await expectVisible(page.getByRole('button', { name: 'Cell 2', exact: true }));
    await tile('logo.png').click();
    await expectVisible(page.getByRole('button', { name: 'Cell 4: picture' }));
    await expectText(page.getByTestId('page-position'), 'Page 1 of 1');
    await tile('banner.png').click();
    await expectText(page.getByTestId('page-position'), 'Page 2 of 2');
    await expectVisible(page.getByRole('button', { name: 'Cell 1: picture' }));
    await settled();
    const pages = await saved();
    expect(pages).toHaveLength(2);
    expect(pages[0]!.elements.map((e) => e.type)).toEqual([
      'image/png',
      'application/void',
      'image/png',
      'image/png',
    ]);
    expect(pages[1]!.elements[0]!.type).toBe('image/png');
  });

  it('deletes a picture from the library after confirming; pages that show it keep it', async () => {
    const logo = (await library()).find((f) => f.name === 'logo.png')!;
    await page.getByRole('button', { name: 'Delete logo.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this picture?' });
    await expectVisible(
      dialog.getByText('"logo.png" leaves your pictures. Pages that already show it keep it.'),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await library()).map((f) => f.name)).toContain('logo.png');

    await page.getByRole('button', { name: 'Delete logo.png' }).click();
    await dialog.getByRole('button', { name: 'Delete picture' }).click();
    await expectVisible(page.getByText('"logo.png" was deleted.'));
    // The dialog fades out before it leaves the page: until then its faded words are what axe would measure next.
    await dialog.waitFor({ state: 'hidden' });
    await tile('logo.png').waitFor({ state: 'detached' });
    expect((await library()).map((f) => f.name)).toEqual(['banner.png']);
    expect((await api.get(logo.url)).status).toBe(200);
    await page.keyboard.press('Alt+ArrowLeft');
    await expectText(page.getByTestId('page-position'), 'Page 1 of 2');
    await expectVisible(cell(0).locator(`img[src="${logo.url}"]`));
  });

  it('has no serious accessibility finding and works 390 px wide', async () => {
    await expectNoSeriousA11yIssues(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await page.getByRole('tab', { name: 'Images' }).scrollIntoViewIfNeeded();
    await expectVisible(tile('banner.png'));
    await expectNoSeriousA11yIssues(page);
    await page.locator('.cb-editor-side').scrollIntoViewIfNeeded();
    await shot('images-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('uploads pictures dropped on the dropzone', async () => {
    const bytes = (await png('#7a3e9d', 60, 60)).toString('base64');
    const files = await page.evaluateHandle((b64) => {
      const data = new DataTransfer();
      const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      data.items.add(new File([raw], 'dropped.png', { type: 'image/png' }));
      return data;
    }, bytes);
    const zone = page.locator('.cb-editor-side .Polaris-DropZone');
    await zone.dispatchEvent('dragenter', { dataTransfer: files });
    await zone.dispatchEvent('drop', { dataTransfer: files });
    await expectVisible(tile('dropped.png'));
    await expectVisible(page.getByText('1 picture added.'));
    expect((await library()).map((f) => f.name)).toEqual(['dropped.png', 'banner.png']);
  });

  it('speaks French', async () => {
    await openEditor(page, `${server.url}/designs/${catalogId}/edit?lng=fr`);
    await page.getByRole('tab', { name: 'Images' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Vos images' }));
    await expectVisible(page.getByRole('button', { name: 'Placer banner.png sur la page' }));
    await expectVisible(page.getByRole('button', { name: 'Ajouter des images' }));
    await expectText(cell(1), "Glissez-déposez du contenu depuis l'onglet Produits");
    // The server's refusals, said in French: it names each file's problem, the editor words it.
    const files = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['not a picture'], 'faux.png', { type: 'image/png' }));
      data.items.add(new File([], 'vide.png', { type: 'image/png' }));
      return data;
    });
    const zone = page.locator('.cb-editor-side .Polaris-DropZone');
    await zone.dispatchEvent('dragenter', { dataTransfer: files });
    await zone.dispatchEvent('drop', { dataTransfer: files });
    await expectVisible(page.getByText("« faux.png » n'est pas une image JPEG, PNG, GIF ou WebP."));
    await expectVisible(page.getByText('« vide.png » est vide.'));
    expect((await library()).map((f) => f.name)).toEqual(['dropped.png', 'banner.png']);
  });

  it('says in the sidebar how to fill the chosen empty cell, by what it takes', async () => {
    // A catalog of its own, with the four kinds of cell all empty, so the tests above keep theirs.
    const layout = getDefaultLayout('products', 4);
    layout.cells[1]!.accepts = ['application/product'];
    layout.cells[2]!.accepts = ['image/*'];
    const res = await api.post('/api/v1/catalogs', {
      catalog: { title: 'Hints', pages: [createPage({ layout })] },
    });
    await openEditor(page, `${server.url}/designs/${(await res.json()).data._id}/edit`);
    const sidebar = page.getByTestId('context-sidebar');
    await cell(2).click();
    await expectVisible(
      sidebar.getByText('Choose a picture in the Images tab, or drag one here, to place it in this cell.'),
    );
    await cell(0).click();
    await expectVisible(
      sidebar.getByText(
        'Choose a product in the Products tab or a picture in the Images tab, or drag one here, to place it in this cell.',
      ),
    );
    await cell(1).click();
    await expectVisible(
      sidebar.getByText('Choose a product in the Products tab, or drag one here, to place it in this cell.'),
    );
  });
});
