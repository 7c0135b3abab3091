import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadCatalogById, layoutCatalog, storageSources } from '../../server/catalogs/index.ts';
import {
  FILE_TYPES,
  fileKey,
  compressionTarget,
  jpegQuality,
  readSourceImage,
  storeCompressedImage,
  storeKeptImage,
  type StoredImage,
} from '../../server/files/index.ts';
import {
  findKeptPictures,
  getListingsByIds,
  recordProcessedPictures,
  type KeptPicture,
  type ProcessedPicture,
} from '../../server/listings/index.ts';
import { getEntitlements } from '../../server/billing/index.ts';
import { BOOKLET_PAGE_THUMBNAIL, PAGE_THUMBNAIL } from '../../core/constants.ts';
import { isProductElement, type Catalog, type Page, type Product } from '../../core/model/index.ts';
import { resolveFormat } from '../../core/render/index.ts';
import { catalogPages } from '../../db/schema.ts';
import type { JobContext } from '../define.ts';
import { loadUserSettings } from '../../server/accounts/index.ts';
import { mapLimit } from '../../server/platform/index.ts';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

export type ImageRunResult = {
  processed: number;
  failed: { url: string; error: string }[];
  pages?: number;
};

async function ownerQuality(ctx: JobContext, ownerId: string): Promise<number> {
  const { settings } = await loadUserSettings(ctx.deps.db, ownerId);
  return jpegQuality(settings.image_quality);
}

/** One picture, once per run; a failure is logged and answers null (the item leaves the queue). */
function imageProcessor(ctx: JobContext, ownerId: string, quality: number, result: ImageRunResult) {
  const seen = new Map<string, Promise<StoredImage | null>>();
  return (url: string, target: { width: number; height: number }) => {
    const key = `${url}|${target.width}x${target.height}`;
    let p = seen.get(key);
    if (!p) {
      p = (async () => {
        ctx.signal.throwIfAborted();
        try {
          const source = await readSourceImage({
            url,
            storage: ctx.deps.storage,
            appUrl: ctx.deps.config.appUrl,
            fetchOptions: { ...ctx.deps.fetchOptions, signal: ctx.signal },
          });
          const stored = await storeCompressedImage({
            source,
            target,
            quality,
            folder: `img/${ownerId}`,
            storage: ctx.deps.storage,
          });
          result.processed++;
          return stored;
        } catch (err) {
          if (ctx.signal.aborted) throw err;
          const error = (err as Error).message;
          ctx.logger.warn({ url, err }, 'image conversion failed; skipped');
          result.failed.push({ url, error });
          return null;
        }
      })();
      seen.set(key, p);
    }
    return p;
  };
}

/**
 * Compressed copies and thumbnails for a product's pictures; its main one becomes compressed_image. Each is made
 * from our kept copy of the picture when there is one (the product's own, else its listing's by the store's
 * address): the store is asked only for a picture we never kept.
 */
async function compressProduct(
  product: Pick<Product, 'main_image' | 'images' | 'compressed_image' | 'thumbnail_image'>,
  target: { width: number; height: number },
  process: ReturnType<typeof imageProcessor>,
  kept: ReadonlyMap<string, KeptPicture> = new Map(),
) {
  const main = product.main_image ?? product.images.find((i) => !i.hide)?.original ?? null;
  const keptOf = (url: string) =>
    product.images.find((i) => i.original === url)?.kept ?? kept.get(url)?.kept ?? null;
  const images = await Promise.all(
    product.images.map(async (img) => {
      const copy = img.kept ?? kept.get(img.original)?.kept ?? null;
      const stored = await process(copy ?? img.original, target);
      const withCopy = copy ? { ...img, kept: copy } : img;
      return stored ? { ...withCopy, compressed: stored.compressed, thumbnail: stored.thumbnail } : withCopy;
    }),
  );
  const mainStored = main ? await process(keptOf(main) ?? main, target) : null;
  return {
    images,
    compressed_image: mainStored?.compressed ?? product.compressed_image,
    thumbnail_image: mainStored?.thumbnail ?? product.thumbnail_image,
  };
}

/**
 * A listing's pictures, each fetched once and kept in our storage (storeKeptImage: the largest print size), with
 * the compressed copy and thumbnail the panel and the editor show. Pictures already kept are not fetched again;
 * one that cannot be fetched is recorded on the listing (picture_problems) for the panel to flag and retry.
 */
export async function processListingImages(opts: {
  ownerId: string;
  listingIds: string[];
  ctx: JobContext;
}): Promise<ImageRunResult> {
  const { ctx } = opts;
  const { storage } = ctx.deps;
  const result: ImageRunResult = { processed: 0, failed: [] };
  const quality = await ownerQuality(ctx, opts.ownerId);
  const listings = await getListingsByIds({
    db: ctx.deps.db,
    ownerId: opts.ownerId,
    listingIds: opts.listingIds,
  });
  // A picture several listings name is fetched once in a run.
  const runs = new Map<string, Promise<ProcessedPicture | Error>>();
  const keep = (url: string) => {
    let p = runs.get(url);
    if (!p) {
      p = (async () => {
        ctx.signal.throwIfAborted();
        try {
          const source = await readSourceImage({
            url,
            storage,
            appUrl: ctx.deps.config.appUrl,
            fetchOptions: { ...ctx.deps.fetchOptions, signal: ctx.signal },
          });
          const kept = await storeKeptImage({ source, storage });
          const stored = await storeCompressedImage({
            source,
            folder: `img/${opts.ownerId}`,
            target: compressionTarget(null),
            quality,
            storage,
          });
          result.processed++;
          return { ...stored, kept };
        } catch (err) {
          if (ctx.signal.aborted) throw err;
          ctx.logger.warn({ url, err }, 'picture could not be kept; flagged on the listing');
          result.failed.push({ url, error: (err as Error).message });
          return err as Error;
        }
      })();
      runs.set(url, p);
    }
    return p;
  };
  let done = 0;
  ctx.progress(0, listings.length);
  await mapLimit(listings, 2, async (listing) => {
    const main = listing.main_image ?? listing.images.find((i) => !i.hide)?.original ?? null;
    const urls = new Set(
      [listing.main_image, ...listing.images.map((i) => i.original)].filter((u): u is string => !!u),
    );
    const pictures = new Map<string, ProcessedPicture>();
    const failed = new Map<string, string>();
    for (const url of urls) {
      const img = listing.images.find((i) => i.original === url);
      const ready = img?.kept && img.compressed && img.thumbnail;
      if (ready && (url !== main || listing.compressed_image)) continue;
      const outcome = await keep(url);
      if (outcome instanceof Error) failed.set(url, outcome.message);
      else pictures.set(url, outcome);
    }
    // Merged into the listing as it is by then: the merchant may have edited its pictures meanwhile.
    await recordProcessedPictures({
      db: ctx.deps.db,
      ownerId: opts.ownerId,
      listingId: listing.id!,
      pictures,
      failed,
    });
    ctx.progress(++done, listings.length);
  });
  return result;
}

/** The cell a product sits in, as fractions of the page (flow pages: one column of the page). */
function cellOf(page: Page, index: number): { width: number; height: number } | null {
  if (page.kind === 'flow') return { width: 1 / Math.max(1, page.columns), height: 1 / 3 };
  const cell = page.layout.cells[index];
  return cell ? { width: cell.width, height: cell.height } : null;
}

/**
 * Derived data is written into a page only if nobody saved the page meanwhile (its updated_at is unchanged), so
 * the worker never overwrites a merchant's edit; the catalog's revision is not bumped for derived data.
 */
async function writePage(ctx: JobContext, catalogId: string, page: Page, updatedAt: Date): Promise<boolean> {
  const rows = await ctx.deps.db
    .update(catalogPages)
    .set({ document: page })
    .where(
      and(
        eq(catalogPages.catalogId, catalogId),
        eq(catalogPages.id, page.id),
        // The stamp was read into a JS Date (milliseconds); PostgreSQL keeps microseconds (now() of an insert).
        sql`date_trunc('milliseconds', ${catalogPages.updatedAt}) = ${updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: catalogPages.id });
  return rows.length > 0;
}

export async function processCatalogImages(opts: {
  catalogId: string;
  products: boolean;
  pages: boolean;
  ctx: JobContext;
}): Promise<ImageRunResult | null> {
  const { ctx } = opts;
  const { db } = ctx.deps;
  const loaded = await loadCatalogById({ db, catalogId: opts.catalogId });
  if (!loaded) return null;
  const result: ImageRunResult = { processed: 0, failed: [] };
  const quality = await ownerQuality(ctx, loaded.row.ownerId);
  const process = imageProcessor(ctx, loaded.row.ownerId, quality, result);
  const stamps = new Map(
    (
      await db
        .select({ id: catalogPages.id, updatedAt: catalogPages.updatedAt })
        .from(catalogPages)
        .where(eq(catalogPages.catalogId, opts.catalogId))
    ).map((r) => [r.id, r.updatedAt]),
  );
  let catalog = loaded.catalog;
  const total = (opts.products ? catalog.pages.length : 0) + (opts.pages ? catalog.pages.length : 0);
  let done = 0;
  ctx.progress(0, total);

  if (opts.products) {
    // Products placed before their pictures were kept name only the store's addresses: their listings' copies.
    const kept = await findKeptPictures({
      db,
      ownerId: loaded.row.ownerId,
      urls: catalog.pages.flatMap((p) =>
        p.elements.flatMap((el) =>
          isProductElement(el) ? el.properties.images.filter((i) => !i.kept).map((i) => i.original) : [],
        ),
      ),
    });
    const pages = await mapLimit(catalog.pages, 1, async (page) => {
      const elements = await Promise.all(
        page.elements.map(async (el, i) => {
          if (!isProductElement(el)) return el;
          const target = compressionTarget(cellOf(page, i));
          const changes = await compressProduct(el.properties, target, process, kept);
          return { ...el, properties: { ...el.properties, ...changes } };
        }),
      );
      const next = { ...page, elements };
      const stamp = stamps.get(page.id);
      if (stamp && JSON.stringify(next) !== JSON.stringify(page)) {
        // updated_at is left as it was: only a merchant's save moves it.
        await writePage(ctx, opts.catalogId, next, stamp);
      }
      ctx.progress(++done, total);
      return next;
    });
    catalog = { ...catalog, pages };
  }

  if (opts.pages) {
    // Trial accounts get the watermark on rendered pages (SPEC §1), page images included.
    const { watermark } = await getEntitlements({ db, userId: loaded.row.ownerId });
    result.pages = await renderPageImages({
      watermark,
      ctx,
      catalog,
      quality,
      stamps,
      onPage: () => ctx.progress(++done, total),
    });
  }
  return result;
}

/** Page images for the viewer (1.5× the CSS size) and thumbnails (SPEC §9: 96×132, 198×144 for booklets). */
async function renderPageImages(opts: {
  ctx: JobContext;
  catalog: Catalog;
  quality: number;
  watermark: boolean;
  stamps: Map<string, Date>;
  onPage: () => void;
}): Promise<number> {
  const { ctx, catalog } = opts;
  const { storage, browser, images, config } = ctx.deps;
  const format = resolveFormat(catalog, null);
  const thumb = format === 'Letter_booklet' ? BOOKLET_PAGE_THUMBNAIL : PAGE_THUMBNAIL;
  const dir = path.join(config.dirs.tmp, `cb-pages-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    return await browser.withPage(
      async (page) => {
        await page.setViewport({ width: 1200, height: 1000, deviceScaleFactor: 1.5 });
        await layoutCatalog(
          page,
          {
            catalog,
            format,
            // Print quality: the pictures prepared for these page images are the ones the PDF export then
            // finds in the cache, so exporting a catalog whose pictures were processed skips that work.
            quality: 'print',
            jpegQuality: opts.quality,
            watermark: opts.watermark,
            browser,
            images,
            resolveSource: storageSources({
              storage,
              images,
              appUrl: config.appUrl,
              fetchOptions: ctx.deps.fetchOptions,
              signal: ctx.signal,
            }),
            signal: ctx.signal,
          },
          dir,
        );
        const handles = await page.$$('.cb-page');
        let written = 0;
        for (let i = 0; i < handles.length && i < catalog.pages.length; i++) {
          ctx.signal.throwIfAborted();
          const shot = Buffer.from(await handles[i]!.screenshot({ type: 'jpeg', quality: 80 }));
          const hash = createHash('sha256').update(shot).digest('hex').slice(0, 16);
          const p = catalog.pages[i]!;
          const imageKey = fileKey(`pages/${catalog._id}/${p.id}-${hash}`, FILE_TYPES.jpeg);
          const thumbKey = fileKey(`pages/${catalog._id}/${p.id}-${hash}-thumb`, FILE_TYPES.jpeg);
          await storage.put(imageKey, shot, { contentType: FILE_TYPES.jpeg.mimeType });
          const small = await sharp(shot)
            .resize({ width: thumb.width, height: thumb.height, fit: 'contain', background: '#ffffff' })
            .jpeg({ quality: 80 })
            .toBuffer();
          await storage.put(thumbKey, small, { contentType: FILE_TYPES.jpeg.mimeType });
          const stamp = opts.stamps.get(p.id);
          const next: Page = {
            ...p,
            render: { image: storage.url(imageKey), thumbnail: storage.url(thumbKey) },
          };
          if (stamp && (await writePage(ctx, catalog._id, next, stamp))) written++;
          opts.onPage();
        }
        return written;
      },
      {
        timeoutMs: 10 * 60_000,
        signal: ctx.signal,
        onBlockedRequest: (url) =>
          ctx.logger.warn(
            { url, catalogId: catalog._id },
            `page images: blocked request from Chromium to ${url}`,
          ),
      },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
