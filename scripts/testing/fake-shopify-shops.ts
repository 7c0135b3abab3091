import { ShopifyConnector, type ShopifyConnectorOptions } from '../../connectors/shopify/connector.ts';
import type { FakeShopifyAdmin } from './fake-shopify-admin.ts';
import { FakeShopify } from './fake-shopify.ts';

/** The fake Shopify of a connector test file, and fresh shops on it with a ShopifyConnector each. */
export type FakeShopifyShops = {
  shopify: FakeShopify;
  /**
   * A fresh shop (`<domainPrefix>-<n>.myshopify.com`, named `Shop <n>`, currency EUR) and a connector for it
   * with short retry and bulk-poll delays; `opts` override the connector's options.
   */
  shop: (opts?: Partial<ShopifyConnectorOptions>) => {
    n: number;
    domain: string;
    admin: FakeShopifyAdmin;
    connector: ShopifyConnector;
  };
  close: () => Promise<void>;
};

export async function openFakeShopifyShops(opts: {
  domainPrefix: string;
  accessToken: string;
}): Promise<FakeShopifyShops> {
  const shopify = new FakeShopify('key', 'secret');
  await shopify.start();
  let count = 0;
  return {
    shopify,
    shop: (connectorOpts = {}) => {
      const n = ++count;
      const domain = `${opts.domainPrefix}-${n}.myshopify.com`;
      shopify.shops.set(domain, { name: `Shop ${n}`, email: `owner@${domain}`, currencyCode: 'EUR' });
      const admin = shopify.admin(domain);
      const connector = new ShopifyConnector({
        shop: domain,
        accessToken: opts.accessToken,
        retryBaseMs: 5,
        bulkPollMs: 5,
        ...connectorOpts,
      });
      return { n, domain, admin, connector };
    },
    close: () => shopify.stop(),
  };
}
