import path from 'node:path';
import { parseTemplate } from '../../core/captions/index.ts';
import {
  CSV_COLUMNS,
  formatCsvProblem,
  locateCellValue,
  parseProductCsv,
  type CsvColumnMapping,
  type CsvField,
} from '../../core/csv/index.ts';
import { listProducts } from '../../core/commands/index.ts';
import { parseCommandArgs, requireOption } from '../args.ts';
import { PRODUCT_LAYOUTS, buildCatalog, findProductLayout } from '../../core/builder/index.ts';
import { CliError } from '../errors.ts';
import { readCsvFile, writeTextFile } from '../files.ts';
import { localImageRebaser } from '../local-images.ts';
import type { CliCommand } from './types.ts';

const layoutNames = () => PRODUCT_LAYOUTS.map((l) => `"${l.title}" (${l._id})`).join(', ');

const HELP = `Usage: npm run catalog -- build --csv <file> --out <catalog.json> [options]

Builds a whole catalog from a product CSV: a front cover, product pages holding every product of the
file in file order (variations stay inside their product), and a back cover.

Options:
  --csv <file>          product CSV: our format, a Shopify product export or a WooCommerce product export
                        (told apart by the header row), in UTF-8 or Windows-1252 (Excel's plain "CSV"),
                        separated by commas, semicolons or tabs, prices with decimal points or commas.
                        Pictures given as file names are looked up next to the CSV file.
  --column <field=header>
                        read one of our columns from a header of another name, e.g.
                        --column "title=Désignation" --column "price=Prix TTC" (repeat for each; fields:
                        ${Object.keys(CSV_COLUMNS).join(', ')})
  --out <catalog.json>  where to write the catalog document (folders are created)
  --layout <name>       product page layout, by title or id (default: "9 products per page"):
                        ${PRODUCT_LAYOUTS.map((l) => `"${l.title}" (${l._id})`).join(',\n                        ')}
  --caption <template>  caption template of every product, e.g. '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>'
                        (default: title and price; tokens in docs/templates.md)
  --title <text>        catalog title, shown on the covers and in the footers (default: from the file name)
  --currency <code>     ISO currency of the prices when the file names none, e.g. EUR (default: USD)
  --cover-image <url>   front cover picture (default: the first product's picture; "none" for none)
  --contact <text>      contact line printed on the back cover, e.g. "orders@shop.com · www.shop.com"
  --descriptions        print each product's description under its caption
  -h, --help            show this help

Bad input (a CSV problem, an unknown layout, a broken caption token) prints one line per problem,
"file:line:column: what is wrong", and exits with status 2.`;

/** "shopify-partners-apparel.csv" → "Shopify partners apparel". */
function titleFromFile(file: string): string {
  const base = path.basename(file, path.extname(file)).replace(/[-_]+/g, ' ').trim();
  return base ? base[0]!.toUpperCase() + base.slice(1) : 'Product catalog';
}

/** A broken token in --caption, located like a file problem so it reads the same way. */
function checkCaption(caption: string): void {
  const errors = parseTemplate(caption).nodes.filter((n) => n.kind === 'error');
  if (errors.length === 0) return;
  const lines = errors.map((e) => {
    const at = caption.indexOf(e.raw);
    const before = caption.slice(0, Math.max(0, at));
    const line = before.split('\n').length;
    const column = at - (before.lastIndexOf('\n') + 1) + 1;
    return `--caption:${line}:${column}: ${e.message}`;
  });
  throw new CliError(lines.join('\n'));
}

/** "--column title=Désignation" → { title: 'Désignation' }; an unknown field or a missing '=' is a usage error. */
function columnMapping(values: string[] | undefined): CsvColumnMapping | undefined {
  if (!values?.length) return undefined;
  const mapping: CsvColumnMapping = {};
  for (const value of values) {
    const at = value.indexOf('=');
    const field = value.slice(0, at).trim();
    const header = value.slice(at + 1).trim();
    if (at < 1 || header === '' || !(field in CSV_COLUMNS)) {
      throw new CliError(
        `catalog build: --column "${value}" is not <field>=<header> with one of the fields ` +
          `${Object.keys(CSV_COLUMNS).join(', ')}`,
      );
    }
    mapping[field as CsvField] = header;
  }
  return mapping;
}

const OPTIONS = {
  csv: { type: 'string' },
  column: { type: 'string', multiple: true },
  out: { type: 'string' },
  layout: { type: 'string' },
  caption: { type: 'string' },
  title: { type: 'string' },
  currency: { type: 'string' },
  'cover-image': { type: 'string' },
  contact: { type: 'string' },
  descriptions: { type: 'boolean' },
} as const;

export const buildCommand: CliCommand = {
  name: 'build',
  summary: 'build a catalog document from a product CSV (ours, Shopify or WooCommerce)',
  help: HELP,
  options: OPTIONS,
  async run(args, io) {
    const { values } = parseCommandArgs('build', args, OPTIONS);
    const csvFile = requireOption('build', 'csv', values.csv);
    const outFile = requireOption('build', 'out', values.out);
    const layout = values.layout === undefined ? undefined : findProductLayout(values.layout);
    if (values.layout !== undefined && !layout) {
      throw new CliError(`catalog build: unknown layout "${values.layout}" (layouts: ${layoutNames()})`);
    }
    if (values.currency !== undefined && !/^[A-Za-z]{3}$/.test(values.currency)) {
      throw new CliError(
        `catalog build: --currency "${values.currency}" is not a three-letter ISO code such as USD or EUR`,
      );
    }
    if (values.caption !== undefined) checkCaption(values.caption);

    const text = await readCsvFile(csvFile);
    const parsed = parseProductCsv(text, {
      currency: values.currency,
      columns: columnMapping(values.column),
    });
    if (parsed.errors.length > 0) {
      throw new CliError(parsed.errors.map((p) => formatCsvProblem(p, csvFile)).join('\n'));
    }
    for (const w of parsed.warnings) io.stderr(`${formatCsvProblem(w, csvFile)} (warning)\n`);

    const rebase = localImageRebaser({ csvFile, outFile });
    const listings = parsed.listings.map(rebase.listing);
    for (const missing of rebase.missing()) {
      const at = locateCellValue(text, missing) ?? { line: 1, column: 1 };
      io.stderr(
        `${csvFile}:${at.line}:${at.column}: picture "${missing}" not found next to the CSV file (warning)\n`,
      );
    }
    const cover = values['cover-image'];
    const catalog = buildCatalog({
      listings,
      title: values.title ?? titleFromFile(csvFile),
      layout,
      caption: values.caption,
      contact: values.contact,
      descriptions: values.descriptions,
      coverImage: cover === undefined ? undefined : cover === 'none' || cover === '' ? null : cover,
    });
    await writeTextFile(outFile, JSON.stringify(catalog, null, 2) + '\n');
    const products = listProducts(catalog).length;
    return `Built ${outFile}: ${products} product${products === 1 ? '' : 's'} on ${catalog.pages.length} pages`;
  },
};
