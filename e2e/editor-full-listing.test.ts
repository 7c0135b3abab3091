/**
 * SPEC §4 'Adding content': for ebay, etsy, shopify, bigcommerce and lightspeed sources the full parent listing
 * is fetched after a product is placed, and Replace product goes the same way. The panel's rows here are
 * loaded before the store's sync gave the products their variants, so only the fetch brings them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeAccounts } from '../db/schema.ts';
import { CatalogSchema } from '../core/model/index.ts';
import { upsertListings } from '../server/listings/index.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { registerMerchant, shareSession } from './support/merchant.ts';
import { openEditor } from './support/editor.ts';

const EMAIL = 'full-listing@example.com';
let server: TestServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof client>;
let catalogId: string;
let ownerId: string;
let accountId: string;

const listing = (externalId: string, title: string, variants: boolean) => ({
  source: 'shopify',
  external_id: externalId,
  title,
  price: 30,
  category: 'Marine',
  variations: variants
    ? [
        { id: `${externalId}-s`, title: 'Small', sku: `${externalId}-S`, price: 30 },
        { id: `${externalId}-l`, title: 'Large', sku: `${externalId}-L`, price: 40 },
      ]
    : [],
});

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
  ({ api, userId: ownerId } = await registerMerchant(server, EMAIL, {
    businessName: 'Harbour Goods',
    shopUrl: 'https://harbour.example',
  }));
  const db = server.runtime.db;
  const [shop] = await db
    .insert(storeAccounts)
    .values({ userId: ownerId, type: 'shopify', name: 'Harbour Shop', shopDomain: 'harbour.myshopify.com' })
    .returning();
  accountId = shop!.id;
  await upsertListings({
    db,
    ownerId,
    accountId,
    listings: [listing('anchor', 'Anchor', false), listing('buoy', 'Buoy', false)],
  });
  const doc = CatalogSchema.parse(sampleCatalog({ products: 1, perPage: 4, imageUrl: () => null }));
  const res = await api.post('/api/v1/catalogs', { catalog: { ...doc, _id: undefined } });
  expect(res.status).toBe(200);
  catalogId = (await res.json()).data._id;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await shareSession(api, context, server.url);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type SavedElement = { id: string; properties: { title?: string; variations?: { sku: string }[] } };
const savedElements = async (): Promise<SavedElement[]> =>
  (
    (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data.pages as {
      elements: SavedElement[];
    }[]
  ).flatMap((p) => p.elements);
const skusOf = async (title: string) =>
  (await savedElements())
    .filter((e) => e.properties.title === title)
    .map((e) => (e.properties.variations ?? []).map((v) => v.sku));

it('gives a product placed or swapped in from a store its full listing, variants included', async () => {
  await openEditor(page, `${server.url}/designs/${catalogId}/edit`);
  // The page holding the sample product: its first cell.
  const pages = (await (await api.get(`/api/v1/catalogs/${catalogId}`)).json()).data.pages as {
    elements: { properties: { title?: string } }[];
  }[];
  const at = pages.findIndex((p) => p.elements.some((e) => e.properties.title));
  await page.getByRole('button', { name: `Page ${at + 1}`, exact: true }).click();
  // The merchant's own products come first; the store's are one choice away.
  await page.getByLabel('Store', { exact: true }).first().selectOption(accountId);
  const place = page.getByRole('button', { name: 'Place Anchor on the page' });
  await expectVisible(place);

  await page.getByTestId('cell-0').click();
  await page.getByTestId('context-sidebar').getByRole('button', { name: 'Replace product' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Store', { exact: true }).selectOption(accountId);
  const replace = dialog.getByRole('button', { name: 'Replace with Buoy' });
  await expectVisible(replace);

  // The store syncs while both lists are on screen: the products now have their sizes.
  await upsertListings({
    db: server.runtime.db,
    ownerId,
    accountId,
    listings: [listing('anchor', 'Anchor', true), listing('buoy', 'Buoy', true)],
  });

  await replace.focus();
  await page.keyboard.press('Enter');
  await expectVisible(page.getByRole('button', { name: 'Cell 1: product Buoy' }));
  // The closing dialog hands focus back to its opener; only then is the products panel's button ours to press.
  await dialog.waitFor({ state: 'hidden' });
  await expect
    .poll(async () => {
      await place.focus();
      return place.evaluate((el) => el === document.activeElement);
    })
    .toBe(true);
  await page.keyboard.press('Enter');
  await shot(page, 'editor-full-listing', { fullPage: false });
  await expect.poll(() => skusOf('Anchor'), { timeout: 20_000 }).toHaveLength(1);
  await expect.poll(() => skusOf('Buoy'), { timeout: 20_000 }).toEqual([['buoy-S', 'buoy-L']]);
  await expect.poll(() => skusOf('Anchor'), { timeout: 20_000 }).toEqual([['anchor-S', 'anchor-L']]);
  await page.locator('[data-status="saved"]').waitFor({ timeout: 20_000 });

  // Completing the product joined the step that placed it: one undo takes Anchor off, one more brings Buoy's
  // cell back to the sample product.
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect.poll(() => page.getByRole('button', { name: /: product Anchor$/ }).count()).toBe(0);
  await expect.poll(() => page.getByTestId('cell-0').innerText()).toContain('Buoy');
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Cell 1: product Buoy' }).count()).toBe(0);
});
