import {
  connectionCheck,
  HttpClient,
  tuningOf,
  type ClientTuning,
  withQuery,
  type QueryParams,
  mapOne,
  mapProducts,
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
import { mapEcwidProduct, type EcwidProduct } from './map-product.ts';

export const ECWID_API_URL = 'https://app.ecwid.com';

export type EcwidConnectorOptions = ClientTuning & {
  storeId: string;
  token: string;
  /** The API base (ECWID_API_URL; a local server in tests). */
  apiUrl?: string;
  /** Products per page (default 100, Ecwid's maximum). */
  pageSize?: number;
  /** Least time between requests (default 100 ms: Ecwid accepts 600 a minute per token). */
  minIntervalMs?: number;
};

type SearchResult<T> = { total: number; count: number; offset: number; limit: number; items: T[] };
type Profile = {
  generalInfo?: { storeId?: number; storeUrl?: string | null };
  settings?: { storeName?: string | null };
  formatsAndUnits?: { currency?: string | null };
};

/** Ecwid behind the Connector interface, over REST API v3 with the store's token. */
export class EcwidConnector implements Connector {
  readonly platform = 'ecwid';
  readonly client: HttpClient;
  private readonly base: string;
  private readonly pageSize: number;
  private profile: { name: string | null; currency: string | null; url: string | null } | null = null;
  private categoryNames: Map<string, string> | null = null;

  constructor(opts: EcwidConnectorOptions) {
    this.base = `${(opts.apiUrl ?? ECWID_API_URL).replace(/\/+$/, '')}/api/v3/${encodeURIComponent(opts.storeId)}`;
    this.pageSize = Math.min(100, Math.max(1, opts.pageSize ?? 100));
    this.client = new HttpClient({
      label: `Ecwid store ${opts.storeId}`,
      ...tuningOf(opts),
      headers: () => ({ Authorization: `Bearer ${opts.token}` }),
      minIntervalMs: opts.minIntervalMs ?? 100,
    });
  }

  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      const p = await this.storeProfile();
      return { shopName: p.name, currency: p.currency, storeUrl: p.url };
    });
  }

  async countProducts(): Promise<number | null> {
    const r = await this.client.json<SearchResult<unknown>>(withQuery(`${this.base}/products`, { limit: 1 }));
    return typeof r?.total === 'number' ? r.total : null;
  }

  /** A page of products in the order they were added (new ones come last); the cursor is the next offset. */
  listProducts(cursor?: string | null): Promise<ProductPage> {
    return this.page(cursor, {});
  }

  listProductsChangedSince(since: Date, cursor?: string | null): Promise<ProductPage> {
    return this.page(cursor, { updatedFrom: Math.floor(since.getTime() / 1000) });
  }

  async getProduct(id: string): Promise<StoreListing | null> {
    const p = await this.client.json<EcwidProduct>(`${this.base}/products/${encodeURIComponent(id)}`, {
      notFoundIsNull: true,
    });
    if (!p) return null;
    const ctx = await this.context();
    return mapOne(p, (x) => mapEcwidProduct(x, ctx));
  }

  async listCategories(): Promise<StoreCategory[]> {
    return [...(await this.categories())].map(([external_id, title]) => ({ external_id, title }));
  }

  /** Ecwid groups products by categories only: no collections. */
  async listCollections(): Promise<StoreCollection[]> {
    return [];
  }

  private async page(cursor: string | null | undefined, filter: QueryParams): Promise<ProductPage> {
    const offset = cursor ? Number(cursor) : 0;
    if (!Number.isInteger(offset) || offset < 0)
      throw new ConnectorError('invalid_response', `"${cursor}" is not an Ecwid page cursor`);
    const r = await this.client.json<SearchResult<EcwidProduct>>(
      withQuery(`${this.base}/products`, {
        offset,
        limit: this.pageSize,
        sortBy: 'ADDED_TIME_ASC',
        ...filter,
      }),
    );
    if (!Array.isArray(r?.items) || typeof r.total !== 'number')
      throw new ConnectorError('invalid_response', 'Ecwid answered a product page without items');
    const ctx = await this.context();
    const mapped = mapProducts(r.items, (p) => mapEcwidProduct(p, ctx), productId);
    const next = offset + r.items.length;
    return { ...mapped, nextCursor: r.items.length > 0 && next < r.total ? String(next) : null };
  }

  private async context() {
    const profile = await this.storeProfile();
    return { currency: profile.currency, categories: await this.categories() };
  }

  private async storeProfile() {
    if (!this.profile) {
      const p = await this.client.json<Profile>(`${this.base}/profile`);
      if (!p || typeof p !== 'object')
        throw new ConnectorError('invalid_response', 'Ecwid answered the store profile without data');
      this.profile = {
        name: p.settings?.storeName ?? null,
        currency: p.formatsAndUnits?.currency ?? null,
        url: p.generalInfo?.storeUrl ?? null,
      };
    }
    return this.profile;
  }

  /** Every category by id, paged by offset (100 at most a page). */
  private async categories(): Promise<Map<string, string>> {
    if (!this.categoryNames) {
      const names = new Map<string, string>();
      for (let offset = 0; ;) {
        const r = await this.client.json<SearchResult<{ id: number; name?: unknown }>>(
          withQuery(`${this.base}/categories`, { offset, limit: 100 }),
        );
        const items = Array.isArray(r?.items) ? r.items : [];
        for (const c of items) if (typeof c.name === 'string') names.set(String(c.id), c.name);
        offset += items.length;
        if (items.length === 0 || offset >= (r?.total ?? 0)) break;
      }
      this.categoryNames = names;
    }
    return this.categoryNames;
  }
}

const productId = (p: EcwidProduct) => ({ id: p?.id, title: p?.name });
