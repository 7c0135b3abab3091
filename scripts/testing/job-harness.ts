// Test jobs on the runner the environment selects, for worker/*.test.ts: BullMQ on a real Redis when REDIS_URL is
// set (CI's job suite), the database runner otherwise; a real database either way (PGlite, or PostgreSQL with
// DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, createLogger, createBrowserPool } from '../../server/platform/index.ts';
import { createStorage, createImageCache } from '../../server/files/index.ts';
import { obliterateBullQueues } from '../../server/jobs/index.ts';
import { startBullRunner } from '../../worker/bullmq.ts';
import type { JobDefinition, WorkerDeps } from '../../worker/define.ts';
import { createJobQueue, type JobLane, type JobQueue, type JobView } from '../../server/jobs/index.ts';
import { startDatabaseRunner, type Runner } from '../../worker/runner-database.ts';
import { openTestDatabase } from './database.ts';
import { testStorageEnv } from './storage.ts';

export const REDIS_URL = process.env.REDIS_URL;
export const RUNNER_KIND = REDIS_URL ? 'bullmq' : 'database';

export type JobHarness = {
  /** BullMQ's key prefix of this harness (tests that talk to BullMQ directly). */
  prefix: string;
  database: Awaited<ReturnType<typeof openTestDatabase>>;
  deps: WorkerDeps;
  queue: JobQueue;
  enqueue: (
    name: string,
    payload: unknown,
    opts?: { dedupeKey?: string; ownerId?: string },
  ) => Promise<JobView>;
  /** A runner of the selected kind over the harness's definitions; nudged by the harness's queue. */
  startRunner: (opts?: {
    leaseMs?: number;
    concurrency?: number;
    laneConcurrency?: Partial<Record<JobLane, number>>;
    laneLongAfterMs?: Partial<Record<JobLane, number>>;
    maxStalledCount?: number;
  }) => Runner;
  waitFor: (id: string, states: string[], timeoutMs?: number) => Promise<JobView>;
  close: () => Promise<void>;
};

export async function openJobHarness(definitions: readonly JobDefinition[]): Promise<JobHarness> {
  const database = await openTestDatabase();
  const prefix = `cbtest-${randomBytes(4).toString('hex')}`;
  const dataDir = path.join(os.tmpdir(), `cb-jobs-${randomBytes(4).toString('hex')}`);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(await testStorageEnv()) });
  const queue = createJobQueue({ db: database.db, redisUrl: REDIS_URL, redisPrefix: prefix, definitions });
  const deps: WorkerDeps = {
    db: database.db,
    config,
    logger: createLogger('silent'),
    storage: createStorage(config),
    queue,
    browser: createBrowserPool(),
    images: createImageCache(path.join(dataDir, 'cache')),
  };
  const runners: Runner[] = [];
  const nudges = new Set<() => void>();
  queue.onEnqueued(() => nudges.forEach((n) => n()));

  const startRunner: JobHarness['startRunner'] = (opts = {}) => {
    const runner = REDIS_URL
      ? startBullRunner({
          deps,
          definitions,
          redisUrl: REDIS_URL,
          prefix,
          concurrency: opts.concurrency,
          laneConcurrency: opts.laneConcurrency,
          laneLongAfterMs: opts.laneLongAfterMs,
          lockMs: opts.leaseMs ?? 5_000,
          stalledIntervalMs: 300,
          maxStalledCount: opts.maxStalledCount,
        })
      : startDatabaseRunner({
          deps,
          definitions,
          concurrency: opts.concurrency,
          laneConcurrency: opts.laneConcurrency,
          laneLongAfterMs: opts.laneLongAfterMs,
          pollMs: 50,
          leaseMs: opts.leaseMs ?? 5_000,
        });
    runners.push(runner);
    nudges.add(runner.nudge);
    return runner;
  };

  const waitFor: JobHarness['waitFor'] = async (id, states, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await queue.getJob({ jobId: id });
      if (job && states.includes(job.state)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} is ${job?.state}, expected ${states.join('/')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  return {
    prefix,
    database,
    deps,
    queue,
    enqueue: (name, payload, opts) =>
      (queue.enqueue as (n: string, p: unknown, o?: unknown) => Promise<JobView>)(name, payload, opts),
    startRunner,
    waitFor,
    close: async () => {
      await Promise.all(runners.map((r) => r.close({ timeoutMs: 2_000 })));
      await queue.close();
      if (REDIS_URL) {
        await obliterateBullQueues({ redisUrl: REDIS_URL, prefix });
      }
      await deps.browser.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A promise a test resolves when it chooses (a job waits on it). */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** Wait on `promise`, or reject with the signal's reason once it aborts (how handlers honour ctx.signal). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    promise.then(resolve, reject);
  });
}
