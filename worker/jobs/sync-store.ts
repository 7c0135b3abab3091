import { ConnectorError, hasConnector } from '../../connectors/index.ts';
import {
  findOwnedAccount,
  connectorFor,
  syncTuning,
  syncStore,
  type SyncStoreResult,
} from '../../server/stores/index.ts';
import { listingWriter, queueListingImages } from '../../server/listings/index.ts';
import { syncStoreSpec } from '../../server/jobs/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';

/**
 * A sync of one store account (server/stores/sync.server.ts): full, or incremental with `since` (the schedule);
 * safe to run again after a crash.
 */
export const syncStoreJob = defineJob({
  ...syncStoreSpec,
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
          connector: connectorFor({ account, appSecret: config.appSecret, config, db }),
          writer: listingWriter,
          bulkThreshold: tuning.bulkThreshold,
          batchSize: tuning.batchSize,
          signal: ctx.signal,
          logger: ctx.logger,
          since: payload.since ? new Date(payload.since) : null,
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
