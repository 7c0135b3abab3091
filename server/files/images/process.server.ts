import sharp from 'sharp';
import { CELL_IMAGE_SIZING_BASE } from '../../../core/constants.ts';
import { estimateJpegFileQuality, estimateJpegQuality } from './jpeg-quality.server.ts';

/** Larger images are refused (a decompression bomb costs memory and time, DESIGN §10). */
export const MAX_INPUT_PIXELS = 60_000_000;
/** Longest side of a product thumbnail (lists, the editor's product panel). */
export const PRODUCT_THUMBNAIL_PX = 320;

export type ImageInfo = {
  /** Size as displayed: EXIF rotations of 90° are applied. */
  width: number;
  height: number;
  format: string;
  /** A JPEG Chromium can embed in a PDF as is: upright, RGB or grey, not progressive. */
  embeddableJpeg: boolean;
  /** A JPEG's quality setting, estimated from its tables; null when unknown or not a JPEG. */
  jpegQuality: number | null;
};

export async function readImageInfo(input: Buffer | string): Promise<ImageInfo> {
  const m = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (!m.width || !m.height) throw new Error('Not an image');
  const rotated = (m.orientation ?? 1) >= 5;
  const jpegQuality =
    m.format !== 'jpeg'
      ? null
      : typeof input === 'string'
        ? await estimateJpegFileQuality(input)
        : estimateJpegQuality(input);
  return {
    jpegQuality,
    width: rotated ? m.height : m.width,
    height: rotated ? m.width : m.height,
    format: m.format ?? 'unknown',
    embeddableJpeg:
      m.format === 'jpeg' &&
      (m.orientation ?? 1) === 1 &&
      !m.isProgressive &&
      (m.space === 'srgb' || m.space === 'b-w') &&
      !m.hasAlpha,
  };
}

/**
 * Any image sharp reads (JPEG, PNG, WebP, GIF, AVIF, TIFF...) as an upright sRGB baseline JPEG that fits in
 * maxWidth × maxHeight (never enlarged); transparency becomes white, as on paper.
 */
export async function toJpeg(
  input: Buffer | string,
  opts: { maxWidth: number; maxHeight: number; quality: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: Math.max(1, Math.round(opts.maxWidth)),
      height: Math.max(1, Math.round(opts.maxHeight)),
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({
      quality: Math.max(1, Math.min(100, Math.round(opts.quality))),
      progressive: false,
      mozjpeg: false,
    })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * SPEC §9: product images are compressed to 2550 × cell width by 3300 × cell height pixels (300 dpi on a
 * Letter page). Without a known cell, the default grid's cell (a third of the page each way).
 */
export function compressionTarget(cell?: { width: number; height: number } | null): {
  width: number;
  height: number;
} {
  const w = cell?.width && cell.width > 0 ? cell.width : 1 / 3;
  const h = cell?.height && cell.height > 0 ? cell.height : 1 / 3;
  return {
    width: Math.ceil(CELL_IMAGE_SIZING_BASE.width * Math.min(1, w)),
    height: Math.ceil(CELL_IMAGE_SIZING_BASE.height * Math.min(1, h)),
  };
}

/** The user's image_quality setting ("q80") as a JPEG quality; anything unreadable is the default 80. */
export function jpegQuality(setting: string | null | undefined): number {
  const n = Number(/^q(\d{1,3})$/.exec(setting ?? '')?.[1]);
  return Number.isFinite(n) && n >= 1 && n <= 100 ? n : 80;
}

/**
 * A JPEG converted to the CMYK of an output ICC profile (the print PDF's, issue 28), written as a CMYK JPEG
 * (Adobe style: libvips stores the channels inverted, with the APP14 marker, as Photoshop does). The input is
 * read as sRGB when it carries no profile of its own. No chroma subsampling: print keeps colour edges sharp.
 */
export async function convertJpegToCmyk(opts: {
  input: string;
  output: string;
  profile: string;
  quality: number;
}): Promise<void> {
  await sharp(opts.input, { limitInputPixels: MAX_INPUT_PIXELS })
    .withIccProfile(opts.profile, { attach: false })
    .jpeg({ quality: opts.quality, chromaSubsampling: '4:4:4' })
    .toFile(opts.output);
}

/**
 * A soft proof (issue 28): an RGB picture converted to the CMYK of a print output profile and back to sRGB
 * (libvips icc_transform both ways, as the PDF/X export converts pictures), so colours the press cannot print
 * show as they will print: a pure #00ff00 comes back a duller green. Answers a PNG.
 */
export async function softProofPicture(opts: { input: Buffer; profile: string }): Promise<Buffer> {
  const cmyk = await sharp(opts.input, { limitInputPixels: MAX_INPUT_PIXELS })
    .withIccProfile(opts.profile)
    .tiff()
    .toBuffer();
  return sharp(cmyk).toColourspace('srgb').withIccProfile('srgb').png().toBuffer();
}
