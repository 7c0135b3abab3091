import type { Page, Product, TableColumn, Variation } from '../model/index.ts';
import { indexEntries, indexLetter, listProducts, tocEntries } from './catalog-data.ts';
import { memo, type RenderContext } from './context.ts';
import {
  COLUMN_GAP_PX,
  columnWidthPx,
  contentBoxPx,
  LIST_TITLE_HEIGHT_PX,
  TABLE_HEAD_HEIGHT_PX,
} from './geometry.ts';
import { mainImageUrl } from './images.tsx';
import { cellBoxPx } from './text-fit.ts';
import { isNumericColumn, visibleColumns } from './values.ts';

/** Page kinds whose content is a generated list that pagination splits over as many pages as it needs. */
export const LIST_KINDS = ['index', 'table_of_contents', 'table', 'wholesale_order_form', 'summary'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export const isListKind = (kind: Page['kind']): kind is ListKind =>
  (LIST_KINDS as readonly string[]).includes(kind);

export type ListBlock =
  | { type: 'letter'; letter: string }
  | { type: 'entry'; title: string; pages: number[] }
  | { type: 'toc'; title: string; page: number }
  | { type: 'row'; product: Product; variation: Variation | null; pageNumber: number | null; first: boolean }
  | { type: 'order-intro' }
  | { type: 'order-totals' }
  | { type: 'empty' };

export type TableCellKind = 'data' | 'image' | 'title' | 'price' | 'qty' | 'total' | 'page' | 'sku';

export interface TableColumnSpec {
  key: string;
  title: string;
  /** Fixed width in px; null shares the remaining width. */
  width: number | null;
  numeric: boolean;
  cell: TableCellKind;
  column?: TableColumn;
}

export interface ListModel {
  kind: ListKind;
  /** Heading drawn above the list; empty when the layout has its own title cell. */
  title: string;
  /** Text columns the list splits into. */
  columns: number;
  blocks: ListBlock[];
  /** Blocks that must share a column with the block after them (index letters). */
  keepWithNext: boolean[];
  table: TableColumnSpec[] | null;
  /** Height one page column offers to blocks, in px. */
  columnHeight: number;
  /** Width of one page column, in px. */
  columnWidth: number;
  /** The layout cell the list is drawn in; null: the whole inner area, under the list's own title. */
  cellIndex: number | null;
}

const productRow = (
  product: Product,
  variation: Variation | null,
  pageNumber: number | null,
  first: boolean,
): ListBlock => ({ type: 'row', product, variation, pageNumber, first });

const FIXED_WIDTHS: Record<string, number> = {
  main_image: 56,
  sku: 92,
  barcode: 104,
  stock: 52,
  quantity: 52,
  price: 76,
  original_price: 76,
  compare_at_price: 76,
  sale_price: 76,
  suggested_retail_price: 76,
};

function tableTitle(ctx: RenderContext, page: Page): string {
  for (const el of page.elements) {
    if (el.type !== 'application/table') continue;
    const t = (el.properties as Record<string, unknown>).title;
    if (typeof t === 'string' && t.trim()) return t.trim();
  }
  return page.section?.trim() || ctx.t('table.title');
}

/** Columns of a product table: the catalog's table configuration, less the columns no product fills. */
export function tableColumns(ctx: RenderContext, products: Product[]): TableColumnSpec[] {
  const configured = ctx.catalog.table_configuration.columns;
  return visibleColumns(configured, products, ctx).map((c) => ({
    key: c.key,
    title: c.title,
    width: c.is_custom || c.is_option ? null : (FIXED_WIDTHS[c.key] ?? null),
    numeric: isNumericColumn(c),
    cell: c.key === 'main_image' ? 'image' : c.key === 'title' ? 'title' : 'data',
    column: c,
  }));
}

function orderColumns(ctx: RenderContext, products: Product[]): TableColumnSpec[] {
  const t = ctx.t;
  const cols: TableColumnSpec[] = [];
  if (products.some((p) => mainImageUrl(p)))
    cols.push({ key: 'image', title: t('columns.image'), width: 48, numeric: false, cell: 'image' });
  const hasSku = products.some((p) => p.sku || p.variations.some((v) => v.sku));
  if (hasSku) cols.push({ key: 'sku', title: t('columns.sku'), width: 88, numeric: false, cell: 'sku' });
  cols.push({ key: 'title', title: t('columns.product'), width: null, numeric: false, cell: 'title' });
  cols.push({ key: 'price', title: t('columns.price'), width: 76, numeric: true, cell: 'price' });
  cols.push({ key: 'qty', title: t('columns.quantity'), width: 56, numeric: true, cell: 'qty' });
  cols.push({ key: 'total', title: t('columns.total'), width: 84, numeric: true, cell: 'total' });
  return cols;
}

function summaryColumns(ctx: RenderContext, products: Product[]): TableColumnSpec[] {
  const t = ctx.t;
  const cols: TableColumnSpec[] = [];
  if (products.some((p) => mainImageUrl(p)))
    cols.push({ key: 'image', title: t('columns.image'), width: 48, numeric: false, cell: 'image' });
  cols.push({ key: 'title', title: t('columns.product'), width: null, numeric: false, cell: 'title' });
  if (products.some((p) => p.sku))
    cols.push({ key: 'sku', title: t('columns.sku'), width: 92, numeric: false, cell: 'sku' });
  if (products.some((p) => p.price !== null))
    cols.push({ key: 'price', title: t('columns.price'), width: 80, numeric: true, cell: 'price' });
  cols.push({ key: 'page', title: t('columns.page'), width: 48, numeric: true, cell: 'page' });
  return cols;
}

/** Text columns of the index: as many 260 px columns as the page holds, up to 3. */
function indexColumnCount(contentWidth: number): number {
  return Math.max(1, Math.min(3, Math.floor((contentWidth + COLUMN_GAP_PX) / (260 + COLUMN_GAP_PX))));
}

/** Table element modes (core/layouts TABLE_MODES) and the list each one draws. */
const KIND_BY_MODE: Record<string, ListKind> = {
  table: 'table',
  summary: 'summary',
  order_form: 'wholesale_order_form',
  table_of_contents: 'table_of_contents',
  index: 'index',
};

/**
 * Where a page's list goes: the first cell holding (or accepting) a table element, whose mode says which list
 * it is; a page without such a cell draws its list over the whole inner area, under its own title.
 */
export function listPlacement(page: Page): { kind: ListKind; cellIndex: number | null } {
  const fallback: ListKind = isListKind(page.kind) ? page.kind : 'table';
  const cellIndex = page.layout.cells.findIndex((cell, i) => {
    const el = page.elements[i];
    return el ? el.type === 'application/table' : cell.accepts.includes('application/table');
  });
  if (cellIndex < 0) return { kind: fallback, cellIndex: null };
  const mode = (page.elements[cellIndex]?.properties as Record<string, unknown> | undefined)?.mode;
  // An index page keeps its kind even on a layout whose table cell was made for another list.
  const kind =
    page.kind === 'index'
      ? 'index'
      : typeof mode === 'string' && KIND_BY_MODE[mode]
        ? KIND_BY_MODE[mode]
        : fallback;
  return { kind, cellIndex };
}

/**
 * What a generated list shows, computed from the first page of its run and the whole catalog. Pagination and
 * the renderer both read it, so they agree on the blocks and on the space they have.
 */
export function listModel(ctx: RenderContext, runStart: number): ListModel {
  return memo(ctx, `list:${runStart}`, () => buildListModel(ctx, runStart));
}

function listArea(
  ctx: RenderContext,
  page: Page,
  cellIndex: number | null,
): { width: number; height: number } {
  if (cellIndex === null) return contentBoxPx(page, ctx.catalog, ctx.format);
  return cellBoxPx(page.layout.cells[cellIndex], page, ctx);
}

function buildListModel(ctx: RenderContext, runStart: number): ListModel {
  const { catalog, t } = ctx;
  const page = catalog.pages[runStart];
  const { kind, cellIndex } = listPlacement(page);
  const ownTitle = cellIndex === null;
  const box = listArea(ctx, page, cellIndex);
  let title = '';
  let columns = 1;
  let blocks: ListBlock[] = [];
  let table: TableColumnSpec[] | null = null;
  if (kind === 'index') {
    title = t('index.title');
    columns = indexColumnCount(box.width);
    let letter = '';
    for (const e of memo(ctx, 'index-entries', () => indexEntries(catalog, ctx.locale))) {
      const l = indexLetter(e.title);
      if (l !== letter) blocks.push({ type: 'letter', letter: l });
      letter = l;
      blocks.push({ type: 'entry', title: e.title, pages: e.pages });
    }
  } else if (kind === 'table_of_contents') {
    title = t('toc.title');
    blocks = tocEntries(catalog).map((e) => ({ type: 'toc', title: e.title, page: e.page }));
  } else {
    const items = listProducts(catalog, runStart, kind === 'summary');
    const products = items.map((i) => i.product);
    if (kind === 'table') {
      title = tableTitle(ctx, page);
      table = tableColumns(ctx, products);
      blocks = items.map((i) => productRow(i.product, null, i.pageNumber, true));
    } else if (kind === 'summary') {
      const section = page.section?.trim();
      title = section ? t('summary.titleSection', { section }) : t('summary.title');
      table = summaryColumns(ctx, products);
      blocks = items.map((i) => productRow(i.product, null, i.pageNumber, true));
    } else {
      title = t('orderForm.title');
      table = orderColumns(ctx, products);
      for (const i of items) {
        if (i.product.variations.length === 0) {
          blocks.push(productRow(i.product, null, i.pageNumber, true));
        } else {
          i.product.variations.forEach((v, n) =>
            blocks.push(productRow(i.product, v, i.pageNumber, n === 0)),
          );
        }
      }
      // The default order form layout has its own buyer and totals cells; a bare page gets ours.
      if (ownTitle) blocks = [{ type: 'order-intro' }, ...blocks, { type: 'order-totals' }];
    }
  }
  if (!blocks.some((b) => b.type !== 'order-intro' && b.type !== 'order-totals')) {
    blocks.splice(blocks[0]?.type === 'order-intro' ? 1 : 0, 0, { type: 'empty' });
  }
  const columnHeight =
    box.height - (ownTitle ? LIST_TITLE_HEIGHT_PX : 0) - (table ? TABLE_HEAD_HEIGHT_PX : 0);
  return {
    kind,
    title: ownTitle ? title : '',
    columns,
    blocks,
    keepWithNext: blocks.map((b) => b.type === 'letter'),
    table,
    columnHeight,
    columnWidth: columnWidthPx(box.width, columns),
    cellIndex,
  };
}
