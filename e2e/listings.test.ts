import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertListings } from '../server/listings/index.ts';
import { replaceCollects, saveStoreCollections } from '../server/stores/index.ts';
import { storeAccounts, users } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { openPage } from './support/page.ts';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  page = await browser.newPage();
  // The pictures of the file live on a store's CDN; nothing reaches the internet in tests.
  await page.route('https://cdn.example.com/**', (route) => route.abort());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const CSV = [
  'title,price,category,image,stock,status,sku,published',
  'Ocean Blue Shirt,50,Shirts,https://cdn.example.com/ocean.jpg,10,active,OBS-1,yes',
  'Oceanic Scarf,$20.00,Accessories,scarf.png,0,active,,yes',
  'Classic Varsity Top with Embroidered Patch,60,Shirts,https://cdn.example.com/varsity.jpg,4,active,,yes',
  'Draft Hat,35,Hats,https://cdn.example.com/hat.jpg,2,draft,,no',
  'Zebra Socks,8,Accessories,https://cdn.example.com/socks.jpg,3,archived,,no',
].join('\n');

const titles = async () => {
  await page.waitForTimeout(50);
  return page.getByTestId('listing-title').allTextContents();
};

/** The address the first import gave the uploaded scarf.png. */
let firstScarfPicture: string | null = null;
/** The scarf's main picture as the API answers it (the row shows our thumbnail of it once it is made). */
const scarfPicture = () =>
  page.evaluate(async () => {
    const accounts = await (await fetch('/api/v1/accounts')).json();
    const listings = await (
      await fetch(`/api/v1/accounts/${accounts.data[0].id}/listings?keywords=scarf`)
    ).json();
    return listings.data[0].main_image as string | null;
  });

/** Wait until the panel shows exactly these titles (search and filters answer asynchronously). */
async function expectTitles(expected: string[]) {
  const deadline = Date.now() + 10_000;
  let actual: string[] = [];
  while (Date.now() < deadline) {
    actual = await titles();
    if (JSON.stringify(actual) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(actual).toEqual(expected);
}

describe('listings panel and CSV import in Chromium', () => {
  it('signs up and finds an empty products page', async () => {
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Email').fill('importer@example.com');
    await page.getByLabel('Password', { exact: true }).fill('import-password');
    await page.getByLabel('Confirm password').fill('import-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/registered`);
    await page.goto(`${server.url}/catalogs`);
    await page.getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(`${server.url}/listings`);
    await expectVisible(page.getByText('No products yet — import a CSV or add one'));
  });

  it('shows the line and the SPEC message of a file that cannot be imported', async () => {
    await page.getByRole('button', { name: 'Import a CSV' }).first().click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('title,price,category,image\nShirt,10,Tops,a.jpg\nshirt,12,Tops,b.jpg\n'),
    });
    await expectVisible(
      page.getByText("You can't have two products with the same name in your CSV file.").first(),
    );
    await expectVisible(
      page.getByText(
        "Line 3, column title: You can't have two products with the same name in your CSV file.",
      ),
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it("says a file's problems in the merchant's language", async () => {
    await openPage(page, `${server.url}/listings?lng=fr`);
    await page.getByRole('button', { name: 'Importer un CSV' }).first().click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'prix.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('title,price,category,image\nShirt,abc,Tops,a.jpg\nScarf,-4,Tops,b.jpg\n'),
    });
    await expectVisible(page.getByText('Ce fichier ne peut pas être importé'));
    // The banner leads with the first problem, then lists each at its line and column.
    await expectVisible(page.getByText("« abc » n'est pas un prix", { exact: true }));
    await expectVisible(page.getByText("Ligne 2, colonne price : « abc » n'est pas un prix"));
    await expectVisible(page.getByText('Ligne 3, colonne price : Le prix « -4 » est négatif'));
    await page.getByRole('button', { name: 'Annuler' }).click();
    await openPage(page, `${server.url}/listings`);
  });

  it('imports a CSV through upload-csv, upload-images and review-listings', async () => {
    await page.getByRole('button', { name: 'Import a CSV' }).first().click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    // scarf.png is a file name: the upload-images step asks for it
    await expectVisible(page.getByText('scarf.png'));
    await expectVisible(page.getByText('To upload', { exact: true }));
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#aa3355' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'scarf.png', mimeType: 'image/png', buffer: png });
    await expectVisible(page.getByText('Uploaded', { exact: true }));
    await page.getByRole('button', { name: 'Next' }).click();

    await expectVisible(
      page.getByText('5 products read from products.csv (CSV). Check them, then import them.'),
    );
    await expectVisible(page.getByRole('cell', { name: 'Classic Varsity Top with Embro…' }));
    await page.getByRole('button', { name: 'Import 5 products' }).click();
    await expectText(page.locator('#cb-listings-notice'), '5 products added');
  });

  it('lists the imported products, sorted by title, long titles cut to 30 characters', async () => {
    await expectTitles([
      'Classic Varsity Top with Embro…',
      'Draft Hat',
      'Ocean Blue Shirt',
      'Oceanic Scarf',
      'Zebra Socks',
    ]);
    await expectText(page.locator('#cb-listings-count'), '5 products');
    // the uploaded picture replaced the file name, stored under a name of ours with its detected type
    firstScarfPicture = await scarfPicture();
    expect(firstScarfPicture).toMatch(/^\/files\/images\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/);
  });

  it('filters by stock and status, sorts, and searches with prefixes', async () => {
    await page.getByLabel('Hide out-of-stock products').check();
    await expectTitles(['Classic Varsity Top with Embro…', 'Draft Hat', 'Ocean Blue Shirt', 'Zebra Socks']);
    await page.getByLabel('Status').selectOption('DRAFT');
    await expectTitles(['Draft Hat']);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Hide out-of-stock products').uncheck();
    await page.getByLabel('Sort by').selectOption('price-desc');
    await expectTitles([
      'Classic Varsity Top with Embro…',
      'Ocean Blue Shirt',
      'Draft Hat',
      'Oceanic Scarf',
      'Zebra Socks',
    ]);
    // typing waits 250 ms after the last key (SPEC §9): three quick keys make one search
    const searches: string[] = [];
    page.on('request', (r) => {
      const k = new URL(r.url()).searchParams.get('keywords');
      if (r.url().includes('/listings?') && k) searches.push(k);
    });
    await page.getByLabel('Search').pressSequentially('oce', { delay: 30 });
    await expectTitles(['Ocean Blue Shirt', 'Oceanic Scarf']);
    expect(searches).toEqual(['oce']);
    await page.getByLabel('Search').fill('oce shi');
    await expectTitles(['Ocean Blue Shirt']);
    await page.getByLabel('Search').fill('nothing-like-this');
    await expectVisible(page.getByText('No product matches these filters'));
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await expectTitles([
      'Classic Varsity Top with Embro…',
      'Draft Hat',
      'Ocean Blue Shirt',
      'Oceanic Scarf',
      'Zebra Socks',
    ]);
  });

  it('filters online-store products, visible products and a category', async () => {
    const all = [
      'Classic Varsity Top with Embro…',
      'Draft Hat',
      'Ocean Blue Shirt',
      'Oceanic Scarf',
      'Zebra Socks',
    ];
    await page.getByLabel('Online store only').check();
    await expectTitles(['Classic Varsity Top with Embro…', 'Ocean Blue Shirt', 'Oceanic Scarf']);
    await page.getByLabel('Online store only').uncheck();
    await expectTitles(all);

    // The merchant hides a product from the list, then shows only the visible ones.
    await page.getByTestId('listing-title').filter({ hasText: 'Draft Hat' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Visible in the products list').uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectText(page.locator('#cb-listings-notice'), 'Product saved');
    await page.getByLabel('Visible products only').check();
    await expectTitles([
      'Classic Varsity Top with Embro…',
      'Ocean Blue Shirt',
      'Oceanic Scarf',
      'Zebra Socks',
    ]);
    await page.getByLabel('Visible products only').uncheck();
    await expectTitles(all);

    await page.getByLabel('Category').selectOption({ label: 'Accessories' });
    await expectTitles(['Oceanic Scarf', 'Zebra Socks']);
    await page.getByLabel('Category').selectOption({ label: 'All categories' });
    await expectTitles(all);
  });

  it('imports the same file again without duplicating', async () => {
    await page.getByRole('button', { name: 'Import a CSV' }).first().click();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Continue without the missing pictures' }).click();
    // The panel asks for its products again once the import is stored.
    const refreshed = page.waitForResponse(
      (r) => r.request().method() === 'GET' && /\/api\/v1\/accounts\/[^/]+\/listings\?/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Import 5 products' }).click();
    // SPEC §8 'n products added' counts the new ones: nothing was added, the five were updated.
    await expectText(page.locator('#cb-listings-notice'), '0 products added, 5 updated');
    await expectText(page.locator('#cb-listings-count'), '5 products');
    // scarf.png was not uploaded this time: the scarf keeps the picture uploaded the first time.
    const listed = (await (await refreshed).json()).data as { title: string; main_image: string | null }[];
    const scarf = listed.find((l) => l.title === 'Oceanic Scarf')!;
    expect(scarf.main_image).toBe(firstScarfPicture);
    // The row shows our copy of it: the thumbnail once the picture job made it, else the upload itself.
    const shown = await page
      .getByRole('button', { name: 'Edit Oceanic Scarf' })
      .locator('..')
      .locator('img')
      .getAttribute('src');
    expect([scarf.main_image, (scarf as { thumbnail_image?: string | null }).thumbnail_image]).toContain(
      shown,
    );
  });

  it('adds a product by hand and edits it', async () => {
    await page.getByRole('button', { name: 'Add a product' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Linen Apron');
    await dialog.getByLabel('Price', { exact: true }).fill('24.90');
    await dialog.getByLabel('Stock').fill('3');
    await dialog.getByLabel('Category').fill('Kitchen');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectText(page.locator('#cb-listings-notice'), 'Product saved');
    await expectTitles([
      'Classic Varsity Top with Embro…',
      'Draft Hat',
      'Linen Apron',
      'Ocean Blue Shirt',
      'Oceanic Scarf',
      'Zebra Socks',
    ]);
    await page.getByTestId('listing-title').filter({ hasText: 'Linen Apron' }).click();
    await dialog.getByLabel('Title').fill('Linen Apron, blue');
    await dialog.getByLabel('Price', { exact: true }).fill('abc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(dialog.getByText('Enter a price such as 12.50'));
    await dialog.getByLabel('Price', { exact: true }).fill('26');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectText(page.locator('#cb-listings-notice'), 'Product saved');
    await page.getByLabel('Search').fill('apron');
    await expectTitles(['Linen Apron, blue']);
  });

  it("filters a store's products by one of its collections", async () => {
    const db = server.runtime.db;
    const [user] = await db.select().from(users).where(eq(users.email, 'importer@example.com'));
    const [shop] = await db
      .insert(storeAccounts)
      .values({ userId: user!.id, type: 'shopify', name: 'North Shop', shopDomain: 'north.myshopify.com' })
      .returning();
    const account = { id: shop!.id, userId: user!.id };
    const stored = await upsertListings({
      db,
      ownerId: user!.id,
      accountId: shop!.id,
      listings: ['Beach Towel', 'Sun Hat', 'Wool Coat'].map((title, i) => ({
        source: 'shopify',
        external_id: `gid://shopify/Product/${i + 1}`,
        title,
        category: title === 'Wool Coat' ? 'Winter' : 'Summer wear',
      })),
    });
    await saveStoreCollections({
      db,
      account,
      kind: 'collection',
      items: [{ external_id: 'gid://shopify/Collection/9', title: 'Beach days', is_custom_collection: true }],
    });
    await replaceCollects({
      db,
      account,
      memberships: stored.listings.slice(0, 2).map((l) => ({
        listingId: l.id,
        collections: [{ external_id: 'gid://shopify/Collection/9', title: 'Beach days' }],
      })),
    });

    await page.reload();
    await page.getByLabel('Store', { exact: true }).selectOption({ label: 'North Shop (shopify)' });
    await expectTitles(['Beach Towel', 'Sun Hat', 'Wool Coat']);
    await page.getByLabel('Category').selectOption({ label: 'Beach days' });
    await expectTitles(['Beach Towel', 'Sun Hat']);
    await page.getByLabel('Category').selectOption({ label: 'Winter' });
    await expectTitles(['Wool Coat']);
  });
});
