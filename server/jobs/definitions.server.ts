import { z } from 'zod';
import { SYNC_KINDS } from '../../core/commands/index.ts';
import { PAGE_FORMAT_NAMES, type PageFormat } from '../../core/constants.ts';
import { defineJobSpec } from './spec.server.ts';

/**
 * Every job the product runs: name, payload and scheduling. The worker gives each its handler
 * (worker/jobs/<name>.ts); `runtime.jobs.enqueue('<name>', payload)` is type-checked against these.
 */

/** The whole catalog as one PDF (SPEC §4 'Rendering and download'). */
export const renderPdfSpec = defineJobSpec({
  name: 'render-pdf',
  payload: z.object({
    catalogId: z.string().uuid(),
    /** The page size chosen on the print preview; null: the catalog's, else the owner's setting (A4). */
    format: z
      .enum(PAGE_FORMAT_NAMES as [PageFormat, ...PageFormat[]])
      .nullable()
      .default(null),
    quality: z.enum(['print', 'screen']).default('print'),
    /** rgb: the screen PDF (the flipbook's download); pdfx: the print PDF, CMYK PDF/X-4 with bleed and marks. */
    output: z.enum(['rgb', 'pdfx']).default('rgb'),
  }),
  maxAttempts: 3,
  timeoutMs: 10 * 60_000,
  backoffMs: 2_000,
});

/** SPEC §4 'Product images compress in a queue': pictures of listings, or of a catalog and its page pictures. */
export const processImagesSpec = defineJobSpec({
  name: 'process-images',
  payload: z.discriminatedUnion('target', [
    /** Listings just imported or synced: compressed copies and thumbnails of their pictures. */
    z.object({
      target: z.literal('listings'),
      ownerId: z.string().uuid(),
      listingIds: z.array(z.string().uuid()).min(1).max(5_000),
    }),
    /**
     * A catalog: its products' pictures compressed for the cell they sit in, and (pages) each page as an image
     * and a thumbnail for the viewer and the editor's page list.
     */
    z.object({
      target: z.literal('catalog'),
      catalogId: z.string().uuid(),
      products: z.boolean().default(true),
      pages: z.boolean().default(true),
    }),
  ]),
  maxAttempts: 3,
  timeoutMs: 15 * 60_000,
  backoffMs: 5_000,
});

/** A full sync of one store account (server/stores/sync.server.ts). */
export const syncStoreSpec = defineJobSpec({
  name: 'sync-store',
  payload: z.object({ ownerId: z.string().uuid(), accountId: z.string().uuid() }),
  maxAttempts: 3,
  timeoutMs: 2 * 3600_000,
  backoffMs: 30_000,
  // It reads the store, which a second click cannot have changed: the click answers the running sync.
  joinRunning: true,
});

/** SPEC §4 'Synchronize' (server/catalogs/synchronize.server.ts): a product at a time, 700 ms apart. */
export const synchronizeCatalogSpec = defineJobSpec({
  name: 'synchronize-catalog',
  payload: z.object({
    ownerId: z.string().uuid(),
    catalogId: z.string().uuid(),
    kinds: z.array(z.enum(SYNC_KINDS)).min(1),
  }),
  maxAttempts: 2,
  timeoutMs: 60 * 60_000,
  backoffMs: 10_000,
});

/**
 * A wholesale order of a Shopify merchant as a draft order in their store (server/catalogs/draft-orders.server.ts):
 * retried when Shopify is away; the last failure is written on the order for the merchant to see.
 */
export const createDraftOrderSpec = defineJobSpec({
  name: 'create-draft-order',
  payload: z.object({ orderId: z.string().uuid() }),
  maxAttempts: 4,
  timeoutMs: 2 * 60_000,
  backoffMs: 5_000,
});

/**
 * The print preflight on demand (issue 28, server/catalogs/preflight.server.ts): the catalog laid out in
 * Chromium as its print export, measured; the report is the job's result.
 */
export const preflightCatalogSpec = defineJobSpec({
  name: 'preflight-catalog',
  payload: z.object({
    catalogId: z.string().uuid(),
    format: z
      .enum(PAGE_FORMAT_NAMES as [PageFormat, ...PageFormat[]])
      .nullable()
      .default(null),
  }),
  maxAttempts: 2,
  timeoutMs: 5 * 60_000,
  backoffMs: 2_000,
});

export const JOB_SPECS = [
  renderPdfSpec,
  preflightCatalogSpec,
  processImagesSpec,
  syncStoreSpec,
  synchronizeCatalogSpec,
  createDraftOrderSpec,
] as const;

export type AnyJobSpec = (typeof JOB_SPECS)[number];
export type JobName = AnyJobSpec['name'];
export type JobSpecOf<N extends JobName> = Extract<AnyJobSpec, { name: N }>;
/** What enqueue accepts for a job (the schema's input: defaults may be left out). */
export type JobPayloadInput<N extends JobName> = z.input<JobSpecOf<N>['payload']>;
/** What a handler gets (the schema's output). */
export type JobPayload<N extends JobName> = z.output<JobSpecOf<N>['payload']>;

export function jobSpec(name: string): AnyJobSpec | undefined {
  return JOB_SPECS.find((j) => j.name === name);
}
