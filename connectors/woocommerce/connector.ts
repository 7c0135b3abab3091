import {
  connectionCheck,
  decodeEntities,
  HttpClient,
  oauth1Header,
  pageOf,
  trimSlashes,
  tuningOf,
  withQuery,
  type ClientTuning,
  type MappedProduct,
  type QueryParams,
} from '../shared/index.ts';
import {
  ConnectorError,
  type ConnectionCheck,
  type Connector,
  type ProductPage,
  type StoreCategory,
  type StoreCollection,
  type StoreListing,
} from '../types.ts';
import { mapProduct, wooProductId, type WooProduct, type WooVariation } from './map-product.ts';

/** Largest page WooCommerce's REST API gives (`per_page` is capped at 100). */
export const WOO_MAX_PAGE_SIZE = 100;

export type WooConnectorOptions = ClientTuning & {
  /** The store's address as the merchant gave it, normalised: scheme, host and any path (a WordPress in /shop). */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Products a page (1-100, default 100). */
  pageSize?: number;
  /** Variable products whose variations are read at once (default 4). */
  variationConcurrency?: number;
};

/** The topics a store tells us about (ensureWebhooks). */
export const WOO_WEBHOOK_TOPICS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'product.restored',
];

/**
 * The shared HTTP client of a WooCommerce store (connectors/shared): HTTPS stores get Basic auth with the
 * consumer key and secret; plain-HTTP stores an OAuth 1.0a one-legged signature (HMAC-SHA256, key `secret&`) in
 * the Authorization header, made again for every attempt (WooCommerce refuses a nonce twice), as WooCommerce
 * requires (it refuses Basic auth without TLS). Redirects are not followed: the address should be the final one.
 */
export function wooClient(opts: WooConnectorOptions): HttpClient {
  const baseUrl = trimSlashes(opts.baseUrl);
  const https = new URL(baseUrl).protocol === 'https:';
  const basic = `Basic ${Buffer.from(`${opts.consumerKey}:${opts.consumerSecret}`).toString('base64')}`;
  const keys = { consumerKey: opts.consumerKey, consumerSecret: opts.consumerSecret };
  return new HttpClient({
    label: `the WooCommerce store ${new URL(baseUrl).host}`,
    ...tuningOf(opts),
    followRedirects: false,
    headers: (request) => ({ Authorization: https ? basic : oauth1Header(request, keys) }),
  });
}

/** The address of a WooCommerce REST route (`/products`) under /wp-json/wc/v3, or of the WordPress root. */
export const wooUrl = (baseUrl: string, route: string, query: QueryParams = {}): string =>
  withQuery(
    route.startsWith('/wp-json')
      ? `${trimSlashes(baseUrl)}${route}`
      : `${trimSlashes(baseUrl)}/wp-json/wc/v3${route}`,
    query,
  );

/**
 * WooCommerce through its REST API v3 (`/wp-json/wc/v3`): products by page (`page`/`per_page`, the total in
 * `X-WP-Total` and `X-WP-TotalPages`) in id order, the variations of each variable product, categories, the
 * modified-after filter for incremental syncs, and product webhooks. See connectors/README.md.
 */
export class WooCommerceConnector implements Connector {
  readonly platform = 'woocommerce';
  readonly client: HttpClient;
  private readonly baseUrl: string;
  private readonly pageSize: number;
  private readonly variationConcurrency: number;
  private currency: Promise<string | null> | null = null;

  constructor(opts: WooConnectorOptions) {
    this.baseUrl = trimSlashes(opts.baseUrl);
    this.client = wooClient(opts);
    this.pageSize = Math.min(WOO_MAX_PAGE_SIZE, Math.max(1, opts.pageSize ?? WOO_MAX_PAGE_SIZE));
    this.variationConcurrency = Math.max(1, opts.variationConcurrency ?? 4);
  }

  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      // The products route needs read permission: wrong keys, a web page or a missing WooCommerce show here.
      await this.list<unknown>('/products', { per_page: 1 }, 'product');
      const [shopName, currency] = await Promise.all([this.siteName(), this.storeCurrency()]);
      return { shopName, currency };
    });
  }

  async countProducts(): Promise<number | null> {
    const { headers } = await this.list<unknown>('/products', { per_page: 1 }, 'product');
    const total = Number(headers.get('x-wp-total'));
    return headers.has('x-wp-total') && Number.isFinite(total) && total >= 0 ? total : null;
  }

  listProducts(cursor?: string | null): Promise<ProductPage> {
    return this.page({}, cursor);
  }

  listProductsChangedSince(since: Date, cursor?: string | null): Promise<ProductPage> {
    // The filter compares GMT dates only with dates_are_gmt (else the site's local time).
    return this.page(
      { modified_after: since.toISOString().replace(/\.\d{3}Z$/, ''), dates_are_gmt: true },
      cursor,
    );
  }

  async getProduct(id: string): Promise<StoreListing | null> {
    const productId = wooProductId(id);
    if (!/^\d+$/.test(productId)) return null;
    const product = await this.client.json<WooProduct>(this.url(`/products/${productId}`), {
      notFoundIsNull: true,
    });
    if (product === null) {
      // A 404 is a deleted product only if the store's REST API still answers (a store without WooCommerce
      // answers 404 to every route, and its listings must not go).
      await this.list<unknown>('/products', { per_page: 1 }, 'product');
      return null;
    }
    if (!product || typeof product !== 'object' || product.status === 'trash') return null;
    const variations = product.type === 'variable' ? await this.variationsOf(product.id) : [];
    try {
      return mapProduct(product, variations, { currency: await this.storeCurrency() });
    } catch (err) {
      throw new ConnectorError('invalid_response', (err as Error).message);
    }
  }

  async listCategories(): Promise<StoreCategory[]> {
    const out: StoreCategory[] = [];
    for (let page = 1; ; page++) {
      const { data, headers } = await this.list<{ id: number; name: string }>(
        '/products/categories',
        { page, per_page: WOO_MAX_PAGE_SIZE },
        'category',
      );
      for (const c of data) out.push({ external_id: String(c.id), title: decodeEntities(c.name) });
      if (!hasNext(page, data.length, WOO_MAX_PAGE_SIZE, headers)) return out;
    }
  }

  /** WooCommerce has no collections; categories and tags are what merchants group by. */
  async listCollections(): Promise<StoreCollection[]> {
    return [];
  }

  async ensureWebhooks(opts: { destination: string; secret: string }): Promise<string[]> {
    const ids: string[] = [];
    for (const topic of WOO_WEBHOOK_TOPICS) {
      const hook = await this.client.json<{ id: number }>(this.url('/webhooks'), {
        method: 'POST',
        json: {
          name: `Catalog Builder: ${topic}`,
          topic,
          delivery_url: opts.destination,
          secret: opts.secret,
          status: 'active',
        },
      });
      ids.push(String(hook.id));
    }
    return ids;
  }

  async removeWebhooks(ids: readonly string[]): Promise<void> {
    for (const id of ids)
      await this.client.send(this.url(`/webhooks/${encodeURIComponent(id)}`, { force: true }), {
        method: 'DELETE',
        notFoundIsNull: true,
      });
  }

  private url(route: string, query: QueryParams = {}): string {
    return wooUrl(this.baseUrl, route, query);
  }

  /** A list route's answer; anything but a JSON array is `invalid_response`. */
  private async list<T>(
    route: string,
    query: QueryParams,
    what: string,
  ): Promise<{ data: T[]; headers: Headers }> {
    const { data, headers } = await this.client.request<unknown>(this.url(route, query));
    if (!Array.isArray(data))
      throw new ConnectorError(
        'invalid_response',
        `${new URL(this.baseUrl).host} did not answer a ${what} list`,
      );
    return { data: data as T[], headers };
  }

  private async page(filter: QueryParams, cursor?: string | null): Promise<ProductPage> {
    const page = cursor ? Number(cursor) : 1;
    if (!Number.isInteger(page) || page < 1)
      throw new ConnectorError('invalid_response', `Bad cursor ${cursor}`);
    const { data: products, headers } = await this.list<WooProduct>(
      '/products',
      { ...filter, page, per_page: this.pageSize, orderby: 'id', order: 'asc' },
      'product',
    );
    const currency = await this.storeCurrency();
    const mapped = await mapLimit(
      products,
      this.variationConcurrency,
      async (product): Promise<MappedProduct> => {
        if (!product || typeof product !== 'object' || product.id === undefined)
          return {
            failure: { external_id: '', title: null, error: 'The store sent a product without an id' },
          };
        const title = typeof product.name === 'string' ? product.name : null;
        let variations: WooVariation[] = [];
        if (product.type === 'variable') {
          try {
            variations = await this.variationsOf(product.id);
          } catch (err) {
            // Deleted between the page and its variations: the next sync will not list it.
            if (err instanceof ConnectorError && err.status === 404)
              return { failure: { external_id: wooProductId(product.id), title, error: err.message } };
            throw err;
          }
        }
        try {
          return { listing: mapProduct(product, variations, { currency }) };
        } catch (err) {
          return {
            failure: { external_id: wooProductId(product.id), title, error: (err as Error).message },
          };
        }
      },
    );
    return pageOf(mapped, hasNext(page, products.length, this.pageSize, headers) ? String(page + 1) : null);
  }

  private async variationsOf(productId: number | string): Promise<WooVariation[]> {
    const out: WooVariation[] = [];
    for (let page = 1; ; page++) {
      const { data, headers } = await this.list<WooVariation>(
        `/products/${productId}/variations`,
        { page, per_page: WOO_MAX_PAGE_SIZE, orderby: 'menu_order', order: 'asc' },
        'variation',
      );
      out.push(...data);
      if (!hasNext(page, data.length, WOO_MAX_PAGE_SIZE, headers)) return out;
    }
  }

  /** The site's title (GET /wp-json/, public); null when the store hides it. */
  private async siteName(): Promise<string | null> {
    try {
      const body = await this.client.json<{ name?: unknown }>(this.url('/wp-json/'));
      return typeof body?.name === 'string' && body.name.trim() ? decodeEntities(body.name.trim()) : null;
    } catch {
      return null;
    }
  }

  /** The store's currency (GET /data/currencies/current), read once per connector; null when not readable. */
  private storeCurrency(): Promise<string | null> {
    this.currency ??= this.client
      .json<{ code?: unknown }>(this.url('/data/currencies/current'))
      .then((body) => (typeof body?.code === 'string' && /^[A-Z]{3}$/.test(body.code) ? body.code : null))
      .catch(() => null);
    return this.currency;
  }
}

/** A next page exists: by X-WP-TotalPages when the store sends it, else when this page was full. */
function hasNext(page: number, count: number, pageSize: number, headers: Headers): boolean {
  const pages = Number(headers.get('x-wp-totalpages'));
  if (headers.has('x-wp-totalpages') && Number.isFinite(pages)) return page < pages && count > 0;
  return count >= pageSize;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
