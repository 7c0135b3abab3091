import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../db/schema.ts';
import { seedStarterTemplates } from '../server/catalogs/index.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { publishForVisitors } from '../scripts/testing/viewer-fixtures.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { shareSession } from './support/merchant.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ReturnType<typeof client>;

type Summary = { _id: string; title: string; pageCount: number; productCount: number };
const myCatalogs = async () =>
  ((await (await api.get('/api/v1/catalogs')).json()) as { data: Summary[] }).data;

beforeAll(async () => {
  server = await startTestServer({}, { worker: { pollMs: 100 } });
  // The starter templates the wizard offers, as a server start-up seeds them.
  await seedStarterTemplates(server.runtime.db);
  browser = await launchBrowser();
  api = await registeredClient(server.url, 'wizard@example.com');
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await shareSession(api, context, server.url);
  // The editor is another part of the product (its own tests); here only that the wizard opens it matters.
  await context.route(/\/designs\/[^/]+\/edit$/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Editor</title><main>Editor</main>',
    }),
  );
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const editorPath = /\/designs\/([^/]+)\/edit$/;

describe('/catalogs and the new-catalog wizard', () => {
  it('greets a new merchant with an empty state whose wizard offers the CSV import and the store first', async () => {
    await page.goto(`${server.url}/catalogs`);
    await expectVisible(page.getByRole('heading', { name: 'Make your first catalog' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'catalogs-empty-1440');
    await page.getByRole('button', { name: 'New catalog' }).last().click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('First, bring in your products'));
    expect(await dialog.getByRole('link', { name: 'Import a CSV' }).getAttribute('href')).toBe('/listings');
    await expectVisible(dialog.getByRole('link', { name: 'Connect a Shopify store' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'wizard-no-products-1440');

    // A template without products keeps its sample products, and the wizard says so (issue 24 §5).
    await dialog.getByRole('button', { name: 'Start from a template' }).click();
    await expectVisible(
      dialog.getByTestId('template-products').filter({ hasText: 'the template keeps its sample products' }),
    );
    await dialog.getByRole('button', { name: 'Back' }).click();

    // Without products, an empty catalog can still be started; it opens in the editor.
    await dialog.getByRole('button', { name: 'Start from an empty catalog' }).click();
    await dialog.getByLabel('Catalog title').fill('Blank book');
    await dialog.getByRole('button', { name: 'Create catalog' }).click();
    await page.waitForURL(editorPath);
    const id = editorPath.exec(new URL(page.url()).pathname)![1];
    expect((await myCatalogs()).map((c) => [c._id, c.title])).toEqual([[id, 'Blank book']]);
  });

  it('builds a line sheet of the chosen categories from the products, in the chosen order, and opens it', async () => {
    const created = await api.post('/api/v1/listings', [
      { title: 'Linen Shirt', price: 40, category: 'Shirts' },
      { title: 'Oxford Shirt', price: 55, category: 'Shirts' },
      { title: 'Wool Scarf', price: 25, category: 'Accessories' },
    ]);
    expect(created.status).toBe(200);
    await page.goto(`${server.url}/catalogs`);
    await page.getByRole('button', { name: 'New catalog' }).first().click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Step 1 of 3'));
    await dialog.getByLabel('Line sheet').check({ force: true });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Only these categories (in this order)').check({ force: true });
    // Nothing chosen: the wizard says so and stays.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectVisible(dialog.getByRole('alert').filter({ hasText: 'Choose at least one category.' }));
    await dialog.getByLabel('Shirts (2 products)').check({ force: true });
    await expect(dialog.getByLabel('Wholesale buyers').isChecked()).resolves.toBe(true);
    // The product pages' layout: each drawn as a page with its name, the line sheet's own grid until another is picked.
    const layouts = dialog.getByRole('group', { name: 'Product page layout' });
    await expect(layouts.getByRole('radio', { name: '9 products per page' }).isChecked()).resolves.toBe(true);
    await expectVisible(layouts.locator('.cb-scaled-page .cb-product').first());
    await layouts.getByRole('radio', { name: '4 products per page' }).check();
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'wizard-products-1440');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Sort products by').selectOption('price-desc');
    await expect(dialog.getByLabel('Catalog title').inputValue()).resolves.toBe('Line sheet');
    await dialog.getByLabel('Catalog title').fill('Shirts SS27');
    await dialog.getByRole('button', { name: 'Create catalog' }).click();
    await page.waitForURL(editorPath);

    const id = editorPath.exec(new URL(page.url()).pathname)![1]!;
    const doc = (
      (await (await api.get(`/api/v1/catalogs/${id}`)).json()) as {
        data: {
          title: string;
          pages: { layout: { _id: string }; elements: { type: string; properties?: { title?: string } }[] }[];
        };
      }
    ).data;
    expect(doc.title).toBe('Shirts SS27');
    const titles = doc.pages.flatMap((p) =>
      p.elements.flatMap((e) => (e.type === 'application/product' ? [e.properties?.title] : [])),
    );
    expect(titles).toEqual(['Oxford Shirt', 'Linen Shirt']);
    expect(doc.pages.map((p) => p.layout._id)).toEqual(['default-products-4']);

    // Starting from a template, the merchant's products take the samples' places in its look (issue 24 §5).
    await page.goto(`${server.url}/catalogs`);
    await page.getByRole('button', { name: 'New catalog' }).first().click();
    await dialog.getByRole('button', { name: 'Start from a template' }).click();
    await expectVisible(
      dialog
        .getByTestId('template-products')
        .filter({ hasText: "Your products take the place of the template's" }),
    );
    await dialog.getByRole('button', { name: 'Product catalog' }).click();
    await page.waitForURL(editorPath);
    const fromTemplate = editorPath.exec(new URL(page.url()).pathname)![1]!;
    const made = (await (await api.get(`/api/v1/catalogs/${fromTemplate}`)).json()).data as typeof doc & {
      theme: Record<string, Record<string, string>>;
    };
    expect(
      made.pages.flatMap((p) =>
        p.elements.flatMap((e) => (e.type === 'application/product' ? [e.properties?.title] : [])),
      ),
    ).toEqual(['Linen Shirt', 'Oxford Shirt', 'Wool Scarf']);
    expect(made.theme[':root']!['--brand-primary']).toBe('#1f3a5f');
    expect((await api.del(`/api/v1/catalogs/${fromTemplate}`)).status).toBe(200);
  });

  it('shows each catalog as a card with its rendered cover; duplicates, renames and deletes after confirming', async () => {
    await page.goto(`${server.url}/catalogs`);
    const card = page.locator('.cb-catalog-card', { hasText: 'Shirts SS27' });
    await expectVisible(card);
    // The cover is the first page drawn by core/render, not a placeholder.
    await expectVisible(card.locator('.cb-scaled-page .cb-page'));
    await expectVisible(card.getByText('2 products'));
    expect(await card.getByRole('link', { name: 'Open Shirts SS27' }).getAttribute('href')).toMatch(
      editorPath,
    );
    expect(
      await card.getByRole('link', { name: 'Print preview of Shirts SS27' }).getAttribute('href'),
    ).toMatch(/^\/preview\//);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'catalogs-1440');

    await card.getByRole('button', { name: 'More actions for Shirts SS27' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: 'Catalog duplicated' }));
    const copy = page.locator('.cb-catalog-card', { hasText: 'Shirts SS27 (copy)' });
    await expectVisible(copy);

    await copy.getByRole('button', { name: /More actions/ }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Shirts for stores');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.locator('.cb-catalog-card', { hasText: 'Shirts for stores' }));

    const renamed = page.locator('.cb-catalog-card', { hasText: 'Shirts for stores' });
    await renamed.getByRole('button', { name: /More actions/ }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expectVisible(confirm.getByText('Delete “Shirts for stores”?'));
    // Cancelling keeps it.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await myCatalogs()).map((c) => c.title)).toContain('Shirts for stores');
    await renamed.getByRole('button', { name: /More actions/ }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete catalog' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: 'Catalog deleted' }));
    await page.locator('.cb-catalog-card', { hasText: 'Shirts for stores' }).waitFor({ state: 'detached' });
    expect((await myCatalogs()).map((c) => c.title).sort()).toEqual(['Blank book', 'Shirts SS27']);
  });

  it("shows other merchants' featured catalogs as a strip opening their online version", async () => {
    const other = await registeredClient(server.url, 'featured-maker@example.com');
    const made = await other.post('/api/v1/catalogs', { title: 'Atelier Lookbook' });
    const { _id } = ((await made.json()) as { data: { _id: string } }).data;
    await server.runtime.db.update(catalogs).set({ featured: true }).where(eq(catalogs.id, _id));
    // Featured catalogs are published ones: a draft's link would answer 404.
    await publishForVisitors(other, _id);
    await page.goto(`${server.url}/catalogs`);
    const strip = page.getByRole('region', { name: 'Featured catalogs' });
    await expectVisible(strip.getByText('Atelier Lookbook'));
    expect(await strip.getByRole('link').first().getAttribute('href')).toBe(`/view/${_id}`);
  });

  it('works at 390 px wide: no sideways scroll, every action reachable', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phone.addCookies(await context.cookies());
    const small = await phone.newPage();
    await small.goto(`${server.url}/catalogs`);
    await expectVisible(small.locator('.cb-catalog-card', { hasText: 'Shirts SS27' }));
    await expectNoSidewaysScroll(small);
    await expectNoSeriousA11yIssues(small);
    await shot(small, 'catalogs-390');
    await small.getByRole('button', { name: 'New catalog' }).first().click();
    await expectVisible(small.getByRole('dialog').getByText('What do you want to make?'));
    await expectNoSidewaysScroll(small);
    await shot(small, 'wizard-390');
    // The layouts step fits a phone too.
    await small.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
    await expectVisible(
      small.getByRole('group', { name: 'Product page layout' }).locator('.cb-scaled-page').first(),
    );
    await expectNoSidewaysScroll(small);
    await shot(small, 'wizard-layouts-390');
    await phone.close();
  });
});
