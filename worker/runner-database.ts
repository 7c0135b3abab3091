import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { JobDefinition, WorkerDeps } from './define.ts';
import { executeAttempt, WorkerStoppingError, type SpawnChildren } from './execute.ts';
import { laneSlots } from './lane-slots.ts';
import {
  claimJob,
  extendLease,
  spawnChildJobs,
  markAttemptFailed,
  releaseJobs,
  type JobLane,
} from '../server/jobs/index.ts';

export type Runner = {
  id: string;
  kind: 'database' | 'bullmq';
  /** Look for work now (after an enqueue in this process) instead of at the next poll. */
  nudge: () => void;
  /**
   * Stop taking jobs, let running ones finish, then resolve. Jobs still running after timeoutMs are aborted and
   * go back to pending without using up an attempt (they did not fail: the worker stopped).
   */
  close: (opts?: { timeoutMs?: number }) => Promise<void>;
};

export type DatabaseRunnerOptions = {
  deps: WorkerDeps;
  definitions: readonly JobDefinition[];
  /** Jobs of the default lane run at once (default 1). */
  concurrency?: number;
  /** Jobs of other lanes run at once (sync: SYNC_CONCURRENCY); a lane not named runs one at a time. */
  laneConcurrency?: Partial<Record<JobLane, number>>;
  /** Lanes that open a second set of slots while a job has run this long (see `laneSlots`). */
  laneLongAfterMs?: Partial<Record<JobLane, number>>;
  /** How often an idle runner looks for work. */
  pollMs?: number;
  /** A claimed job is this runner's for leaseMs, renewed every leaseMs / 3 while it runs. */
  leaseMs?: number;
};

export function runnerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * The runner used without Redis: the jobs table is the queue. Several processes may share it (claims use
 * FOR UPDATE SKIP LOCKED), and a job whose runner died is claimed again once its lease runs out. Each lane of
 * jobs (JobSpec.lane) has its own loop and its own number of jobs at once.
 */
export function startDatabaseRunner(opts: DatabaseRunnerOptions): Runner {
  const id = runnerId();
  const byName = new Map(opts.definitions.map((d) => [d.name, d]));
  /** Stops claiming new jobs. */
  const stopping = new AbortController();
  /** Aborts running jobs: at shutdown, once they had their grace period. */
  const abortRunning = new AbortController();
  const lanes = [...new Set(opts.definitions.map((d) => d.lane))].map((lane) =>
    startLane({
      ...opts,
      id,
      byName,
      stopping: stopping.signal,
      abortRunning: abortRunning.signal,
      names: opts.definitions.filter((d) => d.lane === lane).map((d) => d.name),
      concurrency: lane === 'default' ? (opts.concurrency ?? 1) : (opts.laneConcurrency?.[lane] ?? 1),
      longAfterMs: opts.laneLongAfterMs?.[lane],
    }),
  );
  const nudge = () => lanes.forEach((l) => l.nudge());

  return {
    id,
    kind: 'database',
    nudge,
    close: async ({ timeoutMs = 15_000 } = {}) => {
      if (!stopping.signal.aborted) {
        stopping.abort();
        nudge();
        const graceful = Promise.allSettled(lanes.map((l) => l.idle()));
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
        if ((await Promise.race([graceful, timedOut])) === 'timeout') {
          opts.deps.logger.warn(
            { runner: id },
            'jobs still running at shutdown are aborted and will run again',
          );
          abortRunning.abort(new WorkerStoppingError());
        }
        clearTimeout(timer);
      }
      await Promise.allSettled(lanes.map((l) => l.idle()));
      await Promise.allSettled(lanes.map((l) => l.loop));
      // Each aborted attempt released its job; should one of those writes have failed, its job is released
      // here rather than waiting for its lease to run out (which would count the attempt).
      await releaseJobs({ db: opts.deps.db, lockedBy: id }).catch((err) =>
        opts.deps.logger.warn({ err, runner: id }, 'jobs not released at shutdown'),
      );
    },
  };
}

/** One lane's loop: claims jobs of `names` while fewer than `concurrency` of them run here. */
function startLane(
  opts: DatabaseRunnerOptions & {
    id: string;
    byName: ReadonlyMap<string, JobDefinition>;
    names: string[];
    concurrency: number;
    longAfterMs?: number;
    stopping: AbortSignal;
    abortRunning: AbortSignal;
  },
) {
  const { deps, id, byName, names } = opts;
  const concurrency = Math.max(1, opts.concurrency);
  const pollMs = opts.pollMs ?? 1_000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const active = new Set<Promise<void>>();
  /** When each running job started, for lanes with a second set of slots. */
  const startedAt = new Map<Promise<void>, number>();
  const slots = laneSlots(concurrency, opts.longAfterMs);
  let wake: (() => void) | null = null;
  let nudged = false;
  const nudge = () => {
    if (wake) wake();
    else nudged = true;
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (nudged) {
        nudged = false;
        resolve();
        return;
      }
      const t = setTimeout(done, pollMs);
      function done() {
        clearTimeout(t);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function runOne(row: NonNullable<Awaited<ReturnType<typeof claimJob>>>) {
    const def = byName.get(row.name)!;
    if (row.attempts > row.maxAttempts) {
      // Its runner died during the last allowed attempt: that attempt counts as failed.
      await markAttemptFailed({
        db: deps.db,
        jobId: row.id,
        lockedBy: id,
        error: row.error ?? 'The worker stopped during the last attempt.',
        retryAt: null,
      });
      return;
    }
    const lease = new AbortController();
    const heartbeat = setInterval(
      () => {
        extendLease({ db: deps.db, jobId: row.id, lockedBy: id, leaseMs })
          .then((held) => {
            if (!held) lease.abort(new Error('The job was taken over by another runner.'));
          })
          .catch((err) => deps.logger.warn({ err, jobId: row.id }, 'lease not renewed'));
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    // Children are rows like any job: any runner's matching lane claims them.
    const spawnChildren: SpawnChildren = async (children) => {
      await spawnChildJobs({
        db: deps.db,
        parent: row,
        lockedBy: id,
        children: children.map((c) => ({
          name: c.def.name,
          payload: c.payload,
          maxAttempts: c.def.maxAttempts,
        })),
      });
      deps.queue.notifyEnqueued();
    };
    try {
      await executeAttempt({
        deps,
        def,
        jobId: row.id,
        payload: row.payload,
        attempt: row.attempts,
        maxAttempts: row.maxAttempts,
        lockedBy: id,
        signal: AbortSignal.any([lease.signal, opts.abortRunning]),
        parentId: row.parentId,
        definitions: byName,
        spawnChildren,
      });
    } finally {
      clearInterval(heartbeat);
    }
  }

  const loop = (async () => {
    while (!opts.stopping.aborted) {
      const wait = slots.waitMs([...startedAt.values()], Date.now());
      if (wait !== 0) {
        // Full: until a job ends, or (a lane with long jobs) until the next running job turns long.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          ...active,
          ...(wait === Infinity ? [] : [new Promise<void>((r) => (timer = setTimeout(r, wait)))]),
        ]);
        clearTimeout(timer);
        continue;
      }
      let row = null;
      try {
        row = await claimJob({ db: deps.db, names, lockedBy: id, leaseMs });
      } catch (err) {
        if (opts.stopping.aborted) break;
        deps.logger.error({ err }, 'job claim failed');
      }
      if (!row) {
        await sleep();
        continue;
      }
      const p = runOne(row)
        .catch((err) => deps.logger.error({ err, jobId: row.id }, 'job runner error'))
        .finally(() => {
          active.delete(p);
          startedAt.delete(p);
          if (wake) wake();
        });
      active.add(p);
      startedAt.set(p, Date.now());
    }
  })();

  return { loop, nudge, idle: () => Promise.allSettled([...active]) };
}
