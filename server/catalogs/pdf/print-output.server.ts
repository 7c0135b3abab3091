import type { PageFormat } from '../../../core/constants.ts';
import type { Catalog } from '../../../core/model/index.ts';
import { printBleedMm } from '../../../core/render/index.ts';
import { outputIntent } from './icc-profile.server.ts';
import type { PrintFinish } from './print-finish.server.ts';
import { NO_MARKS } from './print-prolog.ts';

/**
 * The two PDFs a catalog exports as (issue 28): 'rgb', the screen PDF (no bleed, no marks; what the flipbook
 * offers for download), and 'pdfx', the print PDF (CMYK PDF/X-4 with the catalog's bleed and marks).
 */
export const PDF_OUTPUTS = ['rgb', 'pdfx'] as const;
export type PdfOutput = (typeof PDF_OUTPUTS)[number];

/** How the app finishes a catalog's PDF of an output; null: Chromium's PDF as it is. */
export function printFinishFor(opts: {
  catalog: Catalog;
  format: PageFormat;
  output: PdfOutput;
  /** PRINT_ICC_PROFILE; default the bundled FOGRA39 profile. */
  profile?: string | null;
  jpegQuality?: number;
}): PrintFinish | null {
  if (opts.output === 'rgb') return null;
  const p = opts.catalog.settings.print;
  return {
    bleedMm: printBleedMm(opts.catalog, opts.format),
    marks: p
      ? { crop: p.crop_marks, registration: p.registration_marks, colorBars: p.color_bars, slug: p.slug }
      : NO_MARKS,
    pdfx: outputIntent(opts.profile),
    title: opts.catalog.title,
    jpegQuality: opts.jpegQuality,
  };
}
