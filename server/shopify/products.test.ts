import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { listings, storeAccounts, users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import type { FakeShopifyAdmin } from '../../scripts/testing/fake-shopify-admin.ts';
import { productFromRest } from '../../scripts/testing/fake-shopify-products.ts';
import { FakeShopify } from '../../scripts/testing/fake-shopify.ts';
import { createLogger, encryptSecret } from '../platform/index.ts';
import { findListingByExternalId } from '../listings/index.ts';
import { applyShopifyProductWebhook } from './products.server.ts';
import { type StoreAccount, listCollects } from '../stores/index.ts';
import { readExtdataJson } from '../../scripts/testing/extdata.ts';

const restFixture = readExtdataJson<{ products: Record<string, any>[] }>(
  'shopify-admin-rest-2026-07-products.json',
);

const SECRET = 'webhook-test-secret-0123456789abcdefgh';
const SHOP = 'ipod-store.myshopify.com';
const NANO = 'gid://shopify/Product/632910392';
const [nanoPayload] = restFixture.products as unknown as Record<string, unknown>[];

let database: Database;
let shopify: FakeShopify;
let admin: FakeShopifyAdmin;
let account: StoreAccount;
const logger = createLogger('silent');

beforeAll(async () => {
  database = await openTestDatabase();
  shopify = new FakeShopify('key', 'secret');
  await shopify.start();
  admin = shopify.admin(SHOP);
  const [u] = await database.db.insert(users).values({ email: 'ipods@example.com' }).returning();
  [account] = (await database.db
    .insert(storeAccounts)
    .values({
      userId: u!.id,
      type: 'shopify',
      name: 'iPods',
      shopDomain: SHOP,
      credentialsEncrypted: encryptSecret(JSON.stringify({ accessToken: 'shpat_webhooks' }), SECRET),
      details: { profile: { currency: 'USD' } },
    })
    .returning()) as [StoreAccount];
});
afterAll(async () => {
  await shopify?.stop();
  await database?.close();
});

const apply = (
  topic: 'PRODUCTS_CREATE' | 'PRODUCTS_UPDATE' | 'PRODUCTS_DELETE',
  payload: Record<string, unknown>,
) => applyShopifyProductWebhook({ db: database.db, logger, appSecret: SECRET, account, topic, payload });
const stored = () =>
  findListingByExternalId({
    db: database.db,
    ownerId: account.userId,
    accountId: account.id,
    externalId: NANO,
  });
const count = async () =>
  (await database.db.select().from(listings).where(eq(listings.accountId, account.id))).length;

describe('products/* webhooks change the listing', () => {
  it('products/create stores the product as the Admin API has it: metafields and collections included', async () => {
    const nano = productFromRest(nanoPayload!, SHOP);
    nano.metafields = [
      {
        id: 'gid://shopify/Metafield/5',
        namespace: 'custom',
        key: 'capacity',
        type: 'single_line_text_field',
        value: '8GB',
        description: null,
      },
    ];
    nano.collections = ['gid://shopify/Collection/3'];
    admin.collections.push({
      id: 'gid://shopify/Collection/3',
      title: 'Players',
      handle: 'players',
      smart: false,
    });
    admin.products.push(nano);
    expect(await apply('PRODUCTS_CREATE', nanoPayload!)).toBe('stored');
    const listing = await stored();
    expect(listing).toMatchObject({ title: 'IPod Nano - 8GB', price: 199, stock: 100 });
    expect(listing!.metafields.map((m) => [m.key, m.value])).toEqual([['capacity', '8GB']]);
    const collects = await listCollects({ db: database.db, ownerId: account.userId, accountId: account.id });
    expect(collects).toEqual([
      { collection_id: 'gid://shopify/Collection/3', listing_id: listing!.id, position: null },
    ]);
  });

  it('products/update changes the listing in place, and a redelivery changes nothing more', async () => {
    const before = await stored();
    admin.products[0]!.title = 'IPod Nano - 16GB';
    admin.products[0]!.variants[0]!.price = '219.00';
    for (let i = 0; i < 2; i++) expect(await apply('PRODUCTS_UPDATE', nanoPayload!)).toBe('stored');
    const after = await stored();
    expect(after).toMatchObject({ id: before!.id, title: 'IPod Nano - 16GB' });
    expect(after!.variations.map((v) => v.price)).toEqual([219, 199, 199, 199]);
    expect(await count()).toBe(1);
  });

  it('when the Admin API fails, maps the REST payload and keeps the metafields and collects it cannot know', async () => {
    admin.forcedStatuses.push(500, 500);
    const payload = { ...nanoPayload!, title: 'IPod Nano (payload)' };
    expect(await apply('PRODUCTS_UPDATE', payload)).toBe('stored-from-payload');
    const listing = await stored();
    expect(listing).toMatchObject({ title: 'IPod Nano (payload)', price: 199, iso_currency_code: 'USD' });
    expect(listing!.variations.map((v) => v.barcode)).toEqual([
      '1234_pink',
      '1234_red',
      '1234_green',
      '1234_black',
    ]);
    expect(listing!.metafields.map((m) => m.key)).toEqual(['capacity']);
    expect(
      await listCollects({ db: database.db, ownerId: account.userId, accountId: account.id }),
    ).toHaveLength(1);
  });

  it('skips a payload it cannot map while the API is down, leaving the listing as it was', async () => {
    admin.forcedStatuses.push(500, 500);
    expect(await apply('PRODUCTS_UPDATE', { ...nanoPayload!, title: null })).toBe('skipped');
    expect((await stored())!.title).toBe('IPod Nano (payload)');
  });

  it('products/update of a product Shopify no longer has removes the listing', async () => {
    admin.products.length = 0;
    expect(await apply('PRODUCTS_UPDATE', nanoPayload!)).toBe('deleted');
    expect(await stored()).toBeNull();
  });

  it('products/delete removes the listing, twice without harm', async () => {
    admin.products.push(productFromRest(nanoPayload!, SHOP));
    await apply('PRODUCTS_CREATE', nanoPayload!);
    expect(await count()).toBe(1);
    for (let i = 0; i < 2; i++) expect(await apply('PRODUCTS_DELETE', { id: 632910392 })).toBe('deleted');
    expect(await count()).toBe(0);
  });
});
