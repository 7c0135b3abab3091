import type { Queue } from 'bullmq';
import type { Db } from '../../db/client.ts';
import { addBullJob, createBullQueue, type BullJobData } from './bullmq-queue.server.ts';
import { jobSpec, type JobName, type JobPayloadInput } from './definitions.server.ts';
import type { JobLane, JobSpec } from './spec.server.ts';
import { findJob, insertJobRow, markAttemptFailed, viewJob, type JobView } from './state.server.ts';

export type EnqueueOptions = {
  /** The user the job belongs to: only they see it through GET /api/v1/jobs. */
  ownerId?: string | null;
  /**
   * Requests with the same key share a job: one that is pending and has not started yet (also a running one for
   * definitions with joinRunning); jobs of one key never run at once. See insertJobRow in server/jobs/state.server.ts.
   */
  dedupeKey?: string;
};

/** The producer side, in Runtime.jobs: enqueue and read jobs, whichever runner executes them. */
export interface JobQueue {
  kind: 'database' | 'bullmq';
  enqueue<N extends JobName>(name: N, payload: JobPayloadInput<N>, opts?: EnqueueOptions): Promise<JobView>;
  getJob(opts: { jobId: string; ownerId?: string }): Promise<JobView | null>;
  /** A runner in this process subscribes to start new jobs without waiting for its next poll. */
  onEnqueued(listener: () => void): void;
  /** Tell this process's runners that jobs were recorded another way (a job's children). */
  notifyEnqueued(): void;
  close(): Promise<void>;
}

/**
 * Jobs are recorded in the jobs table first (the API reads state there); with Redis they are also added to
 * BullMQ, which then schedules them. Payloads are validated here, at the boundary, and again by the handler.
 */
export function createJobQueue(opts: {
  db: Db;
  redisUrl?: string;
  redisPrefix?: string;
  /** The jobs it accepts; default: the registry (tests add their own). */
  definitions?: readonly JobSpec[];
}): JobQueue {
  const find = (name: string) =>
    opts.definitions ? opts.definitions.find((d) => d.name === name) : jobSpec(name);
  const listeners: (() => void)[] = [];
  const bull = new Map<JobLane, Queue<BullJobData>>();
  const bullQueue = (lane: JobLane) => {
    let q = bull.get(lane);
    if (!q)
      bull.set(lane, (q = createBullQueue({ redisUrl: opts.redisUrl!, prefix: opts.redisPrefix, lane })));
    return q;
  };
  return {
    kind: opts.redisUrl ? 'bullmq' : 'database',
    async enqueue(name, payload, enqueueOpts = {}) {
      const def = find(name);
      if (!def) throw new Error(`Unknown job ${name}`);
      const parsed = def.payload.parse(payload);
      const { row, created } = await insertJobRow({
        db: opts.db,
        name,
        payload: parsed,
        ownerId: enqueueOpts.ownerId,
        dedupeKey: enqueueOpts.dedupeKey,
        joinRunning: def.joinRunning,
        maxAttempts: def.maxAttempts,
      });
      if (created && opts.redisUrl) {
        try {
          await addBullJob({ queue: bullQueue(def.lane), def, jobId: row.id, payload: parsed });
        } catch (err) {
          await markAttemptFailed({
            db: opts.db,
            jobId: row.id,
            lockedBy: null,
            error: `Could not queue the job: ${(err as Error).message}`,
            retryAt: null,
          });
          throw err;
        }
      }
      if (created) for (const l of listeners) l();
      return viewJob(row);
    },
    getJob: ({ jobId, ownerId }) => findJob({ db: opts.db, jobId, ownerId }),
    onEnqueued: (listener) => void listeners.push(listener),
    notifyEnqueued: () => listeners.forEach((l) => l()),
    close: async () => {
      const queues = [...bull.values()];
      bull.clear();
      await Promise.all(queues.map((q) => q.close()));
    },
  };
}
