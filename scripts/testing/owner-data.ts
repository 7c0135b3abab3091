import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  catalogPages,
  catalogs,
  files,
  jobs,
  listings,
  passwordResetTokens,
  storeAccounts,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { client } from './server.ts';

export type Client = ReturnType<typeof client>;

/** A signed-up user holding something of everything a request body can change. */
export type Owner = {
  client: Client;
  id: string;
  email: string;
  accountId: string;
  catalogId: string;
  pageIds: string[];
  listingId: string;
  variationIds: string[];
};

async function ok(res: Response, what: string) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Register `email` and give it a catalog, two listings (one with variations) and account settings. */
export async function seedOwner(baseUrl: string, email: string): Promise<Owner> {
  const c = client(baseUrl);
  const password = 'password-123';
  const { user } = await ok(
    await c.post('/auth/register', { email, password, confirmPassword: password }),
    email,
  );
  const accountId = user.accounts[0]._id as string;
  await ok(
    await c.put(`/api/v1/accounts/${accountId}`, { settings: { currency: 'EUR', nested: { a: [1, 2] } } }),
    'settings',
  );
  const { data: catalog } = await ok(await c.post('/api/v1/catalogs', { title: 'Spring' }), 'catalog');
  const created = await ok(
    await c.post('/api/v1/listings', [
      {
        title: 'Enamel Mug',
        sku: 'MUG-1',
        category: 'Kitchen',
        vendor: 'Acme',
        price: 18,
        stock: 7,
        external_id: 'mug',
        variations: [
          { id: 'v1', title: 'White', stock: 4 },
          { id: 'v2', title: 'Black', stock: 3 },
        ],
      },
      { title: 'Tea Towel', price: 6, stock: 40, external_id: 'towel' },
    ]),
    'listings',
  );
  return {
    client: c,
    id: user.id,
    email: user.email,
    accountId,
    catalogId: catalog._id,
    pageIds: catalog.pages.map((p: { id: string }) => p.id),
    listingId: created.data[0].id,
    variationIds: ['v1', 'v2'],
  };
}

/**
 * Every row of the owner's that a request could change, as one string to compare: the user, store accounts,
 * catalogs and their pages, listings, files, subscriptions, jobs and reset tokens.
 */
export async function ownerSnapshot(db: Db, ownerId: string): Promise<string> {
  const ownCatalogs = await db
    .select()
    .from(catalogs)
    .where(eq(catalogs.ownerId, ownerId))
    .orderBy(asc(catalogs.id));
  const catalogIds = ownCatalogs.map((c) => c.id);
  return JSON.stringify({
    user: await db.select().from(users).where(eq(users.id, ownerId)),
    accounts: await db
      .select()
      .from(storeAccounts)
      .where(eq(storeAccounts.userId, ownerId))
      .orderBy(asc(storeAccounts.id)),
    catalogs: ownCatalogs,
    pages: catalogIds.length
      ? await db
          .select()
          .from(catalogPages)
          .where(inArray(catalogPages.catalogId, catalogIds))
          .orderBy(asc(catalogPages.catalogId), asc(catalogPages.position))
      : [],
    listings: await db.select().from(listings).where(eq(listings.ownerId, ownerId)).orderBy(asc(listings.id)),
    files: await db.select().from(files).where(eq(files.ownerId, ownerId)).orderBy(asc(files.id)),
    subscriptions: await db.select().from(subscriptions).where(eq(subscriptions.userId, ownerId)),
    jobs: await db.select().from(jobs).where(eq(jobs.ownerId, ownerId)).orderBy(asc(jobs.id)),
    resetTokens: await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, ownerId)),
  });
}
