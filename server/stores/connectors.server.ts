import { and, asc, eq, ne } from 'drizzle-orm';
import { getConnector, hasConnector, type Connector, type ConnectorDeps } from '../../connectors/index.ts';
import type { Db } from '../../db/client.ts';
import { storeAccounts } from '../../db/schema.ts';
import { ApiError, notFound, decryptSecret, getProcessContext } from '../platform/index.ts';
import { findOwnedAccount, type StoreAccount } from './accounts.server.ts';

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

/** The adapter of a store account, with its credentials opened with APP_SECRET. */
export function connectorFor(opts: {
  account: Pick<StoreAccount, 'id' | 'type' | 'shopDomain' | 'credentialsEncrypted' | 'details'>;
  appSecret: string;
  options?: Record<string, number>;
  sleep?: ConnectorDeps['sleep'];
}): Connector {
  return getConnector(opts.account, {
    decrypt: (sealed) => decryptSecret(sealed, opts.appSecret),
    options: { ...connectorTuning(), ...opts.options },
    sleep: opts.sleep,
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
  { ok: true; status: 'connected' } | { ok: false; status: 'failed'; reason: string };

/** Ask the store (SPEC §7 'Store connection check'); the answer sets store_accounts.connection_status. */
export async function checkStoreConnection(opts: {
  db: Db;
  account: StoreAccount;
  appSecret: string;
}): Promise<ConnectionCheckResult> {
  let result: ConnectionCheckResult;
  try {
    const check = await connectorFor({ account: opts.account, appSecret: opts.appSecret }).checkConnection();
    result = check.ok
      ? { ok: true, status: 'connected' }
      : { ok: false, status: 'failed', reason: check.reason };
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
