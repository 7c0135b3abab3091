import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PageFormat } from '../core/constants.ts';
import type { Catalog } from '../core/model/index.ts';
import { ChromiumUnavailableError, createBrowserPool } from '../server/platform/index.ts';
import { createImageCache } from '../server/files/index.ts';
import {
  localSources,
  preflightCatalog,
  PrintToolError,
  renderCatalogPdf,
  type PdfQuality,
  type PrintFinish,
} from '../server/catalogs/index.ts';
import type { PreflightReport } from '../core/preflight/index.ts';
import { CliError } from './errors.ts';

/** Prepared pictures are kept between runs, like the worker's cache. */
const CACHE_DIR = path.join(os.tmpdir(), 'catalog-builder-cli-images');

/**
 * A catalog file printed to PDF by the worker's pipeline (same fonts, same 300 dpi picture preparation, same
 * Chromium). Pictures are the document's relative paths (next to the catalog file), data: URLs or http(s)
 * addresses (fetched through the SSRF guard). The file appears only once complete.
 */
export async function writeCatalogPdf(opts: {
  catalog: Catalog;
  catalogFile: string;
  outFile: string;
  format: PageFormat;
  quality: PdfQuality;
  watermark: boolean;
  /** Print finishing after Chromium (bleed, marks, PDF/X); none: Chromium's PDF as it is. */
  finish?: PrintFinish;
}): Promise<{ pages: number; missing: number }> {
  const browser = createBrowserPool();
  const images = createImageCache(CACHE_DIR);
  const tmp = `${opts.outFile}.${process.pid}.partial`;
  await mkdir(path.dirname(path.resolve(opts.outFile)), { recursive: true });
  try {
    const report = await renderCatalogPdf({
      catalog: opts.catalog,
      format: opts.format,
      quality: opts.quality,
      jpegQuality: 80,
      watermark: opts.watermark,
      browser,
      images,
      resolveSource: localSources({ baseDir: path.dirname(path.resolve(opts.catalogFile)), images }),
      write: (pdf) => pipeline(pdf, createWriteStream(tmp)),
      finish: opts.finish,
    });
    await rename(tmp, opts.outFile);
    return { pages: report.pages, missing: report.images.missing };
  } catch (error) {
    if (error instanceof ChromiumUnavailableError || error instanceof PrintToolError)
      throw new CliError(`catalog render: ${error.message}`);
    throw error;
  } finally {
    await rm(tmp, { force: true });
    await browser.close();
  }
}

/**
 * A catalog file checked for print (issue 28 preflight): laid out by the same pipeline as `render --out x.pdf`
 * with the catalog's print bleed, pictures read for their pixel size (relative paths next to the catalog file,
 * data: or http(s) URLs through the SSRF guard), then measured. No store to compare products with here.
 */
export async function preflightCatalogFile(opts: {
  catalog: Catalog;
  catalogFile: string;
  format: PageFormat;
}): Promise<PreflightReport & { pages: number }> {
  const browser = createBrowserPool();
  const images = createImageCache(CACHE_DIR);
  try {
    return await preflightCatalog({
      catalog: opts.catalog,
      format: opts.format,
      quality: 'print',
      jpegQuality: 80,
      watermark: false,
      browser,
      images,
      resolveSource: localSources({ baseDir: path.dirname(path.resolve(opts.catalogFile)), images }),
    });
  } catch (error) {
    if (error instanceof ChromiumUnavailableError) throw new CliError(`catalog preflight: ${error.message}`);
    throw error;
  } finally {
    await browser.close();
  }
}
