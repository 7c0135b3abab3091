import { createDraftOrderForOrder, markDraftOrderFailed } from '../../server/catalogs/index.ts';
import { createDraftOrderSpec } from '../../server/jobs/index.ts';
import { defineJob } from '../define.ts';

/** A Shopify merchant's wholesale order as a draft order in their store (server/catalogs/draft-orders.server.ts). */
export const createDraftOrderJob = defineJob({
  ...createDraftOrderSpec,
  run: async (payload, ctx) =>
    createDraftOrderForOrder({
      db: ctx.deps.db,
      orderId: payload.orderId,
      appSecret: ctx.deps.config.appSecret,
    }),
  // The order stays; the merchant's Orders page shows why its draft order is missing.
  onFailed: async (payload, ctx, error) => {
    await markDraftOrderFailed({ db: ctx.deps.db, orderId: payload.orderId, error: error.message });
  },
});
