import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Config, Logger, BrowserPool } from '../server/platform/index.ts';
import type { Storage, ImageCache, SafeFetchOptions } from '../server/files/index.ts';
import {
  defineJobSpec,
  type JobLane,
  type JobName,
  type JobQueue,
  type JobSpec,
  type JobView,
} from '../server/jobs/index.ts';

/** What a handler may use besides its payload. Built once per worker process (see worker/index.ts). */
export type WorkerDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  storage: Storage;
  /** For jobs that queue follow-up work (a store sync queues the processing of its pictures). */
  queue: JobQueue;
  /** The warm Chromium of this worker (started on first use). */
  browser: BrowserPool;
  /** Prepared (downsampled, compressed) images, shared by every job of this process. */
  images: ImageCache;
  /**
   * Options that only code may set (never the environment): tests allow image servers on 127.0.0.1 here, and
   * may lengthen the download deadline. See server/files/images/fetch.server.ts.
   */
  fetchOptions?: Pick<SafeFetchOptions, 'allowPrivateAddresses' | 'offline' | 'timeoutMs'>;
};

export type JobContext = {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Mirrors progress in the jobs table (throttled); the API reports it as { done, total }. */
  progress: (done: number, total: number) => void;
  /** Aborted when the attempt times out, the job's lock is lost or the worker shuts down. */
  signal: AbortSignal;
  logger: Logger;
  deps: WorkerDeps;
  /** This job's children (queued by waitForChildren on an earlier run), in the order they were queued. */
  children: () => Promise<JobView[]>;
  /**
   * Queue these jobs as this job's children and end this run: the job waits (no worker holds it) and runs again
   * once every child is complete, on any worker; a child that fails for good fails it. The run does not count as
   * an attempt. BullMQ flows with Redis, the jobs table otherwise.
   */
  waitForChildren: (children: { name: JobName; payload: unknown }[]) => Promise<never>;
};

/** A job spec (server/jobs) with its handler: what a runner executes. */
export interface JobDefinition<
  N extends string = string,
  S extends z.ZodType = z.ZodType,
  R = unknown,
> extends JobSpec<N, S> {
  run: (payload: z.output<S>, ctx: JobContext) => Promise<R>;
  /** After the last attempt failed (no retry left): what the product records of the failure. */
  onFailed?: (payload: z.output<S>, ctx: JobContext, error: Error) => Promise<void>;
}

/**
 * A job's handler, with its spec: `defineJob({ ...renderPdfSpec, run })`, or a whole definition in tests.
 * Handlers must be safe to run twice (a worker killed mid-job leaves the job to be retried), and are plain
 * functions so every runner executes them the same way.
 */
export function defineJob<N extends string, S extends z.ZodType, R>(def: {
  name: N;
  payload: S;
  maxAttempts?: number;
  timeoutMs?: number;
  backoffMs?: number;
  joinRunning?: boolean;
  lane?: JobLane;
  run: (payload: z.output<S>, ctx: JobContext) => Promise<R>;
  onFailed?: (payload: z.output<S>, ctx: JobContext, error: Error) => Promise<void>;
}): JobDefinition<N, S, R> {
  return { ...defineJobSpec(def), run: def.run, onFailed: def.onFailed };
}

/** Thrown by a handler for a failure retrying cannot fix (the job fails at once). */
export class PermanentJobError extends Error {}
