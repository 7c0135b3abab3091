import { and, isNotNull, notInArray, sql } from 'drizzle-orm';
import { CONNECTOR_PLATFORMS, platformOf } from '../../connectors/index.ts';
import type { Db } from '../../db/client.ts';
import { storeAccounts } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/index.ts';

/** A full pass at least this often, even where the platform filters by modification date (it sees deletions). */
export const FULL_SYNC_EVERY_MS = 24 * 3600_000;

/**
 * The scheduled sync (the `sync-due-stores` job, JOB_SCHEDULES in server/jobs): every connected store whose last
 * sync is older than STORE_SYNC_INTERVAL_MINUTES gets a `sync-store` job, under the same dedupe key as Sync now,
 * so a store is never synced twice at once. Where the last full pass is under a day old, the job asks only for the
 * products changed since the last sync (the connector's listProductsChangedSince; a full pass otherwise). Stores
 * waiting to be reconnected or disconnected are left alone. Answers how many it queued.
 */
export async function queueDueStoreSyncs(opts: {
  db: Db;
  jobs: JobQueue;
  intervalMinutes: number;
  now?: Date;
}): Promise<number> {
  if (opts.intervalMinutes <= 0) return 0;
  const now = opts.now ?? new Date();
  const platforms = CONNECTOR_PLATFORMS.filter((t) => platformOf(t)?.connect !== 'app');
  if (platforms.length === 0) return 0;
  const due = new Date(now.getTime() - opts.intervalMinutes * 60_000);
  const rows = await opts.db
    .select()
    .from(storeAccounts)
    .where(
      and(
        sql`${storeAccounts.type} in (${sql.join(
          platforms.map((p) => sql`${p}`),
          sql`, `,
        )})`,
        isNotNull(storeAccounts.credentialsEncrypted),
        notInArray(storeAccounts.connectionStatus, ['reconnect', 'disconnected']),
        sql`(${storeAccounts.lastSyncAt} is null or ${storeAccounts.lastSyncAt} < ${due.toISOString()})`,
      ),
    );
  for (const account of rows) {
    const lastFull = Date.parse(
      String((account.details as { lastFullSyncAt?: unknown })?.lastFullSyncAt ?? ''),
    );
    const incremental =
      account.lastSyncAt && Number.isFinite(lastFull) && now.getTime() - lastFull < FULL_SYNC_EVERY_MS;
    // A minute of overlap: a product saved while the last sync read its page is read again.
    const since = incremental ? new Date(account.lastSyncAt!.getTime() - 60_000).toISOString() : null;
    await opts.jobs.enqueue(
      'sync-store',
      { ownerId: account.userId, accountId: account.id, since },
      { ownerId: account.userId, dedupeKey: `sync-store:${account.id}` },
    );
  }
  return rows.length;
}
