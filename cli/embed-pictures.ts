import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { PAGE_FORMATS, type PageFormat } from '../core/constants.ts';
import { mapLimit } from '../server/platform/index.ts';
import { isRelativeUrl, relativeUrl } from './local-images.ts';

/*
 * The rendered HTML file must still show its pictures when it is moved or mailed, so the pictures the
 * catalog names by a path relative to its file are put inside it as data: URLs. Remote pictures stay links:
 * the CLI renders offline, and a web address works from anywhere.
 */

/** Decompression bombs cost memory and time; the worker refuses the same (server/files/images/process.server.ts). */
const MAX_INPUT_PIXELS = 60_000_000;
/** Re-encoded pictures: the user setting's default (SPEC §9 image quality q80). */
const JPEG_QUALITY = 80;
/** Formats every browser shows and the renderer accepts as data: URLs; others are converted. */
const BROWSER_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
const FONT_TYPES: Record<string, string> = {
  '.woff2': 'woff2',
  '.woff': 'woff',
  '.ttf': 'ttf',
  '.otf': 'otf',
};

/**
 * The longest side a picture needs: no picture is drawn larger than its page, so the page's longest side at
 * the chosen resolution (A4 at 300 dpi: 3508 px). Larger pictures are downsized to it; smaller ones are
 * embedded byte for byte, never re-encoded.
 */
export function maxPicturePx(format: PageFormat, dpi: number): number {
  const { widthMm, heightMm } = PAGE_FORMATS[format];
  return Math.ceil((Math.max(widthMm, heightMm) / 25.4) * dpi);
}

/** The file a relative URL of the catalog file names. */
function fileOfRelativeUrl(url: string, catalogDir: string): string {
  return fileURLToPath(new URL(url, pathToFileURL(catalogDir + path.sep)));
}

/** A picture file as a data: URL at most maxPx on its longest side; null when it is not a picture. */
export async function pictureDataUrl(input: Buffer, maxPx: number): Promise<string | null> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return null;
  }
  if (meta.format === 'svg') return `data:image/svg+xml;base64,${input.toString('base64')}`;
  if (!meta.width || !meta.height) return null;
  const mime = BROWSER_FORMATS[meta.format ?? ''];
  if (mime && Math.max(meta.width, meta.height) <= maxPx)
    return `data:${mime};base64,${input.toString('base64')}`;
  try {
    const resized = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true });
    // Transparency is kept (a logo over a coloured cover); photographs become JPEG, much smaller than PNG.
    if (meta.hasAlpha) return `data:image/png;base64,${(await resized.png().toBuffer()).toString('base64')}`;
    const jpeg = await resized.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

export interface EmbedReport {
  /** What each URL becomes in the HTML file, in the order given. */
  resolved: string[];
  embedded: number;
  missing: number;
  unreadable: number;
}

/**
 * The asset URLs of a render, as the HTML file at `htmlFile` should name them: local pictures and fonts
 * (relative to the catalog file) inside as data: URLs; a local file that is missing or not a picture keeps a
 * link rebased to the HTML file's folder; every other URL (http(s), data:) as it is.
 */
export async function embedLocalAssets(
  urls: string[],
  opts: { catalogFile: string; htmlFile: string; maxPx: number; fontUrls: ReadonlySet<string> },
): Promise<EmbedReport> {
  const catalogDir = path.dirname(path.resolve(opts.catalogFile));
  const htmlDir = path.dirname(path.resolve(opts.htmlFile));
  const report: EmbedReport = { resolved: [], embedded: 0, missing: 0, unreadable: 0 };
  // Two at a time: decoding large photographs is memory-hungry, and the machine may be small.
  report.resolved = await mapLimit(urls, 2, async (url) => {
    if (!isRelativeUrl(url)) return url;
    const file = fileOfRelativeUrl(url, catalogDir);
    const link = relativeUrl(htmlDir, file);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      report.missing++;
      return link;
    }
    const fontType = FONT_TYPES[path.extname(file).toLowerCase()];
    if (opts.fontUrls.has(url) && fontType) return `data:font/${fontType};base64,${bytes.toString('base64')}`;
    const data = await pictureDataUrl(bytes, opts.maxPx);
    if (data === null) {
      report.unreadable++;
      return link;
    }
    report.embedded++;
    return data;
  });
  return report;
}
