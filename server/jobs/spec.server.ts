import type { z } from 'zod';

/**
 * What every process needs to know of a job without running it (DESIGN §7): its name, its payload schema and how
 * it is scheduled. Producers (app, viewer, CLI) enqueue by it; the worker pairs each spec with its handler
 * (worker/define.ts), so nothing that enqueues imports a handler.
 */
export type JobSpec<N extends string = string, S extends z.ZodType = z.ZodType> = {
  name: N;
  /** The payload schema: enqueue validates with it, and the handler gets the re-validated output. */
  payload: S;
  /** Attempts before the job is failed. */
  maxAttempts: number;
  /** How long one attempt may run before it is aborted (and retried while attempts remain). */
  timeoutMs: number;
  /** Retry n waits backoffMs × 2^(n-1). */
  backoffMs: number;
  /**
   * With a dedupe key, a request while a job of the key runs answers the running job (true) or queues a fresh
   * one (false, the default). Only for jobs whose inputs the requester cannot have just changed: a store sync
   * reads the store, so a second click joins it; a render reads the catalog the merchant may have just edited.
   */
  joinRunning: boolean;
  /**
   * Which of a worker's lanes runs it, each with its own number of jobs at once: `default` (renders, pictures,
   * orders: WorkerOptions.concurrency) or `sync` (store syncs: SYNC_CONCURRENCY), so long syncs never hold the
   * renders up, nor renders the syncs. With Redis each lane is a BullMQ queue of its own.
   */
  lane: JobLane;
};

export const JOB_LANES = ['default', 'sync'] as const;
export type JobLane = (typeof JOB_LANES)[number];

/** A job spec with the defaults: 3 attempts, 5 minutes each, 2 s backoff, a running job is not joined. */
export function defineJobSpec<N extends string, S extends z.ZodType>(spec: {
  name: N;
  payload: S;
  maxAttempts?: number;
  timeoutMs?: number;
  backoffMs?: number;
  joinRunning?: boolean;
  lane?: JobLane;
}): JobSpec<N, S> {
  return {
    maxAttempts: 3,
    timeoutMs: 5 * 60_000,
    backoffMs: 2_000,
    joinRunning: false,
    lane: 'default',
    ...spec,
  };
}

/** The wait before retry `attempt` (1 for the first retry). */
export function retryDelayMs(spec: Pick<JobSpec, 'backoffMs'>, attempt: number): number {
  return spec.backoffMs * 2 ** Math.max(0, attempt - 1);
}
