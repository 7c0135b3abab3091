import type { JobName } from '../../server/jobs/index.ts';
import { createDraftOrderJob } from './create-draft-order.ts';
import { preflightCatalogJob } from './preflight-catalog.ts';
import { processImagesJob } from './process-images.ts';
import { proofPageJob } from './proof-page.ts';
import { purgeFilesJob } from './purge-files.ts';
import { renderPdfJob } from './render-pdf.ts';
import { renderPdfPartJob } from './render-pdf-part.ts';
import { syncDueStoresJob } from './sync-due-stores.ts';
import { syncProductsJob } from './sync-products.ts';
import { syncStoreJob } from './sync-store.ts';
import { synchronizeCatalogJob } from './synchronize-catalog.ts';

/**
 * The handler of every job of server/jobs, one file each in this folder. To add a job: its spec in
 * server/jobs/definitions.server.ts, its handler in worker/jobs/<name>.ts (`defineJob({ ...spec, run })`), listed
 * here.
 */
export const JOBS = [
  renderPdfJob,
  preflightCatalogJob,
  proofPageJob,
  renderPdfPartJob,
  processImagesJob,
  syncStoreJob,
  syncProductsJob,
  syncDueStoresJob,
  synchronizeCatalogJob,
  createDraftOrderJob,
  purgeFilesJob,
] as const;

/** A spec without a handler here does not compile: its name is left in `Unhandled`. */
type Unhandled = Exclude<JobName, (typeof JOBS)[number]['name']>;
export const EVERY_JOB_HANDLED: [Unhandled] extends [never] ? true : Unhandled = true;
