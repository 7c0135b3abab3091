// Background jobs, the producer's side (DESIGN §7): the specs every process enqueues by, the queue, and the
// jobs table the API reads. Handlers live in worker/jobs.
export { addBullJob, BULL_QUEUE_NAME, createBullQueue } from './bullmq-queue.server.ts';
export type { BullJobData } from './bullmq-queue.server.ts';
export {
  createDraftOrderSpec,
  JOB_SPECS,
  jobSpec,
  preflightCatalogSpec,
  processImagesSpec,
  renderPdfSpec,
  synchronizeCatalogSpec,
  syncStoreSpec,
} from './definitions.server.ts';
export type { JobName, JobPayload, JobPayloadInput } from './definitions.server.ts';
export { createJobQueue } from './queue.server.ts';
export type { EnqueueOptions, JobQueue } from './queue.server.ts';
export { defineJobSpec, retryDelayMs } from './spec.server.ts';
export type { JobSpec } from './spec.server.ts';
export {
  claimJob,
  extendLease,
  findJob,
  FINISHED_JOB_RETENTION_DAYS,
  insertJobRow,
  markActive,
  markAttemptFailed,
  markComplete,
  markFailedIfUnfinished,
  markProgress,
  pruneJobs,
  releaseJob,
  releaseJobs,
  viewJob,
} from './state.server.ts';
export type { JobRow, JobState, JobView } from './state.server.ts';
