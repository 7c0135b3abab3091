import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import type { JobQueue, JobView } from '../jobs/index.ts';

/** The process-images payload's limit on listings per job. */
export const LISTINGS_PER_IMAGE_JOB = 5_000;

/** A listing with a picture that has no compressed copy yet: its main picture or any of its images. */
const NEEDS_PROCESSING = sql`(
  ((${listings.document}->>'main_image') is not null and (${listings.document}->>'compressed_image') is null)
  or exists (
    select 1 from jsonb_array_elements(coalesce(${listings.document}->'images', '[]'::jsonb)) as img
    where img->>'compressed' is null and not coalesce((img->>'hide')::boolean, false)
  )
)`;

/**
 * SPEC §4 'Product images compress in a queue': after listings are imported, created, given pictures or
 * synced, their pictures are fetched, converted and compressed in the background (worker/jobs/process-images).
 * Only listings with an unprocessed picture are queued; the job is content-addressed, so queueing twice is cheap.
 */
export async function queueListingImages(opts: {
  db: Db;
  jobs: JobQueue;
  ownerId: string;
  listingIds?: readonly string[];
  accountId?: string;
}): Promise<JobView[]> {
  const scope: SQL[] = [eq(listings.ownerId, opts.ownerId), NEEDS_PROCESSING];
  if (opts.listingIds) {
    if (opts.listingIds.length === 0) return [];
    scope.push(inArray(listings.id, [...opts.listingIds]));
  }
  if (opts.accountId) scope.push(eq(listings.accountId, opts.accountId));
  const rows = await opts.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(...scope));
  const queued: JobView[] = [];
  for (let i = 0; i < rows.length; i += LISTINGS_PER_IMAGE_JOB) {
    const listingIds = rows.slice(i, i + LISTINGS_PER_IMAGE_JOB).map((r) => r.id);
    queued.push(
      await opts.jobs.enqueue(
        'process-images',
        { target: 'listings', ownerId: opts.ownerId, listingIds },
        { ownerId: opts.ownerId },
      ),
    );
  }
  return queued;
}

/**
 * A saved catalog's product pictures compressed for the cells they sit in (SPEC §9 sizing base). One pending
 * job per catalog: saves made while it waits join it.
 */
export function queueCatalogImages(opts: {
  jobs: JobQueue;
  ownerId: string;
  catalogId: string;
}): Promise<JobView> {
  return opts.jobs.enqueue(
    'process-images',
    { target: 'catalog', catalogId: opts.catalogId, products: true, pages: false },
    { ownerId: opts.ownerId, dedupeKey: `process-images:catalog:${opts.catalogId}` },
  );
}
