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
import { mapSquarespaceProduct, type SqProduct } from './map-product.ts';

export const SQUARESPACE_API_URL = 'https://api.squarespace.com';
/** Products API 1.1, the stable version (v2 is in beta): physical and download products. */
export const SQUARESPACE_PRODUCTS_API_VERSION = '1.1';
/** The product types a catalog shows (1.1 knows these two). */
const PRODUCT_TYPES = 'PHYSICAL,DIGITAL';
/** Squarespace rejects requests without a User-Agent and limits default ones (curl, node) more strictly. */
export const SQUARESPACE_USER_AGENT = 'CatalogBuilder/1.0 (catalog sync)';

export type SquarespaceConnectorOptions = ClientTuning & {
  apiKey: string;
  /** The API base (SQUARESPACE_API_URL; a local server in tests). */
  apiUrl?: string;
  /** Least time between requests (default 200 ms: 300 a minute). */
  minIntervalMs?: number;
  /** How long a 429 waits (default 60 s: Squarespace's cool-down, announced by no header). */
  cooldownMs?: number;
};

type Pagination = { hasNextPage?: boolean; nextPageCursor?: string | null; nextPageUrl?: string | null };
type Website = {
  id?: string;
  siteId?: string;
  title?: string | null;
  url?: string | null;
  currency?: string | null;
};

/** Squarespace Commerce behind the Connector interface, over the Products API with a site API key. */
export class SquarespaceConnector implements Connector {
  readonly platform = 'squarespace';
  readonly client: HttpClient;
  private readonly base: string;
  private website: { name: string | null; currency: string | null; url: string | null } | null = null;
  private pages: Map<string, string> | null = null;

  constructor(opts: SquarespaceConnectorOptions) {
    this.base = (opts.apiUrl ?? SQUARESPACE_API_URL).replace(/\/+$/, '');
    const cooldown = opts.cooldownMs ?? 60_000;
    this.client = new HttpClient({
      label: 'Squarespace',
      ...tuningOf(opts),
      headers: () => ({ Authorization: `Bearer ${opts.apiKey}`, 'User-Agent': SQUARESPACE_USER_AGENT }),
      minIntervalMs: opts.minIntervalMs ?? 200,
      throttleWaitMs: () => cooldown,
    });
  }

  /** The site the key belongs to (Authorization API): its title, currency and address. */
  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      const w = await this.site();
      return { shopName: w.name, currency: w.currency, storeUrl: w.url };
    });
  }

  /** 50 products a page (Squarespace's size), in modification order; the cursor is Squarespace's own. */
  listProducts(cursor?: string | null): Promise<ProductPage> {
    return this.page(cursor ? { cursor } : { type: PRODUCT_TYPES });
  }

  /**
   * Products modified since a date. A date range needs both ends and cannot be combined with a cursor: the first
   * page asks the range up to now, the next ones follow the cursor it answered.
   */
  listProductsChangedSince(since: Date, cursor?: string | null): Promise<ProductPage> {
    return this.page(
      cursor
        ? { cursor }
        : {
            modifiedAfter: since.toISOString(),
            modifiedBefore: new Date().toISOString(),
            type: PRODUCT_TYPES,
          },
    );
  }

  async getProduct(id: string): Promise<StoreListing | null> {
    const found = await this.client.json<{ products?: SqProduct[] }>(
      `${this.base}/${SQUARESPACE_PRODUCTS_API_VERSION}/commerce/products/${encodeURIComponent(id)}`,
      { notFoundIsNull: true },
    );
    const product = found?.products?.find((p) => p.id === id);
    if (!product) return null;
    const ctx = await this.context();
    return mapOne(product, (p) => mapSquarespaceProduct(p, ctx));
  }

  /** The API does not give the categories a Store Page groups products by. */
  async listCategories(): Promise<StoreCategory[]> {
    return [];
  }

  /** Store Pages: each product belongs to exactly one, chosen by hand. */
  async listCollections(): Promise<StoreCollection[]> {
    return [...(await this.storePages())].map(([external_id, title]) => ({
      external_id,
      title,
      is_custom_collection: true,
    }));
  }

  private async page(query: Record<string, string>): Promise<ProductPage> {
    const body = await this.client.json<{ products?: SqProduct[]; pagination?: Pagination }>(
      withQuery(`${this.base}/${SQUARESPACE_PRODUCTS_API_VERSION}/commerce/products`, query),
    );
    if (!Array.isArray(body?.products))
      throw new ConnectorError('invalid_response', 'Squarespace answered a product page without products');
    const ctx = await this.context();
    const mapped = mapProducts(body.products, (p) => mapSquarespaceProduct(p, ctx), productId);
    const p = body.pagination;
    return { ...mapped, nextCursor: p?.hasNextPage && p.nextPageCursor ? p.nextPageCursor : null };
  }

  private async context() {
    const site = await this.site();
    return { currency: site.currency, storePages: await this.storePages() };
  }

  private async site() {
    if (!this.website) {
      const w = await this.client.json<Website>(`${this.base}/1.0/authorization/website`);
      if (!w || typeof w !== 'object')
        throw new ConnectorError(
          'invalid_response',
          'Squarespace answered the site information without data',
        );
      this.website = { name: w.title ?? null, currency: w.currency ?? null, url: w.url ?? null };
    }
    return this.website;
  }

  private async storePages(): Promise<Map<string, string>> {
    if (!this.pages) {
      const pages = new Map<string, string>();
      let cursor: string | null = null;
      do {
        const body: { storePages?: { id: string; title: string }[]; pagination?: Pagination } =
          await this.client.json(withQuery(`${this.base}/1.0/commerce/store_pages`, { cursor }));
        for (const page of body?.storePages ?? []) pages.set(page.id, page.title);
        cursor = body?.pagination?.hasNextPage ? (body.pagination.nextPageCursor ?? null) : null;
      } while (cursor);
      this.pages = pages;
    }
    return this.pages;
  }
}

const productId = (p: SqProduct) => ({ id: p?.id, title: p?.name });
