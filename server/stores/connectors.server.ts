import { and, asc, eq, ne } from 'drizzle-orm';
import {
  appKeysPrefix,
  getConnector,
  hasConnector,
  platformOf,
  type AppKeys,
  type Connector,
  type ConnectorDeps,
} from '../../connectors/index.ts';
import type { Db } from '../../db/client.ts';
import { storeAccounts } from '../../db/schema.ts';
import {
  ApiError,
  notFound,
  decryptSecret,
  encryptSecret,
  getProcessContext,
  type Config,
} from '../platform/index.ts';
import { findOwnedAccount, type StoreAccount } from './accounts.server.ts';
import { createStoreFetch } from './store-fetch.server.ts';

/** SPEC §8, when the store connection check fails. */
export const CONNECTION_FAILED_MESSAGE =
  'Connection to your store failed. Please check that it is accessible online and not protected by a password.';

/**
 * Connector tuning (page sizes, poll intervals, retry waits) for this process, read from the runtime's
 * services so tests can shorten waits for the app, the server bundle and the in-process worker at once.
 */
export function connectorTuning(): Record<string, number> | undefined {
  try {
    return getProcessContext().services.connectorOptions as Record<string, number> | undefined;
  } catch {
    return undefined;
  }
}

export type SyncTuning = { stepDelayMs?: number; bulkThreshold?: number; batchSize?: number };

/** Store sync and catalog synchronize tuning for this process (runtime.services.syncOptions; tests). */
export function syncTuning(): SyncTuning {
  try {
    return (getProcessContext().services.syncOptions as SyncTuning | undefined) ?? {};
  } catch {
    return {};
  }
}

/** What connectorFor reads of the configuration. */
export type StoreConfig = Pick<Config, 'STORE_PRIVATE_HOSTS'> & Partial<Record<string, unknown>>;

function processConfig(): StoreConfig {
  try {
    return getProcessContext().config;
  } catch {
    return { STORE_PRIVATE_HOSTS: [] };
  }
}

const storeFetches = new Map<string, typeof fetch>();
/** The SSRF-guarded fetch for these allowed private hosts (one per list, so connections are pooled). */
export function storeFetchFor(privateHosts: readonly string[]): typeof fetch {
  const key = privateHosts.join(',');
  let f = storeFetches.get(key);
  if (!f) storeFetches.set(key, (f = createStoreFetch({ privateHosts })));
  return f;
}

/**
 * The adapter of a store account, with its credentials opened with APP_SECRET and what DESIGN §8 gives every
 * adapter: the SSRF-guarded fetch (STORE_PRIVATE_HOSTS let through), a fixed-host platform's API base
 * (`<PLATFORM>_API_URL`), the operator's app keys (`<PLATFORM>_CLIENT_ID`/`_SECRET`, and per variant:
 * `LIGHTSPEED_X_…`) and, with `db`, a way to
 * store tokens the adapter refreshed.
 */
export function connectorFor(opts: {
  account: Pick<StoreAccount, 'id' | 'type' | 'shopDomain' | 'credentialsEncrypted' | 'details'>;
  appSecret: string;
  options?: Record<string, number>;
  sleep?: ConnectorDeps['sleep'];
  config?: StoreConfig;
  /** Where refreshed credentials are written (OAuth platforms); without it they last for this connector only. */
  db?: Db;
}): Connector {
  const config = opts.config ?? processConfig();
  const platform = platformOf(opts.account.type);
  const setting = (name: string | undefined) =>
    name && typeof config[name] === 'string' ? (config[name] as string) : undefined;
  const keysOf = (prefix: string | undefined): AppKeys | undefined => {
    const clientId = setting(prefix && `${prefix}_CLIENT_ID`);
    return clientId ? { clientId, clientSecret: setting(`${prefix}_CLIENT_SECRET`) } : undefined;
  };
  const variants = platform?.appKeysEnv ? (platform.oauth?.variants ?? []) : [];
  const { db } = opts;
  return getConnector(opts.account, {
    decrypt: (sealed) => decryptSecret(sealed, opts.appSecret),
    options: { ...connectorTuning(), ...opts.options },
    sleep: opts.sleep,
    fetch: storeFetchFor(config.STORE_PRIVATE_HOSTS ?? []),
    apiUrl: setting(platform?.apiUrlEnv),
    appKeys: keysOf(platform?.appKeysEnv),
    appKeysByVariant: variants.length
      ? Object.fromEntries(
          variants.flatMap((v) => {
            const keys = keysOf(appKeysPrefix(platform!, v));
            return keys ? [[v, keys] as const] : [];
          }),
        )
      : undefined,
    onCredentials: db
      ? async (credentials) => {
          await db
            .update(storeAccounts)
            .set({
              // Already the plain credentials' JSON (ConnectorDeps.onCredentials): sealed as they are.
              credentialsEncrypted: encryptSecret(credentials, opts.appSecret),
              updatedAt: new Date(),
            })
            .where(eq(storeAccounts.id, opts.account.id));
        }
      : undefined,
  });
}

/**
 * The store account a request is about: the one named, else the user's first connected store (the SPEC's
 * check takes only the user). Accounts without a connector (own listings, CSV) cannot be checked.
 */
export async function resolveStoreAccount(opts: {
  db: Db;
  ownerId: string;
  accountId?: string;
}): Promise<StoreAccount> {
  const account = opts.accountId
    ? await findOwnedAccount({ db: opts.db, ownerId: opts.ownerId, accountId: opts.accountId })
    : ((
        await opts.db
          .select()
          .from(storeAccounts)
          .where(and(eq(storeAccounts.userId, opts.ownerId), ne(storeAccounts.type, 'own')))
          .orderBy(asc(storeAccounts.createdAt))
      ).find((a) => hasConnector(a.type)) ?? null);
  if (!account || !hasConnector(account.type)) throw notFound('No connected store was found.');
  return account;
}

export type ConnectionCheckResult =
  { ok: true; status: 'connected' } | { ok: false; status: 'failed' | 'reconnect'; reason: string };

/** Ask the store (SPEC §7 'Store connection check'); the answer sets store_accounts.connection_status. */
export async function checkStoreConnection(opts: {
  db: Db;
  account: StoreAccount;
  appSecret: string;
}): Promise<ConnectionCheckResult> {
  let result: ConnectionCheckResult;
  try {
    const check = await connectorFor({
      account: opts.account,
      appSecret: opts.appSecret,
      db: opts.db,
    }).checkConnection();
    result = check.ok
      ? { ok: true, status: 'connected' }
      : // Refused credentials: the merchant reconnects (Stores screen).
        { ok: false, status: check.code === 'unauthorized' ? 'reconnect' : 'failed', reason: check.reason };
  } catch (err) {
    // No stored credentials, or credentials we cannot open: the store cannot be reached either way.
    result = { ok: false, status: 'failed', reason: (err as Error).message };
  }
  await opts.db
    .update(storeAccounts)
    .set({ connectionStatus: result.status, updatedAt: new Date() })
    .where(eq(storeAccounts.id, opts.account.id));
  return result;
}

/**
 * The failure answer of the check: SPEC §8's message, with the addresses to whitelist (STORE_ACCESS_IPS).
 * The SPEC has the check answer 500, and clients show this message on that status.
 */
export function connectionFailedError(ips: readonly string[]): ApiError {
  return new ApiError('internal', CONNECTION_FAILED_MESSAGE, { details: { whitelist_ips: [...ips] } });
}
