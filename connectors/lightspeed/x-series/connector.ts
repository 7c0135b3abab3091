import {
  connectionCheck,
  mapSafely,
  pageOf,
  readCursor,
  text,
  type HttpClient,
  type MappedProduct,
  type OAuthAdapterOptions,
  type OAuthSession,
} from '../../shared/index.ts';
import {
  ConnectorError,
  type ConnectionCheck,
  type Connector,
  type ProductPage,
  type StoreCategory,
  type StoreCollection,
  type StoreListing,
} from '../../types.ts';
import { lightspeedClient, type LightspeedXCredentials } from '../credentials.ts';
import { mapXProduct, type XMapContext, type XProduct } from './map-product.ts';
import { refreshLightspeedX, xSeriesApiBase, type XSeriesAppKeys } from './oauth.ts';

export type XSeriesConnectorOptions = OAuthAdapterOptions & {
  credentials: LightspeedXCredentials;
  appKeys?: XSeriesAppKeys;
  /** Products (and inventory records) per page (default 250; the API's own default is larger). */
  pageSize?: number;
};

type Collection<T> = { data?: T[]; version?: { min?: number; max?: number } | null };

/** A collection page's cursor: version.max, else the highest version among its records. */
const maxVersion = (answer: Collection<{ version?: number }>): number =>
  answer.version?.max ?? Math.max(0, ...(answer.data ?? []).map((r) => r.version ?? 0));
type Retailer = {
  name?: string | null;
  domain_prefix?: string | null;
  tax_exclusive?: boolean | null;
  currency?: { code?: string | null } | null;
};
type Inventory = {
  product_id?: string;
  inventory_level?: number | null;
  deleted_at?: string | null;
  version?: number;
};
type Category = { id: string; name?: string | null };

/**
 * A Lightspeed X-Series (formerly Vend) retailer behind the Connector interface, over API 2.0 with the
 * retailer's OAuth token (or personal token). Products come by the `version` cursor (`after` = the previous
 * page's version.max, until an empty page). A variant family is one listing: at its parent (has_variants) the
 * family's products are fetched by name (`/products?name=`, the field that groups a family), and the children
 * met in the pages are skipped. Stock is read once per adapter from /inventory (all outlets summed). 429 waits
 * Retry-After, which X-Series sends as an HTTP date.
 */
export class XSeriesConnector implements Connector {
  readonly platform = 'lightspeed';
  readonly http: HttpClient;
  readonly session: OAuthSession<LightspeedXCredentials>;
  private readonly base: string;
  private readonly pageSize: number;
  private retailer: Retailer | null = null;
  private stock: Map<string, number> | null = null;

  constructor(opts: XSeriesConnectorOptions) {
    this.base = xSeriesApiBase(opts.credentials.domainPrefix, opts.apiUrl);
    this.pageSize = Math.max(1, Math.floor(opts.pageSize ?? 250));
    ({ session: this.session, http: this.http } = lightspeedClient(opts, refreshLightspeedX));
  }

  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      const r = await this.loadRetailer(true);
      return { shopName: text(r.name) ?? text(r.domain_prefix), currency: text(r.currency?.code) };
    });
  }

  async listProducts(cursor?: string | null): Promise<ProductPage> {
    return this.productsPage(cursor, null);
  }

  /**
   * Products changed since `since`. X-Series' only change cursor is `version`, not a date: the pages are read
   * whole (one request per page) and only products updated since `since` are mapped, so families are fetched
   * for changed products alone. A changed child brings its whole family.
   */
  async listProductsChangedSince(since: Date, cursor?: string | null): Promise<ProductPage> {
    return this.productsPage(cursor, since.getTime());
  }

  /** A product by its id, or its variant family (parent and children) given any member's id; null when gone. */
  async getProduct(id: string): Promise<StoreListing | null> {
    const found = await this.product(String(id).trim());
    if (!found) return null;
    const parent = found.variant_parent_id ? await this.product(found.variant_parent_id) : found;
    if (!parent) return null;
    const [item] = await this.mapProducts([parent]);
    if (!item) return null;
    if ('failure' in item) throw new ConnectorError('invalid_response', item.failure.error);
    return item.listing;
  }

  /** Product categories (formerly types), by name as the listings carry them; paged by last_seen. */
  async listCategories(): Promise<StoreCategory[]> {
    const names = new Set<string>();
    let after: string | null = null;
    do {
      const q = new URLSearchParams({ page_size: '1000', ...(after ? { after } : {}) });
      const answer: {
        data?: { categories?: Category[] };
        page_info?: { has_next?: boolean; last_seen?: string | null };
      } = await this.http.json(`${this.base}/product_categories?${q}`);
      for (const c of answer.data?.categories ?? []) {
        const name = text(c.name)?.trim();
        if (name) names.add(name);
      }
      after = answer.page_info?.has_next ? (answer.page_info.last_seen ?? null) : null;
    } while (after);
    return [...names].map((n) => ({ external_id: n, title: n }));
  }

  /** Tags: the merchant's own groupings, hand-picked (version-paged like every 2.0 collection). */
  async listCollections(): Promise<StoreCollection[]> {
    const out: StoreCollection[] = [];
    let after = 0;
    for (;;) {
      const answer = await this.http.json<
        Collection<{ id: string; name?: string | null; deleted_at?: string | null; version?: number }>
      >(`${this.base}/tags?after=${after}&page_size=${this.pageSize}`);
      const data = answer.data ?? [];
      const max = maxVersion(answer);
      if (!data.length || max <= after) break;
      for (const t of data)
        if (!t.deleted_at && text(t.name))
          out.push({ external_id: t.id, title: t.name!, is_custom_collection: true });
      after = max;
    }
    return out;
  }

  private async productsPage(
    cursor: string | null | undefined,
    changedSince: number | null,
  ): Promise<ProductPage> {
    const after = readCursor<{ after: number }>(cursor)?.after ?? 0;
    const answer = await this.http.json<Collection<XProduct>>(
      `${this.base}/products?after=${after}&page_size=${this.pageSize}`,
    );
    if (!Array.isArray(answer?.data))
      throw new ConnectorError('invalid_response', 'Lightspeed answered a products page without data');
    const data = answer.data;
    if (!data.length) return pageOf([], null);
    const max = maxVersion(answer);
    if (!(max > after))
      throw new ConnectorError('invalid_response', 'Lightspeed: the products cursor did not move');
    const changed = (p: XProduct) =>
      changedSince === null || Date.parse(p.updated_at ?? p.created_at ?? '') >= changedSince;
    const roots: XProduct[] = [];
    const childOnly = new Set<string>();
    for (const p of data) {
      if (p.deleted_at) continue;
      if (!p.variant_parent_id) {
        if (changed(p)) roots.push(p);
      } else if (changedSince !== null && changed(p)) childOnly.add(p.variant_parent_id);
    }
    // Incremental: a changed child whose parent did not change brings the family in through its parent.
    for (const id of childOnly) {
      if (roots.some((r) => r.id === id)) continue;
      const parent = await this.product(id);
      if (parent) roots.push(parent);
    }
    return pageOf(await this.mapProducts(roots), JSON.stringify({ after: max }));
  }

  private async product(id: string): Promise<XProduct | null> {
    if (!/^[A-Za-z0-9-]+$/.test(id)) return null;
    const answer = await this.http.json<{ data?: XProduct }>(`${this.base}/products/${id}`, {
      notFoundIsNull: true,
    });
    return answer?.data && !answer.data.deleted_at ? answer.data : null;
  }

  /** The family of a parent: every product of its name that is the parent or one of its children. */
  private async family(parent: XProduct): Promise<XProduct[]> {
    const name = text(parent.name);
    if (!name) return [parent];
    const answer = await this.http.json<Collection<XProduct>>(
      `${this.base}/products?name=${encodeURIComponent(name)}`,
    );
    const members = (answer.data ?? []).filter(
      (p) => !p.deleted_at && (p.id === parent.id || p.variant_parent_id === parent.id),
    );
    if (!members.some((m) => m.id === parent.id)) members.unshift(parent);
    return members.sort((a, b) => (a.id === parent.id ? -1 : b.id === parent.id ? 1 : 0));
  }

  private async mapProducts(roots: XProduct[]): Promise<MappedProduct[]> {
    if (!roots.length) return [];
    const retailer = await this.loadRetailer(false);
    const ctx: XMapContext = {
      taxExclusive: retailer.tax_exclusive === true,
      currency: text(retailer.currency?.code),
      stock: await this.loadStock(),
    };
    const out: MappedProduct[] = [];
    for (const p of roots) {
      const members = p.has_variants ? await this.family(p) : [p];
      out.push(
        mapSafely(
          p,
          (x) => mapXProduct(x, members, ctx),
          (x) => ({ id: x.id, title: text(x.name) }),
        ),
      );
    }
    return out;
  }

  private async loadRetailer(fresh: boolean): Promise<Retailer> {
    if (!this.retailer || fresh) {
      const answer = await this.http.json<{ data?: Retailer }>(`${this.base}/retailer`);
      if (!answer?.data) throw new ConnectorError('invalid_response', 'Lightspeed answered no retailer');
      this.retailer = answer.data;
    }
    return this.retailer;
  }

  /** Inventory levels of every product over all outlets, paged by version once per adapter. */
  private async loadStock(): Promise<Map<string, number>> {
    if (this.stock) return this.stock;
    const stock = new Map<string, number>();
    let after = 0;
    for (;;) {
      const answer = await this.http.json<Collection<Inventory>>(
        `${this.base}/inventory?after=${after}&page_size=${this.pageSize * 4}`,
      );
      const data = answer.data ?? [];
      const max = maxVersion(answer);
      if (!data.length || max <= after) break;
      for (const r of data) {
        if (!r.product_id || r.deleted_at) continue;
        const level = typeof r.inventory_level === 'number' ? r.inventory_level : 0;
        stock.set(r.product_id, (stock.get(r.product_id) ?? 0) + Math.trunc(level));
      }
      after = max;
    }
    this.stock = stock;
    return stock;
  }
}
