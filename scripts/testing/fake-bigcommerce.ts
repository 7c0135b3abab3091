import type { BcProduct } from '../../connectors/bigcommerce/map-product.ts';
import { readExtdataJson } from './extdata.ts';
import { FakeStoreServer, type FakeAnswer, type FakeRequest } from './fake-store-server.ts';

/*
 * BigCommerce's REST API for one store, as documented: /stores/{hash}/v2/store, /v3/catalog/products (page and
 * limit ≤ 250, include=, date_modified:min, meta.pagination), /v3/catalog/products/{id}, /v3/catalog/categories,
 * /v3/catalog/brands (id:in), /v3/hooks (list, create, DELETE /v3/hooks/{id}); the X-Auth-Token header; and the store's request quota per window with
 * its X-Rate-Limit-* headers and 429 past it. Time is the fake's own clock (`advance`), so a test's injected
 * sleep can let a window pass.
 */

type Category = { id: number; parent_id: number; name: string };
type Hook = {
  id: number;
  scope: string;
  destination: string;
  is_active: boolean;
  headers: Record<string, string>;
};

const NESTED = ['variants', 'images', 'custom_fields', 'bulk_pricing_rules'] as const;

export class FakeBigcommerce {
  readonly server: FakeStoreServer;
  products: BcProduct[] = [];
  categories: Category[];
  brands: { id: number; name: string }[] = [];
  store: Record<string, unknown>;
  readonly hooks: Hook[] = [];
  /** Answer 500 to every hook deletion (a store that cannot remove its hooks right now). */
  failHookDeletes = false;
  private nextHookId = 1000;
  /** Requests per window (BigCommerce plans: 150 per 30 s and more); Infinity by default (see `limit`). */
  quota = Infinity;
  windowMs = 30_000;
  private used = 0;
  private windowStart = 0;
  private skew = 0;

  constructor(
    readonly storeHash: string,
    readonly accessToken: string,
  ) {
    this.server = new FakeStoreServer((req) => this.route(req));
    this.categories = readExtdataJson<{ data: Category[] }>(
      'bigcommerce-v3-catalog-categories-list.json',
    ).data;
    this.store = readExtdataJson('bigcommerce-v2-store-information.json');
  }

  start(): Promise<string> {
    return this.server.start();
  }
  stop(): Promise<void> {
    return this.server.stop();
  }

  /** Start a new window of `quota` requests. */
  limit(quota: number, windowMs = 30_000): void {
    this.quota = quota;
    this.windowMs = windowMs;
    this.used = 0;
    this.windowStart = this.now();
  }

  /** Let time pass on the fake's clock (a test's sleep). */
  advance = async (ms: number): Promise<void> => {
    this.skew += ms;
  };

  private now(): number {
    return Date.now() + this.skew;
  }

  private route(req: FakeRequest): FakeAnswer {
    const prefix = `/stores/${this.storeHash}/`;
    if (!req.path.startsWith(prefix)) return { status: 404, body: { status: 404, title: 'Store not found' } };
    if (req.headers['x-auth-token'] !== this.accessToken)
      return { status: 401, body: { status: 401, title: 'Unauthorized', type: 'about:blank' } };
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    const reset = String(this.windowStart + this.windowMs - now);
    const limits = (left: number) => ({
      'X-Rate-Limit-Requests-Quota': String(this.quota),
      'X-Rate-Limit-Requests-Left': String(left),
      'X-Rate-Limit-Time-Window-Ms': String(this.windowMs),
      'X-Rate-Limit-Time-Reset-Ms': reset,
    });
    if (this.used >= this.quota)
      return { status: 429, headers: limits(0), body: { status: 429, title: 'Too many requests' } };
    this.used++;
    const answer = this.answer(req.method, req.path.slice(prefix.length), req);
    const left = Number.isFinite(this.quota) ? this.quota - this.used : 10_000;
    return { ...answer, headers: { ...limits(left), ...answer.headers } };
  }

  private answer(method: string, path: string, req: FakeRequest): FakeAnswer {
    const q = req.query;
    if (method === 'GET' && path === 'v2/store') return { body: this.store };
    if (method === 'GET' && path === 'v3/catalog/products') {
      const since = q.get('date_modified:min');
      const all = this.products
        .filter((p) => !since || Date.parse(p.date_modified ?? '') >= Date.parse(since))
        .sort((a, b) => a.id - b.id);
      return {
        body: this.paged(
          all.map((p) => this.withIncludes(p, q.get('include'))),
          q,
          50,
        ),
      };
    }
    const one = /^v3\/catalog\/products\/(\d+)$/.exec(path);
    if (method === 'GET' && one) {
      const p = this.products.find((x) => String(x.id) === one[1]);
      if (!p) return { status: 404, body: { status: 404, title: 'The requested product was not found.' } };
      return { body: { data: this.withIncludes(p, q.get('include')), meta: {} } };
    }
    if (method === 'GET' && path === 'v3/catalog/categories')
      return { body: this.paged(this.categories, q, 50) };
    if (method === 'GET' && path === 'v3/catalog/brands') {
      const ids = q.get('id:in')?.split(',');
      return {
        body: this.paged(
          this.brands.filter((b) => !ids || ids.includes(String(b.id))),
          q,
          50,
        ),
      };
    }
    if (path === 'v3/hooks' && method === 'GET') return { body: this.paged(this.hooks, q, 50) };
    if (path === 'v3/hooks' && method === 'POST') {
      const body = JSON.parse(req.body) as Omit<Hook, 'id'>;
      const hook = { ...body, id: this.nextHookId++ };
      this.hooks.push(hook);
      return { body: { data: hook, meta: {} } };
    }
    const hookId = /^v3\/hooks\/(\d+)$/.exec(path)?.[1];
    if (hookId && method === 'DELETE') {
      if (this.failHookDeletes) return { status: 500, body: { status: 500, title: 'Internal error' } };
      // BigCommerce answers the deleted hook; an unknown id is a 404.
      const at = this.hooks.findIndex((h) => String(h.id) === hookId);
      if (at < 0) return { status: 404, body: { status: 404, title: 'Webhook not found' } };
      const [hook] = this.hooks.splice(at, 1);
      return { body: { data: hook, meta: {} } };
    }
    return { status: 404, body: { status: 404, title: `No route ${method} ${path}` } };
  }

  private withIncludes(p: BcProduct, include: string | null): BcProduct {
    const wanted = new Set((include ?? '').split(','));
    const out: Record<string, unknown> = { ...p };
    for (const key of NESTED) if (!wanted.has(key)) delete out[key];
    return out as BcProduct;
  }

  private paged<T>(items: T[], q: URLSearchParams, defaultLimit: number) {
    const limit = Math.min(250, Number(q.get('limit') ?? defaultLimit));
    const page = Number(q.get('page') ?? 1);
    const data = items.slice((page - 1) * limit, page * limit);
    const totalPages = Math.max(1, Math.ceil(items.length / limit));
    return {
      data,
      meta: {
        pagination: {
          total: items.length,
          count: data.length,
          per_page: limit,
          current_page: page,
          total_pages: totalPages,
          links: {
            current: `?page=${page}&limit=${limit}`,
            ...(page < totalPages ? { next: `?page=${page + 1}&limit=${limit}` } : {}),
          },
        },
      },
    };
  }
}

/** The two products of the published GET /v3/catalog/products?include=variants response, as they are. */
export function publishedBigcommerceProducts(): BcProduct[] {
  return readExtdataJson<{ data: BcProduct[] }>('bigcommerce-v3-catalog-products-get_all.json').data;
}

/** `count` products shaped as the published "1L Le Parfait Jar", with ids from `firstId` on. */
export function generatedBigcommerceProducts(count: number, firstId = 1000): BcProduct[] {
  const [jar] = publishedBigcommerceProducts();
  return Array.from({ length: count }, (_, i) => {
    const id = firstId + i;
    return {
      ...jar!,
      id,
      name: `Le Parfait Jar ${id}`,
      sku: `JAR-${id}`,
      custom_url: { url: `/all/le-parfait-jar-${id}/`, is_customized: true },
      variants: jar!.variants!.map((v) => ({ ...v, id: id * 10, sku: `JAR-${id}` })),
    } as BcProduct;
  });
}
