import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createProductElement, getDefaultLayout } from '../../core/layouts/index.ts';
import type { Page, Product } from '../../core/model/index.ts';
import type { Database } from '../../db/client.ts';
import { storeAccounts, users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import type { FakeShopifyAdmin } from '../../scripts/testing/fake-shopify-admin.ts';
import { addFakeProduct } from '../../scripts/testing/fake-shopify-products.ts';
import { FakeShopify } from '../../scripts/testing/fake-shopify.ts';
import { synchronizeCatalog } from './synchronize.server.ts';
import { createCatalog, getCatalog } from './catalogs.server.ts';
import { savePage } from './catalog-saves.server.ts';
import {
  createListings,
  findListingByExternalId,
  getListing,
  listingWriter,
  updateListing,
  type ListingView,
} from '../listings/index.ts';
import { encryptSecret } from '../platform/index.ts';
import { type StoreAccount, connectorFor, syncStore } from '../stores/index.ts';

const SECRET = 'catalog-sync-test-secret-0123456789abcd';
const SHOP = 'tees.myshopify.com';
const GHOST = '00000000-0000-4000-8000-000000000000';
let database: Database;
let shopify: FakeShopify;
let admin: FakeShopifyAdmin;
let ownerId: string;
let account: StoreAccount;
let catalogId: string;
const ids: Record<string, string> = {};

const asProduct = (l: ListingView): Product => ({ ...l, id: l.id }) as unknown as Product;
const productPage = (products: Product[], id: string): Page => {
  const page = createPage({ layout: getDefaultLayout('products', 4), id });
  products.forEach((p, i) => (page.elements[i] = createProductElement(`${id}-${i}`, p)));
  return page;
};
const pricesOnPages = async () =>
  (await getCatalog({ db: database.db, ownerId, catalogId })).catalog.pages.map((p) =>
    p.elements.flatMap((e) =>
      e.type === 'application/product' ? [[e.properties.title, e.properties.price]] : [],
    ),
  );

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  shopify = new FakeShopify('key', 'secret');
  await shopify.start();
  admin = shopify.admin(SHOP);
  const [u] = await db.insert(users).values({ email: 'tees@example.com' }).returning();
  ownerId = u!.id;
  [account] = (await db
    .insert(storeAccounts)
    .values({
      userId: ownerId,
      type: 'shopify',
      name: 'Tees',
      shopDomain: SHOP,
      credentialsEncrypted: encryptSecret(JSON.stringify({ accessToken: 'shpat_tees' }), SECRET),
    })
    .returning()) as [StoreAccount];
  addFakeProduct(admin, { title: 'Tee A', price: 10 });
  addFakeProduct(admin, { title: 'Tee B', price: 20 });
  await syncStore(
    { db, account, connector: connectorFor({ account, appSecret: SECRET }), writer: listingWriter },
    { progress: () => {} },
  );
  const stored = async (p: { id: string }) =>
    (await findListingByExternalId({ db, ownerId, accountId: account.id, externalId: p.id }))!;
  const teeA = await stored(admin.products[0]!);
  const teeB = await stored(admin.products[1]!);
  const mug = (await createListings({ db, ownerId, listings: [{ title: 'Mug', price: 8 }] })).listings[0]!;
  ids.mug = mug.id;
  ids.teeA = teeA.id;
  const mugView = await getListing({ db, ownerId, listingId: mug.id });
  const ghost = { ...asProduct(teeB), id: GHOST, title: 'Ghost', source: 'own' } as Product;
  const created = await createCatalog({
    db,
    ownerId,
    input: {
      title: 'Summer',
      catalog: {
        pages: [
          productPage([asProduct(teeA), asProduct(teeB)], 'page-1'),
          productPage([asProduct(mugView), ghost, asProduct(teeA)], 'page-2'),
        ],
      },
    },
  });
  catalogId = created.catalog._id;
});
afterAll(async () => {
  await shopify?.stop();
  await database?.close();
});

describe('catalog synchronize (SPEC §4)', () => {
  it('refreshes prices product by product, 700 ms apart by default, skipping a product that fails', async () => {
    const db = database.db;
    admin.products[0]!.variants[0]!.price = '12.00';
    await updateListing({ db, ownerId, listingId: ids.mug!, changes: { price: 9 } });
    const before = await getCatalog({ db, ownerId, catalogId });
    const progress: [number, number][] = [];
    const sleeps: number[] = [];
    const result = await synchronizeCatalog(
      {
        db,
        ownerId,
        catalogId,
        kinds: ['prices'],
        appSecret: SECRET,
        sleep: async (ms) => void sleeps.push(ms),
      },
      { progress: (d, t) => progress.push([d, t]) },
    );
    expect(result).toEqual({
      total: 5,
      updated: 3,
      unchanged: 1,
      skipped: [
        {
          element_id: 'page-2-1',
          product_id: GHOST,
          title: 'Ghost',
          reason: 'This product is no longer in your listings.',
        },
      ],
    });
    expect(progress).toEqual([
      [0, 5],
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
    // A pause before each read but the first; the second Tee A on page 2 was read already.
    expect(sleeps).toEqual([700, 700, 700]);
    expect(await pricesOnPages()).toEqual([
      [
        ['Tee A', 12],
        ['Tee B', 20],
      ],
      [
        ['Mug', 9],
        ['Ghost', 20],
        ['Tee A', 12],
      ],
    ]);
    // Two pages saved, each through the catalogs service with its revision.
    expect((await getCatalog({ db, ownerId, catalogId })).revision).toBe(before.revision + 2);
    // Store products were read from the store: their listing is up to date too.
    const teeA = await findListingByExternalId({
      db,
      ownerId,
      accountId: account.id,
      externalId: admin.products[0]!.id,
    });
    expect(teeA!.price).toBe(12);
  });

  it('refreshes images only when asked, keeping an edit the merchant saved during the walk', async () => {
    const db = database.db;
    admin.products[1]!.media = [
      {
        id: admin.gid('MediaImage'),
        mediaContentType: 'IMAGE',
        image: { url: 'https://cdn.example/b-new.jpg', altText: null },
      },
    ];
    admin.products[1]!.variants[0]!.price = '25.00';
    let edited = false;
    const result = await synchronizeCatalog(
      {
        db,
        ownerId,
        catalogId,
        kinds: ['images'],
        appSecret: SECRET,
        delayMs: 5,
        sleep: async () => {
          if (edited) return;
          edited = true;
          const { catalog, revision } = await getCatalog({ db, ownerId, catalogId });
          const page = catalog.pages[0]!;
          await savePage({
            db,
            ownerId,
            catalogId,
            pageId: page.id,
            revision,
            page: { ...page, header: { properties: { html: '<p>Summer 2026</p>' } } },
          });
        },
      },
      { progress: () => {} },
    );
    expect(result.updated).toBe(1);
    const { catalog } = await getCatalog({ db, ownerId, catalogId });
    const teeB = catalog.pages[0]!.elements[1]!;
    expect(
      teeB.type === 'application/product' && [teeB.properties.main_image, teeB.properties.price],
    ).toEqual(['https://cdn.example/b-new.jpg', 20]);
    expect(catalog.pages[0]!.header.properties.html).toBe('<p>Summer 2026</p>');
  });

  it('skips a store product the store no longer has', async () => {
    const gone = admin.products.splice(1, 1);
    const result = await synchronizeCatalog(
      { db: database.db, ownerId, catalogId, kinds: ['information'], appSecret: SECRET, delayMs: 0 },
      { progress: () => {} },
    );
    admin.products.push(...gone);
    expect(result.skipped.map((s) => [s.title, s.reason])).toEqual([
      ['Tee B', 'This product is no longer in the store.'],
      ['Ghost', 'This product is no longer in your listings.'],
    ]);
  });
});
