/**
 * [VARIANTS(...)] blocks. Layouts:
 * - list (default): one line per variation, non-empty values joined with " – ";
 * - TABLE: a table; LOOSE_TABLE also drops columns empty for every variation; STRICT_TABLE shows every
 *   column asked for.
 * Except in STRICT_TABLE, a price column is dropped when every variation has the same price (SPEC §5): the
 * product's price already says it.
 */
import type { Variation } from '../model/index.ts';
import { escapeHtml } from '../sanitize/index.ts';
import type { VariantsNode } from './ast.ts';
import type { Env, Subject } from './context.ts';
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

function columnsOf(node: VariantsNode, subject: Subject, env: Env): Column[] {
  const { product } = subject;
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
    if (node.layout === 'loose' && cells.every((c) => c === '')) return false;
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
