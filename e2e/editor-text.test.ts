import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPage, makeProduct, productPage } from '../core/commands/fixtures.ts';
import type { Page as CatalogPage } from '../core/model/index.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, shot as takeShot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openEditor, richTextState } from './support/editor.ts';

/*
 * Editing words in the editor (SPEC §5 'Editor', 'Caption and description tokens'): headers and footers with
 * the update-similar-headers and update-all-footers offers, a product's caption and its replacement, a text
 * cell's HTML; merchant markup never runs.
 */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ReturnType<typeof client>;
let catalogId: string;

/** A paying merchant signed in both in the browser and in `api` (the same session). */
const signIn = async (email: string) => (await signInMerchant(server, context, email)).api;

type Saved = {
  id: string;
  header: { properties: { html: string } };
  footer: { properties: { html: string } };
  elements: {
    id: string;
    type: string;
    price_template?: string | null;
    properties: Record<string, unknown>;
  }[];
};
const saved = async (): Promise<Saved[]> =>
  (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data.pages;
const settled = () => page.locator('[data-status="saved"]').waitFor({ state: 'visible', timeout: 20_000 });
const shot = (name: string) => takeShot(page, name, { fullPage: false });
const canvas = () => page.locator('.cb-editor-canvas');
const sidebar = () => page.getByTestId('context-sidebar');
const field = () => sidebar().getByRole('textbox', { name: /Header text|Footer text/ });
const fieldState = () => richTextState(field());
const goTo = async (n: number, count = 4) => {
  await page
    .getByRole('button', { name: `Page ${n}`, exact: true })
    .first()
    .click();
  await expectText(page.getByTestId('page-position'), `Page ${n} of ${count}`);
};

const expectNoSeriousAxe = () => expectNoSeriousA11yIssues(page);

const withBands = (p: CatalogPage, header: string, footer: string): CatalogPage => ({
  ...p,
  header: { properties: { html: header } },
  footer: { properties: { html: footer } },
});

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  api = await signIn('words@example.com');
  for (const [title, price, sku] of [
    ['Linen Shirt', 49, 'LS-1'],
    ['Wool Scarf', 25, 'WS-2'],
  ] as const) {
    const res = await api.post('/api/v1/listings', { title, price, sku, category: 'Clothing' });
    expect(res.status).toBe(201);
  }
  const shirt = makeProduct(1, {
    title: 'Linen Shirt',
    sku: 'LS-1',
    price: 49,
    metafields: [
      { namespace: 'custom', key: 'material', type: 'single_line_text_field', value: 'Linen' },
      { namespace: 'custom', key: 'sizes_json', type: 'json', value: '{"s":1}' },
    ],
  });
  const pages = [
    coverPage(),
    withBands(productPage('a', [shirt]), '<b>Spring</b> sale', 'Maison PAGE_NUMBER'),
    withBands(productPage('b', []), 'Spring&nbsp;sale', 'Old footer'),
    withBands(productPage('c', []), 'Autumn', ''),
  ];
  const res = await api.post('/api/v1/catalogs', { catalog: { title: 'Words', pages } });
  expect(res.ok).toBe(true);
  catalogId = (await res.json()).data._id;
  await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
  await expectVisible(page.getByRole('heading', { name: 'Words' }));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('editing words in the editor', () => {
  it('edits a header, offers to update similar headers, and yes updates only those', async () => {
    await goTo(2);
    await canvas().locator('.cb-header').click();
    await expectVisible(sidebar().getByRole('heading', { name: 'Header of page 2' }));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('textbox');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Summer sale');
    // The editor's own state (not only the page) has taken every key, with the caret after the last one, before
    // the selection moves: on a slow machine ProseMirror reads the last typed letter after the page shows it, and
    // that reading puts the caret back at the end.
    await expect.poll(() => fieldState()).toEqual({ text: 'Summer sale', selected: '' });
    // The words typed over the whole text start plain; Ctrl+B on "sale" makes that word bold.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => fieldState()).toEqual({ text: 'Summer sale', selected: 'sale' });
    await page.keyboard.press('Control+b');
    await sidebar().getByRole('button', { name: 'Apply' }).click();
    await expectVisible(sidebar().getByRole('heading', { name: 'Update similar headers?' }));
    await expectVisible(sidebar().getByText('1 other page has a header with the same text.'));
    await shot('editor-text-header-offer-1440');
    await sidebar().getByRole('button', { name: 'Yes, update similar headers' }).click();
    await expectVisible(sidebar().getByText('Updated on 1 more page.'));
    await expectText(canvas().locator('.cb-header'), 'Summer sale');
    await settled();
    const pages = await saved();
    expect(pages.map((p) => p.header.properties.html)).toEqual([
      '',
      'Summer <strong>sale</strong>',
      'Summer <strong>sale</strong>',
      'Autumn',
    ]);
  });

  it('edits a footer with the page number, and "update all footers" gives it to every page', async () => {
    await canvas().locator('.cb-footer').click();
    await expectVisible(sidebar().getByRole('heading', { name: 'Footer of page 2' }));
    // The field takes the focus once its editor is made: Ctrl+A before that selects nothing in it.
    await expect.poll(() => field().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Maison Nord, page ');
    await expect.poll(() => fieldState()).toEqual({ text: 'Maison Nord, page ', selected: '' });
    await sidebar().getByRole('button', { name: 'Insert page number' }).click();
    await sidebar().getByRole('button', { name: 'Apply' }).click();
    await expectVisible(sidebar().getByText('3 other pages have a different footer.'));
    await sidebar().getByRole('button', { name: 'Yes, update all footers' }).click();
    await expectText(canvas().locator('.cb-footer'), 'Maison Nord, page 2');
    await settled();
    const footers = (await saved()).map((p) => p.footer.properties.html);
    expect(new Set(footers).size).toBe(1);
    expect(footers[0]).toMatch(/^Maison Nord, page(\s|&nbsp;)PAGE_NUMBER$/);
    await goTo(3);
    await expectText(canvas().locator('.cb-footer'), 'Maison Nord, page 3');
    // One step each: undo takes the other footers back, then this page's.
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await expectText(canvas().locator('.cb-footer'), 'Old footer');
    await page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }).click();
    await expectText(canvas().locator('.cb-footer'), 'Maison Nord, page 3');
    await settled();
  });

  it('works by keyboard only: Edit footer, type, Apply, and No keeps the other footers', async () => {
    // Focus is on Redo, page 3: the next page by its shortcut.
    await page.keyboard.press('Alt+ArrowRight');
    await expectText(page.getByTestId('page-position'), 'Page 4 of 4');
    const edit = sidebar().getByRole('button', { name: 'Edit footer' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expectVisible(sidebar().getByRole('heading', { name: 'Footer of page 4' }));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('textbox');
    // The focused field shows a visible focus ring (around the text's frame).
    const outline = await field().evaluate(
      (el) => getComputedStyle(el.closest('.cb-rich-text__frame')!).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Last page');
    await expect.poll(() => fieldState()).toEqual({ text: 'Last page', selected: '' });
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Apply');
    await page.keyboard.press('Enter');
    await expectVisible(sidebar().getByText('3 other pages have a different footer.'));
    // The offer takes the focus: Tab to No.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Yes, update all footers');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectText(canvas().locator('.cb-footer'), 'Last page');
    await settled();
    const footers = (await saved()).map((p) => p.footer.properties.html);
    expect(footers[3]).toBe('Last page');
    expect(footers.slice(0, 3).every((f) => f.startsWith('Maison Nord, page'))).toBe(true);
  });

  it('links words to a web address only, and a markup-only change still offers the similar headers', async () => {
    await goTo(3);
    await sidebar().getByRole('button', { name: 'Edit header' }).click();
    await field().click();
    await page.keyboard.press('Control+a');
    await sidebar().getByRole('button', { name: 'Link' }).click();
    const address = sidebar().getByLabel('Link address');
    await address.fill('javascript:alert(1)');
    await sidebar().getByRole('button', { name: 'Apply link' }).click();
    await expectVisible(
      sidebar().getByText('Enter a web address starting with https://, http:// or mailto:'),
    );
    await address.fill('https://maison.example/sale');
    await sidebar().getByRole('button', { name: 'Apply link' }).click();
    await sidebar().getByRole('button', { name: 'Apply' }).click();
    await expectVisible(sidebar().getByText('1 other page has a header with the same text.'));
    await sidebar().getByRole('button', { name: 'No' }).click();
    await expectVisible(canvas().locator('.cb-header a[href="https://maison.example/sale"]'));
    await settled();
    const headers = (await saved()).map((p) => p.header.properties.html);
    expect(headers[2]).toMatch(
      /^<a [^>]*href="https:\/\/maison\.example\/sale"[^>]*>Summer <strong>sale<\/strong><\/a>$/,
    );
    expect(headers[2]).toContain('rel="noopener noreferrer"');
    expect(headers[1]).toBe('Summer <strong>sale</strong>');
  });

  it('edits a caption as it prints: a bold word, token chips by the picker and typed; page and save show it', async () => {
    await goTo(2);
    await page.getByTestId('cell-0').click();
    const template = sidebar().getByRole('textbox', { name: 'Caption template' });
    const chips = () => template.locator('.cb-token-chip').allTextContents();
    // The catalog's caption as it looks, each token a chip named in words.
    await expect.poll(chips).toEqual(['Title', 'Price with currency']);
    expect(await template.locator('h6').count()).toBe(1);
    expect(await template.locator('p.price').count()).toBe(1);
    // Only metafields of caption value types are offered (a JSON one is not).
    const tokens = await sidebar()
      .getByLabel('Token')
      .evaluate((s) => [...(s as HTMLSelectElement).options].map((o) => o.value));
    expect(tokens).toContain('[LISTING.custom.material]');
    expect(tokens).toContain('[PRICE_FULL]');
    expect(tokens.some((t) => t.includes('sizes_json'))).toBe(false);
    await template.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Now');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' ref ');
    // ProseMirror has read every typed letter before the picker takes the focus.
    await expect.poll(async () => (await richTextState(template)).text).toMatch(/Now ref $/);
    // The picker, by keyboard, puts the chip at the caret and gives the text its focus back.
    await sidebar().getByLabel('Token').focus();
    await sidebar().getByLabel('Token').selectOption('[SKU]');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Insert token');
    await page.keyboard.press('Enter');
    // A token typed in full becomes a chip as its bracket closes.
    await page.keyboard.type(' [OP[PRICE*2]]');
    await expect.poll(chips).toEqual(['Title', 'Price with currency', 'SKU', 'Formula: PRICE*2']);
    await sidebar().getByRole('button', { name: 'Apply caption' }).click();
    const caption = page.getByTestId('cell-0').locator('.cb-caption');
    await expectText(caption, 'Linen Shirt$49.00Now ref LS-1 98.00');
    await expectText(caption.locator('strong'), 'Now');
    await settled();
    const written =
      '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p><p><strong>Now</strong> ref [SKU] [OP[PRICE*2]]</p>';
    expect((await saved())[1]!.elements[0]!.price_template).toBe(written);
    // The HTML view shows the template as stored.
    await sidebar().getByRole('button', { name: 'HTML' }).click();
    expect(await sidebar().getByRole('textbox', { name: 'Caption template (HTML)' }).inputValue()).toBe(
      written,
    );
    await sidebar().getByRole('button', { name: 'Back to text' }).click();
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Words' }));
    await goTo(2);
    await expectText(
      page.getByTestId('cell-0').locator('.cb-caption'),
      'Linen Shirt$49.00Now ref LS-1 98.00',
    );
  });

  it('replaces the product of a cell, keeping the cell and its caption', async () => {
    await page.getByTestId('cell-0').click();
    const before = (await saved())[1]!.elements[0]!;
    await sidebar().getByRole('button', { name: 'Replace product' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Replace Linen Shirt'));
    await dialog.getByRole('button', { name: 'Replace with Wool Scarf' }).focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('button', { name: 'Cell 1: product Wool Scarf' }));
    await expectText(page.getByTestId('cell-0').locator('.cb-caption'), 'Wool Scarf$25.00Now ref WS-2 50.00');
    await settled();
    const after = (await saved())[1]!.elements[0]!;
    expect(after).toMatchObject({ id: before.id, price_template: before.price_template });
    expect(after.properties).toMatchObject({ title: 'Wool Scarf', sku: 'WS-2' });
  });

  it('edits a text cell’s HTML, sanitized', async () => {
    await goTo(1);
    await page.getByTestId('cell-1').click();
    // The text shows as it prints; its HTML view stays for those who want it.
    await sidebar().getByRole('button', { name: 'HTML' }).click();
    const html = sidebar().getByRole('textbox', { name: 'Text (HTML)' });
    await html.fill(
      '<h2>Autumn PAGE_NUMBER</h2><img src="x" onerror="window.__xss = 3"><script>window.__xss = 4</script>',
    );
    await sidebar().getByRole('button', { name: 'Apply text' }).click();
    await expectText(page.getByTestId('cell-1').locator('h2'), 'Autumn 1');
    await settled();
    const text = String((await saved())[0]!.elements[1]!.properties.html);
    expect(text).toContain('<h2>Autumn PAGE_NUMBER</h2>');
    expect(text).not.toMatch(/onerror|script/);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('never runs a script or handler pasted into a header, and saves it stripped', async () => {
    await goTo(4);
    await sidebar().getByRole('button', { name: 'Edit header' }).click();
    await field().click();
    await page.keyboard.press('Control+a');
    await field().evaluate((el) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        'Safe <img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script><a href="javascript:window.__xss=5">link</a>',
      );
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await sidebar().getByRole('button', { name: 'Apply' }).click();
    await expectText(canvas().locator('.cb-header'), 'Safe link');
    await settled();
    const header = (await saved())[3]!.header.properties.html;
    expect(header).toContain('Safe');
    // What runs is gone: the handler, the script and the javascript: address (a header may hold a picture).
    expect(header).not.toMatch(/onerror|script|javascript/);
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Words' }));
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('has no serious accessibility finding and works 390 px wide', async () => {
    await goTo(2);
    await canvas().locator('.cb-header').click();
    await expectVisible(sidebar().getByRole('heading', { name: 'Header of page 2' }));
    await expectNoSeriousAxe();
    await shot('editor-text-header-1440');
    await page.getByTestId('cell-0').click();
    await expectVisible(sidebar().getByLabel('Caption template'));
    await expectNoSeriousAxe();
    await shot('editor-text-caption-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Words' }));
    await goTo(2);
    await canvas().locator('.cb-footer').click();
    await expectVisible(sidebar().getByRole('heading', { name: 'Footer of page 2' }));
    await expectNoSeriousAxe();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await sidebar().scrollIntoViewIfNeeded();
    await shot('editor-text-footer-390');
    await page.getByTestId('cell-0').click();
    await expectVisible(sidebar().getByLabel('Caption template'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await sidebar().getByLabel('Caption template').scrollIntoViewIfNeeded();
    await shot('editor-text-caption-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("describes the caption's tokens in French", async () => {
    await openEditor(page, `${server.url}/designs/${catalogId}/edit?lng=fr`);
    await page.getByRole('button', { name: 'Page 2', exact: true }).first().click();
    await expectText(page.getByTestId('page-position'), 'Page 2 sur 4');
    await page.getByTestId('cell-0').click();
    const picker = sidebar().getByLabel('Mot-clé');
    await expectVisible(picker);
    const options = await picker.evaluate((s) =>
      Object.fromEntries([...(s as HTMLSelectElement).options].map((o) => [o.value, o.textContent])),
    );
    expect(options['[TITLE]']).toBe('[TITLE] — Titre du produit');
    expect(options['[PRICE_FULL]']).toBe(
      '[PRICE_FULL] — Prix avec son symbole de devise (1 234,50 €, $1,234.50 en anglais)',
    );
    // The caption's chips are named in French too.
    await expect
      .poll(() =>
        sidebar()
          .getByRole('textbox', { name: 'Modèle de légende' })
          .locator('.cb-token-chip')
          .allTextContents(),
      )
      .toEqual(['Titre', 'Prix avec devise', 'SKU', 'Formule : PRICE*2']);
  });
});
