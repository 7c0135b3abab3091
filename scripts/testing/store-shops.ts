import type { Db } from '../../db/client.ts';
import { storeAccounts, users } from '../../db/schema.ts';
import type { Connector } from '../../connectors/types.ts';
import { encryptSecret } from '../../server/platform/index.ts';
import { type StoreAccount, connectorFor } from '../../server/stores/index.ts';
import { openTestDatabase } from './database.ts';
import type { FakeShopifyAdmin } from './fake-shopify-admin.ts';
import { FakeShopify } from './fake-shopify.ts';

/** A test database with one user, the fake Shopify, and Shopify store accounts of that user (store sync tests). */
export type StoreShops = {
  db: Db;
  shopify: FakeShopify;
  ownerId: string;
  /**
   * A store account of the user on a fresh shop: `<prefix>-<n>.myshopify.com`, the account named `<name> <n>`;
   * with `currencyCode` the shop answers with that name and currency (otherwise the fake's defaults).
   */
  connectedShop: () => Promise<{ account: StoreAccount; admin: FakeShopifyAdmin; domain: string }>;
  /** The account's connector as the app makes it, with short retry and bulk-poll delays. */
  connector: (account: StoreAccount) => Connector;
  close: () => Promise<void>;
};

export async function openStoreShops(opts: {
  /** The user's email. */
  ownerEmail: string;
  /** The app secret the account credentials are sealed with. */
  appSecret: string;
  accessToken: string;
  prefix: string;
  name: string;
  currencyCode?: string;
}): Promise<StoreShops> {
  const database = await openTestDatabase();
  const shopify = new FakeShopify('key', 'secret');
  await shopify.start();
  const [u] = await database.db.insert(users).values({ email: opts.ownerEmail }).returning();
  const ownerId = u!.id;
  let n = 0;
  return {
    db: database.db,
    shopify,
    ownerId,
    connectedShop: async () => {
      const domain = `${opts.prefix}-${++n}.myshopify.com`;
      const name = `${opts.name} ${n}`;
      if (opts.currencyCode)
        shopify.shops.set(domain, { name, email: `owner@${domain}`, currencyCode: opts.currencyCode });
      const [account] = await database.db
        .insert(storeAccounts)
        .values({
          userId: ownerId,
          type: 'shopify',
          name,
          shopDomain: domain,
          credentialsEncrypted: encryptSecret(
            JSON.stringify({ accessToken: opts.accessToken }),
            opts.appSecret,
          ),
        })
        .returning();
      return { account: account!, admin: shopify.admin(domain), domain };
    },
    connector: (account) =>
      connectorFor({ account, appSecret: opts.appSecret, options: { retryBaseMs: 5, bulkPollMs: 5 } }),
    close: async () => {
      await shopify.stop();
      await database.close();
    },
  };
}
