import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { oauth1Signature } from '../../connectors/shared/index.ts';
import { wooWebhookSignature } from '../../connectors/woocommerce/index.ts';
import type { WooProduct, WooVariation } from '../../connectors/woocommerce/index.ts';
import { readExtdataJson } from './extdata.ts';

/*
 * A local WooCommerce store: WordPress's REST API v3 (/wp-json/wc/v3) as WooCommerce answers it, for the adapter
 * tests, the server's tests, the e2e test and the sync bench. Products, variations and categories start from the
 * published responses in ../shared/extdata (or are generated); paging follows WooCommerce (page/per_page ≤ 100,
 * X-WP-Total, X-WP-TotalPages, a page past the last answers []); authentication follows WooCommerce too: Basic
 * auth only over HTTPS, OAuth 1.0a (HMAC-SHA256, in the query or the Authorization header) only over plain HTTP, 401 woocommerce_rest_authentication_error
 * otherwise. Webhooks are kept, pinged when created, and delivered signed on request.
 */

export type FakeWooFault =
  /** 429 with Retry-After: 1. */
  | '429'
  | '500'
  /** 200 with a WordPress login page (a store behind a password or a maintenance plugin). */
  | 'html'
  /** 200 with the JSON cut in the middle. */
  | 'truncated'
  /** The connection closed without an answer. */
  | 'drop';

export type FakeWooWebhook = {
  id: number;
  topic: string;
  delivery_url: string;
  secret: string;
  status: string;
};

const LOGIN_PAGE =
  '<!DOCTYPE html><html lang="en-US"><head><title>Log In &lsaquo; My Store &#8212; WordPress</title></head>' +
  '<body class="login"><form name="loginform" id="loginform" action="/wp-login.php" method="post">' +
  '<input type="text" name="log" id="user_login"><input type="password" name="pwd" id="user_pass">' +
  '</form></body></html>';

/** A 1×1 PNG, the store's pictures. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

export class FakeWooCommerce {
  server!: http.Server | https.Server;
  port = 0;
  products: WooProduct[] = [];
  variations = new Map<number, WooVariation[]>();
  categories: { id: number; name: string; slug: string; parent: number; count: number }[] = [];
  webhooks: FakeWooWebhook[] = [];
  /** Every request: method, path and query (without the OAuth parameters). */
  readonly requests: { method: string; path: string; query: Record<string, string> }[] = [];
  /** Faults for the next requests to /wp-json/wc/v3, in order (each used once). */
  readonly faults: FakeWooFault[] = [];
  /** A fault for every request it names (a page that is always cut), besides the queue above. */
  faultFor: ((path: string, query: Record<string, string>) => FakeWooFault | null) | null = null;
  /** Every request answers the login page (the whole store behind a password). */
  loginWall = false;
  siteName = 'My Woo Store';
  /** Each REST answer waits this long (a store far away: the e2e test watches the progress). */
  delayMs = 0;
  /** A request it names waits for the promise (a test holds a page back while it watches the progress). */
  holdFor: ((path: string, query: Record<string, string>) => Promise<void> | null) | null = null;
  currency = 'EUR';
  /** HTTPS with a self-signed certificate (trusted by `fetch` below) instead of plain HTTP. */
  readonly tls: boolean;
  /** A fetch that trusts this store's certificate (HTTPS tests). */
  fetch: typeof globalThis.fetch = globalThis.fetch;
  private readonly usedNonces = new Set<string>();
  private nextWebhookId = 1;

  constructor(
    readonly keys: { consumerKey: string; consumerSecret: string } = {
      consumerKey: `ck_${randomBytes(20).toString('hex')}`,
      consumerSecret: `cs_${randomBytes(20).toString('hex')}`,
    },
    opts: { tls?: boolean } = {},
  ) {
    this.tls = opts.tls ?? false;
  }

  get baseUrl(): string {
    return `${this.tls ? 'https' : 'http'}://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const handler = (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res);
    if (this.tls) {
      const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
        keySize: 2048,
        algorithm: 'sha256',
        extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
      });
      this.server = https.createServer({ key: pems.private, cert: pems.cert }, handler);
      const dispatcher = new Agent({ connect: buildConnector({ ca: pems.cert }) });
      this.fetch = ((input: string | URL, init?: RequestInit) =>
        undiciFetch(input as string, { ...(init as object), dispatcher })) as unknown as typeof fetch;
    } else {
      this.server = http.createServer(handler);
    }
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections?.();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** The published example products (a variable T-shirt with its variations, a simple one) and categories. */
  loadFixtures(): this {
    const here = this.baseUrl;
    const rehost = <T>(v: T): T =>
      JSON.parse(
        JSON.stringify(v).replaceAll('https://example.com', here).replaceAll('https://example/', `${here}/`),
      );
    this.products = rehost(readExtdataJson<WooProduct[]>('woocommerce-rest-v3-list-products.json'));
    const variations = rehost(readExtdataJson<WooVariation[]>('woocommerce-product-variations-list.json'));
    for (const p of this.products) if (p.type === 'variable') this.variations.set(p.id, variations);
    this.categories = rehost(readExtdataJson('woocommerce-product-categories-list.json'));
    return this;
  }

  /**
   * `count` products shaped like the fixtures: every `variableEvery`-th one variable with `variationsEach`
   * variations (Color × Size), the others simple; prices and stock vary; two categories each.
   */
  generate(
    count: number,
    opts: { variableEvery?: number; variationsEach?: number; startId?: number } = {},
  ): this {
    const variableEvery = opts.variableEvery ?? 5;
    const variationsEach = opts.variationsEach ?? 4;
    if (this.categories.length === 0)
      this.categories = readExtdataJson('woocommerce-product-categories-list.json');
    const cats = this.categories;
    let id = opts.startId ?? 10_000;
    for (let i = 0; i < count; i++) {
      const productId = id++;
      const variable = variableEvery > 0 && i % variableEvery === 0;
      const price = ((i % 90) + 10 + 0.99).toFixed(2);
      const cat = cats[i % cats.length]!;
      const parent = cats.find((c) => c.id === cat.parent);
      const product: WooProduct = {
        id: productId,
        name: `Product ${i + 1}`,
        slug: `product-${i + 1}`,
        permalink: `${this.baseUrl}/product/product-${i + 1}/`,
        date_created_gmt: '2024-05-01T10:00:00',
        type: variable ? 'variable' : 'simple',
        status: 'publish',
        catalog_visibility: 'visible',
        description: `<p>Description of product ${i + 1}.</p>`,
        short_description: '',
        sku: `SKU-${i + 1}`,
        price: variable ? '' : price,
        regular_price: variable ? '' : price,
        sale_price: '',
        manage_stock: !variable,
        stock_quantity: variable ? null : i % 50,
        categories: [cat, ...(parent ? [parent] : [])].map((c) => ({ id: c.id, name: c.name, slug: c.slug })),
        tags: [{ id: 1, name: 'new' }],
        images: [{ id: productId, src: `${this.baseUrl}/wp-content/uploads/p${productId}.png`, alt: '' }],
        attributes: variable
          ? [
              {
                id: 1,
                name: 'Color',
                position: 0,
                visible: true,
                variation: true,
                options: ['Black', 'Green'],
              },
              { id: 2, name: 'Size', position: 1, visible: true, variation: true, options: ['S', 'M'] },
            ]
          : [],
        variations: [],
        meta_data: [],
      };
      if (variable) {
        const vs: WooVariation[] = [];
        for (let v = 0; v < variationsEach; v++) {
          const vid = id++;
          vs.push({
            id: vid,
            sku: `SKU-${i + 1}-${v + 1}`,
            price: (Number(price) + v).toFixed(2),
            regular_price: (Number(price) + v).toFixed(2),
            sale_price: '',
            manage_stock: true,
            stock_quantity: v + 1,
            image: { src: `${this.baseUrl}/wp-content/uploads/v${vid}.png` },
            attributes: [
              { id: 1, name: 'Color', option: ['Black', 'Green'][v % 2]! },
              { id: 2, name: 'Size', option: ['S', 'M'][Math.floor(v / 2) % 2]! },
            ],
          });
          product.variations!.push(vid);
        }
        this.variations.set(productId, vs);
      }
      this.products.push(product);
    }
    return this;
  }

  /** POST a product webhook to every webhook of the topic, signed as WooCommerce signs it; answers the statuses. */
  async deliver(
    topic: string,
    product: { id: number } & Record<string, unknown>,
    opts: { secret?: string } = {},
  ) {
    const statuses: number[] = [];
    for (const hook of this.webhooks.filter((w) => w.topic === topic && w.status === 'active')) {
      const body = JSON.stringify(product);
      const res = await fetch(hook.delivery_url, {
        method: 'POST',
        headers: this.deliveryHeaders(hook, topic, body, opts.secret ?? hook.secret),
        body,
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    return statuses;
  }

  /** The headers WooCommerce sends with a delivery (see woocommerce-webhook-product-updated.json). */
  deliveryHeaders(hook: Pick<FakeWooWebhook, 'id'>, topic: string, body: string, secret: string) {
    const [resource, event] = topic.split('.');
    return {
      'content-type': 'application/json',
      'user-agent': 'WooCommerce/9.0.0 Hookshot (WordPress/6.5)',
      'x-wc-webhook-source': `${this.baseUrl}/`,
      'x-wc-webhook-topic': topic,
      'x-wc-webhook-resource': resource!,
      'x-wc-webhook-event': event!,
      'x-wc-webhook-signature': wooWebhookSignature(body, secret),
      'x-wc-webhook-id': String(hook.id),
      'x-wc-webhook-delivery-id': randomBytes(16).toString('hex'),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const query = Object.fromEntries(
      [...url.searchParams.entries()].filter(([k]) => !k.startsWith('oauth_')),
    );
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (url.pathname.startsWith('/wp-content/uploads/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
      return;
    }
    if (this.loginWall) return this.html(res);
    if (url.pathname === '/wp-json' || url.pathname === '/wp-json/')
      return this.json(res, 200, {
        name: this.siteName,
        description: '',
        url: this.baseUrl,
        namespaces: ['wc/v3'],
      });
    const prefix = '/wp-json/wc/v3';
    if (!url.pathname.startsWith(prefix)) return this.html(res, 404);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const held = this.holdFor?.(url.pathname, query);
    if (held) await held;
    const fault = this.faults.shift() ?? this.faultFor?.(url.pathname, query) ?? undefined;
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === '429')
      return this.json(
        res,
        429,
        { code: 'too_many_requests', message: 'Too many requests' },
        { 'retry-after': '1' },
      );
    if (fault === '500') return this.json(res, 500, { code: 'internal_server_error', message: 'Error' });
    if (fault === 'html') return this.html(res);
    if (!this.authenticated(req, url)) {
      return this.json(res, 401, {
        code: 'woocommerce_rest_authentication_error',
        message: this.tls
          ? 'Consumer key is invalid.'
          : 'Invalid signature - provided signature does not match.',
        data: { status: 401 },
      });
    }
    const route = url.pathname.slice(prefix.length);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
      fault === 'truncated' ? this.truncated(res, payload) : this.json(res, status, payload, headers);
    let m: RegExpMatchArray | null;
    if (req.method === 'GET' && route === '/products') {
      let list = this.products.filter((p) => p.status !== 'trash');
      if (query.modified_after) {
        const after = Date.parse(`${query.modified_after.replace(/Z$/, '')}Z`);
        list = list.filter(
          (p) =>
            Date.parse(
              `${(p as { date_modified_gmt?: string }).date_modified_gmt ?? '1970-01-01T00:00:00'}Z`,
            ) > after,
        );
      }
      if (query.orderby === 'id')
        list = [...list].sort((a, b) => (query.order === 'desc' ? b.id - a.id : a.id - b.id));
      return this.paged(send, list, query);
    }
    if (req.method === 'GET' && route === '/products/categories')
      return this.paged(send, this.categories, query);
    if (req.method === 'GET' && route === '/data/currencies/current')
      return send(200, { code: this.currency, name: this.currency, symbol: '€' });
    if (req.method === 'GET' && (m = route.match(/^\/products\/(\d+)\/variations$/))) {
      const product = this.products.find((p) => p.id === Number(m![1]));
      if (!product) return this.invalidId(res);
      return this.paged(send, this.variations.get(product.id) ?? [], query);
    }
    if (req.method === 'GET' && (m = route.match(/^\/products\/(\d+)$/))) {
      const product = this.products.find((p) => p.id === Number(m![1]));
      return product ? send(200, product) : this.invalidId(res);
    }
    if (req.method === 'POST' && route === '/webhooks') {
      const input = JSON.parse(body) as Partial<FakeWooWebhook>;
      const hook: FakeWooWebhook = {
        id: this.nextWebhookId++,
        topic: String(input.topic),
        delivery_url: String(input.delivery_url),
        secret: String(input.secret ?? ''),
        status: input.status ?? 'active',
      };
      // WooCommerce pings the delivery URL (unsigned `webhook_id=<id>`) when a webhook is activated.
      if (hook.status === 'active') {
        const ping = await fetch(hook.delivery_url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `webhook_id=${hook.id}`,
        }).catch(() => null);
        await ping?.arrayBuffer();
        if (!ping || ping.status < 200 || ping.status > 299)
          return this.json(res, 400, {
            code: 'woocommerce_rest_webhook_delivery_url_ping_failed',
            message: `Error: Delivery URL returned response code: ${ping?.status ?? 'none'}`,
          });
      }
      this.webhooks.push(hook);
      return this.json(res, 201, hook);
    }
    if (req.method === 'DELETE' && (m = route.match(/^\/webhooks\/(\d+)$/))) {
      const i = this.webhooks.findIndex((w) => w.id === Number(m![1]));
      if (i < 0)
        return this.json(res, 404, { code: 'woocommerce_rest_webhook_invalid_id', message: 'Invalid ID.' });
      const [hook] = this.webhooks.splice(i, 1);
      return this.json(res, 200, hook);
    }
    return this.json(res, 404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
    });
  }

  private authenticated(req: IncomingMessage, url: URL): boolean {
    if (this.tls) {
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Basic ')) return false;
      const [key, secret] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
      return key === this.keys.consumerKey && secret === this.keys.consumerSecret;
    }
    // WooCommerce reads the OAuth parameters from the query or from an `Authorization: OAuth ...` header.
    const oauth = new Map<string, string>();
    for (const [k, v] of url.searchParams) if (k.startsWith('oauth_')) oauth.set(k, v);
    const header = req.headers.authorization ?? '';
    if (header.startsWith('OAuth '))
      for (const m of header.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g))
        oauth.set(m[1]!, decodeURIComponent(m[2]!));
    const get = (k: string) => oauth.get(k) ?? null;
    if (get('oauth_consumer_key') !== this.keys.consumerKey) return false;
    if (get('oauth_signature_method') !== 'HMAC-SHA256') return false;
    const timestamp = Number(get('oauth_timestamp'));
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 15 * 60) return false;
    const nonce = `${get('oauth_nonce')}:${timestamp}`;
    if (this.usedNonces.has(nonce)) return false;
    const given = get('oauth_signature');
    // The signature covers the query's other parameters and every oauth_* one but itself.
    const rest = new URL(url);
    for (const k of oauth.keys()) rest.searchParams.delete(k);
    const expected = oauth1Signature(
      { method: req.method ?? 'GET', url: rest.toString() },
      this.keys,
      Object.fromEntries([...oauth].filter(([k]) => k !== 'oauth_signature')),
      'HMAC-SHA256',
    );
    if (given !== expected) return false;
    this.usedNonces.add(nonce);
    return true;
  }

  private paged(
    send: (status: number, payload: unknown, headers?: Record<string, string>) => void,
    all: readonly unknown[],
    query: Record<string, string>,
  ) {
    const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 10) || 10));
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const pages = Math.ceil(all.length / perPage);
    send(200, all.slice((page - 1) * perPage, page * perPage), {
      'x-wp-total': String(all.length),
      'x-wp-totalpages': String(pages),
    });
  }

  private invalidId(res: ServerResponse) {
    this.json(res, 404, {
      code: 'woocommerce_rest_product_invalid_id',
      message: 'Invalid ID.',
      data: { status: 404 },
    });
  }

  private json(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
    const text = JSON.stringify(payload);
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  private truncated(res: ServerResponse, payload: unknown) {
    const text = JSON.stringify(payload);
    const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    res.writeHead(200, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(cut),
    });
    res.end(cut);
  }

  private html(res: ServerResponse, status = 200) {
    res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' }).end(LOGIN_PAGE);
  }
}

/** A started store (plain HTTP unless tls) with the published example products loaded. */
export async function openFakeWooCommerce(
  opts: { tls?: boolean; fixtures?: boolean } = {},
): Promise<FakeWooCommerce> {
  const store = await new FakeWooCommerce(undefined, { tls: opts.tls }).start();
  return opts.fixtures === false ? store : store.loadFixtures();
}
