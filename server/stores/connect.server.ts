import { and, eq } from 'drizzle-orm';
import {
  ConnectorError,
  hasConnector,
  platformOf,
  type ConnectSpec,
  type Connector,
  type ConnectorErrorCode,
  type PlatformDescriptor,
} from '../../connectors/index.ts';
import type { Db } from '../../db/client.ts';
import { storeAccounts } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/index.ts';
import { ApiError, badRequest, encryptSecret, decryptSecret, randomToken } from '../platform/index.ts';
import { getAccount, requireOwnedAccount, type AccountView, type StoreAccount } from './accounts.server.ts';
import { CONNECTION_FAILED_MESSAGE, connectorFor, type StoreConfig } from './connectors.server.ts';
import { resolveStoreHost, StoreAddressRefusedError } from './store-fetch.server.ts';

/*
 * Connecting a store (the Stores screen, POST /api/v1/accounts): the platform's fields checked, the store
 * address refused when private (unless STORE_PRIVATE_HOSTS), the credentials tried with the adapter's
 * checkConnection before anything is stored, then sealed with APP_SECRET; webhooks registered where the platform
 * has them; the first sync queued. Reconnecting puts new credentials on an account; disconnecting keeps or removes
 * its listings.
 */

/** SPEC §8 'Tradegecko listing error', shown where a TradeGecko account is synced. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired, please reconnect';

/**
 * Why a connection was refused, for the merchant's language (the `stores` i18n namespace words each): the
 * connector's codes, and the checks made before the store is asked.
 */
export type ConnectProblem =
  | ConnectorErrorCode
  | 'missing_field'
  | 'invalid_field'
  | 'bad_url'
  | 'private_address'
  | 'unknown_host'
  | 'discontinued'
  | 'not_offered';

const connectError = (message: string, details: { problem: ConnectProblem } & Record<string, unknown>) =>
  badRequest(message, details);

export type ConnectDeps = {
  db: Db;
  jobs: JobQueue;
  appSecret: string;
  appUrl: string;
  config: StoreConfig & { STORE_ACCESS_IPS?: readonly string[] };
  logger?: { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
};

/** A platform a merchant may connect with keys: known, with its adapter registered, and not discontinued. */
export function connectablePlatform(type: string): PlatformDescriptor & { spec: ConnectSpec } {
  const platform = platformOf(type);
  if (platform?.connect === 'discontinued')
    throw connectError(
      `${platform.name} has been discontinued by its owner; import your products from a CSV file.`,
      {
        problem: 'discontinued',
      },
    );
  if (!platform || !hasConnector(type) || platform.connect !== 'fields' || !platform.spec)
    throw connectError(`${platform?.name ?? type} cannot be connected with keys here.`, {
      problem: 'not_offered',
    });
  return platform as PlatformDescriptor & { spec: ConnectSpec };
}

/** The store's address as we keep it: http(s), host in lower case, any path without a final slash. */
export function normalizeStoreUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw connectError(`"${raw}" is not a web address.`, { problem: 'bad_url', field: 'url' });
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    !url.hostname ||
    url.username ||
    url.password
  )
    throw connectError(`"${raw}" is not a web address of a store (http or https, no user name).`, {
      problem: 'bad_url',
      field: 'url',
    });
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The platform's fields read from the request and parsed by its ConnectSpec (connectors/platforms.ts): a
 * required field missing is `missing_field`, the store's address (a `url` field, which may come as `url`) is
 * normalized (`bad_url`), and what the spec refuses is `invalid_field` with its words. Answers the credentials to
 * store, the store's address (to check against private addresses) and the store they name (shop_domain; null
 * when only the platform knows: its checkConnection's storeUrl).
 */
function readFields(
  platform: PlatformDescriptor & { spec: ConnectSpec },
  input: { url?: string; credentials: Record<string, unknown> },
): { url: string | null; credentials: Record<string, unknown>; storeKey: string | null } {
  const values: Record<string, string> = {};
  let url: string | null = null;
  for (const field of platform.spec.fields) {
    const raw = field.url ? (input.url ?? input.credentials[field.key]) : input.credentials[field.key];
    const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    if (value.length > 2000)
      throw connectError(`${field.key} is too long.`, { problem: 'missing_field', field: field.key });
    if (!value) {
      if (field.optional) continue;
      throw connectError(`${field.key} is required to connect ${platform.name}.`, {
        problem: 'missing_field',
        field: field.key,
      });
    }
    if (field.url) url = normalizeStoreUrl(value);
    values[field.key] = field.url ? url! : value;
  }
  const parsed = platform.spec.parse(values);
  if (!parsed.ok) {
    const [issue] = parsed.issues;
    throw connectError(`${issue?.field || 'credentials'}: ${issue?.message ?? 'not accepted'}`, {
      problem: 'invalid_field',
      field: issue?.field ?? null,
    });
  }
  return { url, credentials: parsed.credentials, storeKey: parsed.storeKey };
}

/** A private, loopback or link-local store address is refused before anything is sent (400). */
async function checkStoreAddress(url: string, privateHosts: readonly string[]): Promise<void> {
  const { hostname } = new URL(url);
  try {
    await resolveStoreHost(hostname, privateHosts);
  } catch (err) {
    if (err instanceof StoreAddressRefusedError)
      throw connectError(`${hostname} is a private address: a store must be reachable on the internet.`, {
        problem: 'private_address',
        field: 'url',
      });
    throw connectError(`${hostname} could not be found: check the store's address.`, {
      problem: 'unknown_host',
      field: 'url',
    });
  }
}

/** The refusal of a failed connection check, with the platform's own reason (DESIGN §9: 400). */
function checkFailed(code: ConnectorErrorCode, reason: string, ips: readonly string[]): ApiError {
  const message =
    code === 'unauthorized'
      ? `The store refused these credentials: ${reason}`
      : `${CONNECTION_FAILED_MESSAGE} (${reason})`;
  return connectError(message, { problem: code, reason, whitelist_ips: [...ips] });
}

async function tryConnection(
  deps: ConnectDeps,
  account: Pick<StoreAccount, 'id' | 'type' | 'shopDomain' | 'credentialsEncrypted' | 'details'>,
): Promise<{
  connector: Connector;
  shopName: string | null;
  currency: string | null;
  storeUrl: string | null;
}> {
  const connector = connectorFor({ account, appSecret: deps.appSecret, config: deps.config });
  const check = await connector.checkConnection();
  if (!check.ok) throw checkFailed(check.code, check.reason, deps.config.STORE_ACCESS_IPS ?? []);
  return { connector, shopName: check.shopName, currency: check.currency, storeUrl: check.storeUrl ?? null };
}

/** A storefront address as a store key: its host (and path), in lower case. */
function storeHost(storeUrl: string): string | null {
  try {
    const u = new URL(storeUrl);
    return `${u.host}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Connect a store with the platform's fields. The same store connected again (a disconnected account that kept
 * its listings, or new keys) updates its account rather than adding one. Answers the account and the first sync.
 */
export async function connectStore(
  deps: ConnectDeps,
  input: { ownerId: string; type: string; url?: string; credentials: Record<string, unknown> },
): Promise<{ account: AccountView; jobId: string }> {
  const platform = connectablePlatform(input.type);
  const { url, credentials, storeKey } = readFields(platform, input);
  if (url) await checkStoreAddress(url, deps.config.STORE_PRIVATE_HOSTS);
  const credentialsEncrypted = encryptSecret(JSON.stringify(credentials), deps.appSecret);
  const probe = {
    id: 'new',
    type: platform.type,
    shopDomain: storeKey ?? '',
    credentialsEncrypted,
    details: {},
  };
  const { connector, shopName, currency, storeUrl } = await tryConnection(deps, probe);
  // A key that names no store (Squarespace): the store says where it is.
  const shopDomain = storeKey ?? (storeUrl ? storeHost(storeUrl) : null);
  if (!shopDomain)
    throw connectError(`${platform.name} did not say which store these credentials open.`, {
      problem: 'invalid_response',
      reason: 'no store address',
    });
  const name = shopName ?? (url ? new URL(url).host : shopDomain);
  const [existing] = await deps.db
    .select()
    .from(storeAccounts)
    .where(
      and(
        eq(storeAccounts.userId, input.ownerId),
        eq(storeAccounts.type, platform.type),
        eq(storeAccounts.shopDomain, shopDomain),
      ),
    )
    .limit(1);
  const details = {
    ...((existing?.details ?? {}) as Record<string, unknown>),
    profile: { name, currency, url: url ?? storeUrl ?? null },
  };
  const values = {
    name,
    credentialsEncrypted,
    details,
    connectionStatus: 'connected',
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await deps.db.update(storeAccounts).set(values).where(eq(storeAccounts.id, existing.id)).returning()
    : await deps.db
        .insert(storeAccounts)
        .values({ ...values, userId: input.ownerId, type: platform.type, shopDomain })
        .onConflictDoUpdate({
          target: [storeAccounts.userId, storeAccounts.type, storeAccounts.shopDomain],
          set: values,
        })
        .returning();
  await registerStoreWebhooks(deps, row!, connector);
  const job = await deps.jobs.enqueue(
    'sync-store',
    { ownerId: input.ownerId, accountId: row!.id },
    { ownerId: input.ownerId, dedupeKey: `sync-store:${row!.id}` },
  );
  return {
    account: await getAccount({ db: deps.db, ownerId: input.ownerId, accountId: row!.id }),
    jobId: job.id,
  };
}

/**
 * New credentials for an account (its keys expired or were revoked: the reconnect state). Tried first; the
 * account keeps its store, listings and webhook secret; a sync follows.
 */
export async function reconnectStore(
  deps: ConnectDeps,
  input: { ownerId: string; accountId: string; credentials: Record<string, unknown> },
): Promise<{ account: AccountView; jobId: string }> {
  const account = await requireOwnedAccount({
    db: deps.db,
    ownerId: input.ownerId,
    accountId: input.accountId,
  });
  if (account.type === 'own')
    throw badRequest('This account has no store to connect.', { problem: 'not_offered' });
  const platform = connectablePlatform(account.type);
  // The store's address is not asked again: it is the one the account was connected with.
  const profile = ((account.details ?? {}) as { profile?: { url?: unknown } }).profile;
  const knownUrl = typeof profile?.url === 'string' ? profile.url : account.shopDomain;
  const urlField = platform.spec.fields.find((f) => f.url);
  const { url, credentials, storeKey } = readFields(platform, {
    url: urlField ? knownUrl : undefined,
    credentials: input.credentials,
  });
  const keyField = platform.spec.fields.find((f) => !f.secret)?.key ?? 'url';
  if (storeKey !== null && storeKey !== account.shopDomain)
    throw connectError('These credentials are for another store: connect it as a new store.', {
      problem: 'bad_url',
      field: keyField,
    });
  if (url) await checkStoreAddress(url, deps.config.STORE_PRIVATE_HOSTS);
  const credentialsEncrypted = encryptSecret(JSON.stringify(credentials), deps.appSecret);
  const { connector, storeUrl } = await tryConnection(deps, { ...account, credentialsEncrypted });
  if (storeKey === null && storeUrl && storeHost(storeUrl) !== account.shopDomain)
    throw connectError('These credentials are for another store: connect it as a new store.', {
      problem: 'bad_url',
      field: keyField,
    });
  const [row] = await deps.db
    .update(storeAccounts)
    .set({ credentialsEncrypted, connectionStatus: 'connected', updatedAt: new Date() })
    .where(eq(storeAccounts.id, account.id))
    .returning();
  const hooks = webhookState(row!);
  if (!hooks.ids.length) await registerStoreWebhooks(deps, row!, connector);
  const job = await deps.jobs.enqueue(
    'sync-store',
    { ownerId: input.ownerId, accountId: account.id },
    { ownerId: input.ownerId, dedupeKey: `sync-store:${account.id}` },
  );
  return {
    account: await getAccount({ db: deps.db, ownerId: input.ownerId, accountId: account.id }),
    jobId: job.id,
  };
}

/** What an account keeps of its webhooks in details.webhooks: the secret (sealed) and the store's ids. */
export type WebhookState = { secretEncrypted: string | null; ids: string[]; error: string | null };

export function webhookState(account: Pick<StoreAccount, 'details'>): WebhookState {
  const w = ((account.details ?? {}) as { webhooks?: Partial<WebhookState> }).webhooks ?? {};
  return {
    secretEncrypted: typeof w.secretEncrypted === 'string' ? w.secretEncrypted : null,
    ids: Array.isArray(w.ids) ? w.ids.filter((i): i is string => typeof i === 'string') : [],
    error: typeof w.error === 'string' ? w.error : null,
  };
}

/** The account's webhook secret, opened; null when it has none. */
export function webhookSecret(account: Pick<StoreAccount, 'details'>, appSecret: string): string | null {
  const { secretEncrypted } = webhookState(account);
  return secretEncrypted ? decryptSecret(secretEncrypted, appSecret) : null;
}

async function saveWebhookState(db: Db, account: StoreAccount, state: WebhookState): Promise<void> {
  await db
    .update(storeAccounts)
    .set({ details: { ...((account.details ?? {}) as object), webhooks: state }, updatedAt: new Date() })
    .where(eq(storeAccounts.id, account.id));
  account.details = { ...((account.details ?? {}) as object), webhooks: state };
}

/**
 * Ask the store to send product changes to /webhooks/stores/{accountId}, signed with a secret made for this
 * account (kept sealed). The secret is stored first: the store may deliver (or ping) while we register. When the
 * store refuses (our address is not reachable from it, a plugin blocks webhooks), the scheduled sync keeps the
 * listings current and the reason is kept.
 */
async function registerStoreWebhooks(deps: ConnectDeps, account: StoreAccount, connector: Connector) {
  const platform = platformOf(account.type);
  if (!connector.ensureWebhooks || !platform?.readWebhook) return;
  const existing = webhookState(account);
  const secret = existing.secretEncrypted
    ? decryptSecret(existing.secretEncrypted, deps.appSecret)
    : randomToken(32);
  const state: WebhookState = {
    secretEncrypted: existing.secretEncrypted ?? encryptSecret(secret, deps.appSecret),
    // The hooks registered by an earlier connect stay known (a store that already has them answers no new ids),
    // so a disconnect removes them all.
    ids: existing.ids,
    error: null,
  };
  await saveWebhookState(deps.db, account, state);
  try {
    const created = await connector.ensureWebhooks({
      destination: `${deps.appUrl}/webhooks/stores/${account.id}`,
      secret,
    });
    state.ids = [...new Set([...existing.ids, ...created])];
  } catch (err) {
    state.error = err instanceof ConnectorError ? err.message : (err as Error).message;
    deps.logger?.warn(
      { err, accountId: account.id },
      'store webhooks not registered; the scheduled sync stays',
    );
  }
  await saveWebhookState(deps.db, account, state);
}

/**
 * Disconnect a store. `remove`: the account goes with its listings, collections and collects. `keep`: its
 * credentials and webhooks go, the account stays as 'disconnected' with its listings, so catalogs that show them
 * keep working and the listings stay searchable; connecting the same store again picks them up. The store's
 * webhooks are removed when it still answers (best effort).
 */
export async function disconnectStore(
  deps: Pick<ConnectDeps, 'db' | 'appSecret' | 'config' | 'logger'>,
  input: { ownerId: string; accountId: string; listings: 'keep' | 'remove' },
): Promise<void> {
  const account = await requireOwnedAccount({
    db: deps.db,
    ownerId: input.ownerId,
    accountId: input.accountId,
  });
  if (account.type === 'own') throw badRequest('Your own products are not a store to disconnect.');
  const hooks = webhookState(account);
  if (hooks.ids.length && account.credentialsEncrypted && hasConnector(account.type)) {
    try {
      const connector = connectorFor({ account, appSecret: deps.appSecret, config: deps.config });
      await connector.removeWebhooks?.(hooks.ids);
    } catch (err) {
      deps.logger?.warn({ err, accountId: account.id }, 'store webhooks not removed');
    }
  }
  if (input.listings === 'remove') {
    await deps.db.delete(storeAccounts).where(eq(storeAccounts.id, account.id));
    return;
  }
  const { webhooks: _w, ...details } = (account.details ?? {}) as Record<string, unknown>;
  await deps.db
    .update(storeAccounts)
    .set({ credentialsEncrypted: null, connectionStatus: 'disconnected', details, updatedAt: new Date() })
    .where(eq(storeAccounts.id, account.id));
}
