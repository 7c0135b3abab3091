import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createProductElement, getDefaultLayout } from '../core/layouts/index.ts';
import { CatalogSchema, type Product } from '../core/model/index.ts';
import { createCatalog, getCatalog } from '../server/catalogs/index.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';

let server: TestServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof client>;
let ownerId: string;

beforeAll(async () => {
  server = await startTestServer({}, { worker: { pollMs: 100 } });
  browser = await launchBrowser();
  const context = await browser.newContext();
  page = await context.newPage();
  ({ api, userId: ownerId } = await signInMerchant(server, context, 'lists@example.com', { paid: false }));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('my catalogs (/catalogs)', () => {
  it('synchronizes a catalog with its products, showing progress, and reports what changed', async () => {
    // Three hand-made products placed in a catalog; then the merchant changes one price.
    const created = await api.post('/api/v1/listings', [
      { title: 'Linen Shirt', price: 40 },
      { title: 'Wool Scarf', price: 25 },
      { title: 'Brass Lamp', price: 90 },
    ]);
    const ids = ((await created.json()).data as { id: string }[]).map((l) => l.id);
    const listings: (Product & { id: string })[] = [];
    for (const id of ids) listings.push(await (await api.get(`/api/v1/listings/${id}`)).json());
    const grid = createPage({ layout: getDefaultLayout('products', 4), id: 'grid' });
    listings.forEach((l, i) => (grid.elements[i] = createProductElement(`e${i}`, l)));
    const doc = CatalogSchema.parse({ _id: 'new', title: 'Autumn line sheet', pages: [grid] });
    const { catalog } = await createCatalog({ db: server.runtime.db, ownerId, input: { catalog: doc } });
    const scarf = listings.find((l) => l.title === 'Wool Scarf')!;
    expect((await api.put(`/api/v1/listings/${scarf.id}`, { price: 29.5 })).status).toBe(200);

    await page.goto(`${server.url}/catalogs`);
    await expectVisible(page.getByText('Autumn line sheet'));
    await page.getByRole('button', { name: 'More actions for Autumn line sheet' }).click();
    await page.getByRole('menuitem', { name: 'Synchronize' }).click();
    await expectVisible(page.getByText('Synchronize “Autumn line sheet” with your products'));
    await page.getByRole('dialog').getByRole('button', { name: 'Synchronize' }).click();
    // One product every 0.7 s (SPEC §9 sync delay): the index over the total shows while it runs.
    await expectVisible(page.getByRole('status').filter({ hasText: /Synchronizing products: \d\/3/ }));
    await page.getByText('Done: 1 product updated.').waitFor({ timeout: 30_000 });

    const saved = await getCatalog({ db: server.runtime.db, ownerId, catalogId: catalog._id });
    const prices = saved.catalog.pages[0]!.elements.flatMap((e) =>
      e.type === 'application/product' ? [[e.properties.title, e.properties.price]] : [],
    );
    expect(prices).toEqual([
      ['Linen Shirt', 40],
      ['Wool Scarf', 29.5],
      ['Brass Lamp', 90],
    ]);
  });
});
