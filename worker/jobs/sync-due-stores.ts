import { syncDueStoresSpec } from '../../server/jobs/index.ts';
import { queueDueStoreSyncs } from '../../server/stores/index.ts';
import { defineJob } from '../define.ts';

/** The scheduled store sync (JOB_SCHEDULES): a sync-store job for every store due one. */
export const syncDueStoresJob = defineJob({
  ...syncDueStoresSpec,
  run: async (_payload, ctx) => ({
    queued: await queueDueStoreSyncs({
      db: ctx.deps.db,
      jobs: ctx.deps.queue,
      intervalMinutes: ctx.deps.config.STORE_SYNC_INTERVAL_MINUTES,
    }),
  }),
});
