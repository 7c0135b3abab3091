import type { z } from 'zod';
import { processImagesJob } from './process-images.ts';
import { renderPdfJob } from './render-pdf.ts';
import { syncStoreJob } from './sync-store.ts';
import { synchronizeCatalogJob } from './synchronize-catalog.ts';

/**
 * Every job the product runs, one file each in this folder. To add one: write worker/jobs/<name>.ts with
 * defineJob (worker/define.ts) and list it here; enqueueing it is then type-checked by name
 * (runtime.jobs.enqueue('<name>', payload)).
 */
export const JOBS = [renderPdfJob, processImagesJob, syncStoreJob, synchronizeCatalogJob] as const;

export type AnyJob = (typeof JOBS)[number];
export type JobName = AnyJob['name'];
export type JobOf<N extends JobName> = Extract<AnyJob, { name: N }>;
/** What enqueue accepts for a job (the schema's input: defaults may be left out). */
export type JobPayloadInput<N extends JobName> = z.input<JobOf<N>['payload']>;

export function jobDefinition(name: string): AnyJob | undefined {
  return JOBS.find((j) => j.name === name);
}
