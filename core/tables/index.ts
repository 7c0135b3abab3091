/**
 * The catalog's table configuration (SPEC §3 `table_configuration`: columns with key, title, is_custom,
 * is_option) as the table editor changes it: which columns, in which order, under which titles. Pure: every
 * function returns a new list. What a table shows of it (only the columns some product fills, SPEC §5) is
 * core/render `tableColumns`.
 */
import type { Product, TableColumn } from '../model/index.ts';

/** Built-in product fields a table column may show, in the order the editor offers them. */
export const BUILT_IN_COLUMN_KEYS = [
  'main_image',
  'title',
  'sku',
  'barcode',
  'stock',
  'price',
  'compare_at_price',
  'sale_price',
  'suggested_retail_price',
  'category',
  'brand',
  'vendor',
  'description',
] as const;

export type ColumnChoice = TableColumn & { source: 'field' | 'custom' | 'option' | 'metafield' };

const sameColumn = (a: Pick<TableColumn, 'key' | 'is_custom' | 'is_option'>, b: typeof a) =>
  a.key.toLowerCase() === b.key.toLowerCase() && a.is_custom === b.is_custom && a.is_option === b.is_option;

/**
 * Columns the products can fill: the built-in fields (titled with `titleOf`), then the products' custom fields
 * (`LISTING.CUSTOM_x`, is_custom), their options (Size, Colour: is_option) and their metafields (namespace.key),
 * each once.
 */
export function columnChoices(products: Product[], titleOf: (key: string) => string): ColumnChoice[] {
  const out: ColumnChoice[] = BUILT_IN_COLUMN_KEYS.map((key) => ({
    key,
    title: titleOf(key),
    is_custom: false,
    is_option: false,
    source: 'field',
  }));
  const add = (c: ColumnChoice) => {
    if (!c.key.trim() || out.some((o) => sameColumn(o, c))) return;
    out.push(c);
  };
  for (const p of products) {
    for (const f of p.customfields)
      add({
        key: f.key || f.name,
        title: f.name || f.key,
        is_custom: true,
        is_option: false,
        source: 'custom',
      });
    for (const o of p.options)
      add({ key: o.name, title: o.name, is_custom: false, is_option: true, source: 'option' });
    for (const m of p.metafields.filter((x) => x.namespace))
      add({
        key: `${m.namespace}.${m.key}`,
        title: m.description || m.key,
        is_custom: false,
        is_option: false,
        source: 'metafield',
      });
  }
  return out;
}

export type ColumnProblem = 'emptyKey' | 'emptyTitle' | 'duplicate';

/** Why a column cannot join the table, or null. */
export function columnProblem(columns: TableColumn[], column: TableColumn): ColumnProblem | null {
  if (!column.key.trim()) return 'emptyKey';
  if (!column.title.trim()) return 'emptyTitle';
  if (columns.some((c) => sameColumn(c, column))) return 'duplicate';
  return null;
}

/** The columns with one more at the end; unchanged when it cannot join (columnProblem). */
export function addColumn(columns: TableColumn[], column: TableColumn): TableColumn[] {
  const c = { ...column, key: column.key.trim(), title: column.title.trim() };
  if (columnProblem(columns, c)) return columns;
  return [...columns, { key: c.key, title: c.title, is_custom: c.is_custom, is_option: c.is_option }];
}

export function removeColumn(columns: TableColumn[], index: number): TableColumn[] {
  if (index < 0 || index >= columns.length) return columns;
  return columns.filter((_, i) => i !== index);
}

/** Move a column one place up (-1) or down (+1); unchanged at either end. */
export function moveColumn(columns: TableColumn[], index: number, by: -1 | 1): TableColumn[] {
  const to = index + by;
  if (index < 0 || index >= columns.length || to < 0 || to >= columns.length) return columns;
  const next = [...columns];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** A column under a new title; an empty title keeps the old one. */
export function renameColumn(columns: TableColumn[], index: number, title: string): TableColumn[] {
  const t = title.trim();
  const col = columns[index];
  if (!col || !t || col.title === t) return columns;
  return columns.map((c, i) => (i === index ? { ...c, title: t } : c));
}
