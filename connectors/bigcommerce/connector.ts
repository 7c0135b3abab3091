import {
  connectionCheck,
  HttpClient,
  mapOne,
  mapProducts,
  tuningOf,
  type ClientTuning,
  withQuery,
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
import { mapBigcommerceProduct, type BcProduct } from './map-product.ts';
import { BIGCOMMERCE_PRODUCT_SCOPES, bigcommerceHookBody } from './webhooks.ts';

export const BIGCOMMERCE_API_URL = 'https://api.bigcommerce.com';

export type BigcommerceConnectorOptions = ClientTuning & {
  storeHash: string;
  accessToken: string;
  /** The API base (BIGCOMMERCE_API_URL; a local server in tests). */
  apiUrl?: string;
  /** Products per page (default 250, BigCommerce's maximum). */
  pageSize?: number;
  /** Requests to leave to the store's other apps: below this many left in the window, wait for its reset (2). */
  rateLimitReserve?: number;
};

type Pagination = {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
};
type Collection<T> = { data: T[]; meta?: { pagination?: Pagination } };

const INCLUDE = 'variants,images,custom_fields,bulk_pricing_rules';

/** The store's quota is shared by every app it runs: these headers come with every answer. */
function rateLimitHold(res: Response, reserve: number): number {
  const left = Number(res.headers.get('x-rate-limit-requests-left'));
  const reset = Number(res.headers.get('x-rate-limit-time-reset-ms'));
  if (!res.headers.has('x-rate-limit-requests-left') || !Number.isFinite(left) || !Number.isFinite(reset))
    return 0;
  return left <= reserve ? Math.max(0, reset) : 0;
}

/** BigCommerce behind the Connector interface, over the V3 Catalog API with a store-level API token. */
export class BigcommerceConnector implements Connector {
  readonly platform = 'bigcommerce';
  readonly client: HttpClient;
  private readonly base: string;
  private readonly pageSize: number;
  private store: { name: string | null; currency: string | null; url: string | null } | null = null;
  private categoryNames: Map<string, string> | null = null;
  private readonly brandNames = new Map<string, string>();

  constructor(opts: BigcommerceConnectorOptions) {
    const reserve = opts.rateLimitReserve ?? 2;
    this.base = `${(opts.apiUrl ?? BIGCOMMERCE_API_URL).replace(/\/+$/, '')}/stores/${encodeURIComponent(opts.storeHash)}`;
    this.pageSize = Math.min(250, Math.max(1, opts.pageSize ?? 250));
    this.client = new HttpClient({
      label: `BigCommerce store ${opts.storeHash}`,
      ...tuningOf(opts),
      headers: () => ({ 'X-Auth-Token': opts.accessToken }),
      paceAfter: (res) => rateLimitHold(res, reserve),
      // A 429 says when the window resets.
      throttleWaitMs: (res) => {
        const reset = Number(res.headers.get('x-rate-limit-time-reset-ms'));
        return res.headers.has('x-rate-limit-time-reset-ms') && Number.isFinite(reset) ? reset : null;
      },
    });
  }

  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      const store = await this.storeInfo();
      return { shopName: store.name, currency: store.currency, storeUrl: store.url };
    });
  }

  async countProducts(): Promise<number | null> {
    const page = await this.client.json<Collection<{ id: number }>>(
      withQuery(`${this.base}/v3/catalog/products`, { limit: 1, include_fields: 'id' }),
    );
    return page.meta?.pagination?.total ?? null;
  }

  /** A page of products, sorted by id so pages do not shift; the cursor is the next page number. */
  listProducts(cursor?: string | null): Promise<ProductPage> {
    return this.page(cursor, {});
  }

  listProductsChangedSince(since: Date, cursor?: string | null): Promise<ProductPage> {
    // BigCommerce writes its dates as RFC 3339 with an offset ("2018-09-05T20:42:07+00:00") and reads them so.
    return this.page(cursor, { 'date_modified:min': since.toISOString().replace(/\.\d{3}Z$/, '+00:00') });
  }

  async getProduct(id: string): Promise<StoreListing | null> {
    const found = await this.client.json<{ data: BcProduct }>(
      withQuery(`${this.base}/v3/catalog/products/${encodeURIComponent(id)}`, { include: INCLUDE }),
      { notFoundIsNull: true },
    );
    if (!found?.data) return null;
    const ctx = await this.context([found.data]);
    return mapOne(found.data, (p) => mapBigcommerceProduct(p, ctx));
  }

  /** The category tree, flattened: every category by its id and name. */
  async listCategories(): Promise<StoreCategory[]> {
    const names = await this.categories();
    return [...names].map(([external_id, title]) => ({ external_id, title }));
  }

  /** BigCommerce groups products by categories and brands only: no collections. */
  async listCollections(): Promise<StoreCollection[]> {
    return [];
  }

  /**
   * Register our endpoint for the product scopes (BIGCOMMERCE_PRODUCT_SCOPES) with our secret header, leaving
   * alone the scopes already registered to it. Answers the ids of the hooks created.
   */
  async ensureWebhooks(opts: { destination: string; secret: string }): Promise<string[]> {
    const hooks = await this.client.json<
      Collection<{ id: number; scope: string; destination: string; is_active: boolean }>
    >(withQuery(`${this.base}/v3/hooks`, { limit: 250 }));
    const created: string[] = [];
    for (const scope of BIGCOMMERCE_PRODUCT_SCOPES) {
      if (hooks.data.some((h) => h.scope === scope && h.destination === opts.destination && h.is_active))
        continue;
      const hook = await this.client.json<{ data: { id: number } }>(`${this.base}/v3/hooks`, {
        method: 'POST',
        json: bigcommerceHookBody(scope, opts.destination, opts.secret),
      });
      created.push(String(hook.data.id));
    }
    return created;
  }

  /**
   * Delete the hooks ensureWebhooks created (a store being disconnected): BigCommerce would otherwise go on
   * delivering to an account that no longer has a secret, and get 401s. A hook already gone (404) is fine.
   */
  async removeWebhooks(ids: readonly string[]): Promise<void> {
    for (const id of ids)
      await this.client.send(`${this.base}/v3/hooks/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        notFoundIsNull: true,
      });
  }

  private async page(
    cursor: string | null | undefined,
    filter: Record<string, string>,
  ): Promise<ProductPage> {
    const pageNumber = cursor ? Number(cursor) : 1;
    if (!Number.isInteger(pageNumber) || pageNumber < 1)
      throw new ConnectorError('invalid_response', `"${cursor}" is not a BigCommerce page cursor`);
    const body = await this.client.json<Collection<BcProduct>>(
      withQuery(`${this.base}/v3/catalog/products`, {
        include: INCLUDE,
        limit: this.pageSize,
        page: pageNumber,
        sort: 'id',
        direction: 'asc',
        ...filter,
      }),
    );
    if (!Array.isArray(body?.data))
      throw new ConnectorError('invalid_response', 'BigCommerce answered a product page without data');
    const ctx = await this.context(body.data);
    const mapped = mapProducts(body.data, (p) => mapBigcommerceProduct(p, ctx), productId);
    const pages = body.meta?.pagination;
    const more = pages ? pages.current_page < pages.total_pages : body.data.length === this.pageSize;
    return { ...mapped, nextCursor: more && body.data.length > 0 ? String(pageNumber + 1) : null };
  }

  /** Store, categories and the brands these products name, each asked once per connector. */
  private async context(products: readonly BcProduct[]) {
    const store = await this.storeInfo();
    const categories = await this.categories();
    const missing = [
      ...new Set(
        products
          .map((p) => p?.brand_id)
          .filter((id): id is number => !!id && !this.brandNames.has(String(id))),
      ),
    ];
    for (let i = 0; i < missing.length; i += 50) {
      const brands = await this.client.json<Collection<{ id: number; name: string }>>(
        withQuery(`${this.base}/v3/catalog/brands`, {
          'id:in': missing.slice(i, i + 50).join(','),
          limit: 250,
        }),
      );
      for (const b of brands.data ?? []) this.brandNames.set(String(b.id), b.name);
    }
    return { currency: store.currency, storeUrl: store.url, brands: this.brandNames, categories };
  }

  private async storeInfo() {
    if (!this.store) {
      const s = await this.client.json<{
        name?: string;
        currency?: string;
        secure_url?: string;
        domain?: string;
      }>(`${this.base}/v2/store`);
      if (!s || typeof s !== 'object')
        throw new ConnectorError(
          'invalid_response',
          'BigCommerce answered the store information without data',
        );
      const url = s.secure_url?.replace(/\/+$/, '') ?? (s.domain ? `https://${s.domain}` : null);
      this.store = { name: s.name ?? null, currency: s.currency ?? null, url };
    }
    return this.store;
  }

  private async categories(): Promise<Map<string, string>> {
    if (!this.categoryNames) {
      const names = new Map<string, string>();
      for (let page = 1; ; page++) {
        const body = await this.client.json<Collection<{ id: number; name: string }>>(
          withQuery(`${this.base}/v3/catalog/categories`, { limit: 250, page }),
        );
        for (const c of body.data ?? []) names.set(String(c.id), c.name);
        const p = body.meta?.pagination;
        if (!p || p.current_page >= p.total_pages || (body.data ?? []).length === 0) break;
      }
      this.categoryNames = names;
    }
    return this.categoryNames;
  }
}

const productId = (p: BcProduct) => ({ id: p?.id, title: p?.name });
