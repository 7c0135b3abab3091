import { synchronizeCatalog, type SynchronizeResult } from '../../server/catalogs/index.ts';
import { syncTuning } from '../../server/stores/index.ts';
import { synchronizeCatalogSpec } from '../../server/jobs/index.ts';
import { defineJob } from '../define.ts';

/** SPEC §4 'Synchronize' (server/catalogs/synchronize.server.ts): a product at a time, 700 ms apart. */
export const synchronizeCatalogJob = defineJob({
  ...synchronizeCatalogSpec,
  run: async (payload, ctx): Promise<SynchronizeResult> =>
    synchronizeCatalog(
      {
        db: ctx.deps.db,
        ownerId: payload.ownerId,
        catalogId: payload.catalogId,
        kinds: payload.kinds,
        appSecret: ctx.deps.config.appSecret,
        delayMs: syncTuning().stepDelayMs,
        signal: ctx.signal,
        logger: ctx.logger,
      },
      { progress: ctx.progress },
    ),
});
