import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { listings, storeAccounts, users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import { ApiError } from '../platform/index.ts';
import {
  createListings,
  deleteListing,
  findListingByExternalId,
  getListing,
  recordProcessedPictures,
  updateListing,
  upsertListings,
} from './listings.server.ts';
import { foldAccents, listListings } from './search.server.ts';
import { ensureOwnAccount, listAccounts } from '../stores/index.ts';

let database: Database;
let ownerId: string;
let otherId: string;
let shopAccountId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const [a, b] = await database.db
    .insert(users)
    .values([{ email: 'a@example.com' }, { email: 'b@example.com' }])
    .returning();
  ownerId = a!.id;
  otherId = b!.id;
  const [shop] = await database.db
    .insert(storeAccounts)
    .values({ userId: ownerId, type: 'shopify', name: 'Shop', shopDomain: 'a.myshopify.com' })
    .returning();
  shopAccountId = shop!.id;
});
afterAll(() => database?.close());

const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return 200;
  } catch (err) {
    return err instanceof ApiError ? err.status : 500;
  }
};

describe('listings service: the write API store syncs use', () => {
  it('upserts by external_id: a second write updates the same row and keeps the merchant-hidden flag', async () => {
    const db = database.db;
    const first = await upsertListings({
      db,
      ownerId,
      accountId: shopAccountId,
      listings: [
        {
          source: 'shopify',
          external_id: 'gid://shopify/Product/1',
          title: 'Ocean Blue Shirt',
          price: 50,
          stock: 4,
        },
        { source: 'shopify', external_id: 'gid://shopify/Product/2', title: 'Red Sneakers', price: '$80.00' },
      ],
    });
    expect(first.created).toBe(2);
    expect(first.updated).toBe(0);
    const [ocean] = first.listings;
    await updateListing({ db, ownerId, listingId: ocean!.id, changes: { visible: false } });

    const second = await upsertListings({
      db,
      ownerId,
      accountId: shopAccountId,
      listings: [
        {
          source: 'shopify',
          external_id: 'gid://shopify/Product/1',
          title: 'Ocean Shirt',
          price: 45,
          stock: 2.0,
        },
        // the same product twice in one batch: stored once, the last one wins
        { source: 'shopify', external_id: 'gid://shopify/Product/3', title: 'Cap v1', store_position: 1 },
        { source: 'shopify', external_id: 'gid://shopify/Product/3', title: 'Cap v2', store_position: 2 },
      ],
    });
    expect(second).toMatchObject({ created: 1, updated: 1 });
    expect(second.listings.map((l) => l.title)).toEqual(['Ocean Shirt', 'Cap v2']);
    expect(second.listings[0]!.id).toBe(ocean!.id);

    const rows = await db.select().from(listings).where(eq(listings.accountId, shopAccountId));
    expect(
      rows.map((r) => [r.externalId, r.title, r.price, r.stock, r.visible, r.storePosition]).sort(),
    ).toEqual([
      ['gid://shopify/Product/1', 'Ocean Shirt', 45, 2, false, null],
      ['gid://shopify/Product/2', 'Red Sneakers', 80, null, true, null],
      ['gid://shopify/Product/3', 'Cap v2', null, null, true, 2],
    ]);
    const view = await findListingByExternalId({
      db,
      ownerId,
      accountId: shopAccountId,
      externalId: 'gid://shopify/Product/1',
    });
    expect(view).toMatchObject({
      id: ocean!.id,
      title: 'Ocean Shirt',
      price: 45,
      visible: false,
      source: 'shopify',
    });
  });

  it('writes 1,200 listings in batches and refuses an invalid item with a 400 naming it, writing nothing', async () => {
    const db = database.db;
    const many = Array.from({ length: 1200 }, (_, i) => ({
      source: 'shopify',
      external_id: `bulk-${i}`,
      title: `Bulk ${i}`,
    }));
    const r = await upsertListings({ db, ownerId, accountId: shopAccountId, listings: many });
    expect([r.created, r.updated, r.listings.length]).toEqual([1200, 0, 1200]);
    const bad = [
      { external_id: 'x', title: 'ok' },
      { external_id: 'y', title: 'bad', status: 'SOLD' as never },
    ];
    const err = await upsertListings({ db, ownerId, accountId: shopAccountId, listings: bad }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^1\.status: /);
    expect(
      await findListingByExternalId({ db, ownerId, accountId: shopAccountId, externalId: 'x' }),
    ).toBeNull();
  });

  it('deletes by id or by external id, once; another owner finds nothing (404)', async () => {
    const db = database.db;
    const r = await upsertListings({
      db,
      ownerId,
      accountId: shopAccountId,
      listings: [
        { external_id: 'gone-1', title: 'One' },
        { external_id: 'gone-2', title: 'Two' },
      ],
    });
    const [one, two] = r.listings;
    expect(await deleteListing({ db, ownerId: otherId, listingId: one!.id })).toBe(false);
    expect(await deleteListing({ db, ownerId, listingId: one!.id })).toBe(true);
    expect(await deleteListing({ db, ownerId, listingId: one!.id })).toBe(false);
    expect(await deleteListing({ db, ownerId, accountId: shopAccountId, externalId: 'gone-2' })).toBe(true);
    expect(await deleteListing({ db, ownerId, accountId: shopAccountId, externalId: 'gone-2' })).toBe(false);
    expect(await status(getListing({ db, ownerId, listingId: two!.id }))).toBe(404);
    expect(await deleteListing({ db, ownerId, listingId: 'not-a-uuid' })).toBe(false);
    // another owner's account is not writable
    expect(
      await status(upsertListings({ db, ownerId: otherId, accountId: shopAccountId, listings: [] })),
    ).toBe(404);
  });

  it('creates hand-made listings in the own account, made on first use, listed first', async () => {
    const db = database.db;
    const r = await createListings({
      db,
      ownerId: otherId,
      listings: [{ title: 'Hand-made mug', price: 12 }],
    });
    expect(r.created).toBe(1);
    const own = await ensureOwnAccount({ db, ownerId: otherId });
    const mug = await getListing({ db, ownerId: otherId, listingId: r.listings[0]!.id });
    expect(mug).toMatchObject({
      account_id: own.id,
      source: 'own',
      external_id: null,
      title: 'Hand-made mug',
    });
    expect(await status(getListing({ db, ownerId, listingId: mug.id }))).toBe(404);
    const accounts = await listAccounts({ db, ownerId });
    expect(accounts.map((a) => a.type)).toEqual(['own', 'shopify']);
    expect(accounts[1]!.listing_count).toBe(1203);
  });
});

describe('recording processed pictures', () => {
  const copy = (name: string) => ({
    compressed: `/files/img/${name}-c.jpg`,
    thumbnail: `/files/img/${name}-t.jpg`,
  });

  it('keeps an edit saved while the job ran: copies land only on pictures the listing still has', async () => {
    const {
      listings: [created],
    } = await createListings({
      db: database.db,
      ownerId,
      listings: [
        {
          title: 'Mug',
          main_image: 'https://cdn.example/a.jpg',
          images: [{ original: 'https://cdn.example/a.jpg' }, { original: 'https://cdn.example/b.jpg' }],
        },
      ],
    });
    // The job read both pictures; meanwhile the merchant removed the second one.
    await updateListing({
      db: database.db,
      ownerId,
      listingId: created!.id,
      changes: { images: [{ original: 'https://cdn.example/a.jpg' }] },
    });
    const pictures = new Map([
      ['https://cdn.example/a.jpg', copy('a')],
      ['https://cdn.example/b.jpg', copy('b')],
    ]);
    expect(
      await recordProcessedPictures({ db: database.db, ownerId, listingId: created!.id, pictures }),
    ).toBe(true);
    const now = await getListing({ db: database.db, ownerId, listingId: created!.id });
    expect(now.images).toEqual([
      {
        original: 'https://cdn.example/a.jpg',
        compressed: '/files/img/a-c.jpg',
        thumbnail: '/files/img/a-t.jpg',
        kept: null,
        hide: false,
      },
    ]);
    expect(now.compressed_image).toBe('/files/img/a-c.jpg');
  });

  it('leaves compressed_image alone when the main picture changed meanwhile', async () => {
    const {
      listings: [created],
    } = await createListings({
      db: database.db,
      ownerId,
      listings: [{ title: 'Vase', main_image: 'https://cdn.example/old.jpg' }],
    });
    await updateListing({
      db: database.db,
      ownerId,
      listingId: created!.id,
      changes: { main_image: 'https://cdn.example/new.jpg' },
    });
    await recordProcessedPictures({
      db: database.db,
      ownerId,
      listingId: created!.id,
      pictures: new Map([['https://cdn.example/old.jpg', copy('old')]]),
    });
    const now = await getListing({ db: database.db, ownerId, listingId: created!.id });
    expect(now.main_image).toBe('https://cdn.example/new.jpg');
    expect(now.compressed_image).toBeNull();
    expect(
      await recordProcessedPictures({
        db: database.db,
        ownerId: otherId,
        listingId: created!.id,
        pictures: new Map([['x', copy('x')]]),
      }),
    ).toBe(false);
  });
});

describe('keyword search, accents aside', () => {
  it('folds accents of the listings and of the keywords alike, letters without a decomposition too', async () => {
    expect(foldAccents('Émile Brûlée Søren Łódź İstanbul ﬁne')).toBe('Emile Brulee Soren Lodz Istanbul ﬁne');
    const db = database.db;
    const [user] = await db.insert(users).values({ email: 'accents@example.com' }).returning();
    await createListings({
      db,
      ownerId: user!.id,
      listings: [
        { title: 'Crème brûlée set', vendor: 'Søren & Co' },
        { title: 'Łódź poster', category: 'Décor' },
        { title: 'Plain mug' },
      ],
    });
    const own = await ensureOwnAccount({ db, ownerId: user!.id });
    const search = async (keywords: string) =>
      (await listListings({ db, ownerId: user!.id, accountId: own.id, filters: { keywords } })).data.map(
        (l) => l.title,
      );
    expect(await search('creme brulee')).toEqual(['Crème brûlée set']);
    expect(await search('soren')).toEqual(['Crème brûlée set']);
    expect(await search('lodz decor')).toEqual(['Łódź poster']);
    expect(await search('DÉCOR')).toEqual(['Łódź poster']);
    expect(await search('mug')).toEqual(['Plain mug']);
  });
});
