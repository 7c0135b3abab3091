import { randomBytes } from 'node:crypto';
import {
  fieldsFor,
  nodeSelections,
  parseOperation,
  render,
  renderConnection,
  requestedCost,
  type Field,
  type Operation,
  type Resolver,
} from './graphql-lite.ts';

/** Where the test server keeps bulk results, like Shopify's signed Google Cloud Storage links. */
export const BULK_RESULTS_HOST = 'storage.googleapis.com';

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
  updatedAt: string;
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
export type FakeCollection = { id: string; title: string; handle: string; smart: boolean };

type Bucket = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number; at: number };
type BulkOp = {
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
  query: Operation;
  grouped: boolean;
  polls: number;
  errorCode: string | null;
  objectCount: number;
  rootObjectCount: number;
  url: string | null;
  fileSize: number | null;
};

export type GraphqlAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * One shop's Admin GraphQL API: products, collections, product counts, bulk operations with JSONL results,
 * and Shopify's calculated-cost rate limit (a leaky bucket per app and shop; THROTTLED answers when a query's
 * requested cost exceeds what the bucket holds). Tests fill `products` and `collections`, and can force the
 * next answers to be throttled or to fail.
 */
export class FakeShopifyAdmin {
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
  /** Polls of currentBulkOperation a bulk export stays running for. */
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
  /** JSONL files by path, served on BULK_RESULTS_HOST. */
  readonly files = new Map<string, string>();
  private seq = 1;

  constructor(
    readonly shop: string,
    private readonly shopInfo: () => { name: string; email: string; currencyCode: string },
  ) {}

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
    const counter = { cost: 0 };
    const data: Record<string, unknown> = {};
    const errors: { message: string; extensions?: Record<string, unknown> }[] = [];
    for (const f of fieldsFor(op.selections)) {
      try {
        data[f.alias] = this.root(op, f, counter);
      } catch (err) {
        errors.push({ message: (err as Error).message, extensions: { code: 'undefinedField' } });
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

  private collectionView = (c: FakeCollection) => ({
    __typename: 'Collection',
    id: c.id,
    title: c.title,
    handle: c.handle,
    ruleSet: c.smart ? { __typename: 'CollectionRuleSet', appliedDisjunctively: false, rules: [] } : null,
  });

  private resolve: Resolver = (parent, field) => parent[field.name];

  private root(op: Operation, f: Field, counter: { cost: number }): unknown {
    const r = this.resolve;
    if (op.type === 'mutation') {
      if (f.name !== 'bulkOperationRunQuery')
        throw new Error(`Field '${f.name}' doesn't exist on type 'Mutation'`);
      return render(this.runBulk(f), f.selections, r, counter);
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
      case 'productTypes':
        return renderConnection(
          [...new Set(this.products.map((p) => p.productType).filter(Boolean))].sort(),
          f,
          r,
          counter,
        );
      case 'currentBulkOperation':
        return render(this.pollBulk(), f.selections, r, counter);
      default:
        throw new Error(`Field '${f.name}' doesn't exist on type 'QueryRoot'`);
    }
  }

  private runBulk(f: Field) {
    const running = this.bulkOps.find((o) => o.status === 'CREATED' || o.status === 'RUNNING');
    if (running)
      return {
        bulkOperation: null,
        userErrors: [
          {
            field: null,
            message: `A bulk query operation for this app and shop is already in progress: ${running.id}.`,
            code: 'OPERATION_IN_PROGRESS',
          },
        ],
      };
    let query: Operation;
    try {
      query = parseOperation(String(f.args.query ?? ''));
    } catch (err) {
      return {
        bulkOperation: null,
        userErrors: [{ field: ['query'], message: (err as Error).message, code: 'INVALID' }],
      };
    }
    const op: BulkOp = {
      id: this.gid('BulkOperation'),
      status: 'CREATED',
      query,
      grouped: f.args.groupObjects === true,
      polls: 0,
      errorCode: null,
      objectCount: 0,
      rootObjectCount: 0,
      url: null,
      fileSize: null,
    };
    this.bulkOps.push(op);
    return { bulkOperation: { __typename: 'BulkOperation', ...op, type: 'QUERY' }, userErrors: [] };
  }

  private pollBulk() {
    const op = this.bulkOps.at(-1);
    if (!op) return null;
    if (op.status === 'CREATED' || op.status === 'RUNNING') {
      op.polls++;
      op.status = 'RUNNING';
      op.rootObjectCount = Math.min(this.products.length, op.polls);
      op.objectCount = op.rootObjectCount;
      if (op.polls > this.bulkPolls) this.finishBulk(op);
    }
    return {
      __typename: 'BulkOperation',
      ...op,
      type: 'QUERY',
      objectCount: String(op.objectCount),
      rootObjectCount: String(op.rootObjectCount),
    };
  }

  private finishBulk(op: BulkOp) {
    if (this.failNextBulk) {
      op.status = 'FAILED';
      op.errorCode = this.failNextBulk;
      this.failNextBulk = null;
      return;
    }
    const lines = this.bulkLines(op);
    op.status = 'COMPLETED';
    op.objectCount = lines.length;
    op.rootObjectCount = this.products.length;
    if (lines.length === 0) return; // Shopify gives no file for an empty result.
    const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
    const path = `/bulk-operation-outputs/${op.id.split('/').pop()}-final`;
    this.files.set(path, text);
    op.fileSize = Buffer.byteLength(text);
    op.url = `https://${BULK_RESULTS_HOST}${path}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=${randomBytes(16).toString('hex')}`;
  }

  /**
   * The JSONL of a bulk query: one line per product with its scalar and object fields, and one line per node of
   * each nested connection with __parentId. Grouped: children right after their product; otherwise every
   * product first, then the children.
   */
  private bulkLines(op: BulkOp): Record<string, unknown>[] {
    const root = fieldsFor(op.query.selections).find((f) => f.name === 'products');
    if (!root) return [];
    const nodeSel = nodeSelections(root);
    const fields = fieldsFor(nodeSel, 'Product');
    const own = fields.filter(
      (f) => !f.selections?.some((s) => s.kind === 'field' && (s.name === 'edges' || s.name === 'nodes')),
    );
    const nested = fields.filter((f) => !own.includes(f));
    const parents: Record<string, unknown>[] = [];
    const children: Record<string, unknown>[][] = [];
    const counter = { cost: 0 };
    for (const p of this.products.map(this.productView)) {
      parents.push(render(p, own, this.resolve, counter) as Record<string, unknown>);
      const mine: Record<string, unknown>[] = [];
      for (const f of nested) {
        for (const child of (p[f.name as keyof typeof p] as Record<string, unknown>[] | undefined) ?? [])
          mine.push({
            ...(render(child, nodeSelections(f), this.resolve, counter) as object),
            __parentId: p.id,
          });
      }
      children.push(mine);
    }
    return op.grouped ? parents.flatMap((p, i) => [p, ...children[i]!]) : [...parents, ...children.flat()];
  }
}
