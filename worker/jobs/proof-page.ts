import { randomBytes } from 'node:crypto';
import { loadCatalogById, proofKey, renderPageProof, storageSources } from '../../server/catalogs/index.ts';
import { getEntitlements } from '../../server/billing/index.ts';
import { proofPageSpec } from '../../server/jobs/index.ts';
import { findKeptPictures } from '../../server/listings/index.ts';
import { unkeptPictureUrls, withKeptPictures } from '../../core/commands/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';

/**
 * A soft proof of one page (issue 28): the page as the export draws it (our kept copies of pictures, the trial
 * watermark), photographed, and converted through the print output profile (PRINT_ICC_PROFILE or FOGRA39).
 * Both pictures are stored (proofKey); GET /api/v1/jobs hands their addresses to the editor.
 */
export const proofPageJob = defineJob({
  ...proofPageSpec,
  run: async (payload, ctx) => {
    const { db, storage, config, browser, images } = ctx.deps;
    const loaded = await loadCatalogById({ db, catalogId: payload.catalogId });
    if (!loaded) throw new PermanentJobError('The catalog no longer exists.');
    const { row } = loaded;
    const pageIndex = loaded.catalog.pages.findIndex((p) => p.id === payload.pageId);
    if (pageIndex < 0) throw new PermanentJobError('The page no longer exists.');
    const kept = await findKeptPictures({
      db,
      ownerId: row.ownerId,
      urls: unkeptPictureUrls(loaded.catalog),
    });
    const { watermark } = await getEntitlements({ db, userId: row.ownerId });
    const proof = await renderPageProof({
      catalog: withKeptPictures(loaded.catalog, kept),
      pageIndex,
      profile: config.PRINT_ICC_PROFILE,
      jpegQuality: 80,
      watermark,
      browser,
      images,
      resolveSource: storageSources({
        storage,
        images,
        appUrl: config.appUrl,
        fetchOptions: ctx.deps.fetchOptions,
        signal: ctx.signal,
      }),
      workDir: config.dirs.tmp,
      signal: ctx.signal,
      timeoutMs: proofPageSpec.timeoutMs,
      log: (msg, err) => ctx.logger.warn({ err, catalogId: row.id }, msg),
    });
    await storage.put(proofKey(row.id, payload.pageId, 'proof'), proof.proof, { contentType: 'image/png' });
    await storage.put(proofKey(row.id, payload.pageId, 'rgb'), proof.rgb, { contentType: 'image/png' });
    return {
      catalogId: row.id,
      pageId: payload.pageId,
      version: randomBytes(4).toString('hex'),
      profile: proof.profile,
    };
  },
});
