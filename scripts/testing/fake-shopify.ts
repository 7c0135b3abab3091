import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { Agent, buildConnector, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { SHOPIFY_ADMIN_API_VERSION } from '../../connectors/shopify/admin-client.ts';
import { BULK_RESULTS_HOST, FakeShopifyAdmin } from './fake-shopify-admin.ts';

export type GraphqlHandler = (
  body: { query: string; variables?: Record<string, unknown> },
  req: IncomingMessage,
) => unknown | Promise<unknown>;

/**
 * A local HTTPS server that answers Shopify's Admin endpoints in their documented shapes (OAuth token exchange,
 * Admin GraphQL: see FakeShopifyAdmin for products, bulk operations and rate limits), reached through the real
 * library: this process's fetch is pointed at it for every *.myshopify.com host and for the host bulk results
 * are downloaded from, with its self-signed certificate trusted. Nothing reaches Shopify.
 */
export class FakeShopify {
  server!: Server;
  port = 0;
  readonly calls: { path: string; body: unknown; shop: string; accessToken: string | null }[] = [];
  readonly shops = new Map<string, { name: string; email: string; currencyCode: string }>();
  /** Answers every Admin GraphQL query instead of the shop's FakeShopifyAdmin when set. */
  graphql: GraphqlHandler | null = null;
  /**
   * The one Admin API version this server speaks (the version the product targets). Shopify would answer
   * another version with that version's schema, which this server does not know: it refuses it instead, so
   * code that drifts to another version fails here rather than passing against the wrong schema.
   */
  apiVersion: string = SHOPIFY_ADMIN_API_VERSION;
  private readonly admins = new Map<string, FakeShopifyAdmin>();
  private previousDispatcher: Dispatcher | null = null;

  constructor(
    readonly apiKey: string,
    readonly apiSecret: string,
  ) {}

  async start(): Promise<void> {
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'myshopify.com' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: '*.myshopify.com' },
            { type: 2, value: BULK_RESULTS_HOST },
          ],
        },
      ],
    });
    this.server = createServer(
      { key: pems.private, cert: pems.cert },
      (req, res) => void this.handle(req, res),
    );
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
    const connect = buildConnector({ ca: pems.cert });
    const port = this.port;
    this.previousDispatcher = getGlobalDispatcher();
    setGlobalDispatcher(
      new Agent({
        connect: (opts, cb) =>
          opts.hostname.endsWith('.myshopify.com') || opts.hostname === BULK_RESULTS_HOST
            ? connect({ ...opts, hostname: '127.0.0.1', port: String(port), servername: opts.hostname }, cb)
            : buildConnector({})(opts, cb),
      }),
    );
  }

  async stop(): Promise<void> {
    if (this.previousDispatcher) setGlobalDispatcher(this.previousDispatcher);
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** The Admin API of one shop: its products, collections, bulk operations and rate-limit bucket. */
  admin(shop: string): FakeShopifyAdmin {
    let admin = this.admins.get(shop);
    if (!admin) {
      admin = new FakeShopifyAdmin(
        shop,
        () =>
          this.shops.get(shop) ?? { name: shop.split('.')[0]!, email: `owner@${shop}`, currencyCode: 'USD' },
      );
      this.admins.set(shop, admin);
    }
    return admin;
  }

  /** A session token as App Bridge would give the embedded app (HS256 with the app's secret). */
  sessionToken(shop: string, opts: { secret?: string; expiresIn?: number } = {}): string {
    const now = Math.floor(Date.now() / 1000);
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const head = b64({ alg: 'HS256', typ: 'JWT' });
    const body = b64({
      iss: `https://${shop}/admin`,
      dest: `https://${shop}`,
      aud: this.apiKey,
      sub: '42',
      exp: now + (opts.expiresIn ?? 60),
      nbf: now - 5,
      iat: now - 5,
      jti: randomUUID(),
      sid: randomUUID(),
    });
    const sig = createHmac('sha256', opts.secret ?? this.apiSecret)
      .update(`${head}.${body}`)
      .digest('base64url');
    return `${head}.${body}.${sig}`;
  }

  /** Headers Shopify sends with a webhook, signed over the raw body. */
  webhookHeaders(topic: string, shop: string, body: string, opts: { secret?: string; id?: string } = {}) {
    return {
      'Content-Type': 'application/json',
      'X-Shopify-Topic': topic,
      'X-Shopify-Shop-Domain': shop,
      'X-Shopify-API-Version': '2026-04',
      'X-Shopify-Webhook-Id': opts.id ?? randomUUID(),
      'X-Shopify-Event-Id': randomUUID(),
      'X-Shopify-Triggered-At': new Date().toISOString(),
      'X-Shopify-Hmac-Sha256': createHmac('sha256', opts.secret ?? this.apiSecret)
        .update(body)
        .digest('base64'),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : {};
    const shop = String(req.headers.host ?? '').split(':')[0]!;
    const token = req.headers['x-shopify-access-token'];
    this.calls.push({
      path: req.url ?? '',
      body,
      shop,
      accessToken: typeof token === 'string' ? token : null,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method === 'POST' && req.url === '/admin/oauth/access_token') {
      if (body.client_id !== this.apiKey || body.client_secret !== this.apiSecret)
        return send(400, { error: 'invalid_client' });
      if (body.grant_type !== 'urn:ietf:params:oauth:grant-type:token-exchange')
        return send(400, { error: 'unsupported_grant_type' });
      return send(200, {
        access_token: `shpat_${randomUUID().replace(/-/g, '')}`,
        scope: 'read_products,read_inventory,write_draft_orders',
      });
    }
    const graphqlPath = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(req.url ?? '');
    if (req.method === 'POST' && graphqlPath) {
      if (graphqlPath[1] !== this.apiVersion)
        return send(404, {
          errors: `Admin API ${graphqlPath[1]} is not served by this test server (it speaks ${this.apiVersion})`,
        });
      if (!String(req.headers['x-shopify-access-token'] ?? '').startsWith('shpat_'))
        return send(401, { errors: '[API] Invalid API key or access token' });
      if (this.graphql) return send(200, await this.graphql(body, req));
      const answer = this.admin(shop).answer(body);
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'X-Shopify-API-Version': this.apiVersion,
        ...answer.headers,
      });
      res.end(JSON.stringify(answer.body));
      return;
    }
    if (req.method === 'GET' && shop === BULK_RESULTS_HOST) {
      const path = (req.url ?? '').split('?')[0]!;
      for (const admin of this.admins.values()) {
        const file = admin.files.get(path);
        if (file !== undefined) {
          res.writeHead(200, { 'Content-Type': 'application/jsonl' });
          res.end(file);
          return;
        }
      }
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end('<Error><Code>NoSuchKey</Code></Error>');
      return;
    }
    send(404, { errors: 'Not Found' });
  }
}
