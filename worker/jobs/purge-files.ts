import { purgeFilesSpec } from '../../server/jobs/index.ts';
import { defineJob } from '../define.ts';

/** Remove the files of what was deleted (server/jobs purge-files); running it twice removes nothing more. */
export const purgeFilesJob = defineJob({
  ...purgeFilesSpec,
  run: async (payload, ctx) => {
    const keep = new Set(payload.keep);
    let removed = 0;
    for (const [i, prefix] of payload.prefixes.entries()) {
      ctx.signal.throwIfAborted();
      removed += await ctx.deps.storage.deletePrefix(prefix, { keep });
      ctx.progress(i + 1, payload.prefixes.length);
    }
    ctx.logger.info({ removed, folders: payload.prefixes.length }, 'files purged');
    return { removed };
  },
});
