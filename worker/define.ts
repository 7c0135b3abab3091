import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Config } from '../app/services/config.server.ts';
import type { Logger } from '../app/services/logger.server.ts';
import type { Storage } from '../app/services/storage.server.ts';
import type { BrowserPool } from './chromium.ts';
import type { ImageCache } from './images/cache.ts';
import type { SafeFetchOptions } from './images/fetch.ts';
import type { JobQueue } from './queue.ts';

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
   * may lengthen the download deadline. See worker/images/fetch.ts.
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
};

export type JobDefinition<N extends string = string, S extends z.ZodType = z.ZodType, R = unknown> = {
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
  run: (payload: z.output<S>, ctx: JobContext) => Promise<R>;
  /** After the last attempt failed (no retry left): what the product records of the failure. */
  onFailed?: (payload: z.output<S>, ctx: JobContext, error: Error) => Promise<void>;
};

/**
 * One job: a name, a payload schema and a handler. Handlers must be safe to run twice (a worker killed
 * mid-job leaves the job to be retried), and are plain functions so every runner executes them the same way.
 */
export function defineJob<N extends string, S extends z.ZodType, R>(def: {
  name: N;
  payload: S;
  maxAttempts?: number;
  timeoutMs?: number;
  backoffMs?: number;
  joinRunning?: boolean;
  run: (payload: z.output<S>, ctx: JobContext) => Promise<R>;
  onFailed?: (payload: z.output<S>, ctx: JobContext, error: Error) => Promise<void>;
}): JobDefinition<N, S, R> {
  return {
    maxAttempts: 3,
    timeoutMs: 5 * 60_000,
    backoffMs: 2_000,
    joinRunning: false,
    ...def,
  };
}

/** Thrown by a handler for a failure retrying cannot fix (the job fails at once). */
export class PermanentJobError extends Error {}
