import { and, desc, eq, sql } from 'drizzle-orm';
import { hasConnector, platformOf } from '../../connectors/index.ts';
import type { SyncKind } from '../../core/commands/index.ts';
import type { Db } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { catalogs, jobs } from '../../db/schema.ts';
import { viewJob, type JobView, type JobQueue } from '../jobs/index.ts';
import { badRequest, notFound } from '../platform/index.ts';
import { requireOwnedAccount } from './accounts.server.ts';
import { SESSION_EXPIRED_MESSAGE } from './connect.server.ts';

/**
 * Start a full sync of a store account (worker/jobs/sync-store.ts). While one runs for the account, asking
 * again answers that job instead of starting a second.
 */
export async function startStoreSync(opts: {
  db: Db;
  jobs: JobQueue;
  ownerId: string;
  accountId: string;
}): Promise<JobView> {
  const account = await requireOwnedAccount(opts);
  // SPEC §8 'Tradegecko listing error': the platform is gone, its listings stay; the Stores screen says why.
  if (platformOf(account.type)?.connect === 'discontinued')
    throw badRequest(SESSION_EXPIRED_MESSAGE, { problem: 'session_expired', reconnect_url: '/stores' });
  if (!hasConnector(account.type)) throw badRequest('This account has no store to synchronize.');
  // Disconnected (its listings kept): there is nothing to read until the store is connected again.
  if (!account.credentialsEncrypted)
    throw badRequest(SESSION_EXPIRED_MESSAGE, { problem: 'session_expired', reconnect_url: '/stores' });
  return opts.jobs.enqueue(
    'sync-store',
    { ownerId: opts.ownerId, accountId: account.id },
    { ownerId: opts.ownerId, dedupeKey: `sync-store:${account.id}` },
  );
}

/** The most recent sync job of a store account, for the progress the embedded home shows. */
export async function latestStoreSync(opts: { db: Db; accountId: string }): Promise<JobView | null> {
  const [row] = await opts.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, 'sync-store'), sql`${jobs.payload}->>'accountId' = ${opts.accountId}`))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row ? viewJob(row) : null;
}

/** Start SPEC §4 'Synchronize' for one of the owner's catalogs (worker/jobs/synchronize-catalog.ts). */
export async function startCatalogSynchronize(opts: {
  db: Db;
  jobs: JobQueue;
  ownerId: string;
  catalogId: string;
  kinds: readonly SyncKind[];
}): Promise<JobView> {
  const catalog = await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId);
  if (!catalog) throw notFound('Catalog not found.');
  return opts.jobs.enqueue(
    'synchronize-catalog',
    { ownerId: opts.ownerId, catalogId: catalog.id, kinds: [...new Set(opts.kinds)] },
    { ownerId: opts.ownerId, dedupeKey: `synchronize-catalog:${catalog.id}` },
  );
}
