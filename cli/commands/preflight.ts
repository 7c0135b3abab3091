import { PAGE_FORMAT_NAMES } from '../../core/constants.ts';
import { preflightLine } from '../../core/preflight/index.ts';
import { resolveFormat } from '../../core/render/index.ts';
import { parseCommandArgs } from '../args.ts';
import { readCatalogFile } from '../catalog-file.ts';
import { CliError } from '../errors.ts';
import { preflightCatalogFile } from '../pdf.ts';
import type { CliCommand } from './types.ts';

/** Exit status of a preflight that found errors (warnings alone exit 0). */
export const EXIT_PREFLIGHT_ERRORS = 3;

const HELP = `Usage: npm run catalog -- preflight <catalog.json> [options]

Checks a catalog document for print before it goes to a print shop: lays it out as
\`catalog render --out file.pdf --pdfx\` does (with the catalog's print bleed, pictures next to the
catalog file) and lists every problem on its own line, page and element first:
  page 4, element 2: picture 96 dpi at placed size

Errors: pictures under 150 dpi at their placed size, missing pictures, text overflowing its cell, text
running into the bleed, fonts that cannot be loaded or do not allow embedding. Warnings: pictures under
300 dpi, text inside the safe margin, empty cells.

Exit status: 0 when there are no errors (warnings are listed), 3 when there are errors, 2 on bad input.

Options:
  --format <format>     check at this page format (${PAGE_FORMAT_NAMES.join(', ')}); default: the catalog's
  -h, --help            show this help`;

const OPTIONS = { format: { type: 'string' } } as const;

export const preflightCommand: CliCommand = {
  name: 'preflight',
  summary: 'check a catalog document for print: low-resolution or missing pictures, overflowing text, fonts',
  help: HELP,
  options: OPTIONS,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs('preflight', args, OPTIONS, 1);
    const catalogFile = positionals[0];
    if (!catalogFile)
      throw new CliError('catalog preflight: missing <catalog.json> (see catalog preflight --help)');
    if (values.format !== undefined && !(PAGE_FORMAT_NAMES as string[]).includes(values.format)) {
      throw new CliError(
        `catalog preflight: unknown format "${values.format}" (formats: ${PAGE_FORMAT_NAMES.join(', ')})`,
      );
    }
    const catalog = await readCatalogFile(catalogFile);
    const report = await preflightCatalogFile({
      catalog,
      catalogFile,
      format: resolveFormat(catalog, values.format),
    });
    for (const item of report.items) io.stdout(preflightLine(item) + '\n');
    const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const summary = `Preflight of ${catalogFile}: ${count(report.pages, 'page')}, ${count(report.errors, 'error')}, ${count(report.warnings, 'warning')}`;
    if (report.errors) throw new CliError(summary, EXIT_PREFLIGHT_ERRORS);
    return summary;
  },
};
