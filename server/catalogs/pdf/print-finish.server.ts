import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { convertPicturesToCmyk, type CmykPicturesReport } from './cmyk-pictures.server.ts';
import type { OutputIntent } from './icc-profile.server.ts';
import { readPageBoxes, runTool, PrintToolError } from './pdf-tools.server.ts';
import { hasMarks, printProlog, sheetGeometry, type PrintMarks, type SheetGeometry } from './print-prolog.ts';

/**
 * What is done to a PDF after Chromium printed it (DESIGN §14). The input's pages are the trim plus `bleedMm` on
 * every side (core/render's print output with bleed), so this works on any such PDF: one render, or the pages
 * of several merged.
 */
export type PrintFinish = {
  /** Bleed the input's pages carry on every side, mm. */
  bleedMm: number;
  marks: PrintMarks;
  /** CMYK PDF/X-4 with this output intent; null keeps the colours as they are (RGB). */
  pdfx: OutputIntent | null;
  /** Document title and slug text. */
  title: string;
  /** JPEG quality (1–100) of pictures Ghostscript re-encodes when it converts their colours. */
  jpegQuality?: number;
};

/** Whether Chromium's PDF needs finishing at all: a plain screen PDF goes out as Chromium wrote it. */
export const needsFinishing = (f: PrintFinish): boolean => f.bleedMm > 0 || hasMarks(f.marks) || !!f.pdfx;

/** Ghostscript's JPEG QFactor for a quality: q80 ≈ 0.5, q95 ≈ 0.15 (its /prepress setting). */
const qFactor = (q: number) => Math.round(Math.min(1, Math.max(0.15, (100 - q) / 40)) * 100) / 100;

export type FinishReport = {
  pages: number;
  geometry: SheetGeometry;
  ms: number;
  /** PDF/X: pictures converted to CMYK before Ghostscript (cmyk-pictures), and how long that took. */
  pictures?: CmykPicturesReport & { ms: number };
};

/**
 * Finish `input` into `output` with Ghostscript in one pass: pages placed on sheets with room for the marks,
 * marks drawn in registration colour outside the bleed, TrimBox and BleedBox on every page and, for PDF/X,
 * colours converted to the profile's CMYK, transparency kept live as
 * PDF/X-4 allows, fonts embedded, annotations left out, and the GTS_PDFX output intent.
 */
export async function finishPrintPdf(opts: {
  input: string;
  output: string;
  finish: PrintFinish;
  /** Folder for the prolog file. */
  workDir: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}): Promise<FinishReport> {
  const started = performance.now();
  const { finish } = opts;
  const pages = await readPageBoxes(opts.input, opts.signal);
  if (!pages.length) throw new PrintToolError('the PDF has no pages');
  const size = (i: number) => {
    const [x0, y0, x1, y1] = pages[i]!.mediaBox;
    return { w: x1 - x0, h: y1 - y0 };
  };
  const first = size(0);
  for (let i = 1; i < pages.length; i++) {
    const s = size(i);
    if (Math.abs(s.w - first.w) > 0.5 || Math.abs(s.h - first.h) > 0.5)
      throw new PrintToolError(`page ${i + 1} is not the size of page 1: print sheets are all one size`);
  }
  const geometry = sheetGeometry({
    pageWidth: first.w,
    pageHeight: first.h,
    bleedMm: finish.bleedMm,
    marks: finish.marks,
  });
  const prolog = path.join(opts.workDir, 'finish.ps');
  await writeFile(
    prolog,
    printProlog({
      geometry,
      marks: finish.marks,
      title: finish.title,
      pdfx: finish.pdfx,
      jpegQFactor: qFactor(finish.jpegQuality ?? 85),
    }),
  );
  const args = [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pdfwrite',
    '-dAutoRotatePages=/None',
    '-dFIXEDMEDIA',
    `-dDEVICEWIDTHPOINTS=${geometry.media.width}`,
    `-dDEVICEHEIGHTPOINTS=${geometry.media.height}`,
    // Pictures keep the resolution they were prepared at for their placed size.
    '-dDownsampleColorImages=false',
    '-dDownsampleGrayImages=false',
    '-dDownsampleMonoImages=false',
    '-dEmbedAllFonts=true',
    '-dSubsetFonts=true',
  ];
  if (finish.pdfx) {
    args.push(
      '-dCompatibilityLevel=1.6',
      '-sColorConversionStrategy=CMYK',
      '-sProcessColorModel=DeviceCMYK',
      `-sOutputICCProfile=${finish.pdfx.file}`,
      `--permit-file-read=${finish.pdfx.file}`,
      '-dPreserveAnnots=false',
    );
  } else {
    args.push('-dCompatibilityLevel=1.7', '-sColorConversionStrategy=LeaveColorUnchanged');
  }
  let input = opts.input;
  let pictures: FinishReport['pictures'];
  const picturesDir = path.join(opts.workDir, 'cmyk-pictures');
  const converted = path.join(opts.workDir, 'cmyk-pictures.pdf');
  try {
    if (finish.pdfx) {
      // Ghostscript passes CMYK JPEGs through; converting the pictures first is several times faster.
      const t0 = performance.now();
      await mkdir(picturesDir, { recursive: true });
      const report = await convertPicturesToCmyk({
        input,
        output: converted,
        profile: finish.pdfx.file,
        jpegQuality: finish.jpegQuality ?? 85,
        workDir: picturesDir,
        signal: opts.signal,
      });
      if (report.converted) input = converted;
      pictures = { ...report, ms: Math.round(performance.now() - t0) };
    }
    args.push(`-sOutputFile=${opts.output}`, prolog, input);
    await runTool('gs', args, { signal: opts.signal, timeoutMs: opts.timeoutMs });
  } finally {
    await rm(picturesDir, { recursive: true, force: true });
    await rm(converted, { force: true });
  }
  return { pages: pages.length, geometry, ms: Math.round(performance.now() - started), pictures };
}
