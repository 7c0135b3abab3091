/**
 * [VARIANTS(...)] blocks. Layouts:
 * - list (default): one line per variation, non-empty values joined with " – ";
 * - TABLE: a table; LOOSE_TABLE also drops columns empty for every variation; STRICT_TABLE shows every
 *   column asked for.
 * Except in STRICT_TABLE, a price column is dropped when every variation has the same price (SPEC §5): the
 * product's price already says it.
 * A table that names no columns shows the catalog's variant table columns when the merchant chose some
 * (SPEC §3 table configuration, CaptionContext `variantColumns`): each under its title, an option column
 * (is_option) showing the variation's value of that option, and, except in STRICT_TABLE, only the columns some
 * variation has a value for (SPEC §5).
 */
import type { Product, TableColumn, Variation } from '../model/index.ts';
import { escapeHtml } from '../sanitize/index.ts';
import type { FieldNode, TemplateNode, TokenNode, VariantsNode } from './ast.ts';
import { makeEnv, type Env, type Subject } from './context.ts';
import { evaluateField, evaluateToken, priceOf } from './evaluate-token.ts';
import { columnLabel } from './labels.ts';
import type { PriceToken } from './tokens.ts';
import { optionValues, visibleVariations } from './variations.ts';

type Column = {
  header: string;
  /** For price columns, the price compared to decide whether every variation costs the same. */
  price: ((variation: Variation) => number | null) | null;
  cell: (variation: Variation) => string;
};

const PRICE_COLUMN = /^(PRICE|MSRP|COMPARE_AT_PRICE|SALE_PRICE)(_FULL)?$/;

function priceColumn(name: string, product: Subject['product']): Column['price'] {
  const m = PRICE_COLUMN.exec(name);
  return m ? (variation) => priceOf({ product, variation }, m[1] as PriceToken) : null;
}

/** The caption token a built-in table column reads for each variation. */
const TOKEN_OF_KEY: Record<string, string> = {
  main_image: 'MAIN_IMAGE',
  title: 'TITLE',
  sku: 'SKU',
  barcode: 'BARCODE_DATA',
  stock: 'STOCK',
  price: 'PRICE_FULL',
  compare_at_price: 'COMPARE_AT_PRICE_FULL',
  sale_price: 'SALE_PRICE_FULL',
  suggested_retail_price: 'MSRP_FULL',
  category: 'CATEGORY',
  brand: 'BRAND',
  vendor: 'VENDOR',
  description: 'DESCRIPTION_RAW',
};

/** One configured column (SPEC §3 table configuration) as a column of a variations table. */
function configuredColumn(config: TableColumn, subject: Subject, env: Env, raw: string): Column {
  const { product } = subject;
  const header = escapeHtml(config.title);
  const none: Column = { header, price: null, cell: () => '' };
  if (config.is_option) {
    const options = Array.isArray(product.options) ? product.options : [];
    const at = options.findIndex((o) => o?.name?.toLowerCase() === config.key.trim().toLowerCase());
    if (at < 0) return none;
    return { header, price: null, cell: (v) => escapeHtml(optionValues(product, v)[at] ?? '') };
  }
  if (config.is_custom) {
    const field: FieldNode = {
      kind: 'field',
      source: 'custom',
      namespace: '',
      key: config.key,
      raw,
      inTag: false,
    };
    return { header, price: null, cell: (v) => evaluateField(field, { product, variation: v }, env) };
  }
  const name = TOKEN_OF_KEY[config.key];
  if (name) {
    const token: TokenNode = { kind: 'token', name, form: null, raw, inTag: false };
    return {
      header,
      price: priceColumn(name, product),
      cell: (v) => evaluateToken(token, { product, variation: v }, env),
    };
  }
  const dot = config.key.lastIndexOf('.');
  if (dot <= 0) return none;
  // A metafield: the variation's own, else the listing's.
  const at = { namespace: config.key.slice(0, dot), key: config.key.slice(dot + 1), raw, inTag: false };
  const own: FieldNode = { kind: 'field', source: 'variant-metafield', ...at };
  const listing: FieldNode = { kind: 'field', source: 'metafield', ...at };
  return {
    header,
    price: null,
    cell: (v) =>
      evaluateField(own, { product, variation: v }, env) ||
      evaluateField(listing, { product, variation: v }, env),
  };
}

/** Whether the block shows the catalog's variant table columns rather than its own. */
const configured = (node: VariantsNode, env: Env) =>
  node.defaultColumns && node.layout !== 'list' && (env.ctx.variantColumns?.length ?? 0) > 0;

function columnsOf(node: VariantsNode, subject: Subject, env: Env): Column[] {
  const { product } = subject;
  if (configured(node, env))
    return env.ctx.variantColumns!.map((c) => configuredColumn(c, subject, env, node.raw));
  const columns: Column[] = [];
  for (const column of node.columns) {
    if (column.kind === 'options') {
      const options = Array.isArray(product.options) ? product.options : [];
      if (options.length === 0) {
        columns.push({ header: env.labels.variant, price: null, cell: (v) => escapeHtml(v.title ?? '') });
      } else {
        options.forEach((option, i) => {
          columns.push({
            header: escapeHtml(option?.name ?? ''),
            price: null,
            cell: (v) => escapeHtml(optionValues(product, v)[i] ?? ''),
          });
        });
      }
      continue;
    }
    const value = column.node;
    if (value.kind === 'token') {
      columns.push({
        header: escapeHtml(columnLabel(value.name, env.labels)),
        price: priceColumn(value.name, product),
        cell: (v) => evaluateToken(value, { product, variation: v }, env),
      });
    } else {
      columns.push({
        header: escapeHtml(humanize(value.key)),
        price: null,
        cell: (v) => evaluateField(value, { product, variation: v }, env),
      });
    }
  }
  return columns;
}

/** "fit_type" -> "Fit type": metafield keys are identifiers, headers are read by customers. */
function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function renderVariants(node: VariantsNode, subject: Subject, env: Env): string {
  if (node.inTag) {
    env.log(`${node.raw}: a VARIANTS block cannot sit inside an HTML tag`);
    return '';
  }
  const variations = visibleVariations(subject.product);
  if (variations.length === 0) return '';
  const all = columnsOf(node, subject, env).map((column) => ({
    column,
    cells: variations.map((v) => column.cell(v)),
    prices: column.price ? variations.map(column.price) : null,
  }));
  const shown = all.filter(({ cells, prices }) => {
    if (node.layout === 'strict') return true;
    if (prices && prices.every((p) => p === prices[0])) return false;
    // A loose table, and a table of the catalog's columns, show a column only when some variation fills it.
    if ((node.layout === 'loose' || configured(node, env)) && cells.every((c) => c === '')) return false;
    return true;
  });
  if (shown.length === 0) return '';

  if (node.layout === 'list') {
    const items = variations.map((_, row) => {
      const parts = shown
        .filter(({ cells }) => cells[row] !== '')
        .map(({ column, cells }) =>
          node.showHeaders
            ? `<span class="catalog-variant-label">${column.header}:</span> ${cells[row]}`
            : cells[row],
        );
      return parts.length ? `<li>${parts.join(' – ')}</li>` : '';
    });
    return `<ul class="catalog-variants catalog-variants-list">${items.join('')}</ul>`;
  }

  const head = node.showHeaders
    ? `<thead><tr>${shown.map(({ column }) => `<th>${column.header}</th>`).join('')}</tr></thead>`
    : '';
  const rows = variations
    .map((_, row) => `<tr>${shown.map(({ cells }) => `<td>${cells[row]}</td>`).join('')}</tr>`)
    .join('');
  return `<table class="catalog-variants catalog-variants-table">${head}<tbody>${rows}</tbody></table>`;
}

/** Whether a template's VARIANTS blocks include a table naming no columns: the one the variant table columns fill. */
export function usesVariantColumns(nodes: readonly TemplateNode[]): boolean {
  return nodes.some((n) => n.kind === 'variants' && n.defaultColumns && n.layout !== 'list');
}

/**
 * The variant table columns some variation of these products has a value for (SPEC §5: the others are left out
 * of the table), for the table editor to say which are not shown.
 */
export function filledVariantColumns(
  columns: readonly TableColumn[],
  products: readonly Product[],
  language: string,
): TableColumn[] {
  return columns.filter((config) =>
    products.some((product) => {
      const env = makeEnv(product, { language });
      const column = configuredColumn(config, { product, variation: null }, env, '');
      return visibleVariations(product).some((v) => column.cell(v) !== '');
    }),
  );
}
