import { performance } from 'node:perf_hooks';
import {
  getConnector,
  type Connector,
  type ConnectorDeps,
  type ProductFailure,
  type StoreListing,
} from '../connectors/index.ts';
import type { Listing } from '../core/model/index.ts';
import { storeAccounts, users } from '../db/schema.ts';
import { openTestDatabase } from '../scripts/testing/database.ts';
import {
  FakeBigcommerce,
  generatedBigcommerceProducts,
  publishedBigcommerceProducts,
} from '../scripts/testing/fake-bigcommerce.ts';
import { FakeEbay } from '../scripts/testing/fake-ebay.ts';
import { FakeEcwid, generatedEcwidProducts, publishedEcwidProducts } from '../scripts/testing/fake-ecwid.ts';
import { FakeEtsy } from '../scripts/testing/fake-etsy.ts';
import { FakeLightspeed, rItem, xProduct } from '../scripts/testing/fake-lightspeed.ts';
import { addFakeProduct, addIpods } from '../scripts/testing/fake-shopify-products.ts';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import {
  FakeMagento,
  generatedMagentoProducts,
  publishedMagentoSearch,
} from '../scripts/testing/fake-magento.ts';
import {
  documentedSquarespaceProducts,
  FakeSquarespace,
  generatedSquarespaceProducts,
} from '../scripts/testing/fake-squarespace.ts';
import { FakeWooCommerce } from '../scripts/testing/fake-woocommerce.ts';
import { listingWriter } from '../server/listings/index.ts';
import { storeFetchFor, syncStore } from '../server/stores/index.ts';

/**
 * Issue 23's per-platform report: for each platform, the products its adapter maps from the published responses
 * in ../shared/extdata (as its local server replays them), the Listing fields those products fill, and the time
 * to sync 1,000 products replayed from the local server into a fresh database (connector + syncStore + the
 * listings writer, as the app runs them).
 *
 * `npm run bench -- sync-platforms [platform…]` (default: all of them).
 */

export const PLATFORM_SYNC_PRODUCTS = 1_000;

type Store = {
  /** The adapter, as the app builds it (the registry, the guarded fetch), for the store as it is now. */
  connector: () => Connector;
  /** Serve the published responses (extdata); answers where they come from. */
  fixtures: () => string;
  /** Serve `count` generated products shaped as the published ones. */
  generate: (count: number) => void;
  stop: () => Promise<void>;
};

type Platform = { name: string; start: () => Promise<Store> };

const guarded = () => storeFetchFor(['127.0.0.1']);
const noSleep = async () => {};

/** The registry's adapter for an account whose credentials are given in the clear. */
function adapter(
  type: string,
  shopDomain: string,
  credentials: object,
  deps: Partial<ConnectorDeps> = {},
): Connector {
  return getConnector(
    { id: `bench-${type}`, type, shopDomain, credentialsEncrypted: JSON.stringify(credentials) },
    { decrypt: (s) => s, fetch: guarded(), sleep: noSleep, ...deps },
  );
}

export const PLATFORMS: Record<string, Platform> = {
  shopify: {
    name: 'Shopify',
    start: async () => {
      // Admin GraphQL over TLS (this process's fetch sent to the local server for *.myshopify.com); a store of
      // BULK_THRESHOLD products or more syncs through one bulk export, as the app does.
      const shopify = new FakeShopify('key', 'secret');
      await shopify.start();
      const domain = 'bench.myshopify.com';
      shopify.shops.set(domain, { name: 'Bench', email: `owner@${domain}`, currencyCode: 'EUR' });
      const admin = shopify.admin(domain);
      return {
        connector: () =>
          adapter('shopify', domain, { accessToken: 'shpat_bench' }, { options: { bulkPollMs: 5 } }),
        fixtures: () => {
          admin.products = [];
          addIpods(admin, domain);
          return 'shopify-admin-rest-2026-07-products.json';
        },
        generate: (count) => {
          admin.products = [];
          admin.collections = [
            { id: 'gid://shopify/Collection/1', title: 'Summer', handle: 'summer', smart: false },
          ];
          for (let i = 1; i <= count; i++) {
            const p = addFakeProduct(admin, { title: `Dress ${i}`, variants: 3, images: 2, price: 30 });
            if (i % 2) p.collections = ['gid://shopify/Collection/1'];
          }
        },
        stop: () => shopify.stop(),
      };
    },
  },
  woocommerce: {
    name: 'WooCommerce',
    start: async () => {
      const store = await new FakeWooCommerce().start();
      return {
        connector: () => adapter('woocommerce', store.baseUrl, { baseUrl: store.baseUrl, ...store.keys }),
        fixtures: () => {
          store.loadFixtures();
          return 'woocommerce-rest-v3-list-products.json, -product-variations-list.json';
        },
        generate: (count) => {
          store.products = [];
          store.variations.clear();
          store.generate(count, { variableEvery: 5, variationsEach: 4 });
        },
        stop: () => store.stop(),
      };
    },
  },
  bigcommerce: {
    name: 'BigCommerce',
    start: async () => {
      const store = new FakeBigcommerce('abc123', 'bc-token');
      const apiUrl = await store.start();
      store.limit(Infinity);
      return {
        connector: () =>
          adapter(
            'bigcommerce',
            'store-abc123.mybigcommerce.com',
            { storeHash: 'abc123', accessToken: 'bc-token' },
            { apiUrl, sleep: store.advance },
          ),
        fixtures: () => {
          store.products = publishedBigcommerceProducts();
          return 'bigcommerce-v3-catalog-products*.json';
        },
        generate: (count) => (store.products = generatedBigcommerceProducts(count)),
        stop: () => store.stop(),
      };
    },
  },
  magento: {
    name: 'Magento 2',
    start: async () => {
      const store = new FakeMagento('mg-token', {
        consumerKey: 'ck',
        consumerSecret: 'cs',
        token: 'mg-token',
        tokenSecret: 'ts',
      });
      const baseUrl = await store.start();
      return {
        connector: () => adapter('magento', new URL(baseUrl).host, { baseUrl, accessToken: 'mg-token' }),
        fixtures: () => {
          store.products = publishedMagentoSearch();
          return 'magento2-v1-products-search.json';
        },
        generate: (count) => (store.products = generatedMagentoProducts(count)),
        stop: () => store.stop(),
      };
    },
  },
  ecwid: {
    name: 'Ecwid',
    start: async () => {
      const store = new FakeEcwid('4870020', 'secret_ecwid');
      const apiUrl = await store.start();
      return {
        connector: () =>
          adapter(
            'ecwid',
            '4870020',
            { storeId: '4870020', token: 'secret_ecwid' },
            { apiUrl, options: { minIntervalMs: 0 } },
          ),
        fixtures: () => {
          store.products = publishedEcwidProducts();
          return 'ecwid-products*.json';
        },
        generate: (count) => (store.products = generatedEcwidProducts(count)),
        stop: () => store.stop(),
      };
    },
  },
  etsy: {
    name: 'Etsy',
    start: async () => {
      const store = await new FakeEtsy().start();
      return {
        connector: () =>
          adapter('etsy', String(store.shop.shop_id), store.credentials(), {
            apiUrl: store.apiUrl,
            appKeys: store.appKeys,
          }),
        fixtures: () => {
          store.listings = [];
          for (let n = 1; n <= 3; n++) store.addListing(n);
          return 'etsy-v3-listing-inventory.json (listings built from the OpenAPI shape: none published)';
        },
        generate: (count) => {
          store.listings = [];
          for (let n = 1; n <= count; n++) store.addListing(n);
        },
        stop: () => store.stop(),
      };
    },
  },
  ebay: {
    name: 'eBay',
    start: async () => {
      const store = await new FakeEbay().start();
      return {
        connector: () =>
          adapter('ebay', String(store.credentials().userId), store.credentials(), {
            apiUrl: store.apiUrl,
            appKeys: store.appKeys,
          }),
        fixtures: () => {
          store.useFixture();
          return 'ebay-trading-getsellerlist.xml';
        },
        generate: (count) => store.useGenerated(count),
        stop: () => store.stop(),
      };
    },
  },
  'lightspeed-x': {
    name: 'Lightspeed X-Series',
    start: async () => {
      const store = await new FakeLightspeed().start();
      return {
        connector: () =>
          adapter('lightspeed', store.domainPrefix, store.xCredentials(), {
            apiUrl: store.apiUrl,
            appKeys: store.appKeys,
          }),
        fixtures: () => {
          store.useXFixture();
          return 'lightspeed-x-products-list.json';
        },
        generate: (count) => {
          store.useXFixture();
          store.xProducts = Array.from({ length: count }, (_, i) => xProduct(i + 1, 5_000 + i));
          store.inventory = [];
        },
        stop: () => store.stop(),
      };
    },
  },
  'lightspeed-r': {
    name: 'Lightspeed R-Series',
    start: async () => {
      const store = await new FakeLightspeed().start();
      return {
        connector: () =>
          adapter('lightspeed', store.accountId, store.rCredentials(), {
            apiUrl: store.apiUrl,
            appKeys: store.appKeys,
          }),
        fixtures: () => {
          store.useRFixture();
          return 'lightspeed-r-item-page3.json';
        },
        generate: (count) => {
          store.useRFixture();
          store.rItems = Array.from({ length: count }, (_, i) => rItem(1_000 + i));
          store.rMatrices = [];
        },
        stop: () => store.stop(),
      };
    },
  },
  squarespace: {
    name: 'Squarespace',
    start: async () => {
      const store = new FakeSquarespace('sq-key');
      const apiUrl = await store.start();
      return {
        connector: () =>
          adapter(
            'squarespace',
            'example.squarespace.com',
            { apiKey: 'sq-key' },
            { apiUrl, options: { minIntervalMs: 0 } },
          ),
        fixtures: () => {
          store.products = documentedSquarespaceProducts();
          return 'built from the Commerce API documentation (no published answer)';
        },
        generate: (count) => (store.products = generatedSquarespaceProducts(count)),
        stop: () => store.stop(),
      };
    },
  },
};

/** The Listing fields a mapped product can fill, and whether a listing (or one of its variations) fills each. */
const FIELDS: Record<string, (l: Listing) => boolean> = {
  title: (l) => !!l.title,
  description: (l) => !!l.description,
  price: (l) => l.price != null || l.variations.some((v) => v.price != null),
  compare_at_price: (l) => l.compare_at_price != null || l.variations.some((v) => v.compare_at_price != null),
  sale_price: (l) => l.sale_price != null,
  retail_price: (l) =>
    l.suggested_retail_price != null || l.variations.some((v) => v.suggested_retail_price != null),
  currency: (l) => !!l.iso_currency_code,
  sku: (l) => !!l.sku || l.variations.some((v) => !!v.sku),
  barcode: (l) => !!l.barcode || l.variations.some((v) => !!v.barcode),
  stock: (l) => l.stock != null || l.variations.some((v) => v.stock != null),
  images: (l) => l.images.length > 0 || !!l.main_image,
  variations: (l) => l.variations.length > 0,
  options: (l) => l.options.length > 0,
  category: (l) => !!l.category,
  customfields: (l) => l.customfields.length > 0,
  metafields: (l) => l.metafields.length > 0 || l.variations.some((v) => v.metafields.length > 0),
  vendor: (l) => !!l.vendor,
  brand: (l) => !!l.brand,
  status: (l) => !!l.status,
  url: (l) => !!l.url,
};
const groups = (l: StoreListing) => (l.categories?.length ?? 0) + (l.collections?.length ?? 0) > 0;

async function readAll(connector: Connector) {
  const listings: StoreListing[] = [];
  const failures: ProductFailure[] = [];
  for (let cursor: string | null = null; ;) {
    const page = await connector.listProducts(cursor);
    listings.push(...page.listings);
    failures.push(...page.failures);
    if (!(cursor = page.nextCursor)) return { listings, failures };
  }
}

export type PlatformReport = {
  platform: string;
  name: string;
  fixtures: string;
  mapped: number;
  skipped: number;
  variations: number;
  fields: string[];
  syncMs: number;
  stored: number;
  /** How the sync read the store: cursor pages, or one bulk export (Shopify). */
  mode: string;
};

export async function benchPlatform(key: string, count = PLATFORM_SYNC_PRODUCTS): Promise<PlatformReport> {
  const platform = PLATFORMS[key];
  if (!platform) throw new Error(`No platform ${key}. Available: ${Object.keys(PLATFORMS).join(', ')}`);
  const store = await platform.start();
  const database = await openTestDatabase();
  try {
    const fixtures = store.fixtures();
    const { listings, failures } = await readAll(store.connector());
    // Adapters answer listings ListingSchema parsed (connectors/shared finishListing): every field is there.
    const docs = listings as unknown as Listing[];
    const fields = [
      ...Object.entries(FIELDS)
        .filter(([, fills]) => docs.some(fills))
        .map(([field]) => field),
      ...(listings.some(groups) ? ['categories/collections'] : []),
    ];

    store.generate(count);
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({ email: `bench-${key}@example.com` })
      .returning();
    const [account] = await db
      .insert(storeAccounts)
      .values({ userId: user!.id, type: key.replace(/-.*/, ''), name: platform.name, shopDomain: key })
      .returning();
    const t0 = performance.now();
    const result = await syncStore(
      { db, account: account!, connector: store.connector(), writer: listingWriter },
      { progress: () => {} },
    );
    const syncMs = performance.now() - t0;
    return {
      platform: key,
      name: platform.name,
      fixtures,
      mapped: listings.length,
      skipped: failures.length,
      variations: docs.reduce((n, l) => n + l.variations.length, 0),
      fields,
      syncMs,
      stored: result.created + result.updated,
      mode: result.mode,
    };
  } finally {
    await database.close();
    await store.stop();
  }
}

export async function main(args: string[] = []): Promise<void> {
  const keys = args.length ? args : Object.keys(PLATFORMS);
  const rows: PlatformReport[] = [];
  for (const key of keys) rows.push(await benchPlatform(key));
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `sync-platforms: products mapped from the published responses, fields filled, and ${PLATFORM_SYNC_PRODUCTS.toLocaleString('en')} products synced from the local server`,
  );
  console.log(
    ['platform', 'mapped (skipped)', 'variations', `sync ${PLATFORM_SYNC_PRODUCTS}`, 'fields'].join(' | '),
  );
  for (const r of rows)
    console.log(
      [
        r.name,
        `${r.mapped} (${r.skipped})`,
        String(r.variations),
        `${s(r.syncMs)} (${r.stored} stored, ${r.mode})`,
        `${r.fields.length}: ${r.fields.join(', ')}`,
      ].join(' | '),
    );
}
