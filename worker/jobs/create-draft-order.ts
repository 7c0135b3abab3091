import { ConnectorError } from '../../connectors/index.ts';
import { createDraftOrderForOrder, markDraftOrderFailed } from '../../server/catalogs/index.ts';
import { createDraftOrderSpec } from '../../server/jobs/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';

/** A Shopify merchant's wholesale order as a draft order in their store (server/catalogs/draft-orders.server.ts). */
export const createDraftOrderJob = defineJob({
  ...createDraftOrderSpec,
  run: async (payload, ctx) => {
    try {
      return await createDraftOrderForOrder({
        db: ctx.deps.db,
        orderId: payload.orderId,
        appSecret: ctx.deps.config.appSecret,
      });
    } catch (err) {
      // Shopify refusing the draft (a missing scope, a variant gone, revoked credentials) says the same on a
      // retry; only an unreachable or throttling store is worth waiting for.
      if (
        err instanceof ConnectorError &&
        (err.code === 'invalid_response' || err.code === 'unauthorized' || err.code === 'not_connected')
      )
        throw new PermanentJobError(err.message);
      throw err;
    }
  },
  // The order stays; the merchant's Orders page shows why its draft order is missing.
  onFailed: async (payload, ctx, error) => {
    await markDraftOrderFailed({ db: ctx.deps.db, orderId: payload.orderId, error: error.message });
  },
});
