import { Queue } from 'bullmq';
import { JOB_LANES, retryDelayMs, type JobLane, type JobSpec } from './spec.server.ts';

/**
 * The producer side of BullMQ (with REDIS_URL): jobs recorded in the jobs table are added here, and the worker's
 * BullMQ runner (worker/bullmq.ts) takes them.
 */

/** The queue of the default lane (renders, pictures, orders); each other lane has its own (see JobSpec.lane). */
export const BULL_QUEUE_NAME = 'catalog-builder-jobs';

/** The BullMQ queue of a lane: the job's name picks the handler. */
export function bullQueueName(lane: JobLane): string {
  return lane === 'default' ? BULL_QUEUE_NAME : `${BULL_QUEUE_NAME}-${lane}`;
}

export type BullJobData = { payload: unknown; maxAttempts: number };

export function createBullQueue(opts: {
  redisUrl: string;
  prefix?: string;
  lane?: JobLane;
}): Queue<BullJobData> {
  return new Queue<BullJobData>(bullQueueName(opts.lane ?? 'default'), {
    connection: { url: opts.redisUrl, maxRetriesPerRequest: null },
    prefix: opts.prefix,
  });
}

/** Remove every lane's queue under a prefix (tests clean up after themselves). */
export async function obliterateBullQueues(opts: { redisUrl: string; prefix?: string }): Promise<void> {
  for (const lane of JOB_LANES) {
    const q = createBullQueue({ ...opts, lane });
    await q.obliterate({ force: true });
    await q.close();
  }
}

/**
 * Add a job already recorded in the jobs table; BullMQ's job id is the row id, so adding twice is a no-op. A
 * child of a flow names its parent (BullMQ runs the parent again once its children are complete, and fails it
 * when one fails for good).
 */
export async function addBullJob(opts: {
  queue: Queue<BullJobData>;
  def: JobSpec;
  jobId: string;
  payload: unknown;
  delayMs?: number;
  parent?: { id: string; queue: string };
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
      ...(opts.parent ? { parent: opts.parent, failParentOnFailure: true } : {}),
    },
  );
}
