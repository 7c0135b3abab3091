// Background jobs, the producer's side (DESIGN §7): the specs every process enqueues by, the queue, and the
// jobs table the API reads. Handlers live in worker/jobs.
export {
  addBullJob,
  BULL_QUEUE_NAME,
  bullQueueName,
  createBullQueue,
  obliterateBullQueues,
} from './bullmq-queue.server.ts';
export type { BullJobData } from './bullmq-queue.server.ts';
export {
  createDraftOrderSpec,
  JOB_SCHEDULES,
  JOB_SPECS,
  jobSpec,
  preflightCatalogSpec,
  processImagesSpec,
  proofPageSpec,
  purgeFilesSpec,
  renderPdfPartSpec,
  renderPdfSpec,
  synchronizeCatalogSpec,
  syncDueStoresSpec,
  syncProductsSpec,
  syncStoreSpec,
} from './definitions.server.ts';
export type { JobName, JobPayload, JobPayloadInput, ScheduleSettings } from './definitions.server.ts';
export { createJobQueue } from './queue.server.ts';
export type { EnqueueOptions, JobQueue } from './queue.server.ts';
export { defineJobSpec, JOB_LANES, retryDelayMs } from './spec.server.ts';
export type { JobLane, JobSpec } from './spec.server.ts';
export {
  claimJob,
  extendLease,
  failParent,
  findJob,
  FINISHED_JOB_RETENTION_DAYS,
  insertJobRow,
  listChildren,
  markActive,
  markAttemptFailed,
  markComplete,
  markFailedIfUnfinished,
  markProgress,
  pruneJobs,
  releaseJob,
  releaseJobs,
  resumeParent,
  spawnChildJobs,
  viewJob,
} from './state.server.ts';
export type { JobRow, JobState, JobView } from './state.server.ts';
