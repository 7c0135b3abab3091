import path from 'node:path';
import { type Config, type Logger, createBrowserPool, type BrowserPool } from '../server/platform/index.ts';
import { type Storage, createImageCache, type ImageCache } from '../server/files/index.ts';
import type { Db } from '../db/client.ts';
import { startBullRunner } from './bullmq.ts';
import type { WorkerDeps } from './define.ts';
import { JOBS } from './jobs/index.ts';
import { JOB_SCHEDULES, type JobQueue, pruneJobs } from '../server/jobs/index.ts';
import { startDatabaseRunner, type Runner } from './runner-database.ts';

/**
 * A store sync still running after this long is a large store's: a second set of sync slots opens, so syncs of
 * other stores start beside it (worker/lane-slots.ts), up to twice SYNC_CONCURRENCY in all.
 */
export const SYNC_LONG_AFTER_MS = 60_000;

export type WorkerOptions = {
  /** Jobs of the default lane run at once by this process (default 1: a render already uses both cores). */
  concurrency?: number;
  /** Store syncs run at once by this process (default SYNC_CONCURRENCY). */
  syncConcurrency?: number;
  /** A sync running this long opens a second set of sync slots (default SYNC_LONG_AFTER_MS). */
  syncLongAfterMs?: number;
  pollMs?: number;
  /** Lease of a claimed job (database runner) or lock (BullMQ); a dead worker's job is retried after it. */
  leaseMs?: number;
  /** BullMQ only: how often stalled jobs are looked for. */
  stalledIntervalMs?: number;
  redisPrefix?: string;
  /** Code-only options of the SSRF guard (tests allow 127.0.0.1); see server/files/images/fetch.server.ts. */
  fetchOptions?: WorkerDeps['fetchOptions'];
  browser?: BrowserPool;
  images?: ImageCache;
  /** Launch Chromium at start so the first render does not wait for it. */
  warm?: boolean;
};

export type RunningWorker = {
  runner: Runner;
  deps: WorkerDeps;
  /** Stop taking jobs; running ones get `timeoutMs` to finish, then are aborted and run again later. */
  close: (opts?: { timeoutMs?: number }) => Promise<void>;
};

/**
 * The worker: the handlers of worker/jobs run by BullMQ when REDIS_URL is set, else by the database runner.
 * `npm start` runs it inside the app process; `npm run start:worker` runs it alone (worker/main.ts).
 */
export function startWorker(opts: {
  config: Config;
  db: Db;
  logger: Logger;
  storage: Storage;
  queue: JobQueue;
  options?: WorkerOptions;
}): RunningWorker {
  const o = opts.options ?? {};
  const logger = opts.logger.child({ component: 'worker' });
  const deps: WorkerDeps = {
    db: opts.db,
    config: opts.config,
    logger,
    storage: opts.storage,
    queue: opts.queue,
    browser:
      o.browser ??
      createBrowserPool({
        chromePath: opts.config.CHROME_PATH,
        logger,
        recycleAfterUses: opts.config.CHROMIUM_RECYCLE_JOBS,
        maxMemoryMb: opts.config.CHROMIUM_MAX_MEMORY_MB,
      }),
    images: o.images ?? createImageCache(path.join(opts.config.dataDir, 'cache', 'images')),
    fetchOptions: o.fetchOptions,
  };
  const laneConcurrency = { sync: o.syncConcurrency ?? opts.config.SYNC_CONCURRENCY };
  const laneLongAfterMs = { sync: o.syncLongAfterMs ?? SYNC_LONG_AFTER_MS };
  const leaseMs = o.leaseMs ?? opts.config.JOB_LEASE_SECONDS * 1_000;
  const runner = opts.config.REDIS_URL
    ? startBullRunner({
        deps,
        definitions: JOBS,
        redisUrl: opts.config.REDIS_URL,
        prefix: o.redisPrefix ?? opts.config.REDIS_PREFIX,
        concurrency: o.concurrency,
        laneConcurrency,
        laneLongAfterMs,
        lockMs: leaseMs,
        // Stalled jobs are looked for as often as a lease lasts: a dead worker's job waits at most twice that.
        stalledIntervalMs: o.stalledIntervalMs ?? leaseMs,
      })
    : startDatabaseRunner({
        deps,
        definitions: JOBS,
        concurrency: o.concurrency,
        laneConcurrency,
        laneLongAfterMs,
        pollMs: o.pollMs,
        leaseMs,
      });
  opts.queue.onEnqueued(runner.nudge);
  // Finished jobs are removed after FINISHED_JOB_RETENTION_DAYS; any worker may do it, it is idempotent.
  const prune = () =>
    pruneJobs({ db: opts.db }).catch((err) => logger.warn({ err }, 'finished jobs not pruned'));
  const pruning = setInterval(prune, 60 * 60_000);
  pruning.unref();
  // Scheduled jobs (server/jobs JOB_SCHEDULES): queued by every worker; one pending at a time by its dedupe key.
  const schedules = JOB_SCHEDULES.flatMap((s) => {
    const every = s.everyMs(opts.config);
    if (!every) return [];
    const enqueue = () =>
      opts.queue
        .enqueue(s.job, {}, { dedupeKey: `schedule:${s.job}` })
        .catch((err: unknown) => logger.warn({ err, job: s.job }, 'scheduled job not queued'));
    const timer = setInterval(enqueue, every);
    timer.unref();
    return [timer];
  });
  if (o.warm) deps.browser.warm().catch((err) => logger.warn({ err }, 'Chromium could not be started'));
  logger.info({ runner: runner.id, kind: runner.kind }, 'worker started');
  return {
    runner,
    deps,
    close: async (closeOpts) => {
      clearInterval(pruning);
      for (const t of schedules) clearInterval(t);
      await runner.close(closeOpts);
      if (!o.browser) await deps.browser.close();
    },
  };
}
