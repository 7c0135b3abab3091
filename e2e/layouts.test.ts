import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, getDefaultLayout } from '../core/layouts/index.ts';
import { subscriptions, users } from '../db/schema.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { openEditor } from './support/editor.ts';
import { expectVisible } from './support/expect.ts';
import { registerMerchant, shareSession } from './support/merchant.ts';
import { openPage } from './support/page.ts';

/*
 * The layout manager and its editor (issue 26, SPEC §2.3, §4, §5) as a merchant uses them, and the library's
 * layouts, the style playground and the global settings as staff keep them.
 */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let merchant: Awaited<ReturnType<typeof registerMerchant>>;
let firstCatalogId: string;
let secondCatalogId: string;
/** The layout the merchant saves from the editor (Harbour grid). */
let harbourId: string;
const EMAIL = 'layout-maker@example.com';

beforeAll(async () => {
  server = await startTestServer({
    WORKER: 'off',
    ADMIN_EMAIL: 'layout-admin@example.com',
    ADMIN_PASSWORD: 'layout-admin-password-1',
  });
  browser = await launchBrowser();
  merchant = await registerMerchant(server, EMAIL);
  // Custom layouts come with the Business plan.
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, EMAIL));
  await server.runtime.db.insert(subscriptions).values({
    userId: u!.id,
    planId: 'BUSINESS',
    type: 'manual',
    title: 'Business',
    startDate: new Date(),
    durationDays: 365,
  });
  const first = await merchant.api.post('/api/v1/catalogs', {
    catalog: { title: 'First line', pages: [createPage({ layout: getDefaultLayout('products', 4) })] },
  });
  firstCatalogId = (await first.json()).data._id;
  const res = await merchant.api.post('/api/v1/catalogs', { title: 'Second line' });
  secondCatalogId = (await res.json()).data._id;
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await shareSession(merchant.api, context, server.url);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/**
 * Axe leaves out the layouts' thumbnails: each is a whole sample page, hidden from assistive technology
 * (aria-hidden, nothing in it focusable), and checking every one of them was most of what the scans cost.
 */
const NOT_THUMBNAILS = { exclude: ['.cb-scaled-page'] };

/** A cell button of the layout editor's page, by its number. */
const cellButton = (n: number) => page.getByRole('button', { name: new RegExp(`^Cell ${n}: `) });

describe('the layout manager, as a merchant', () => {
  it('lists the layouts in SPEC §2.3 groups, each drawn as a page, and finds them by name', async () => {
    await openPage(page, `${server.url}/pagelayouts`);
    await expectVisible(page.getByRole('heading', { name: 'Page layouts', level: 1 }));
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(['Front Covers', 'Back Covers', 'Description Pages', 'Product Pages']);
    // Product pages in the order a merchant reads them: 2 before 12.
    const products = page.getByRole('region', { name: 'Product Pages' });
    const names = await products.locator('.cb-layout-card__name').allTextContents();
    expect(names.indexOf('2 products per page')).toBeLessThan(names.indexOf('12 products per page'));
    // Each a real page with the sample products in it.
    const four = products.getByRole('link', { name: 'Open 4 products per page' });
    await expectVisible(four.locator('.cb-scaled-page .cb-cell'));
    expect(await four.locator('.cb-product').count()).toBe(4);

    await page.getByRole('textbox', { name: 'Search layouts' }).fill('12 products');
    await expect.poll(() => page.locator('.cb-layout-card').count()).toBe(1);
    await expectVisible(page.getByText('1 layout', { exact: true }));
    await page.getByRole('textbox', { name: 'Search layouts' }).fill('');
    await expectNoSeriousA11yIssues(page, NOT_THUMBNAILS);
    await shot(page, 'layouts-manager-1440');
  });

  it("shapes a page's layout in the editor's layout mode and saves it as theirs", async () => {
    // The catalog editor's layout mode: a cell moved one step, then the layout saved to the merchant's layouts.
    await openEditor(page, `${server.url}/designs/${firstCatalogId}/edit`);
    await page.getByRole('button', { name: 'Edit layout' }).click();
    await page.getByTestId('cell-0').click();
    await page.keyboard.press('ArrowRight');
    const saveToLibrary = async () => {
      await page.getByRole('button', { name: 'Save to my layouts' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this layout to your layouts' });
      await dialog.getByRole('textbox', { name: 'Layout name' }).fill('Harbour grid');
      await shot(page, 'editor-save-layout-1440', { fullPage: false });
      // A library layout is not theirs: saving keeps a copy as theirs.
      await dialog.getByRole('button', { name: 'Save as my layout' }).click();
    };
    // A failed save says so (SPEC §4) and the page stays in the layout mode, its change kept.
    let failed = false;
    await page.route('**/api/v1/pagelayouts', (route) => {
      if (failed || route.request().method() !== 'POST') return route.fallback();
      failed = true;
      return route.fulfill({ status: 500, body: '{}' });
    });
    await saveToLibrary();
    await expectVisible(page.getByText('An error occured while saving your layout'));
    await expectVisible(page.getByRole('heading', { name: 'Editing the layout of page 1' }));
    await page.unroute('**/api/v1/pagelayouts');
    await saveToLibrary();
    await expectVisible(page.getByText('“Harbour grid” is saved in your layouts.'));
    // Saving returns to view; the page now uses the saved layout, moved cell and all.
    await expectVisible(page.getByRole('button', { name: 'Add page' }));
    type Saved = { _id: string | null; title: string; owner: string | null; cells: { x: number }[] };
    const pageLayout = async () =>
      (await (await merchant.api.get(`/api/v1/catalogs/${firstCatalogId}`)).json()).data.pages[0]
        .layout as Saved;
    await expect.poll(async () => (await pageLayout()).title).toBe('Harbour grid');
    const used = await pageLayout();
    harbourId = used._id!;
    expect(used.owner).toBe(merchant.userId);
    expect(used.cells[0]!.x).toBeCloseTo(getDefaultLayout('products', 4).cells[0]!.x + 0.0125, 5);
  });

  it('refines their own layout by keyboard, paste and JSON, with undo and redo, and Save updates it', async () => {
    // The layout editor: the merchant's own layout, which Save updates in place.
    await openPage(page, `${server.url}/pagelayouts/${harbourId}`);
    await expectVisible(page.getByRole('heading', { name: 'Layout: Harbour grid' }));
    const first = cellButton(1);
    const startLabel = (await first.getAttribute('aria-label'))!;
    expect(startLabel).toMatch(/^Cell 1: Products, Pictures, at /);

    // Arrows move by one 1.25 % step; Shift and an arrow resizes.
    await first.focus();
    await page.keyboard.press('ArrowRight');
    const moved = (await first.getAttribute('aria-label'))!;
    const x = (label: string) => Number(/at ([\d.]+) %/.exec(label)![1]);
    expect(x(moved)).toBeCloseTo(x(startLabel) + 1.25, 5);
    await page.keyboard.press('Shift+ArrowDown');
    const height = (label: string) => Number(/× ([\d.]+) %$/.exec(label)![1]);
    expect(height((await first.getAttribute('aria-label'))!)).toBeCloseTo(height(startLabel) + 1.25, 5);

    // Undo twice goes back to where it started; redo moves it again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => first.getAttribute('aria-label')).toBe(startLabel);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => first.getAttribute('aria-label')).toBe(moved);

    // Four numbers pasted onto a cell place it (SPEC §5); anything else is refused.
    await first.focus();
    await first.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', '0 0 0.5 0.5');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => first.getAttribute('aria-label')).toMatch(/at 0 % 0 %, 50 % × 50 %$/);
    await page.getByRole('textbox', { name: 'Paste coordinates' }).fill('0.1 0.2 0.3');
    await page.getByRole('button', { name: 'Paste coordinates' }).click();
    await expectVisible(page.getByText('Paste exactly four numbers between 0 and 1: x y width height.'));

    // The JSON editor marks its text.
    const json = page.getByRole('textbox', { name: 'Layout JSON' });
    await expectVisible(page.getByText('Well formed.'));
    const text = await json.inputValue();
    await json.fill(text.slice(0, -3));
    await expectVisible(page.getByText(/^Not JSON: /));
    await json.fill(text.replace('"reverse": false', '"reverse": "sometimes"'));
    await expectVisible(page.getByText(/^Not a layout: cells\.\d+\.reverse /));
    await json.fill(text);
    await expectVisible(page.getByText('Well formed.'));

    // A free cell: 50 % × 50 % on top.
    await page.getByRole('button', { name: 'Add free cell' }).click();
    await expect.poll(() => cellButton(5).getAttribute('aria-label')).toMatch(/25 % 25 %, 50 % × 50 %$/);
    expect(await page.getByRole('spinbutton', { name: 'Layer' }).inputValue()).toBe('10');
    await page.getByRole('button', { name: 'Remove cell' }).click();
    await expect.poll(() => cellButton(5).count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Reverse' }).check();
    await expectNoSeriousA11yIssues(page, NOT_THUMBNAILS);
    await shot(page, 'layouts-editor-1440');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(page.getByText('Layout saved.'));
    expect(new URL(page.url()).pathname).toBe(`/pagelayouts/${harbourId}`);

    const list = (await (await merchant.api.get('/api/v1/pagelayouts')).json()).data as {
      _id: string;
      title: string;
      isOwner: boolean;
      cells: { x: number; y: number; width: number; height: number; reverse: boolean }[];
    }[];
    const mine = list.find((l) => l.title === 'Harbour grid')!;
    expect(mine._id).toBe(harbourId);
    expect(mine.isOwner).toBe(true);
    expect(mine.cells).toHaveLength(4);
    expect(mine.cells[0]).toMatchObject({ x: 0, y: 0, width: 0.5, height: 0.5 });
    expect(mine.cells.some((c) => c.reverse)).toBe(true);
    // The library's layout is unchanged.
    const library = list.find((l) => l._id === 'default-products-4')!;
    expect(library.cells[0]).not.toMatchObject({ x: 0, y: 0, width: 0.5, height: 0.5 });
  });

  it('finds the saved layout in the manager, uses it in another catalog, and is refused deleting it there', async () => {
    await openPage(page, `${server.url}/pagelayouts`);
    // A copy of a product grid: among the product pages, marked as theirs.
    const card = page
      .getByRole('region', { name: 'Product Pages' })
      .getByRole('listitem')
      .filter({ hasText: 'Harbour grid' });
    await expectVisible(card.getByText('Yours'));

    // The editor's Change layout offers it; the page takes it.
    await openEditor(page, `${server.url}/designs/${secondCatalogId}/edit`);
    await page.getByRole('button', { name: 'Change layout' }).click();
    await page.getByRole('menuitem', { name: /Harbour grid/ }).click();
    await expect
      .poll(async () => {
        const doc = (await (await merchant.api.get(`/api/v1/catalogs/${secondCatalogId}`)).json()).data;
        return (doc.pages as { layout: { title: string } }[]).some((p) => p.layout.title === 'Harbour grid');
      })
      .toBe(true);

    await openPage(page, `${server.url}/pagelayouts/${harbourId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the layout “Harbour grid”?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(
      page.getByText(
        'Your catalog is using this layout. Please remove it from the catalog before deleting it.',
      ),
    );
    expect(page.url()).toMatch(/\/pagelayouts\/[0-9a-f-]{36}$/);
  });

  it('works on a phone and in French', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openPage(page, `${server.url}/pagelayouts`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yIssues(page, NOT_THUMBNAILS);
      await shot(page, 'layouts-manager-390');
      await page.getByRole('link', { name: 'Edit Harbour grid' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Layout: Harbour grid' }));
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yIssues(page, NOT_THUMBNAILS);
      await shot(page, 'layouts-editor-390');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    const fr = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
    try {
      await fr.addCookies(await context.cookies());
      const p = await fr.newPage();
      // One library layout, named in French (the manager's groups are the same words: core/i18n checks both).
      await openPage(p, `${server.url}/pagelayouts/default-products-4`);
      await expectVisible(p.getByRole('heading', { name: 'Mise en page : 4 produits par page' }));
    } finally {
      await fr.close();
    }
  });

  it('answers 403 on the staff layout, playground and settings screens and their API', async () => {
    for (const path of [
      '/admin/pagelayouts',
      '/admin/pagelayouts/new',
      '/admin/playground',
      '/admin/settings',
    ]) {
      const res = await merchant.api.get(path, { Accept: 'text/html' });
      expect(res.status, path).toBe(403);
    }
    expect((await merchant.api.get('/api/v1/pagelayouts?scope=library')).status).toBe(403);
    expect(
      (await merchant.api.put('/api/v1/global-settings', { key: 'access_token', value: 'x' })).status,
    ).toBe(403);
  });
});

describe('the layout library, playground and settings, as staff', () => {
  let staff: BrowserContext;
  let sp: Page;
  beforeAll(async () => {
    staff = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = client(server.url);
    const login = await admin.post('/auth/login', {
      email: 'layout-admin@example.com',
      password: 'layout-admin-password-1',
    });
    expect(login.status).toBe(200);
    await shareSession(admin, staff, server.url);
    sp = await staff.newPage();
  });
  afterAll(() => staff?.close());

  it('adds a library layout only some plans see, hidden from merchants until it is public', async () => {
    await openPage(sp, `${server.url}/admin/pagelayouts`);
    await expectVisible(sp.getByRole('heading', { name: 'Library layouts', level: 1 }));
    await sp.getByRole('link', { name: 'New layout' }).first().click();
    await sp.waitForURL(/\/admin\/pagelayouts\/new$/);
    await sp.getByRole('textbox', { name: 'Name' }).fill('Essential showcase');
    await sp.getByRole('button', { name: 'Add cell' }).click();
    await sp.getByRole('checkbox', { name: 'Public' }).uncheck();
    await sp.getByRole('combobox', { name: 'Available to' }).selectOption('essential');
    await sp.getByRole('spinbutton', { name: 'Order in the library' }).fill('5');
    await sp.getByRole('button', { name: 'Save', exact: true }).click();
    await sp.waitForURL((url) => /\/admin\/pagelayouts\/[0-9a-f-]{36}$/.test(url.pathname));
    // Back to the library in the app (no reload): the new layout is among its cards.
    await sp.getByRole('link', { name: 'All layouts' }).click();
    await sp.waitForURL((url) => url.pathname === '/admin/pagelayouts');
    const card = sp.getByRole('listitem').filter({ hasText: 'Essential showcase' });
    await expectVisible(card.getByText('Hidden'));
    await expectVisible(card.getByText('Essential plan'));
    await expectNoSeriousA11yIssues(sp, NOT_THUMBNAILS);
    await shot(sp, 'admin-pagelayouts-1440');
    // Not public: merchants never see it.
    const theirs = (await (await merchant.api.get('/api/v1/pagelayouts')).json()).data as { title: string }[];
    expect(theirs.map((l) => l.title)).not.toContain('Essential showcase');
  });

  it('tries a caption template and CSS on a sample page in the playground, live', async () => {
    await openPage(sp, `${server.url}/admin/playground`);
    await expectVisible(sp.getByRole('heading', { name: 'Style playground', level: 1 }));
    const preview = sp.locator('.cb-playground-page .cb-scaled-page');
    await expectVisible(preview.locator('.cb-product').first());
    await sp
      .getByRole('textbox', { name: 'Caption template' })
      .fill('<h6>[TITLE]</h6><p>Playground [SKU]</p>');
    await expect.poll(() => preview.getByText(/^Playground /).count()).toBeGreaterThan(0);
    await sp
      .getByRole('textbox', { name: 'CSS' })
      .fill('h6 { color: rgb(200, 10, 10); }\n@import url(x.css);');
    await expectVisible(sp.getByText('1 line of CSS is left out: 2'));
    await expect
      .poll(() =>
        preview
          .locator('h6')
          .first()
          .evaluate((el) => getComputedStyle(el).color),
      )
      .toBe('rgb(200, 10, 10)');
    await sp.getByRole('textbox', { name: 'Theme (JSON)' }).fill('{ nope');
    await expectVisible(sp.getByText(/^Not a theme: /));
    await expectNoSeriousA11yIssues(sp);
    await shot(sp, 'admin-playground-1440');
  });

  it('sets the promotion, read back through GET global-settings', async () => {
    await openPage(sp, `${server.url}/admin/settings`);
    await sp.getByRole('checkbox', { name: 'Promotion on' }).check();
    await sp.getByRole('textbox', { name: 'Promotion text' }).fill('Spring sale: 20 % off');
    await sp.getByRole('textbox', { name: 'Coupon code' }).fill('SPRING20');
    await sp.getByRole('button', { name: 'Save: Promotion' }).click();
    await expectVisible(sp.getByText('Setting saved.'));
    const res = await client(server.url).get('/api/v1/global-settings?key=promotion');
    expect((await res.json()).value).toEqual({
      active: true,
      text: 'Spring sale: 20 % off',
      coupon: 'SPRING20',
    });
    await expectNoSeriousA11yIssues(sp);
    await shot(sp, 'admin-settings-1440');
  });

  it('works on a phone', async () => {
    await sp.setViewportSize({ width: 390, height: 844 });
    // The settings screen is already open: narrowed as it is, then the others.
    for (const path of ['admin/settings', 'admin/pagelayouts', 'admin/playground']) {
      if (path !== 'admin/settings') await openPage(sp, `${server.url}/${path}`);
      await expectNoSidewaysScroll(sp);
      await expectNoSeriousA11yIssues(sp, { ...NOT_THUMBNAILS, label: path });
      await shot(sp, `${path.replace('/', '-')}-390`);
    }
  });
});
