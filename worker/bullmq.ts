import { DelayedError, UnrecoverableError, WaitingChildrenError, Worker, type Job, type Queue } from 'bullmq';
import type { JobDefinition, WorkerDeps } from './define.ts';
import { executeAttempt, WorkerStoppingError, type AttemptOutcome, type SpawnChildren } from './execute.ts';
import { laneSlots } from './lane-slots.ts';
import type { Runner } from './runner-database.ts';
import { runnerId } from './runner-database.ts';
import {
  addBullJob,
  bullQueueName,
  createBullQueue,
  extendLease,
  findJob,
  markActive,
  markFailedIfUnfinished,
  spawnChildJobs,
  type BullJobData,
  type JobLane,
} from '../server/jobs/index.ts';

/** A job whose dedupe key another running job has is looked at again after this long. */
const BUSY_RETRY_MS = 1_000;

export type BullRunnerOptions = {
  deps: WorkerDeps;
  definitions: readonly JobDefinition[];
  redisUrl: string;
  prefix?: string;
  /** Jobs of the default lane run at once (default 1). */
  concurrency?: number;
  /** Jobs of other lanes run at once (sync: SYNC_CONCURRENCY); a lane not named runs one at a time. */
  laneConcurrency?: Partial<Record<JobLane, number>>;
  /** A job's lock lasts this long and is renewed at half of it; a dead worker's job is retried after it. */
  lockMs?: number;
  /** How often the worker looks for jobs whose lock expired. */
  stalledIntervalMs?: number;
  /** Lanes that open a second set of slots while a job has run this long (worker/lane-slots.ts). */
  laneLongAfterMs?: Partial<Record<JobLane, number>>;
  /** Times a job may lose its lock (its worker died) and be run again before BullMQ fails it (default 2). */
  maxStalledCount?: number;
};

/**
 * The runner used with REDIS_URL: BullMQ schedules, retries with backoff and recovers stalled jobs (a worker
 * killed mid-job); the same handlers run through executeAttempt, which mirrors state in the jobs table. Each lane
 * (JobSpec.lane) is a queue with a BullMQ worker of its own; a job's children are a BullMQ flow (each child names
 * its parent, which BullMQ runs again once they are all complete).
 */
export function startBullRunner(opts: BullRunnerOptions): Runner {
  const { deps } = opts;
  const id = runnerId();
  const lockMs = opts.lockMs ?? 30_000;
  const byName = new Map(opts.definitions.map((d) => [d.name, d]));
  const abortRunning = new AbortController();
  const connection = { url: opts.redisUrl, maxRetriesPerRequest: null };
  const queues = new Map<JobLane, Queue<BullJobData>>();
  const queueOf = (lane: JobLane) => {
    let q = queues.get(lane);
    if (!q) queues.set(lane, (q = createBullQueue({ redisUrl: opts.redisUrl, prefix: opts.prefix, lane })));
    return q;
  };

  /** Move a job BullMQ handed us back to waiting (not counted), or to wait for its children. */
  async function requeue(
    job: Job<BullJobData>,
    token: string | undefined,
    outcome: AttemptOutcome & { ok: false },
  ) {
    if ('waiting' in outcome && outcome.waiting && (await job.moveToWaitingChildren(token!)))
      throw new WaitingChildrenError();
    // Stopped by a shutdown, or its children already all done: again at once, uncounted.
    await job.moveToDelayed(Date.now(), token);
    throw new DelayedError();
  }

  /** When each running job of a lane started (lanes with a second set of slots read it). */
  const running = new Map<JobLane, Map<string, number>>();
  const processor = async (job: Job<BullJobData>, token?: string) => {
    const def = byName.get(job.name);
    if (!def) throw new UnrecoverableError(`No handler for job ${job.name}`);
    const started = running.get(def.lane) ?? running.set(def.lane, new Map()).get(def.lane)!;
    started.set(job.id!, Date.now());
    try {
      return await processJob(job, def, token);
    } finally {
      started.delete(job.id!);
    }
  };
  const processJob = async (job: Job<BullJobData>, def: JobDefinition, token?: string) => {
    const jobId = job.id!;
    const attempt = job.attemptsMade + 1;
    // The row holds a lease like the database runner's, so a job of the same dedupe key waits while this
    // one runs, and no longer once this worker is gone.
    if ((await markActive({ db: deps.db, jobId, attempt, lockedBy: id, leaseMs: lockMs })) === 'busy') {
      await job.moveToDelayed(Date.now() + BUSY_RETRY_MS, token);
      throw new DelayedError();
    }
    const heartbeat = setInterval(
      () => {
        extendLease({ db: deps.db, jobId, lockedBy: id, leaseMs: lockMs }).catch((err) =>
          deps.logger.warn({ err, jobId }, 'lease not renewed'),
        );
      },
      Math.max(100, Math.floor(lockMs / 3)),
    );
    const spawnChildren: SpawnChildren = async (children) => {
      const row = await findJob({ db: deps.db, jobId });
      const rows = await spawnChildJobs({
        db: deps.db,
        parent: { id: jobId, ownerId: row?.ownerId ?? null },
        lockedBy: id,
        children: children.map((c) => ({
          name: c.def.name,
          payload: c.payload,
          maxAttempts: c.def.maxAttempts,
        })),
      });
      for (const [i, r] of rows.entries()) {
        const child = children[i]!;
        await addBullJob({
          queue: queueOf(child.def.lane),
          def: child.def,
          jobId: r.id,
          payload: child.payload,
          parent: { id: jobId, queue: job.queueQualifiedName },
        });
      }
    };
    let outcome;
    try {
      outcome = await executeAttempt({
        deps,
        def,
        jobId,
        payload: job.data.payload,
        attempt,
        maxAttempts: job.data.maxAttempts,
        lockedBy: id,
        signal: abortRunning.signal,
        parentId: job.parent?.id ?? null,
        definitions: byName,
        spawnChildren,
      });
    } finally {
      clearInterval(heartbeat);
    }
    if (outcome.ok) return outcome.result;
    if (outcome.released) return requeue(job, token, outcome);
    throw outcome.willRetry ? outcome.error : new UnrecoverableError(outcome.error.message);
  };

  const lanes = [...new Set(opts.definitions.map((d) => d.lane))];
  const timers: NodeJS.Timeout[] = [];
  const laneWorker = (lane: JobLane, concurrency: number, autorun: boolean) => {
    const worker = new Worker<BullJobData>(bullQueueName(lane), processor, {
      connection,
      prefix: opts.prefix,
      autorun,
      concurrency,
      lockDuration: lockMs,
      stalledInterval: opts.stalledIntervalMs ?? 30_000,
      // A job whose worker died is retried this many times before it counts as failed.
      maxStalledCount: opts.maxStalledCount ?? 2,
    });
    worker.on('error', (err) => deps.logger.error({ err }, 'BullMQ worker error'));
    // BullMQ fails some jobs without our handler finishing them: one that stalled more than maxStalledCount
    // times (failed by the next worker that takes it), or one without a handler. Their row would stay pending
    // or active forever; it says failed instead. Failures our handler wrote already are left as they are.
    worker.on('failed', (job, err) => {
      if (!job?.id || !job.finishedOn) return;
      markFailedIfUnfinished({ db: deps.db, jobId: job.id, error: err.message })
        .then((changed) => {
          if (changed) deps.logger.error({ err, jobId: job.id, job: job.name }, 'job failed by BullMQ');
        })
        .catch((e) => deps.logger.error({ err: e, jobId: job.id }, 'failed job not recorded'));
    });
    return worker;
  };
  const workers = lanes.flatMap((lane) => {
    const concurrency = Math.max(
      1,
      lane === 'default' ? (opts.concurrency ?? 1) : (opts.laneConcurrency?.[lane] ?? 1),
    );
    const main = laneWorker(lane, concurrency, true);
    const longAfterMs = opts.laneLongAfterMs?.[lane];
    if (longAfterMs === undefined) return [main];
    // The lane's second set of slots (worker/lane-slots.ts): a worker of its own that takes jobs only while a
    // running job of the lane has run long. (BullMQ does not fetch more jobs when a running worker's
    // concurrency is raised; it waits for one of its jobs to end.)
    const overflow = laneWorker(lane, concurrency, false);
    const slots = laneSlots(concurrency, longAfterMs);
    const timer = setInterval(
      () => {
        if (closing) return;
        const long = slots.anyLong([...(running.get(lane)?.values() ?? [])], Date.now());
        const taking = overflow.isRunning() && !overflow.isPaused();
        if (long && !taking)
          overflow.resume().catch((err) => deps.logger.error({ err }, 'BullMQ worker not resumed'));
        else if (!long && taking)
          overflow.pause(true).catch((err) => deps.logger.error({ err }, 'BullMQ worker not paused'));
      },
      Math.min(1_000, Math.max(20, Math.floor(longAfterMs / 4))),
    );
    timer.unref();
    timers.push(timer);
    return [main, overflow];
  });

  let closing: Promise<void> | null = null;
  return {
    id,
    kind: 'bullmq',
    nudge: () => {},
    close: ({ timeoutMs = 15_000 } = {}) => {
      closing ??= (async () => {
        for (const t of timers) clearInterval(t);
        const graceful = Promise.all(workers.map((w) => w.close())).then(() => 'closed' as const);
        const waitOr = async (ms: number) => {
          let timer: NodeJS.Timeout | undefined;
          const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), ms)));
          const first = await Promise.race([graceful, timedOut]);
          clearTimeout(timer);
          return first;
        };
        if ((await waitOr(timeoutMs)) === 'timeout') {
          deps.logger.warn({ runner: id }, 'jobs still running at shutdown are aborted and will run again');
          // Each aborted job moves itself back to waiting (its attempt not counted) while the worker's
          // connection is still open, then the graceful close completes.
          abortRunning.abort(new WorkerStoppingError());
          if ((await waitOr(timeoutMs)) === 'timeout') {
            // Stuck on Redis (close(true) would only wait for the same close): drop the connections; BullMQ
            // recovers the jobs once their lock expires.
            deps.logger.error({ runner: id }, 'BullMQ worker did not close; disconnecting');
            await Promise.all(workers.map((w) => w.disconnect().catch(() => {})));
          }
        }
        await Promise.all([...queues.values()].map((q) => q.close().catch(() => {})));
      })();
      return closing;
    },
  };
}
