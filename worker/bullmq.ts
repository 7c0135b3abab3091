import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { JobDefinition, WorkerDeps } from './define.ts';
import { executeAttempt, retryDelayMs } from './execute.ts';
import type { Runner } from './runner-database.ts';
import { runnerId } from './runner-database.ts';
import { markActive } from './state.ts';

/** One BullMQ queue for every job kind; the job's name picks the handler. */
export const BULL_QUEUE_NAME = 'catalog-builder-jobs';

export type BullJobData = { payload: unknown; maxAttempts: number };

export function createBullQueue(opts: { redisUrl: string; prefix?: string }): Queue<BullJobData> {
  return new Queue<BullJobData>(BULL_QUEUE_NAME, {
    connection: { url: opts.redisUrl, maxRetriesPerRequest: null },
    prefix: opts.prefix,
  });
}

/** Add a job already recorded in the jobs table; BullMQ's job id is the row id, so adding twice is a no-op. */
export async function addBullJob(opts: {
  queue: Queue<BullJobData>;
  def: JobDefinition;
  jobId: string;
  payload: unknown;
  delayMs?: number;
}): Promise<void> {
  await opts.queue.add(
    opts.def.name,
    { payload: opts.payload, maxAttempts: opts.def.maxAttempts },
    {
      jobId: opts.jobId,
      attempts: opts.def.maxAttempts,
      backoff: { type: 'exponential', delay: retryDelayMs(opts.def, 1) },
      delay: opts.delayMs,
      removeOnComplete: { age: 3_600 },
      removeOnFail: { age: 7 * 86_400 },
    },
  );
}

export type BullRunnerOptions = {
  deps: WorkerDeps;
  definitions: readonly JobDefinition[];
  redisUrl: string;
  prefix?: string;
  concurrency?: number;
  /** A job's lock lasts this long and is renewed at half of it; a dead worker's job is retried after it. */
  lockMs?: number;
  /** How often the worker looks for jobs whose lock expired. */
  stalledIntervalMs?: number;
};

/**
 * The runner used with REDIS_URL: BullMQ schedules, retries with backoff and recovers stalled jobs (a worker
 * killed mid-job); the same handlers run through executeAttempt, which mirrors state in the jobs table.
 */
export function startBullRunner(opts: BullRunnerOptions): Runner {
  const { deps } = opts;
  const id = runnerId();
  const byName = new Map(opts.definitions.map((d) => [d.name, d]));
  const abortRunning = new AbortController();
  const worker = new Worker<BullJobData>(
    BULL_QUEUE_NAME,
    async (job) => {
      const def = byName.get(job.name);
      if (!def) throw new UnrecoverableError(`No handler for job ${job.name}`);
      const jobId = job.id!;
      const attempt = job.attemptsMade + 1;
      await markActive({ db: deps.db, jobId, attempt, lockedBy: id });
      const outcome = await executeAttempt({
        deps,
        def,
        jobId,
        payload: job.data.payload,
        attempt,
        maxAttempts: job.data.maxAttempts,
        lockedBy: id,
        signal: abortRunning.signal,
      });
      if (outcome.ok) return outcome.result;
      throw outcome.willRetry ? outcome.error : new UnrecoverableError(outcome.error.message);
    },
    {
      connection: { url: opts.redisUrl, maxRetriesPerRequest: null },
      prefix: opts.prefix,
      concurrency: Math.max(1, opts.concurrency ?? 1),
      lockDuration: opts.lockMs ?? 30_000,
      stalledInterval: opts.stalledIntervalMs ?? 30_000,
      // A job whose worker died is retried this many times before it counts as failed.
      maxStalledCount: 2,
    },
  );
  worker.on('error', (err) => deps.logger.error({ err }, 'BullMQ worker error'));
  let closing: Promise<void> | null = null;
  return {
    id,
    kind: 'bullmq',
    nudge: () => {},
    close: ({ timeoutMs = 15_000 } = {}) => {
      closing ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
        const graceful = worker.close().then(() => 'closed' as const);
        if ((await Promise.race([graceful, timedOut])) === 'timeout') {
          deps.logger.warn({ runner: id }, 'jobs still running at shutdown are aborted and will be retried');
          abortRunning.abort(new Error('The worker is stopping.'));
          await worker.close(true);
        }
        clearTimeout(timer);
      })();
      return closing;
    },
  };
}
