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

/**
 * One part of a long export (more than PDF_SPLIT_PAGES pages): pages [from, to) of the catalog as the export
 * laid it out (its snapshot in storage), printed to their own PDF in storage. The export (its parent) merges the
 * parts in order once all are done; a part that fails is retried alone.
 */
export const renderPdfPartSpec = defineJobSpec({
  name: 'render-pdf-part',
  payload: z.object({
    /** The part's place in the document, from 0. */
    index: z.number().int().min(0).max(10_000),
    catalogId: z.string().uuid(),
    /** The storage key of the laid-out catalog every part prints from. */
    snapshotKey: z.string().min(1).max(500),
    /** Where the part's PDF goes. */
    partKey: z.string().min(1).max(500),
    from: z.number().int().min(0),
    to: z.number().int().min(1),
    format: z.enum(PAGE_FORMAT_NAMES as [PageFormat, ...PageFormat[]]),
    quality: z.enum(['print', 'screen']),
    jpegQuality: z.number().int().min(1).max(100),
    watermark: z.boolean(),
    /** Print output (pdfx): pages drawn with this much bleed, mm; the export finishes the merged file. */
    bleedMm: z.number().min(0).max(50).default(0),
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

/**
 * A sync of one store account (server/stores/sync.server.ts): full, or with `since` only the products changed
 * since then (the scheduled sync, where the platform filters by modification date).
 */
export const syncStoreSpec = defineJobSpec({
  name: 'sync-store',
  payload: z.object({
    ownerId: z.string().uuid(),
    accountId: z.string().uuid(),
    since: z.string().datetime().nullable().default(null),
  }),
  maxAttempts: 3,
  timeoutMs: 2 * 3600_000,
  backoffMs: 30_000,
  // It reads the store, which a second click cannot have changed: the click answers the running sync.
  joinRunning: true,
  // One per store at a time (its dedupe key), in a lane of their own.
  lane: 'sync',
});

/** The products a store's webhook named, read again (server/stores/webhooks.server.ts); idempotent. */
export const syncProductsSpec = defineJobSpec({
  name: 'sync-products',
  payload: z.object({
    ownerId: z.string().uuid(),
    accountId: z.string().uuid(),
    productIds: z.array(z.string().min(1).max(200)).min(1).max(100),
  }),
  maxAttempts: 5,
  timeoutMs: 5 * 60_000,
  backoffMs: 30_000,
});

/**
 * Finds the stores whose last sync is older than STORE_SYNC_INTERVAL_MINUTES and queues a sync of each
 * (server/stores/schedule.server.ts). Run on the schedule below by every worker; cheap and idempotent.
 */
export const syncDueStoresSpec = defineJobSpec({
  name: 'sync-due-stores',
  payload: z.object({}),
  maxAttempts: 1,
  timeoutMs: 5 * 60_000,
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

/**
 * A soft proof of one page (issue 28, server/catalogs/pdf/soft-proof.server.ts): the page photographed in
 * Chromium and converted through the print output profile; the pictures are stored, their version is the result.
 */
export const proofPageSpec = defineJobSpec({
  name: 'proof-page',
  payload: z.object({ catalogId: z.string().uuid(), pageId: z.string().min(1).max(200) }),
  maxAttempts: 2,
  timeoutMs: 2 * 60_000,
  backoffMs: 2_000,
});

/**
 * Files nobody may see any more (a deleted catalog's PDF and page pictures, a deleted account's pictures):
 * removed from storage in the background, retried while the store is away. `keep` names files under those
 * folders that something else still shows (a catalog copied from a template keeps its pictures).
 */
export const purgeFilesSpec = defineJobSpec({
  name: 'purge-files',
  payload: z.object({
    prefixes: z
      .array(
        z
          .string()
          .max(500)
          .regex(/^[A-Za-z0-9][A-Za-z0-9/_.@-]*\/$/),
      )
      .min(1)
      .max(10_000),
    keep: z.array(z.string().max(500)).max(100_000).default([]),
  }),
  maxAttempts: 5,
  timeoutMs: 30 * 60_000,
  backoffMs: 10_000,
});

export const JOB_SPECS = [
  renderPdfSpec,
  preflightCatalogSpec,
  proofPageSpec,
  renderPdfPartSpec,
  processImagesSpec,
  syncStoreSpec,
  syncProductsSpec,
  syncDueStoresSpec,
  synchronizeCatalogSpec,
  createDraftOrderSpec,
  purgeFilesSpec,
] as const;

/** What a schedule may read of the configuration (jobs comes first in DESIGN §3's order: no Config type here). */
export type ScheduleSettings = { STORE_SYNC_INTERVAL_MINUTES: number };

/**
 * Jobs the worker queues by itself, every `everyMs` (null: off with these settings). Each worker process keeps
 * the schedule; the dedupe key keeps one pending at a time, and the jobs are idempotent.
 */
export const JOB_SCHEDULES: readonly {
  job: 'sync-due-stores';
  everyMs: (settings: ScheduleSettings) => number | null;
}[] = [
  {
    job: 'sync-due-stores',
    // Looked at every 5 minutes (or the interval, when shorter); each store is synced once per interval.
    everyMs: (s) =>
      s.STORE_SYNC_INTERVAL_MINUTES > 0 ? Math.min(5, s.STORE_SYNC_INTERVAL_MINUTES) * 60_000 : null,
  },
];

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
