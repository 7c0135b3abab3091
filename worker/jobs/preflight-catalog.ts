import {
  loadCatalogById,
  preflightCatalog,
  storageSources,
  type CatalogPreflight,
} from '../../server/catalogs/index.ts';
import { preflightCatalogSpec } from '../../server/jobs/index.ts';
import { findKeptPictures } from '../../server/listings/index.ts';
import { unkeptPictureUrls, withKeptPictures } from '../../core/commands/index.ts';
import { defineJob, PermanentJobError } from '../define.ts';

/**
 * The print preflight on demand (issue 28): the catalog laid out as its print export lays it out (our kept
 * copies of pictures, the print bleed), measured, and its products compared with their listings. The report is
 * the job's result; GET /api/v1/jobs hands it to the editor.
 */
export const preflightCatalogJob = defineJob({
  ...preflightCatalogSpec,
  run: async (payload, ctx): Promise<CatalogPreflight> => {
    const { db, storage, config, browser, images } = ctx.deps;
    const loaded = await loadCatalogById({ db, catalogId: payload.catalogId });
    if (!loaded) throw new PermanentJobError('The catalog no longer exists.');
    const { row } = loaded;
    const kept = await findKeptPictures({
      db,
      ownerId: row.ownerId,
      urls: unkeptPictureUrls(loaded.catalog),
    });
    const report = await preflightCatalog({
      catalog: withKeptPictures(loaded.catalog, kept),
      compareWith: loaded.catalog,
      db,
      ownerId: row.ownerId,
      format: payload.format,
      quality: 'print',
      jpegQuality: 80,
      watermark: false,
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
      onProgress: ctx.progress,
      signal: ctx.signal,
      timeoutMs: preflightCatalogSpec.timeoutMs,
      log: (msg, err) => ctx.logger.warn({ err, catalogId: row.id }, msg),
    });
    ctx.logger.info(
      { catalogId: row.id, errors: report.errors, warnings: report.warnings },
      'preflight done',
    );
    return { catalogId: row.id, ...report };
  },
});
