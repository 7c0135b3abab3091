import { and, eq, isNotNull } from 'drizzle-orm';
import { ECWID_SIGNATURE_HEADER, verifyEcwidWebhook } from '../../connectors/ecwid/index.ts';
import { platformOf, type AppKeys, type WebhookDelivery } from '../../connectors/index.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { storeAccounts } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/index.ts';
import { decryptSecret } from '../platform/index.ts';
import { webhookSecret } from './connect.server.ts';

/** What the route answers: 200 (done or nothing to do), 401 (bad signature), 404 (no such store account). */
export type StoreWebhookOutcome =
  { status: 200; queued: string | null } | { status: 401; reason: string } | { status: 404 };

/**
 * A store's webhook delivery (POST /webhooks/stores/{accountId}): the platform's reader checks the signature
 * with the account's keys (the secret we made for it at connect time, its credentials, the operator's app); a valid one only queues a `sync-products` job for
 * the products it names (the job reads each from the store again, so out-of-order or repeated deliveries leave
 * the current product). A delivery sent twice queues at most one pending job per set of products (dedupe key).
 * A bad signature queues nothing.
 */
export async function handleStoreWebhook(opts: {
  db: Db;
  jobs: JobQueue;
  appSecret: string;
  accountId: string;
  delivery: WebhookDelivery;
  /** The configuration: the operator's app keys of the platform (Ecwid's client secret). */
  config?: Record<string, unknown>;
}): Promise<StoreWebhookOutcome> {
  if (!isUuid(opts.accountId)) return { status: 404 };
  const [account] = await opts.db
    .select()
    .from(storeAccounts)
    .where(eq(storeAccounts.id, opts.accountId))
    .limit(1);
  const platform = account && platformOf(account.type);
  if (!account || !platform?.readWebhook) return { status: 404 };
  // A disconnected store (no credentials) has nothing to update.
  if (!account.credentialsEncrypted) return { status: 401, reason: 'This store is not connected.' };
  let credentials: Record<string, unknown> | null = null;
  try {
    credentials = JSON.parse(decryptSecret(account.credentialsEncrypted, opts.appSecret)) as Record<
      string,
      unknown
    >;
  } catch {
    return { status: 401, reason: 'This store is not connected.' };
  }
  const setting = (name: string) =>
    typeof opts.config?.[name] === 'string' && opts.config[name] ? (opts.config[name] as string) : undefined;
  const appSecret = platform.appKeysEnv ? setting(`${platform.appKeysEnv}_CLIENT_SECRET`) : undefined;
  const appKeys: AppKeys | undefined = appSecret
    ? { clientId: setting(`${platform.appKeysEnv}_CLIENT_ID`) ?? '', clientSecret: appSecret }
    : undefined;
  const event = platform.readWebhook(opts.delivery, {
    secret: webhookSecret(account, opts.appSecret),
    credentials,
    appKeys,
  });
  if (event.kind === 'invalid') return { status: 401, reason: event.reason };
  if (event.kind !== 'products' || event.productIds.length === 0) return { status: 200, queued: null };
  const productIds = [...new Set(event.productIds)].sort().slice(0, 100);
  const job = await opts.jobs.enqueue(
    'sync-products',
    { ownerId: account.userId, accountId: account.id, productIds },
    { ownerId: account.userId, dedupeKey: `sync-products:${account.id}:${productIds.join(',')}` },
  );
  return { status: 200, queued: job.id };
}

export type EcwidAppWebhookOutcome =
  { status: 200; queued: string[] } | { status: 401; reason: string } | { status: 404; reason: string };

/**
 * A delivery to the operator's Ecwid app (POST /webhooks/ecwid): a public Ecwid app has one webhook address for
 * every store that installed it, so the store is told by the body's storeId. The signature is checked first with
 * the app's client secret (ECWID_CLIENT_SECRET), before anything is looked up; then each connected account of
 * that store (one per merchant who connected it) gets the delivery as its own (handleStoreWebhook: checked
 * again with its keys, and a sync of the product queued).
 */
export async function handleEcwidAppWebhook(opts: {
  db: Db;
  jobs: JobQueue;
  appSecret: string;
  delivery: WebhookDelivery;
  config?: Record<string, unknown>;
}): Promise<EcwidAppWebhookOutcome> {
  const clientSecret = opts.config?.ECWID_CLIENT_SECRET;
  if (typeof clientSecret !== 'string' || !clientSecret)
    return { status: 404, reason: 'No Ecwid app is configured here.' };
  const text = opts.delivery.body.toString('utf8');
  if (!verifyEcwidWebhook(text, opts.delivery.headers[ECWID_SIGNATURE_HEADER.toLowerCase()], clientSecret))
    return { status: 401, reason: `${ECWID_SIGNATURE_HEADER} is missing or does not match` };
  let storeId: unknown;
  try {
    storeId = (JSON.parse(text) as { storeId?: unknown }).storeId;
  } catch {
    storeId = undefined;
  }
  if ((typeof storeId !== 'number' && typeof storeId !== 'string') || !/^\d+$/.test(String(storeId)))
    return { status: 404, reason: 'This delivery names no Ecwid store.' };
  const accounts = await opts.db
    .select({ id: storeAccounts.id })
    .from(storeAccounts)
    .where(
      and(
        eq(storeAccounts.type, 'ecwid'),
        eq(storeAccounts.shopDomain, String(storeId)),
        isNotNull(storeAccounts.credentialsEncrypted),
      ),
    );
  if (accounts.length === 0) return { status: 404, reason: 'No connected store has this Ecwid store id.' };
  const queued: string[] = [];
  for (const account of accounts) {
    const outcome = await handleStoreWebhook({ ...opts, accountId: account.id });
    // An account connected with its own custom app's keys checks deliveries with those: not this app's.
    if (outcome.status === 200 && outcome.queued) queued.push(outcome.queued);
  }
  return { status: 200, queued };
}
