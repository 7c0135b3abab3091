import { z } from 'zod';
import { synchronizeCatalog, type SynchronizeResult } from '../../app/services/catalog-synchronize.server.ts';
import { syncTuning } from '../../app/services/store-connectors.server.ts';
import { SYNC_KINDS } from '../../core/commands/index.ts';
import { defineJob } from '../define.ts';

export const SynchronizeCatalogPayload = z.object({
  ownerId: z.string().uuid(),
  catalogId: z.string().uuid(),
  kinds: z.array(z.enum(SYNC_KINDS)).min(1),
});

/** SPEC §4 'Synchronize' (app/services/catalog-synchronize.server.ts): a product at a time, 700 ms apart. */
export const synchronizeCatalogJob = defineJob({
  name: 'synchronize-catalog',
  payload: SynchronizeCatalogPayload,
  maxAttempts: 2,
  timeoutMs: 60 * 60_000,
  backoffMs: 10_000,
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
