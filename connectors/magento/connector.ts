import {
  connectionCheck,
  HttpClient,
  mapProducts,
  oauth1Header,
  trimSlashes,
  tuningOf,
  withQuery,
  type ClientTuning,
  type OAuth1Keys,
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
import { MagentoCatalogData } from './catalog-data.ts';
import { mapMagentoProduct, type MagentoMapContext, type MagentoProduct } from './map-product.ts';
import { magentoDate, magentoErrorMessage, searchCriteria, type MagentoFilter } from './search-criteria.ts';

export type MagentoAuth = { kind: 'bearer'; token: string } | ({ kind: 'oauth1' } & Required<OAuth1Keys>);

export type MagentoConnectorOptions = ClientTuning & {
  /** The store's base URL (https://shop.example or https://shop.example/magento). */
  baseUrl: string;
  auth: MagentoAuth;
  /** A store view code (`/rest/{code}/V1`); the default store view when absent. */
  storeCode?: string | null;
  /** What follows url_key in product URLs (Magento's default ".html"). */
  urlSuffix?: string;
  /** Products per page (default 100). */
  pageSize?: number;
};

type Search<T> = { items?: T[]; total_count?: number };

/** Products a catalog shows: every one but those not visible individually (configurables' children and the like). */
const LISTED: MagentoFilter = { field: 'visibility', value: 1, conditionType: 'neq' };

/** Magento 2 / Adobe Commerce behind the Connector interface, over its REST API with an integration's token. */
export class MagentoConnector implements Connector {
  readonly platform = 'magento';
  readonly client: HttpClient;
  private readonly baseUrl: string;
  private readonly root: string;
  private readonly pageSize: number;
  private readonly urlSuffix: string;
  private readonly data: MagentoCatalogData;

  constructor(opts: MagentoConnectorOptions) {
    this.baseUrl = trimSlashes(opts.baseUrl);
    this.root = `${this.baseUrl}/rest/${opts.storeCode ? `${encodeURIComponent(opts.storeCode)}/` : ''}V1`;
    this.pageSize = Math.max(1, opts.pageSize ?? 100);
    this.urlSuffix = opts.urlSuffix ?? '.html';
    const auth = opts.auth;
    this.client = new HttpClient({
      label: `the Magento store ${new URL(this.baseUrl).host}`,
      ...tuningOf(opts),
      headers: (request) => ({
        Authorization: auth.kind === 'bearer' ? `Bearer ${auth.token}` : oauth1Header(request, auth),
      }),
      errorMessage: magentoErrorMessage,
    });
    this.data = new MagentoCatalogData(this.client, this.root, opts.storeCode ?? null);
  }

  /** One product asked with our credentials (the catalog permission), then the store's currency and address. */
  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      await this.search([[LISTED]], 1, 1);
      const config = await this.data.storeConfig();
      return {
        shopName: new URL(this.baseUrl).host,
        currency: await this.data.currency(),
        storeUrl: config?.secure_base_url ?? config?.base_url ?? this.baseUrl,
      };
    });
  }

  async countProducts(): Promise<number | null> {
    const r = await this.search([[LISTED]], 1, 1);
    return typeof r.total_count === 'number' ? r.total_count : null;
  }

  /** A page by entity id; the cursor is the next page number. */
  listProducts(cursor?: string | null): Promise<ProductPage> {
    return this.page(cursor, [[LISTED]]);
  }

  listProductsChangedSince(since: Date, cursor?: string | null): Promise<ProductPage> {
    return this.page(cursor, [
      [LISTED],
      [{ field: 'updated_at', value: magentoDate(since), conditionType: 'gt' }],
    ]);
  }

  /** By entity id (our external_id). */
  async getProduct(id: string): Promise<StoreListing | null> {
    const r = await this.search([[{ field: 'entity_id', value: id }]], 1, 1);
    const product = (r.items ?? []).find((p) => String(p.id) === id);
    if (!product) return null;
    const { listings, failures } = await this.mapAll([product]);
    if (failures[0]) throw new ConnectorError('invalid_response', failures[0].error);
    return listings[0]!;
  }

  async listCategories(): Promise<StoreCategory[]> {
    return [...(await this.data.categoryTree())].map(([external_id, title]) => ({ external_id, title }));
  }

  /** Magento groups products by categories only: no collections. */
  async listCollections(): Promise<StoreCollection[]> {
    return [];
  }

  /**
   * A page past the last one answers the last page again, so the end is told by total_count, never by an
   * empty page.
   */
  private async page(cursor: string | null | undefined, groups: MagentoFilter[][]): Promise<ProductPage> {
    const page = cursor ? Number(cursor) : 1;
    if (!Number.isInteger(page) || page < 1)
      throw new ConnectorError('invalid_response', `"${cursor}" is not a Magento page cursor`);
    const r = await this.search(groups, this.pageSize, page);
    if (!Array.isArray(r.items) || typeof r.total_count !== 'number')
      throw new ConnectorError('invalid_response', 'Magento answered a product search without items');
    const mapped = await this.mapAll(r.items);
    const more = r.items.length > 0 && page * this.pageSize < r.total_count;
    return { ...mapped, nextCursor: more ? String(page + 1) : null };
  }

  private async search(groups: MagentoFilter[][], pageSize: number, currentPage: number) {
    const r = await this.client.json<Search<MagentoProduct>>(
      withQuery(
        `${this.root}/products`,
        searchCriteria({ groups, sortField: 'entity_id', pageSize, currentPage }),
      ),
    );
    if (!r || typeof r !== 'object')
      throw new ConnectorError('invalid_response', 'Magento answered a product search without data');
    return r;
  }

  private async mapAll(products: MagentoProduct[]) {
    const valid = products.filter((p) => p && typeof p === 'object');
    const children = await this.data.children(valid);
    const everything = [...valid, ...children.values()];
    await this.data.loadAttributes(
      everything.flatMap((p) =>
        (Array.isArray(p.custom_attributes) ? p.custom_attributes : [])
          .map((a) => a?.attribute_code)
          .filter((code): code is string => typeof code === 'string'),
      ),
      valid.flatMap((p) =>
        (p.extension_attributes?.configurable_product_options ?? []).map((o) => String(o.attribute_id)),
      ),
    );
    const config = await this.data.storeConfig();
    const ctx: MagentoMapContext = {
      currency: await this.data.currency(),
      mediaUrl: withSlash(
        config?.secure_base_media_url ?? config?.base_media_url ?? `${this.baseUrl}/media/`,
      ),
      linkUrl: withSlash(config?.secure_base_link_url ?? config?.base_link_url ?? `${this.baseUrl}/`),
      urlSuffix: this.urlSuffix,
      categories: await this.data.categories(),
      attributes: this.data.attributes,
      stock: await this.data.stock(everything),
      children,
    };
    return mapProducts(
      products,
      (p) => mapMagentoProduct(p, ctx),
      (p) => ({ id: p?.id, title: p?.name }),
    );
  }
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
