import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
 * Everything an owner has, as one text to compare before and after a request: per table, the md5 of its rows'
 * text (every column) in a fixed order, computed by the database in one statement (the malformed-body property
 * takes thousands of snapshots; reading every row into JavaScript made it the slowest step of CI). Which table
 * changed shows in a failing comparison.
 */
export async function ownerSnapshot(db: Db, ownerId: string): Promise<string> {
  const hash = (rows: SQL) => sql`coalesce(md5(string_agg(t::text, '|' order by ${rows})), '')`;
  const owned = sql`select id from catalogs where owner_id = ${ownerId}`;
  const result = await db.execute(sql`select json_build_object(
    'user', (select ${hash(sql`t.id`)} from users t where t.id = ${ownerId}),
    'accounts', (select ${hash(sql`t.id`)} from store_accounts t where t.user_id = ${ownerId}),
    'catalogs', (select ${hash(sql`t.id`)} from catalogs t where t.owner_id = ${ownerId}),
    'pages', (select ${hash(sql`t.catalog_id, t.position, t.id`)} from catalog_pages t where t.catalog_id in (${owned})),
    'listings', (select ${hash(sql`t.id`)} from listings t where t.owner_id = ${ownerId}),
    'files', (select ${hash(sql`t.id`)} from files t where t.owner_id = ${ownerId}),
    'subscriptions', (select ${hash(sql`t.id`)} from subscriptions t where t.user_id = ${ownerId}),
    'jobs', (select ${hash(sql`t.id`)} from jobs t where t.owner_id = ${ownerId}),
    'orders', (select ${hash(sql`t.id`)} from orders t where t.owner_id = ${ownerId}),
    'resetTokens', (select ${hash(sql`t.id`)} from password_reset_tokens t where t.user_id = ${ownerId})
  ) as snapshot`);
  const rows = (result as unknown as { rows: { snapshot: unknown }[] }).rows;
  return JSON.stringify(rows[0]!.snapshot);
}
