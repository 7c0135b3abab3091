import {
  ConnectorError,
  type CollectionOrder,
  type ConnectionCheck,
  type Connector,
  type DraftOrderInput,
  type DraftOrderResult,
  type ExportItem,
  type ExportOptions,
  type ProductFailure,
  type ProductPage,
  type StoreCategory,
  type StoreCollection,
  type StoreListing,
} from '../types.ts';
import { defaultSleep, ShopifyAdminClient, type AdminClientOptions } from './admin-client.ts';
import { createDraftOrder } from './draft-orders.ts';
import { assembleBulkProducts, readLines, runBulkExport, type BulkParseStats } from './bulk.ts';
import { mapProduct, productGid, type ProductNode } from './map-product.ts';
import {
  COLLECTION_ORDER_QUERY,
  COLLECTIONS_QUERY,
  NESTED_LIMITS,
  NESTED_PAGE_QUERIES,
  PRODUCT_QUERY,
  PRODUCT_TYPES_QUERY,
  PRODUCTS_COUNT_QUERY,
  PRODUCTS_PAGE_QUERY,
  SHOP_QUERY,
  type NestedField,
} from './queries.ts';

type PageInfo = { hasNextPage: boolean; endCursor: string | null };
type Conn<T> = { nodes: T[]; pageInfo?: PageInfo };
type ProductQueryNode = Omit<ProductNode, 'variants' | 'media' | 'metafields' | 'collections'> & {
  [K in NestedField]: Conn<ProductNode[K] extends (infer U)[] | null ? U : never>;
};

export type ShopifyConnectorOptions = AdminClientOptions & {
  /** Products per cursor page to start with; adjusted to the query cost Shopify reports (default 4). */
  pageSize?: number;
  /** Keep one page's requested cost under this many points (default 1000, Shopify's single-query maximum). */
  maxQueryCost?: number;
  /** How often to poll a running bulk export (default 2 s) and how long to wait at most (default 2 h). */
  bulkPollMs?: number;
  bulkTimeoutMs?: number;
};

const MAX_PAGE_SIZE = 50;

/** Shopify behind the Connector interface, over the Admin GraphQL API with the shop's offline access token. */
export class ShopifyConnector implements Connector {
  readonly platform = 'shopify';
  readonly client: ShopifyAdminClient;
  private pageSize: number;
  private readonly maxQueryCost: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly bulkPollMs: number;
  private readonly bulkTimeoutMs: number;
  private currency: string | null | undefined;
  /** What the last bulk export's JSONL held that we could not use (tests and the sync report read it). */
  lastExportStats: BulkParseStats | null = null;

  constructor(opts: ShopifyConnectorOptions) {
    this.client = new ShopifyAdminClient(opts);
    this.pageSize = opts.pageSize ?? 4;
    this.maxQueryCost = opts.maxQueryCost ?? 1000;
    this.sleep = opts.sleep ?? defaultSleep;
    this.bulkPollMs = opts.bulkPollMs ?? 2000;
    this.bulkTimeoutMs = opts.bulkTimeoutMs ?? 2 * 3600_000;
  }

  createDraftOrder(input: DraftOrderInput): Promise<DraftOrderResult> {
    return createDraftOrder(this.client, input);
  }

  async checkConnection(): Promise<ConnectionCheck> {
    try {
      const { data } = await this.client.request<{ shop: { name: string; currencyCode: string } }>(
        SHOP_QUERY,
      );
      this.currency = data.shop.currencyCode ?? null;
      return { ok: true, shopName: data.shop.name ?? null, currency: this.currency };
    } catch (err) {
      if (err instanceof ConnectorError) return { ok: false, code: err.code, reason: err.message };
      return { ok: false, code: 'network', reason: (err as Error).message };
    }
  }

  async countProducts(): Promise<number | null> {
    const { data } = await this.client.request<{ productsCount: { count: number } | null }>(
      PRODUCTS_COUNT_QUERY,
    );
    return data.productsCount?.count ?? null;
  }

  /**
   * A cursor page. The page size follows the cost Shopify reports: each product's share of the requested
   * cost sizes the next page so one query stays under the single-query maximum; MAX_COST_EXCEEDED halves it.
   */
  async listProducts(cursor?: string | null): Promise<ProductPage> {
    const currency = await this.shopCurrency();
    for (;;) {
      try {
        const { data, cost } = await this.client.request<{ products: Conn<ProductQueryNode> }>(
          PRODUCTS_PAGE_QUERY,
          { first: this.pageSize, after: cursor ?? null },
        );
        if (cost?.requestedQueryCost) {
          const perProduct = cost.requestedQueryCost / this.pageSize;
          const budget = Math.min(this.maxQueryCost, cost.throttleStatus?.maximumAvailable ?? Infinity);
          this.pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(budget / perProduct)));
        }
        const page: ProductPage = { listings: [], failures: [], nextCursor: null };
        for (const node of data.products.nodes) {
          const item = await this.mapNode(await this.completeNested(node), currency);
          if ('listing' in item) page.listings.push(item.listing);
          else page.failures.push(item.failure);
        }
        const info = data.products.pageInfo;
        page.nextCursor = info?.hasNextPage ? (info.endCursor ?? null) : null;
        return page;
      } catch (err) {
        if (
          err instanceof ConnectorError &&
          err.platformCodes.includes('MAX_COST_EXCEEDED') &&
          this.pageSize > 1
        ) {
          this.pageSize = Math.max(1, Math.floor(this.pageSize / 2));
          continue;
        }
        throw err;
      }
    }
  }

  async getProduct(id: string): Promise<StoreListing | null> {
    const currency = await this.shopCurrency();
    const { data } = await this.client.request<{ product: ProductQueryNode | null }>(PRODUCT_QUERY, {
      id: productGid(id),
    });
    if (!data.product) return null;
    const item = await this.mapNode(await this.completeNested(data.product), currency);
    if ('failure' in item) throw new ConnectorError('invalid_response', item.failure.error);
    return item.listing;
  }

  async listCategories(): Promise<StoreCategory[]> {
    const out: StoreCategory[] = [];
    let after: string | null = null;
    do {
      const { data }: { data: { productTypes: Conn<string> } } = await this.client.request(
        PRODUCT_TYPES_QUERY,
        {
          after,
        },
      );
      for (const t of data.productTypes.nodes) if (t.trim()) out.push({ external_id: t, title: t });
      after = data.productTypes.pageInfo?.hasNextPage ? (data.productTypes.pageInfo.endCursor ?? null) : null;
    } while (after);
    return out;
  }

  async listCollections(): Promise<StoreCollection[]> {
    type Node = { id: string; title: string; ruleSet: { appliedDisjunctively: boolean } | null };
    const out: StoreCollection[] = [];
    let after: string | null = null;
    do {
      const { data }: { data: { collections: Conn<Node> } } = await this.client.request(COLLECTIONS_QUERY, {
        after,
      });
      for (const c of data.collections.nodes)
        out.push({ external_id: c.id, title: c.title, is_custom_collection: c.ruleSet === null });
      after = data.collections.pageInfo?.hasNextPage ? (data.collections.pageInfo.endCursor ?? null) : null;
    } while (after);
    return out;
  }

  /** The collection's products in its MANUAL and BEST_SELLING orders (ids only, 250 a page). */
  async collectionOrder(collectionId: string): Promise<CollectionOrder | null> {
    const order: CollectionOrder = { manual: [], best_selling: [] };
    for (const [sortKey, ids] of [
      ['MANUAL', order.manual],
      ['BEST_SELLING', order.best_selling],
    ] as const) {
      let after: string | null = null;
      do {
        type Page = { collection: { products: Conn<{ id: string }> } | null };
        const answer: { data: Page } = await this.client.request<Page>(COLLECTION_ORDER_QUERY, {
          id: collectionId,
          sortKey,
          after,
        });
        const products = answer.data.collection?.products;
        if (!products) return null;
        ids.push(...products.nodes.map((p) => p.id));
        const info: PageInfo | undefined = products.pageInfo;
        after = info?.hasNextPage ? (info.endCursor ?? null) : null;
      } while (after);
    }
    return order;
  }

  /** Every product through a bulk operation: start it, poll it, then stream its JSONL one product at a time. */
  async *exportProducts(options: ExportOptions = {}): AsyncGenerator<ExportItem> {
    const currency = await this.shopCurrency();
    const url = await runBulkExport(this.client, {
      pollMs: this.bulkPollMs,
      timeoutMs: this.bulkTimeoutMs,
      sleep: this.sleep,
      signal: options.signal,
      onPreparing: options.onPreparing,
    });
    this.lastExportStats = { lines: 0, orphans: 0, invalid: 0 };
    if (!url) return;
    const stream = await this.client.download(url);
    for await (const node of assembleBulkProducts(readLines(stream), this.lastExportStats)) {
      if (options.signal?.aborted) throw new ConnectorError('export_failed', 'The export was cancelled');
      yield this.mapNode(node, currency);
    }
  }

  private async shopCurrency(): Promise<string | null> {
    if (this.currency === undefined) {
      const { data } = await this.client.request<{ shop: { currencyCode: string | null } }>(SHOP_QUERY);
      this.currency = data.shop.currencyCode ?? null;
    }
    return this.currency;
  }

  private async mapNode(
    node: ProductNode,
    currency: string | null,
  ): Promise<{ listing: StoreListing } | { failure: ProductFailure }> {
    try {
      return { listing: mapProduct(node, { currency }) };
    } catch (err) {
      const failure: ProductFailure = {
        external_id: String(node?.id ?? ''),
        title: typeof node?.title === 'string' ? node.title : null,
        error: (err as Error).message,
      };
      return { failure };
    }
  }

  /** Flatten a queried product's connections, paging the rest of any that holds more than one page. */
  private async completeNested(node: ProductQueryNode): Promise<ProductNode> {
    const out = { ...node } as unknown as ProductNode;
    for (const field of Object.keys(NESTED_LIMITS) as NestedField[]) {
      const conn = node[field] as Conn<never> | null | undefined;
      const items: unknown[] = [...(conn?.nodes ?? [])];
      let info = conn?.pageInfo;
      while (info?.hasNextPage && info.endCursor) {
        const { data } = await this.client.request<{ product: Record<NestedField, Conn<never>> | null }>(
          NESTED_PAGE_QUERIES[field],
          { id: node.id, after: info.endCursor },
        );
        const more = data.product?.[field];
        items.push(...(more?.nodes ?? []));
        info = more?.pageInfo;
      }
      (out as Record<string, unknown>)[field] = items;
    }
    return out;
  }
}
