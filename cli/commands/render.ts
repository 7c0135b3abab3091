import path from 'node:path';
import { PAGE_FORMAT_NAMES, type PageFormat } from '../../core/constants.ts';
import type { Catalog } from '../../core/model/index.ts';
import { renderCatalogHtml, resolveFormat, type RenderMode } from '../../core/render/index.ts';
import { parseCommandArgs, requireOption } from '../args.ts';
import { readCatalogFile } from '../catalog-file.ts';
import { CliError } from '../errors.ts';
import { writeTextFile } from '../files.ts';
import { embeddedFontFaces } from '../fonts.ts';
import { embedLocalAssets, maxPicturePx } from '../embed-pictures.ts';
import { writeCatalogPdf } from '../pdf.ts';
import {
  AssetTokens,
  outputIntent,
  QUALITY_DPI,
  type PdfQuality,
  type PrintFinish,
} from '../../server/catalogs/index.ts';
import type { CliCommand } from './types.ts';

export interface RenderJob {
  catalog: Catalog;
  catalogFile: string;
  outFile: string;
  format: PageFormat;
  mode: RenderMode;
  watermark: boolean;
  /** Pictures at 300 dpi (print) or 150 dpi (screen). */
  quality: PdfQuality;
  /** PDF only: bleed (mm), printer's marks and CMYK PDF/X. */
  print: { bleedMm: number; marks: boolean; pdfx: boolean };
}

/**
 * Writers by the extension of --out: the output format follows the file name. Each returns what it
 * wrote, for the summary line.
 */
export const RENDER_OUTPUTS: Record<string, (job: RenderJob) => Promise<string>> = {
  '.html': writeHtml,
  '.htm': writeHtml,
  '.pdf': writePdf,
};

/** The PDF the product's worker would make: Chromium prints the pages with pictures prepared for print. */
async function writePdf(job: RenderJob): Promise<string> {
  const { pages, missing } = await writeCatalogPdf({
    catalog: job.catalog,
    catalogFile: job.catalogFile,
    outFile: job.outFile,
    format: job.format,
    quality: job.quality,
    watermark: job.watermark,
    finish: cliFinish(job),
  });
  const notes = [
    job.format,
    `${job.quality} quality`,
    job.print.bleedMm ? `${+job.print.bleedMm.toFixed(3)} mm bleed` : '',
    job.print.marks ? 'marks' : '',
    job.print.pdfx ? `CMYK PDF/X-4, ${outputIntent(process.env.PRINT_ICC_PROFILE).identifier}` : '',
    missing ? `${missing} picture${missing === 1 ? '' : 's'} not found` : '',
  ].filter(Boolean);
  return `${pages} page${pages === 1 ? '' : 's'} (${notes.join(', ')})`;
}

/** What --bleed, --marks and --pdfx ask of the finishing step (PRINT_ICC_PROFILE names another profile). */
function cliFinish(job: RenderJob): PrintFinish | undefined {
  const { bleedMm, marks, pdfx } = job.print;
  if (!bleedMm && !marks && !pdfx) return undefined;
  const all = { crop: marks, registration: marks, colorBars: marks, slug: marks };
  return {
    bleedMm,
    marks: all,
    pdfx: pdfx ? outputIntent(process.env.PRINT_ICC_PROFILE) : null,
    title: job.catalog.title,
  };
}

/** A bleed as the CLI takes it: "3mm", "0.125in", "9pt" or a number of millimetres. */
export function parseBleed(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(mm|in|pt)?\s*$/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'mm').toLowerCase();
  const mm = unit === 'in' ? n * 25.4 : unit === 'pt' ? (n * 25.4) / 72 : n;
  return mm <= 10 ? mm : null;
}

/**
 * One self-contained HTML file: inline CSS, fonts and local pictures inside as data: URLs (pictures downsized to
 * the page at the --quality resolution), so the file still works when moved; remote pictures stay links.
 */
async function writeHtml(job: RenderJob): Promise<string> {
  // Render once with a token per asset URL, then put each asset's final form in its tokens' places.
  const tokens = new AssetTokens();
  const html = renderCatalogHtml(job.catalog, {
    format: job.format,
    mode: job.mode,
    watermark: job.watermark,
    fontFaces: embeddedFontFaces(job.catalog),
    resolveAsset: (url) => (url.startsWith('data:') ? url : tokens.token(url)),
  });
  const assets = await embedLocalAssets(tokens.urls, {
    catalogFile: job.catalogFile,
    htmlFile: job.outFile,
    maxPx: maxPicturePx(job.format, QUALITY_DPI[job.quality]),
    fontUrls: new Set(job.catalog.fonts.map((f) => f.url).filter((u): u is string => !!u)),
  });
  await writeTextFile(
    job.outFile,
    AssetTokens.replace(html, (i) => assets.resolved[i]!),
  );
  const pages = html.match(/<section class="cb-page\b/g)?.length ?? 0;
  const notes = [
    assets.embedded ? `${assets.embedded} picture${assets.embedded === 1 ? '' : 's'} embedded` : '',
    assets.missing ? `${assets.missing} not found` : '',
    assets.unreadable ? `${assets.unreadable} not a picture` : '',
  ].filter(Boolean);
  return `${pages} page${pages === 1 ? '' : 's'} (${[job.format, ...notes].join(', ')})`;
}

const HELP = `Usage: npm run catalog -- render <catalog.json> --out <file.html|file.pdf> [options]

Renders every page of a catalog document (as written by \`catalog build\` or saved by the app) into one
file. The format follows the extension of --out:
  .html, .htm           one self-contained HTML file that still works when moved: inline CSS; fonts and
                        local pictures (paths relative to the catalog file) embedded as data: URLs,
                        pictures larger than the page downsized to it; pictures given by http(s) address
                        stay links; open it in a browser or print it to PDF
  .pdf                  a print-ready PDF, printed by Chromium as the app's export does: bundled fonts,
                        pictures (relative paths, data: or http(s) URLs) downsampled to 300 dpi at their
                        printed size; needs Chromium (CHROME_PATH, else /usr/bin/chromium...)

Options:
  --out <file>          the file to write (folders are created)
  --format <format>     page format: ${PAGE_FORMAT_NAMES.join(', ')} (default: the catalog's page format, else A4)
  --mode <mode>         print: pages back to back at their printed size (default);
                        screen: pages as sheets on a grey background, pictures loaded lazily
  --quality <quality>   pictures: print, 300 dpi (default); screen, 150 dpi and a smaller file (PDF: at
                        their printed size; HTML: at most the page's size)
  --watermark           draw the trial watermark on every page
  --bleed <size>        PDF: draw every page with this bleed on each side (3mm, 0.125in; at most 10 mm):
                        backgrounds and pictures touching the trim run on into it; TrimBox and BleedBox set
  --marks               PDF: crop and registration marks, colour bars and a slug (title, page number)
                        outside the bleed
  --pdfx                PDF: print output in CMYK PDF/X-4 with an output intent, converted with the bundled
                        FOGRA39 profile (PRINT_ICC_PROFILE: another CMYK output profile)
  -h, --help            show this help

Bad input (a missing or unreadable file, invalid JSON, a document that is not a catalog) prints one
line, "file:line:column: what is wrong", and exits with status 2.`;

const OPTIONS = {
  out: { type: 'string' },
  format: { type: 'string' },
  mode: { type: 'string' },
  watermark: { type: 'boolean' },
  quality: { type: 'string' },
  bleed: { type: 'string' },
  marks: { type: 'boolean' },
  pdfx: { type: 'boolean' },
} as const;

export const renderCommand: CliCommand = {
  name: 'render',
  summary: 'render a catalog document to a self-contained HTML file or a print-ready PDF',
  help: HELP,
  options: OPTIONS,
  async run(args, _io) {
    const { values, positionals } = parseCommandArgs('render', args, OPTIONS, 1);
    const catalogFile = positionals[0];
    if (!catalogFile)
      throw new CliError('catalog render: missing <catalog.json> (see catalog render --help)');
    const outFile = requireOption('render', 'out', values.out);
    const ext = path.extname(outFile).toLowerCase();
    const write = RENDER_OUTPUTS[ext];
    if (!write) {
      throw new CliError(
        `catalog render: cannot write "${outFile}": --out must end in ${Object.keys(RENDER_OUTPUTS).join(', ')}`,
      );
    }
    if (values.format !== undefined && !(PAGE_FORMAT_NAMES as string[]).includes(values.format)) {
      throw new CliError(
        `catalog render: unknown format "${values.format}" (formats: ${PAGE_FORMAT_NAMES.join(', ')})`,
      );
    }
    if (values.mode !== undefined && values.mode !== 'print' && values.mode !== 'screen') {
      throw new CliError(`catalog render: unknown mode "${values.mode}" (modes: print, screen)`);
    }
    if (values.quality !== undefined && values.quality !== 'print' && values.quality !== 'screen') {
      throw new CliError(`catalog render: unknown quality "${values.quality}" (qualities: print, screen)`);
    }
    const bleedMm = values.bleed === undefined ? 0 : parseBleed(values.bleed);
    if (bleedMm === null) {
      throw new CliError(
        `catalog render: --bleed "${values.bleed}" is not a bleed (3mm, 0.125in, 9pt; at most 10 mm)`,
      );
    }
    const print = { bleedMm, marks: values.marks ?? false, pdfx: values.pdfx ?? false };
    if (ext !== '.pdf' && (print.bleedMm || print.marks || print.pdfx))
      throw new CliError('catalog render: --bleed, --marks and --pdfx apply to PDF output (--out file.pdf)');
    const catalog = await readCatalogFile(catalogFile);
    const done = await write({
      catalog,
      catalogFile,
      outFile,
      format: resolveFormat(catalog, values.format),
      mode: values.mode ?? 'print',
      watermark: values.watermark ?? false,
      quality: values.quality ?? 'print',
      print,
    });
    return `Rendered ${outFile}: ${done}`;
  },
};
