import { formatPrice as formatCaptionPrice } from '../captions/index.ts';
import type { Product, TableColumn } from '../model/index.ts';
import { htmlToText } from '../sanitize/index.ts';
import { memo, type RenderContext } from './context.ts';
import { mainImageUrl } from './images.tsx';

const PRICE_KEYS = new Set([
  'price',
  'original_price',
  'compare_at_price',
  'sale_price',
  'suggested_retail_price',
]);

/** A price in the product's currency, written as captions write [PRICE_FULL] in the catalog's language. */
export function formatPrice(value: number | null | undefined, currency: string, ctx: RenderContext): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return formatCaptionPrice(value, currency || 'USD', ctx.locale, 'full');
}

export function formatNumber(value: number, ctx: RenderContext): string {
  const fmt = memo(ctx, 'number', () => new Intl.NumberFormat(ctx.locale));
  return fmt.format(value);
}

/** Whether a column holds numbers (right-aligned, tabular figures). */
export function isNumericColumn(column: TableColumn): boolean {
  return PRICE_KEYS.has(column.key) || column.key === 'stock' || column.key === 'quantity';
}

/** The text a table column shows for a product ('' when it has no value). */
export function columnText(product: Product, column: TableColumn, ctx: RenderContext): string {
  const { key } = column;
  if (column.is_custom) {
    const f = product.customfields.find((c) => c.key === key || c.name === key);
    return f?.value?.trim() ?? '';
  }
  if (column.is_option) {
    const o = product.options.find((x) => x.name.toLowerCase() === key.toLowerCase());
    return o ? o.values.filter(Boolean).join(', ') : '';
  }
  if (key === 'main_image') return mainImageUrl(product) ?? '';
  if (PRICE_KEYS.has(key)) {
    return formatPrice(product[key as keyof Product] as number | null, product.iso_currency_code, ctx);
  }
  if (key === 'description') return htmlToText(product.description);
  const direct = (product as Record<string, unknown>)[key];
  if (typeof direct === 'string') return direct.trim();
  if (typeof direct === 'number' && Number.isFinite(direct)) return formatNumber(direct, ctx);
  const dot = key.lastIndexOf('.');
  if (dot > 0) {
    const ns = key.slice(0, dot);
    const k = key.slice(dot + 1);
    const m = product.metafields.find((f) => f.namespace === ns && f.key === k);
    if (m && m.value !== null && m.value !== undefined) return String(m.value);
  }
  return '';
}

/** Table columns with a value for at least one product (SPEC §5); the others are hidden. */
export function visibleColumns(
  columns: TableColumn[],
  products: Product[],
  ctx: RenderContext,
): TableColumn[] {
  return columns.filter((c) => products.some((p) => columnText(p, c, ctx) !== ''));
}
