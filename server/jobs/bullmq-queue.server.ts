import { Queue } from 'bullmq';
import { retryDelayMs, type JobSpec } from './spec.server.ts';

/**
 * The producer side of BullMQ (with REDIS_URL): jobs recorded in the jobs table are added here, and the worker's
 * BullMQ runner (worker/bullmq.ts) takes them.
 */

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
  def: JobSpec;
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
