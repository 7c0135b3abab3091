import { z } from 'zod';
import { SYNC_KINDS } from '../../core/commands/index.ts';
import { hasRole } from '../../server/accounts/index.ts';
import { ApiError, forbidden, notFound, tooLarge, unauthorized } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';
import {
  connectablePlatforms,
  finishStoreOAuth,
  handleEcwidAppWebhook,
  handleStoreWebhook,
  startStoreOAuth,
  checkStoreConnection,
  connectionFailedError,
  resolveStoreAccount,
  startCatalogSynchronize,
  startStoreSync,
} from '../../server/stores/index.ts';
import { connectDeps } from './accounts.server.ts';

export const checkConnectionEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/store/check-connection',
    summary:
      "Ask the user's store whether it answers (sets the account's connection_status). Staff may check a user's " +
      'store with userId. On failure: 500 with the SPEC §8 message and the addresses to whitelist.',
    tags: ['stores'],
    auth: 'user',
    query: z.object({ accountId: z.string().optional(), userId: z.string().uuid().optional() }),
    response: z.object({ status: z.literal('connected'), account_id: z.string() }),
    errors: [403, 404],
  },
  async ({ query, user, runtime }) => {
    let ownerId = user.id;
    if (query.userId && query.userId !== user.id) {
      if (!hasRole(user, 'admin', 'manager')) throw forbidden('This is for staff only.');
      ownerId = query.userId;
    }
    const account = await resolveStoreAccount({ db: runtime.db, ownerId, accountId: query.accountId });
    const result = await checkStoreConnection({
      db: runtime.db,
      account,
      appSecret: runtime.config.appSecret,
    });
    if (!result.ok) {
      runtime.logger.info({ accountId: account.id, reason: result.reason }, 'store connection check failed');
      throw connectionFailedError(runtime.config.STORE_ACCESS_IPS);
    }
    return { status: 'connected' as const, account_id: account.id };
  },
);

export const syncAccountEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/accounts/{accountId}/sync',
    summary:
      "Synchronize a store account's products, collections and categories (a job; poll GET /api/v1/jobs)",
    tags: ['stores'],
    auth: 'user',
    response: z.object({ job_id: z.string() }),
    errors: [404],
  },
  async ({ params, user, runtime }) => {
    const job = await startStoreSync({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      accountId: params.accountId ?? '',
    });
    return { job_id: job.id };
  },
);

export const synchronizeCatalogEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/{catalogId}/synchronize',
    summary:
      "Refresh the catalog's products from their listings or stores (SPEC §4 'Synchronize'): images, prices " +
      'and/or information; a job, one product at a time, failures skipped (job result lists them)',
    tags: ['catalogs'],
    auth: 'user',
    body: z.object({ kinds: z.array(z.enum(SYNC_KINDS)).min(1) }),
    response: z.object({ job_id: z.string() }),
    errors: [404],
  },
  async ({ params, body, user, runtime }) => {
    const job = await startCatalogSynchronize({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      kinds: body.kinds,
    });
    return { job_id: job.id };
  },
);

/** Platforms a merchant can connect on this server (their adapter registered), and how. */
export const platformsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/platforms',
    summary:
      'The store platforms this server connects: how (fields: POST /api/v1/accounts with these fields; oauth: ' +
      'GET /api/v1/accounts/oauth/{platform}/start; app: installed from the platform), and the fields each asks. ' +
      'Discontinued platforms are listed so clients can say so.',
    tags: ['stores'],
    auth: 'optional',
    response: z.object({
      data: z.array(
        z.object({
          type: z.string(),
          name: z.string(),
          connect: z.enum(['fields', 'oauth', 'app', 'discontinued']),
          fields: z.array(
            z.object({
              key: z.string(),
              kind: z.enum(['url', 'text', 'secret']),
              optional: z.boolean().optional(),
            }),
          ),
          available: z.boolean(),
        }),
      ),
    }),
  },
  async ({ runtime }) => ({ data: connectablePlatforms(runtime.config) }),
);

export const oauthStartEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/accounts/oauth/{platform}/start',
    summary:
      "Start connecting an OAuth platform (Etsy, eBay, Lightspeed): a redirect to the platform's consent page " +
      'with a state (and a PKCE challenge) kept for this merchant, single-use, 10 minutes. Fields the platform ' +
      'asks before (Lightspeed X-Series: domainPrefix) come in the query.',
    tags: ['stores'],
    auth: 'user',
    changesState: true,
    query: z.record(z.string(), z.string().max(500)),
    errors: [302, 403, 404],
  },
  async ({ user, runtime, params, query }) => {
    const to = await startStoreOAuth(connectDeps(runtime), {
      ownerId: user.id,
      type: params.platform ?? '',
      input: query,
    });
    return new Response(null, { status: 302, headers: { Location: to, 'Cache-Control': 'no-store' } });
  },
);

export const oauthCallbackEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/auth/{platform}/callback',
    summary:
      'Where an OAuth platform sends the merchant back: the code is exchanged through the adapter, the store ' +
      'checked and the account created (or reconnected), then a redirect to /stores?connected={accountId}; a ' +
      'refusal, an expired or reused state redirect to /stores?error=…',
    tags: ['stores'],
    auth: 'user',
    query: z.record(z.string(), z.string().max(4000)),
    errors: [302],
  },
  async ({ user, runtime, params, query }) => {
    const back = (q: Record<string, string>) =>
      new Response(null, { status: 302, headers: { Location: `/stores?${new URLSearchParams(q)}` } });
    try {
      const { accountId } = await finishStoreOAuth(connectDeps(runtime), {
        ownerId: user.id,
        type: params.platform ?? '',
        query,
      });
      return back({ connected: accountId });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const details = (err.details ?? {}) as { problem?: unknown; reason?: unknown };
      const problem = String(details.problem ?? 'oauth');
      // The platform's own words (a refused code, a user without a shop), shown under the screen's.
      const q: Record<string, string> = { error: err.message, problem };
      if (typeof details.reason === 'string') q.reason = details.reason.slice(0, 300);
      return back(q);
    }
  },
);

export const storeWebhookEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/webhooks/stores/{accountId}',
    summary:
      "A store's product webhook (WooCommerce: X-WC-Webhook-Signature over the raw body with the secret made for " +
      'the account at connect time; BigCommerce: that secret in the header its hooks were registered with; Ecwid: ' +
      'X-Ecwid-Webhook-Signature over eventCreated.eventId with the app’s client secret). A valid delivery only queues a sync of the products it names; the ' +
      "platform's activation ping is answered 200; a bad or missing signature is a 401 and queues nothing.",
    tags: ['stores'],
    auth: 'public',
    rawBody: true,
    response: z.object({ received: z.literal(true), job_id: z.string().nullable() }),
    errors: [401, 404, 413],
  },
  async ({ request, runtime, params }) => {
    const outcome = await handleStoreWebhook({
      db: runtime.db,
      jobs: runtime.jobs,
      appSecret: runtime.config.appSecret,
      accountId: params.accountId ?? '',
      delivery: await readDelivery(request),
      config: runtime.config as unknown as Record<string, unknown>,
    });
    if (outcome.status === 404) throw notFound('No store account here.');
    if (outcome.status === 401) throw unauthorized(outcome.reason);
    return { received: true as const, job_id: outcome.queued };
  },
);

export const ecwidAppWebhookEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/webhooks/ecwid',
    summary:
      "The operator's Ecwid app's webhook address (one for every store that installed the app): " +
      'X-Ecwid-Webhook-Signature over eventCreated.eventId with the app’s client secret (ECWID_CLIENT_SECRET), then ' +
      'the delivery goes to the connected account(s) of the store its storeId names, which queue a sync of the ' +
      'product. A bad or missing signature is a 401; a store no account has connected is a 404.',
    tags: ['stores'],
    auth: 'public',
    rawBody: true,
    response: z.object({ received: z.literal(true), job_ids: z.array(z.string()) }),
    errors: [401, 404, 413],
  },
  async ({ request, runtime }) => {
    const outcome = await handleEcwidAppWebhook({
      db: runtime.db,
      jobs: runtime.jobs,
      appSecret: runtime.config.appSecret,
      delivery: await readDelivery(request),
      config: runtime.config as unknown as Record<string, unknown>,
    });
    if (outcome.status === 404) throw notFound(outcome.reason);
    if (outcome.status === 401) throw unauthorized(outcome.reason);
    return { received: true as const, job_ids: outcome.queued };
  },
);

/** A product delivery is one product (WooCommerce: the REST resource); 5 MB is far above any. */
const WEBHOOK_MAX_BYTES = 5 * 1024 * 1024;

/** A webhook delivery as the platforms' readers take it: headers by lower-case name, the raw body. */
async function readDelivery(request: Request): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const body = await readRawBody(request, WEBHOOK_MAX_BYTES);
  const headers: Record<string, string> = {};
  request.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
  return { headers, body };
}

async function readRawBody(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge('This delivery is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge('This delivery is too large.');
      chunks.push(Buffer.from(chunk));
    }
  }
  return Buffer.concat(chunks);
}
