import { processImagesSpec } from '../../server/jobs/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';
import { processCatalogImages, processListingImages, type ImageRunResult } from '../images/tasks.ts';

/**
 * SPEC §4 'Product images compress in a queue': each picture is fetched (SSRF-guarded, size and pixel limits),
 * converted to JPEG, compressed to the sizing base and thumbnailed, and compressed_image is set. A picture that
 * fails is logged and left out (SPEC §8 'Image conversion failure'): the job goes on with the next one.
 */
export const processImagesJob = defineJob({
  ...processImagesSpec,
  run: async (payload, ctx): Promise<ImageRunResult> => {
    if (payload.target === 'listings') return processListingImages({ ...payload, ctx });
    const result = await processCatalogImages({ ...payload, ctx });
    if (!result) throw new PermanentJobError('The catalog no longer exists.');
    return result;
  },
});
