import {
  fieldsFor,
  parseOperation,
  render,
  renderConnection,
  requestedCost,
  unpagedConnection,
  type Field,
  type Operation,
  type Resolver,
} from './graphql-lite.ts';
import { FakeShopifyBilling } from './fake-shopify-billing.ts';
import { bulkView, listBulk, startBulk, tickBulk, type BulkOp, type BulkShop } from './fake-shopify-bulk.ts';
import { draftOrderCreate, type FakeDraftOrder } from './fake-shopify-draft-orders.ts';

export type { FakeDraftOrder } from './fake-shopify-draft-orders.ts';

export { BULK_RESULTS_HOST, MAX_RUNNING_BULK_QUERIES } from './fake-shopify-bulk.ts';

export type FakeVariant = {
  id: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  price: string;
  compareAtPrice: string | null;
  inventoryQuantity: number | null;
  selectedOptions: { name: string; value: string }[];
  image: { url: string } | null;
};
export type FakeProduct = {
  id: string;
  title: string | null;
  handle: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED' | 'UNLISTED';
  tags: string[];
  onlineStoreUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** Not a Shopify field: what the shop's sales rank BEST_SELLING by (more sold first). */
  unitsSold?: number;
  category: { name: string } | null;
  options: { name: string; values: string[] }[];
  variants: FakeVariant[];
  media: { id: string; mediaContentType: string; image: { url: string; altText: string | null } | null }[];
  metafields: {
    id: string;
    namespace: string;
    key: string;
    type: string;
    value: string;
    description: string | null;
  }[];
  /** Collection GIDs. */
  collections: string[];
};
export type FakeCollection = {
  id: string;
  title: string;
  handle: string;
  smart: boolean;
  /** The merchant's order of the collection's products (MANUAL); products not named follow in id order. */
  manualOrder?: string[];
};

const BULK_FIELDS = new Set([
  'bulkOperationRunQuery',
  'bulkOperation',
  'bulkOperations',
  'currentBulkOperation',
]);

type Bucket = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number; at: number };

export type GraphqlAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * One shop's Admin GraphQL API: products, collections, product counts, bulk operations with JSONL results,
 * and Shopify's calculated-cost rate limit (a leaky bucket per app and shop; THROTTLED answers when a query's
 * requested cost exceeds what the bucket holds). Tests fill `products` and `collections`, and can force the
 * next answers to be throttled or to fail.
 */
export class FakeShopifyAdmin implements BulkShop {
  products: FakeProduct[] = [];
  collections: FakeCollection[] = [];
  readonly bucket: Bucket = {
    maximumAvailable: 2000,
    currentlyAvailable: 2000,
    restoreRate: 100,
    at: Date.now(),
  };
  /** Each entry answers one coming query as THROTTLED with these cost figures, whatever the bucket holds. */
  readonly forcedThrottles: { requested: number; available: number; restoreRate: number }[] = [];
  /** Each entry answers one coming request with this HTTP status (a 5xx, a 429 with Retry-After 1...). */
  readonly forcedStatuses: number[] = [];
  /** Requests to the bulk API (runs and polls of any operation) a bulk operation stays running for. */
  bulkPolls = 2;
  /** Make the next bulk operation fail with this error code. */
  failNextBulk: string | null = null;
  /** Root fields this shop's API answers as unknown (as an API version without them would). */
  readonly missingFields = new Set<string>();
  /** Root fields of every query answered, in order (THROTTLED ones too). */
  readonly log: {
    fields: string[];
    variables: Record<string, unknown>;
    throttled: boolean;
    cost: number;
    /** What a THROTTLED answer said the bucket held. */
    available?: number;
  }[] = [];
  readonly bulkOps: BulkOp[] = [];
  /** Draft orders made with draftOrderCreate, as the shop's admin would list them. */
  readonly draftOrders: FakeDraftOrder[] = [];
  /** Access scopes the app was not granted: their mutations answer ACCESS_DENIED (write_draft_orders...). */
  readonly deniedScopes = new Set<string>();
  /** JSONL files by path, served on BULK_RESULTS_HOST. */
  readonly files = new Map<string, string>();
  /** The shop's app subscriptions (Billing API). */
  readonly billing: FakeShopifyBilling;
  private seq = 1;

  constructor(
    readonly shop: string,
    private readonly shopInfo: () => { name: string; email: string; currencyCode: string },
  ) {
    this.billing = new FakeShopifyBilling(shop, (type) => this.gid(type));
  }

  /** A GID for a new object of `type`. */
  gid(type: string): string {
    return `gid://shopify/${type}/${1000 + this.seq++}`;
  }

  answer(body: { query?: string; variables?: Record<string, unknown> }): GraphqlAnswer {
    const forced = this.forcedStatuses.shift();
    if (forced)
      return {
        status: forced,
        body: { errors: forced === 429 ? 'Exceeded 2 calls per second for api client.' : 'Internal error' },
        headers: forced === 429 ? { 'Retry-After': '1' } : undefined,
      };
    let op: Operation;
    try {
      op = parseOperation(String(body.query ?? ''), body.variables ?? {});
    } catch (err) {
      return { status: 200, body: { errors: [{ message: (err as Error).message }] } };
    }
    const fields = fieldsFor(op.selections).map((f) => f.name);
    const unpaged = op.type === 'query' ? unpagedConnection(op.selections) : null;
    if (unpaged) {
      this.log.push({ fields, variables: body.variables ?? {}, throttled: false, cost: 0 });
      return {
        status: 200,
        body: { errors: [{ message: 'you must provide one of first or last', path: unpaged }] },
      };
    }
    const requested = requestedCost(op);
    this.restore();
    if (requested > 1000) {
      this.log.push({ fields, variables: body.variables ?? {}, throttled: false, cost: requested });
      return {
        status: 200,
        body: {
          errors: [
            {
              message: `Query cost is ${requested}, which exceeds the single query max cost limit (1000).`,
              extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: 1000 },
            },
          ],
        },
      };
    }
    const forcedThrottle = this.forcedThrottles.shift();
    if (forcedThrottle || requested > this.bucket.currentlyAvailable) {
      const status = forcedThrottle
        ? {
            maximumAvailable: this.bucket.maximumAvailable,
            currentlyAvailable: forcedThrottle.available,
            restoreRate: forcedThrottle.restoreRate,
          }
        : this.status();
      this.log.push({
        fields,
        variables: body.variables ?? {},
        throttled: true,
        cost: 0,
        available: status.currentlyAvailable,
      });
      return {
        status: 200,
        body: {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: {
            cost: {
              requestedQueryCost: forcedThrottle?.requested ?? requested,
              actualQueryCost: null,
              throttleStatus: status,
            },
          },
        },
      };
    }
    if (fields.some((f) => BULK_FIELDS.has(f))) tickBulk(this);
    const counter = { cost: 0 };
    const data: Record<string, unknown> = {};
    const errors: { message: string; extensions?: Record<string, unknown> }[] = [];
    for (const f of fieldsFor(op.selections)) {
      try {
        data[f.alias] = this.root(op, f, counter);
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'undefinedField';
        errors.push({ message: (err as Error).message, extensions: { code } });
      }
    }
    const actual = Math.min(requested, Math.max(1, counter.cost));
    this.bucket.currentlyAvailable -= actual;
    this.log.push({ fields, variables: body.variables ?? {}, throttled: false, cost: requested });
    return {
      status: 200,
      body: {
        ...(errors.length ? { errors, data: null } : { data }),
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: this.status() },
        },
      },
    };
  }

  private restore() {
    const now = Date.now();
    const b = this.bucket;
    b.currentlyAvailable = Math.min(
      b.maximumAvailable,
      b.currentlyAvailable + ((now - b.at) / 1000) * b.restoreRate,
    );
    b.at = now;
  }

  private status() {
    return {
      maximumAvailable: this.bucket.maximumAvailable,
      currentlyAvailable: Math.floor(this.bucket.currentlyAvailable),
      restoreRate: this.bucket.restoreRate,
    };
  }

  private productView = (p: FakeProduct) => ({
    __typename: 'Product',
    ...p,
    variants: p.variants.map((v) => ({ __typename: 'ProductVariant', ...v })),
    media: p.media.map((m) => ({
      __typename: m.mediaContentType === 'IMAGE' ? 'MediaImage' : 'Video',
      ...m,
    })),
    metafields: p.metafields.map((m) => ({ __typename: 'Metafield', ...m })),
    collections: p.collections
      .map((id) => this.collections.find((c) => c.id === id))
      .filter(Boolean)
      .map((c) => this.collectionView(c!)),
  });

  productViews = () => this.products.map(this.productView);

  private collectionView = (c: FakeCollection) => ({
    __typename: 'Collection',
    id: c.id,
    title: c.title,
    handle: c.handle,
    sortOrder: 'MANUAL',
    ruleSet: c.smart ? { __typename: 'CollectionRuleSet', appliedDisjunctively: false, rules: [] } : null,
  });

  /** Collection.products in the order its sortKey asks (ProductCollectionSortKeys), reversed on request. */
  private collectionProducts(collectionId: unknown, args: Record<string, unknown>) {
    const members = this.products.filter((p) => p.collections.includes(String(collectionId)));
    const manual = this.collections.find((c) => c.id === collectionId)?.manualOrder ?? [];
    const at = (p: FakeProduct) => {
      const i = manual.indexOf(p.id);
      return i === -1 ? manual.length + members.indexOf(p) : i;
    };
    const price = (p: FakeProduct) => Math.min(...p.variants.map((v) => Number(v.price)));
    const by: Record<string, (a: FakeProduct, b: FakeProduct) => number> = {
      MANUAL: (a, b) => at(a) - at(b),
      COLLECTION_DEFAULT: (a, b) => at(a) - at(b),
      BEST_SELLING: (a, b) => (b.unitsSold ?? 0) - (a.unitsSold ?? 0),
      CREATED: (a, b) => a.createdAt.localeCompare(b.createdAt),
      TITLE: (a, b) => String(a.title).localeCompare(String(b.title)),
      PRICE: (a, b) => price(a) - price(b),
    };
    const sorted = [...members].sort(by[String(args.sortKey ?? 'COLLECTION_DEFAULT')] ?? (() => 0));
    if (args.reverse === true) sorted.reverse();
    return sorted.map(this.productView);
  }

  resolve: Resolver = (parent, field) =>
    parent.__typename === 'Collection' && field.name === 'products'
      ? this.collectionProducts(parent.id, field.args)
      : parent[field.name];

  private root(op: Operation, f: Field, counter: { cost: number }): unknown {
    const r = this.resolve;
    if (op.type === 'mutation') {
      if (f.name === 'draftOrderCreate') return render(draftOrderCreate(this, f), f.selections, r, counter);
      if (f.name === 'appSubscriptionCreate')
        return render(this.billing.create(f.args), f.selections, r, counter);
      if (f.name !== 'bulkOperationRunQuery')
        throw new Error(`Field '${f.name}' doesn't exist on type 'Mutation'`);
      return render(startBulk(this, f), f.selections, r, counter);
    }
    if (this.missingFields.has(f.name))
      throw new Error(`Field '${f.name}' doesn't exist on type 'QueryRoot'`);
    switch (f.name) {
      case 'shop':
        return render(
          { __typename: 'Shop', ...this.shopInfo(), myshopifyDomain: this.shop },
          f.selections,
          r,
          counter,
        );
      case 'currentAppInstallation':
        return render(this.billing.installation(), f.selections, r, counter);
      case 'productsCount': {
        const limit = f.args.limit === undefined ? 10_000 : (f.args.limit as number | null);
        const n = this.products.length;
        const count = limit === null ? n : Math.min(n, limit);
        return render(
          { count, precision: limit !== null && n > limit ? 'AT_LEAST' : 'EXACT' },
          f.selections,
          r,
          counter,
        );
      }
      case 'products':
        return renderConnection(this.products.map(this.productView), f, r, counter);
      case 'product': {
        const p = this.products.find((x) => x.id === f.args.id);
        return p ? render(this.productView(p), f.selections, r, counter) : null;
      }
      case 'collections':
        return renderConnection(this.collections.map(this.collectionView), f, r, counter);
      case 'collection': {
        const c = this.collections.find((x) => x.id === f.args.id);
        return c ? render(this.collectionView(c), f.selections, r, counter) : null;
      }
      case 'productTypes':
        return renderConnection(
          [...new Set(this.products.map((p) => p.productType).filter(Boolean))].sort(),
          f,
          r,
          counter,
        );
      case 'bulkOperation':
        return render(bulkView(this.bulkOps.find((o) => o.id === f.args.id)), f.selections, r, counter);
      case 'bulkOperations':
        return renderConnection(listBulk(this, f), f, r, counter);
      // Deprecated since 2026-01 (several operations may run): the most recent one.
      case 'currentBulkOperation':
        return render(bulkView(this.bulkOps.at(-1)), f.selections, r, counter);
      default:
        throw new Error(`Field '${f.name}' doesn't exist on type 'QueryRoot'`);
    }
  }
}
