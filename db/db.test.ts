import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, LAYOUT_TYPES, PlanLimitsSchema } from '../core/model/index.ts';
import { openTestDatabase } from '../scripts/testing/database.ts';
import type { Database } from './client.ts';
import { migrateDatabase, seedDatabase } from './index.ts';
import { findOwned, ownedBy } from './owned.ts';
import {
  catalogPages,
  catalogs,
  globalSettings,
  listings,
  pageLayouts,
  plans,
  priceTemplates,
  storeAccounts,
  users,
} from './schema.ts';

// The database suite: runs on embedded PGlite by default and on PostgreSQL when DATABASE_URL is set (CI).
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function makeUser(email: string) {
  const [u] = await database.db.insert(users).values({ email }).returning();
  const [account] = await database.db
    .insert(storeAccounts)
    .values({ userId: u!.id, type: 'own', shopDomain: '' })
    .returning();
  return { user: u!, account: account! };
}

describe(`database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('applies migrations and the seed again without changing anything', async () => {
    const before = await database.db.select().from(plans);
    await migrateDatabase(database);
    await seedDatabase(database.db);
    const after = await database.db.select().from(plans);
    expect(after).toHaveLength(before.length);
    expect(after.map((p) => p.id).sort()).toEqual([
      'BUSINESS',
      'CUSTOM',
      'ENTERPRISE',
      'ESSENTIAL',
      'PERSONAL',
      'PREMIUM',
      'trial',
    ]);
  });

  it("keeps staff edits to the product's layouts and templates, and updates the ones nobody touched", async () => {
    const { fingerprint } = await import('./seed/index.ts');
    const [edited, stale] = await database.db.select().from(pageLayouts).orderBy(pageLayouts.id).limit(2);
    const [template] = await database.db.select().from(priceTemplates).limit(1);
    // Staff renamed one layout and one caption template in the admin screens.
    await database.db.update(pageLayouts).set({ title: 'Our cover' }).where(eq(pageLayouts.id, edited!.id));
    await database.db
      .update(priceTemplates)
      .set({ html: '<h6>[TITLE]</h6>' })
      .where(eq(priceTemplates.id, template!.id));
    // Another layout still holds what an older version of the seed wrote (the code has changed since).
    const old = {
      title: 'Old title',
      type: stale!.type,
      public: true,
      availability: stale!.availability,
      document: stale!.document,
    };
    await database.db.update(pageLayouts).set({ title: 'Old title' }).where(eq(pageLayouts.id, stale!.id));
    const [setting] = await database.db
      .select()
      .from(globalSettings)
      .where(eq(globalSettings.key, 'seeded_fingerprints'));
    await database.db
      .update(globalSettings)
      .set({ value: { ...(setting!.value as object), [`page_layouts:${stale!.id}`]: fingerprint(old) } })
      .where(eq(globalSettings.key, 'seeded_fingerprints'));

    await seedDatabase(database.db);
    const byId = async (id: string) =>
      (await database.db.select().from(pageLayouts).where(eq(pageLayouts.id, id)))[0]!;
    expect((await byId(edited!.id)).title).toBe('Our cover');
    expect((await byId(stale!.id)).title).toBe(stale!.title);
    const [t] = await database.db.select().from(priceTemplates).where(eq(priceTemplates.id, template!.id));
    expect(t!.html).toBe('<h6>[TITLE]</h6>');
    const [theme] = await database.db
      .select()
      .from(globalSettings)
      .where(eq(globalSettings.key, 'default_theme'));
    expect(theme!.value).toEqual(DEFAULT_THEME);
  });

  it('seeds every plan with every limit of SPEC §3 set', async () => {
    for (const plan of await database.db.select().from(plans)) {
      const limits = PlanLimitsSchema.strict().parse(plan.limits);
      expect(Object.keys(limits)).toHaveLength(Object.keys(PlanLimitsSchema.shape).length);
    }
    const [trial] = await database.db.select().from(plans).where(eq(plans.id, 'trial'));
    expect((trial!.limits as { embeddable: boolean }).embeddable).toBe(false);
  });

  it('seeds a default layout for every page type and every products-per-page choice', async () => {
    const layouts = await database.db.select().from(pageLayouts);
    const types = new Set(layouts.map((l) => l.type));
    for (const t of LAYOUT_TYPES.filter((t) => t !== 'custom')) expect(types, t).toContain(t);
    const perPage = layouts
      .filter((l) => l.type === 'products')
      .map((l) => (l.document as { nbProductsPage: number }).nbProductsPage);
    expect(perPage.sort((a, b) => a - b)).toEqual([1, 2, 4, 6, 8, 9, 12]);
    expect((await database.db.select().from(priceTemplates)).length).toBeGreaterThanOrEqual(5);
  });

  it('scopes tenant rows by owner: another owner finds nothing', async () => {
    const a = await makeUser('owner-a@example.com');
    const b = await makeUser('owner-b@example.com');
    const [cat] = await database.db
      .insert(catalogs)
      .values({ ownerId: a.user.id, title: 'Spring', document: {}, schemaVersion: 1 })
      .returning();
    expect(await findOwned(database.db, catalogs, cat!.id, a.user.id)).toMatchObject({ title: 'Spring' });
    expect(await findOwned(database.db, catalogs, cat!.id, b.user.id)).toBeNull();
    expect(await findOwned(database.db, catalogs, 'not-a-uuid', a.user.id)).toBeNull();
    const bs = await database.db.select().from(catalogs).where(ownedBy(catalogs, b.user.id));
    expect(bs).toHaveLength(0);
  });

  it('keeps pages in order and removes them with their catalog and its owner', async () => {
    const { user } = await makeUser('cascade@example.com');
    const [cat] = await database.db
      .insert(catalogs)
      .values({ ownerId: user.id, title: 'C', document: {}, schemaVersion: 1 })
      .returning();
    await database.db.insert(catalogPages).values([
      { id: 'p2', catalogId: cat!.id, position: 1, document: { id: 'p2' } },
      { id: 'p1', catalogId: cat!.id, position: 0, document: { id: 'p1' } },
    ]);
    const pages = await database.db
      .select()
      .from(catalogPages)
      .where(eq(catalogPages.catalogId, cat!.id))
      .orderBy(catalogPages.position);
    expect(pages.map((p) => p.id)).toEqual(['p1', 'p2']);
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(
      await database.db.select().from(catalogPages).where(eq(catalogPages.catalogId, cat!.id)),
    ).toHaveLength(0);
  });

  it('finds listings by full-text search over title, SKU, vendor and category, and refuses a duplicate external id', async () => {
    const { user, account } = await makeUser('search@example.com');
    const base = { ownerId: user.id, accountId: account.id, source: 'csv', document: {} };
    await database.db.insert(listings).values([
      {
        ...base,
        externalId: '1',
        title: 'Ocean Blue Shirt',
        sku: 'OBS-1',
        vendor: 'partners-demo',
        category: 'men',
      },
      {
        ...base,
        externalId: '2',
        title: 'Classic Varsity Top',
        sku: 'CVT-2',
        vendor: 'acme',
        category: 'women',
      },
    ]);
    const hit = (q: string) =>
      database.db
        .select({ title: listings.title })
        .from(listings)
        .where(
          and(eq(listings.ownerId, user.id), sql`${listings.search} @@ plainto_tsquery('simple', ${q})`),
        );
    expect((await hit('ocean')).map((r) => r.title)).toEqual(['Ocean Blue Shirt']);
    expect((await hit('acme')).map((r) => r.title)).toEqual(['Classic Varsity Top']);
    expect((await hit('cvt-2')).map((r) => r.title)).toEqual(['Classic Varsity Top']);
    await expect(
      database.db.insert(listings).values({ ...base, externalId: '1', title: 'dup' }),
    ).rejects.toThrow();
  });

  it('refuses a second user with the same email', async () => {
    await makeUser('unique@example.com');
    await expect(database.db.insert(users).values({ email: 'unique@example.com' })).rejects.toThrow();
  });
});

// PostgreSQL only (CI's run with DATABASE_URL): connection handling that PGlite, in process, does not have.
if (process.env.DATABASE_URL) {
  describe('PostgreSQL connections', () => {
    it('migrates from several processes at once and leaves no advisory lock behind', async () => {
      await Promise.all([migrateDatabase(database), migrateDatabase(database), migrateDatabase(database)]);
      const held = await database.db.execute(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
      );
      expect((held as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    });

    it('survives the server closing its idle connections and answers the next query', async () => {
      const lost: Error[] = [];
      const { openDatabase } = await import('./client.ts');
      const url = (database as Database & { url?: string }).url!;
      const other = await openDatabase({ url, onIdleError: (err) => lost.push(err) });
      try {
        await other.db.execute(sql`select 1`);
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = '' and datname = current_database() and pid <> pg_backend_pid()`,
        );
        await expect.poll(() => lost.length).toBeGreaterThan(0);
        const again = await other.db.execute(sql`select 2 as n`);
        expect((again as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
      } finally {
        await other.close();
      }
    });
  });
}
