import { existsSync } from 'node:fs';
import path from 'node:path';
import { classifyImage, resolveLocalImages } from '../core/csv/index.ts';
import type { ListingInput } from '../core/model/index.ts';

/*
 * Pictures given as file names in a CSV ("photos/shirt.jpg") live next to the CSV. A catalog document
 * refers to them by a URL relative to the document itself, as an HTML page refers to its images, so the
 * document, its pictures and the rendered HTML can move together. The renderer refuses file: URLs (a
 * published catalog must never point into a disk), but loads relative ones; `catalog render` puts them
 * inside the HTML file (embed-pictures.ts).
 */

/** A relative URL from folder `fromDir` to file `to`, each segment percent-encoded. */
export function relativeUrl(fromDir: string, to: string): string {
  return path.relative(fromDir, to).split(path.sep).map(encodeURIComponent).join('/');
}

export const isRelativeUrl = (url: string): boolean =>
  url !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/') && !url.startsWith('#');

/**
 * Rewrites the local picture names of the listings read from `csvFile` into URLs relative to `outFile`,
 * and remembers the names with no file behind them.
 */
export function localImageRebaser(opts: { csvFile: string; outFile: string }) {
  const csvDir = path.dirname(path.resolve(opts.csvFile));
  const outDir = path.dirname(path.resolve(opts.outFile));
  const missing = new Set<string>();
  return {
    listing(listing: ListingInput): ListingInput {
      const names = [
        listing.main_image,
        ...(listing.images ?? []).map((i) => i.original),
        ...(listing.variations ?? []).map((v) => v.image),
      ].filter((n): n is string => !!n && classifyImage(n).kind === 'local');
      if (names.length === 0) return listing;
      const uploads = new Map<string, string>();
      for (const name of names) {
        const file = path.resolve(csvDir, name.replace(/\\/g, '/'));
        if (existsSync(file)) uploads.set(name, relativeUrl(outDir, file));
        else missing.add(name);
      }
      return resolveLocalImages([listing], uploads).listings[0]!;
    },
    missing: () => [...missing],
  };
}
