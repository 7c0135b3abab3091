import { performance } from 'node:perf_hooks';
import { getConnector, type Connector, type ConnectorAccount } from '../connectors/index.ts';
import { wooClient, wooUrl } from '../connectors/woocommerce/index.ts';
import type { Db } from '../db/client.ts';
import { storeAccounts, users } from '../db/schema.ts';
import { openTestDatabase } from '../scripts/testing/database.ts';
import { FakeMagento, generatedMagentoProducts } from '../scripts/testing/fake-magento.ts';
import { FakeWooCommerce } from '../scripts/testing/fake-woocommerce.ts';
import { listingWriter } from '../server/listings/index.ts';
import { encryptSecret } from '../server/platform/index.ts';
import { connectorFor, storeFetchFor, syncStore } from '../server/stores/index.ts';

/**
 * Issue 23 'Speed': a 10,000-product store (variants included) replayed from a local server speaking the
 * platform's API, synced into a fresh database (embedded PGlite, or a new database on DATABASE_URL's server) by
 * the product's own sync (connectorFor + syncStore + the listings writer): the time until every listing is stored,
 * and the peak memory (RSS sampled every 100 ms). The anchor, in the same run, is the bare paging: every request
 * the sync makes to read the store (pages of products, and each variable product's variations, at the adapter's
 * concurrency) with nothing mapped or stored. Goals: under 2 minutes, at most 1.5× the anchor.
 *
 * `npm run bench -- sync [platform] [products]` (default woocommerce, 10,000). A platform is an entry of SYNC_PLATFORMS: how to
 * start its local store with `count` products, the account that points at it, and its bare paging.
 */

export const SYNC_BENCH_PRODUCTS = 10_000;
export const SYNC_BUDGET_MS = 120_000;
export const SYNC_ANCHOR_RATIO = 1.5;
const APP_SECRET = 'sync-bench-secret-0123456789abcdef0123';

type BenchStore = {
  /** What a store_accounts row needs for this store (type, shop_domain, credentials before sealing). */
  account: { type: string; shopDomain: string; credentials: Record<string, string> };
  /** Every request the sync makes to read the products, nothing else; answers the products read. */
  barePaging: () => Promise<{ products: number; requests: number }>;
  /** Products and variations the store holds. */
  size: { products: number; variations: number };
  stop: () => Promise<void>;
};

export const SYNC_PLATFORMS: Record<
  string,
  { summary: string; start: (count: number) => Promise<BenchStore> }
> = {
  woocommerce: {
    summary: 'WooCommerce REST v3: 100 products a page, variations of every 5th product (4 each)',
    start: async (count) => {
      const store = await new FakeWooCommerce().start();
      store.generate(count, { variableEvery: 5, variationsEach: 4 });
      const variations = [...store.variations.values()].reduce((n, v) => n + v.length, 0);
      return {
        account: { type: 'woocommerce', shopDomain: store.baseUrl, credentials: { ...store.keys } },
        size: { products: count, variations },
        barePaging: async () => {
          let requests = 0;
          const counted: typeof fetch = (input, init) => (requests++, fetch(input, init));
          const client = wooClient({ baseUrl: store.baseUrl, ...store.keys, fetch: counted });
          const get = <T>(route: string, query: Record<string, string | number>) =>
            client.request<T>(wooUrl(store.baseUrl, route, query));
          let products = 0;
          for (let page = 1; ; page++) {
            const { data, headers } = await get<{ id: number; type?: string }[]>('/products', {
              page,
              per_page: 100,
              orderby: 'id',
              order: 'asc',
            });
            products += data.length;
            // The variations, four products at a time, as the adapter reads them.
            const variable = data.filter((p) => p.type === 'variable');
            for (let i = 0; i < variable.length; i += 4)
              await Promise.all(
                variable.slice(i, i + 4).map((p) =>
                  get(`/products/${p.id}/variations`, {
                    page: 1,
                    per_page: 100,
                    orderby: 'menu_order',
                    order: 'asc',
                  }),
                ),
              );
            if (page >= Number(headers.get('x-wp-totalpages'))) break;
          }
          return { products, requests };
        },
        stop: () => store.stop(),
      };
    },
  },
  magento: {
    summary: 'Magento 2 REST: product search, 100 a page, with its attributes, categories and stock',
    start: async (count) => {
      const store = new FakeMagento('bench-token', {
        consumerKey: 'ck',
        consumerSecret: 'cs',
        token: 'bench-token',
        tokenSecret: 'ts',
      });
      const baseUrl = await store.start();
      store.products = generatedMagentoProducts(count);
      const account = {
        type: 'magento',
        shopDomain: new URL(baseUrl).host,
        credentials: { baseUrl, accessToken: 'bench-token' },
      };
      return {
        account,
        size: { products: count, variations: 0 },
        barePaging: await recordedPaging(account),
        stop: () => store.stop(),
      };
    },
  },
};

/**
 * The bare paging of a store whose requests carry no one-time signature: the requests one listing pass of the
 * adapter makes (its pages and whatever it asks per page), recorded once, then sent again in the same order
 * through the same guarded fetch, with nothing mapped or stored.
 */
export async function recordedPaging(account: {
  type: string;
  shopDomain: string;
  credentials: Record<string, string>;
}): Promise<() => Promise<{ products: number; requests: number }>> {
  const guarded = storeFetchFor(['127.0.0.1']);
  const sent: { url: string; init: RequestInit }[] = [];
  const recording = ((input: string | URL | Request, init?: RequestInit) => {
    const { signal: _signal, ...rest } = init ?? {};
    sent.push({ url: String(input), init: rest });
    return guarded(input, init);
  }) as typeof fetch;
  const connectorAccount = {
    id: 'bench',
    type: account.type,
    shopDomain: account.shopDomain,
    credentialsEncrypted: JSON.stringify(account.credentials),
    details: {},
  } satisfies ConnectorAccount;
  const connector = getConnector(connectorAccount, { decrypt: (s) => s, fetch: recording });
  // Collections, categories and the store's settings are read before the products; only the pages count.
  await connector.listCategories();
  await connector.countProducts?.();
  sent.length = 0;
  let products = 0;
  for (let cursor: string | null = null; ;) {
    const page = await connector.listProducts(cursor);
    products += page.listings.length + page.failures.length;
    if (!(cursor = page.nextCursor)) break;
  }
  const requests = [...sent];
  return async () => {
    for (const r of requests) await (await guarded(r.url, r.init)).arrayBuffer();
    return { products, requests: requests.length };
  };
}

export type SyncBenchResult = {
  platform: string;
  products: number;
  variations: number;
  anchorMs: number;
  /** CPU time of this process (user + system): steadier than wall time on a shared machine. */
  anchorCpuMs: number;
  anchorRequests: number;
  syncMs: number;
  syncCpuMs: number;
  stored: number;
  peakRssMb: number;
  startRssMb: number;
  database: string;
};

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

function sampleRss() {
  let peak = process.memoryUsage.rss();
  // Every 100 ms: often enough for a peak that lasts a page's write, and the sampling itself (it runs only while
  // the sync does) stays out of the sync's time.
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

export async function benchSync(
  platform = 'woocommerce',
  count = SYNC_BENCH_PRODUCTS,
): Promise<SyncBenchResult> {
  const entry = SYNC_PLATFORMS[platform];
  if (!entry)
    throw new Error(`No sync bench for ${platform}. Available: ${Object.keys(SYNC_PLATFORMS).join(', ')}`);
  const store = await entry.start(count);
  const database = await openTestDatabase();
  try {
    const db: Db = database.db;
    const [user] = await db.insert(users).values({ email: 'sync-bench@example.com' }).returning();
    const [account] = await db
      .insert(storeAccounts)
      .values({
        userId: user!.id,
        type: store.account.type,
        name: 'Bench store',
        shopDomain: store.account.shopDomain,
        credentialsEncrypted: encryptSecret(JSON.stringify(store.account.credentials), APP_SECRET),
      })
      .returning();
    // A warm-up of the bare paging (the server's JIT, connection pools), then the anchor.
    await store.barePaging();
    const a0 = performance.now();
    const c0 = process.cpuUsage();
    const anchor = await store.barePaging();
    const anchorMs = performance.now() - a0;
    const anchorCpuMs = cpuMs(process.cpuUsage(c0));
    if (anchor.products !== count) throw new Error(`The anchor read ${anchor.products} of ${count} products`);

    global.gc?.();
    const startRss = process.memoryUsage.rss();
    const rss = sampleRss();
    const connector: Connector = connectorFor({
      account: account!,
      appSecret: APP_SECRET,
      config: { STORE_PRIVATE_HOSTS: ['127.0.0.1'] },
    });
    const s0 = performance.now();
    const c1 = process.cpuUsage();
    const result = await syncStore(
      { db, account: account!, connector, writer: listingWriter },
      { progress: () => {} },
    );
    const syncMs = performance.now() - s0;
    const syncCpuMs = cpuMs(process.cpuUsage(c1));
    const peak = rss.stop();
    if (result.created !== count) throw new Error(`The sync stored ${result.created} of ${count} products`);
    return {
      platform,
      products: count,
      variations: store.size.variations,
      anchorMs,
      anchorCpuMs,
      anchorRequests: anchor.requests,
      syncMs,
      syncCpuMs,
      stored: result.created,
      peakRssMb: peak / 1e6,
      startRssMb: startRss / 1e6,
      database: database.kind,
    };
  } finally {
    await database.close();
    await store.stop();
  }
}

export async function main(args: string[] = []): Promise<void> {
  const platform = args[0] ?? 'woocommerce';
  // A second word sizes the store (memory should stay flat in the number of products).
  const count = args[1] ? Number(args[1]) : SYNC_BENCH_PRODUCTS;
  const r = await benchSync(platform, count);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const ratio = r.syncMs / r.anchorMs;
  console.log(
    [
      `sync: ${r.platform}, ${r.products.toLocaleString('en')} products and ${r.variations.toLocaleString('en')} variations from a local server, into ${r.database}`,
      `  anchor: the bare paging (${r.anchorRequests.toLocaleString('en')} requests)  ${s(r.anchorMs)}`,
      `  sync until every listing is stored (${r.stored.toLocaleString('en')})  ${s(r.syncMs)}  (budget ${s(SYNC_BUDGET_MS)}: ${r.syncMs <= SYNC_BUDGET_MS ? 'within' : 'OVER'})`,
      `  ratio to the anchor  ${ratio.toFixed(2)}×  (goal ${SYNC_ANCHOR_RATIO}×: ${ratio <= SYNC_ANCHOR_RATIO ? 'within' : 'OVER'})`,
      // The local store answers from this process: its CPU counts in both (on a loaded machine, wall times swing).
      `  CPU time (this process, the local store included)  anchor ${s(r.anchorCpuMs)}, sync ${s(r.syncCpuMs)}: ${(r.syncCpuMs / r.anchorCpuMs).toFixed(2)}×`,
      `  memory: RSS ${r.startRssMb.toFixed(0)} MB at the start, peak ${r.peakRssMb.toFixed(0)} MB`,
    ].join('\n'),
  );
}
