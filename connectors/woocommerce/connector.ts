import {
  ConnectorError,
  type ConnectionCheck,
  type Connector,
  type ExportItem,
  type ProductFailure,
  type ProductPage,
  type StoreCategory,
  type StoreCollection,
  type StoreListing,
} from '../types.ts';
import { WOO_MAX_PAGE_SIZE, WooClient, type WooClientOptions } from './client.ts';
import { mapProduct, wooProductId, type WooProduct, type WooVariation } from './map-product.ts';

export type WooConnectorOptions = WooClientOptions & {
  /** Products a page (1-100, default 100). */
  pageSize?: number;
  /** Variable products whose variations are read at once (default 4). */
  variationConcurrency?: number;
};

/** The topics a store tells us about (registerWebhooks). */
export const WOO_WEBHOOK_TOPICS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'product.restored',
];

/** The WordPress REST error codes of a product that does not exist (any more). */
const GONE = new Set(['woocommerce_rest_product_invalid_id', 'woocommerce_rest_invalid_id']);

/**
 * WooCommerce through its REST API v3 (`/wp-json/wc/v3`): products by page (`page`/`per_page`, the total in
 * `X-WP-Total` and `X-WP-TotalPages`) in id order, the variations of each variable product, categories, the
 * modified-after filter for incremental syncs, and product webhooks. See connectors/README.md.
 */
export class WooCommerceConnector implements Connector {
  readonly platform = 'woocommerce';
  readonly client: WooClient;
  private readonly pageSize: number;
  private readonly variationConcurrency: number;
  private currency: Promise<string | null> | null = null;

  constructor(opts: WooConnectorOptions) {
    this.client = new WooClient(opts);
    this.pageSize = Math.min(WOO_MAX_PAGE_SIZE, Math.max(1, opts.pageSize ?? WOO_MAX_PAGE_SIZE));
    this.variationConcurrency = Math.max(1, opts.variationConcurrency ?? 4);
  }

  async checkConnection(): Promise<ConnectionCheck> {
    try {
      // The products route needs read permission: wrong keys, a web page or a missing WooCommerce show here.
      const { body } = await this.client.get<unknown>('/products', { per_page: 1 });
      if (!Array.isArray(body))
        throw new ConnectorError('invalid_response', `${this.host()} did not answer a product list`);
    } catch (err) {
      if (err instanceof ConnectorError) return { ok: false, code: err.code, reason: err.message };
      return { ok: false, code: 'network', reason: (err as Error).message };
    }
    const [shopName, currency] = await Promise.all([this.siteName(), this.storeCurrency()]);
    return { ok: true, shopName, currency };
  }

  async countProducts(): Promise<number | null> {
    const { headers } = await this.client.get<unknown>('/products', { per_page: 1 });
    const total = Number(headers.get('x-wp-total'));
    return Number.isFinite(total) && total >= 0 ? total : null;
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
    let product: WooProduct;
    try {
      product = (await this.client.get<WooProduct>(`/products/${productId}`)).body;
    } catch (err) {
      if (err instanceof ConnectorError && err.status === 404 && err.platformCodes.some((c) => GONE.has(c)))
        return null;
      throw err;
    }
    if (!product || typeof product !== 'object' || product.status === 'trash') return null;
    const variations = product.type === 'variable' ? await this.variationsOf(product.id) : [];
    return mapProduct(product, variations, { currency: await this.storeCurrency() });
  }

  async listCategories(): Promise<StoreCategory[]> {
    const out: StoreCategory[] = [];
    for (let page = 1; ; page++) {
      const { body, headers } = await this.client.get<{ id: number; name: string }[]>(
        '/products/categories',
        {
          page,
          per_page: WOO_MAX_PAGE_SIZE,
        },
      );
      if (!Array.isArray(body))
        throw new ConnectorError('invalid_response', `${this.host()} did not answer a category list`);
      for (const c of body) out.push({ external_id: String(c.id), title: decodeEntities(c.name) });
      if (!hasNext(page, body.length, WOO_MAX_PAGE_SIZE, headers)) return out;
    }
  }

  /** WooCommerce has no collections; categories and tags are what merchants group by. */
  async listCollections(): Promise<StoreCollection[]> {
    return [];
  }

  async registerWebhooks(opts: { deliveryUrl: string; secret: string }): Promise<string[]> {
    const ids: string[] = [];
    for (const topic of WOO_WEBHOOK_TOPICS) {
      const { body } = await this.client.post<{ id: number }>('/webhooks', {
        name: `Catalog Builder: ${topic}`,
        topic,
        delivery_url: opts.deliveryUrl,
        secret: opts.secret,
        status: 'active',
      });
      ids.push(String(body.id));
    }
    return ids;
  }

  async removeWebhooks(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.client.delete(`/webhooks/${encodeURIComponent(id)}`, { force: true });
      } catch (err) {
        if (!(err instanceof ConnectorError && err.status === 404)) throw err;
      }
    }
  }

  private async page(filter: Record<string, string | boolean>, cursor?: string | null): Promise<ProductPage> {
    const page = cursor ? Number(cursor) : 1;
    if (!Number.isInteger(page) || page < 1)
      throw new ConnectorError('invalid_response', `Bad cursor ${cursor}`);
    const { body, headers } = await this.client.get<unknown>('/products', {
      ...filter,
      page,
      per_page: this.pageSize,
      orderby: 'id',
      order: 'asc',
    });
    if (!Array.isArray(body))
      throw new ConnectorError('invalid_response', `${this.host()} did not answer a product list`);
    const currency = await this.storeCurrency();
    const listings: StoreListing[] = [];
    const failures: ProductFailure[] = [];
    const products = body as WooProduct[];
    const mapped = await mapLimit(
      products,
      this.variationConcurrency,
      async (product): Promise<ExportItem> => {
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
          return { failure: { external_id: wooProductId(product.id), title, error: failureText(err) } };
        }
      },
    );
    for (const m of mapped) {
      if ('listing' in m) listings.push(m.listing);
      else failures.push(m.failure);
    }
    return {
      listings,
      failures,
      nextCursor: hasNext(page, products.length, this.pageSize, headers) ? String(page + 1) : null,
    };
  }

  private async variationsOf(productId: number | string): Promise<WooVariation[]> {
    const out: WooVariation[] = [];
    for (let page = 1; ; page++) {
      const { body, headers } = await this.client.get<WooVariation[]>(`/products/${productId}/variations`, {
        page,
        per_page: WOO_MAX_PAGE_SIZE,
        orderby: 'menu_order',
        order: 'asc',
      });
      if (!Array.isArray(body))
        throw new ConnectorError('invalid_response', `${this.host()} did not answer a variation list`);
      out.push(...body);
      if (!hasNext(page, body.length, WOO_MAX_PAGE_SIZE, headers)) return out;
    }
  }

  /** The site's title (GET /wp-json/, public); null when the store hides it. */
  private async siteName(): Promise<string | null> {
    try {
      const { body } = await this.client.get<{ name?: unknown }>('/wp-json/');
      return typeof body?.name === 'string' && body.name.trim() ? decodeEntities(body.name.trim()) : null;
    } catch {
      return null;
    }
  }

  /** The store's currency (GET /data/currencies/current), read once per connector; null when not readable. */
  private storeCurrency(): Promise<string | null> {
    this.currency ??= this.client
      .get<{ code?: unknown }>('/data/currencies/current')
      .then(({ body }) => (typeof body?.code === 'string' && /^[A-Z]{3}$/.test(body.code) ? body.code : null))
      .catch(() => null);
    return this.currency;
  }

  private host(): string {
    return new URL(this.client.baseUrl).host;
  }
}

/** A next page exists: by X-WP-TotalPages when the store sends it, else when this page was full. */
function hasNext(page: number, count: number, pageSize: number, headers: Headers): boolean {
  const pages = Number(headers.get('x-wp-totalpages'));
  if (headers.has('x-wp-totalpages') && Number.isFinite(pages)) return page < pages && count > 0;
  return count >= pageSize;
}

function failureText(err: unknown): string {
  const e = err as { issues?: { path: PropertyKey[]; message: string }[]; message?: string };
  if (Array.isArray(e.issues) && e.issues.length)
    return e.issues.map((i) => `${i.path.map(String).join('.') || 'product'}: ${i.message}`).join('; ');
  return e.message ?? String(err);
}

/** Category and site names come HTML-escaped ("Hoodies &amp; Sweaters"). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos|#039);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos' || k === '#039') return "'";
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
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
