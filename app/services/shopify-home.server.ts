import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storeAccounts } from '../../db/schema.ts';
import { listCatalogs } from './catalogs.server.ts';

/** What the embedded app's home shows for a shop: its merchant's catalogs. */
export async function merchantForShop(opts: { db: Db; shop: string }) {
  const [account] = await opts.db
    .select()
    .from(storeAccounts)
    .where(and(eq(storeAccounts.type, 'shopify'), eq(storeAccounts.shopDomain, opts.shop)));
  if (!account) return { shopName: opts.shop, accountId: null, catalogs: [] };
  return {
    shopName: account.name || opts.shop,
    accountId: account.id,
    catalogs: await listCatalogs({ db: opts.db, ownerId: account.userId }),
  };
}
