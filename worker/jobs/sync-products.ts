import { ConnectorError, hasConnector } from '../../connectors/index.ts';
import { syncProductsSpec } from '../../server/jobs/index.ts';
import { listingWriter, queueListingImages } from '../../server/listings/index.ts';
import {
  connectorFor,
  findOwnedAccount,
  syncStore,
  type SyncStoreResult,
} from '../../server/stores/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';

/** The products a store webhook named, read again and stored (or removed); running it twice changes nothing. */
export const syncProductsJob = defineJob({
  ...syncProductsSpec,
  run: async (payload, ctx): Promise<SyncStoreResult> => {
    const { db, config } = ctx.deps;
    const account = await findOwnedAccount({ db, ownerId: payload.ownerId, accountId: payload.accountId });
    if (!account || !hasConnector(account.type) || !account.credentialsEncrypted)
      throw new PermanentJobError('This store account cannot be synchronized.');
    try {
      const result = await syncStore(
        {
          db,
          account,
          connector: connectorFor({ account, appSecret: config.appSecret, config, db }),
          writer: listingWriter,
          signal: ctx.signal,
          logger: ctx.logger,
          productIds: payload.productIds,
        },
        { progress: ctx.progress },
      );
      await queueListingImages({ db, jobs: ctx.deps.queue, ownerId: payload.ownerId, accountId: account.id });
      return result;
    } catch (err) {
      if (err instanceof ConnectorError && (err.code === 'unauthorized' || err.code === 'not_connected'))
        throw new PermanentJobError(err.message);
      throw err;
    }
  },
});
