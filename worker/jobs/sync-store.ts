import { z } from 'zod';
import { ConnectorError, hasConnector } from '../../connectors/index.ts';
import { findOwnedAccount } from '../../app/services/store-accounts.server.ts';
import { connectorFor, syncTuning } from '../../app/services/store-connectors.server.ts';
import { syncStore, type SyncStoreResult } from '../../app/services/store-sync.server.ts';
import { queueListingImages } from '../../app/services/image-jobs.server.ts';
import { defineJob, PermanentJobError } from '../define.ts';

export const SyncStorePayload = z.object({
  ownerId: z.string().uuid(),
  accountId: z.string().uuid(),
});

/** A full sync of one store account (app/services/store-sync.server.ts); safe to run again after a crash. */
export const syncStoreJob = defineJob({
  name: 'sync-store',
  payload: SyncStorePayload,
  maxAttempts: 3,
  timeoutMs: 2 * 3600_000,
  backoffMs: 30_000,
  // It reads the store, which a second click cannot have changed: the click answers the running sync.
  joinRunning: true,
  run: async (payload, ctx): Promise<SyncStoreResult> => {
    const { db, config } = ctx.deps;
    const account = await findOwnedAccount({ db, ownerId: payload.ownerId, accountId: payload.accountId });
    if (!account || !hasConnector(account.type))
      throw new PermanentJobError('This store account cannot be synchronized.');
    const tuning = syncTuning();
    let result: SyncStoreResult;
    try {
      result = await syncStore(
        {
          db,
          account,
          connector: connectorFor({ account, appSecret: config.appSecret }),
          bulkThreshold: tuning.bulkThreshold,
          batchSize: tuning.batchSize,
          signal: ctx.signal,
          logger: ctx.logger,
        },
        { progress: ctx.progress },
      );
    } catch (err) {
      // Credentials the store refuses will not work on a retry either.
      if (err instanceof ConnectorError && (err.code === 'unauthorized' || err.code === 'not_connected'))
        throw new PermanentJobError(err.message);
      throw err;
    }
    // The synced products' pictures are compressed in the background (SPEC §4), as after an import.
    await queueListingImages({ db, jobs: ctx.deps.queue, ownerId: payload.ownerId, accountId: account.id });
    return result;
  },
});
