import { z } from 'zod';
import { defineJob, PermanentJobError } from '../define.ts';
import { processCatalogImages, processListingImages, type ImageRunResult } from '../images/tasks.ts';

export const ProcessImagesPayload = z.discriminatedUnion('target', [
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
]);

/**
 * SPEC §4 'Product images compress in a queue': each picture is fetched (SSRF-guarded, size and pixel limits),
 * converted to JPEG, compressed to the sizing base and thumbnailed, and compressed_image is set. A picture that
 * fails is logged and left out (SPEC §8 'Image conversion failure'): the job goes on with the next one.
 */
export const processImagesJob = defineJob({
  name: 'process-images',
  payload: ProcessImagesPayload,
  maxAttempts: 3,
  timeoutMs: 15 * 60_000,
  backoffMs: 5_000,
  run: async (payload, ctx): Promise<ImageRunResult> => {
    if (payload.target === 'listings') return processListingImages({ ...payload, ctx });
    const result = await processCatalogImages({ ...payload, ctx });
    if (!result) throw new PermanentJobError('The catalog no longer exists.');
    return result;
  },
});
