import type { CSSProperties, ReactNode } from 'react';
import { isProductElement, type Cell, type Element, type Page } from '../model/index.ts';
import { listProducts } from './catalog-data.ts';
import type { RenderContext } from './context.ts';
import { ImageBox } from './images.tsx';
import { isListKind, listPlacement, tableColumns } from './list-model.ts';
import { ListPageContent, RowsTable } from './list-view.tsx';
import { isBlankHtml, merchantHtml, safeColor } from './merchant-html.ts';
import { ProductCellView } from './product-view.tsx';
import { sanitizeSvg } from '../sanitize/index.ts';
import { cellBoxPx, cellGutterPx, textFitScale } from './text-fit.ts';
import { edgesTouched, pageBands } from './geometry.ts';

/** What the editor gets to wrap each cell with its own interaction layer (drop target, selection...). */
export interface CellWrapperArgs {
  cell: Cell;
  cellIndex: number;
  element: Element | null;
  page: Page;
  pageIndex: number;
  children: ReactNode;
}
export type CellWrapper = (args: CellWrapperArgs) => ReactNode;

const pct = (f: number) => `${+(f * 100).toFixed(4)}%`;

function TextBlock({
  html,
  maxColumns,
  box,
  ctx,
}: {
  html: string;
  maxColumns: number | null;
  box: Box;
  ctx: RenderContext;
}) {
  let style: CSSProperties | undefined;
  if (maxColumns && maxColumns > 1) style = { columnCount: maxColumns, columnGap: '16px' };
  else {
    // Type scales down to the cell rather than being cut off (a title band on a short booklet page).
    const scale = textFitScale(html, box, ctx);
    if (scale < 1) style = { zoom: scale };
  }
  return <div className="cb-text" style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}

type Box = { width: number; height: number };

/** A table element outside a list page: every row at once (list pages paginate theirs). */
function TableElementView({
  ctx,
  pageIndex,
  element,
}: {
  ctx: RenderContext;
  pageIndex: number;
  element: Element;
}) {
  const mode = (element.properties as Record<string, unknown>).mode;
  const items = listProducts(ctx.catalog, pageIndex, mode === 'summary');
  const spec = tableColumns(
    ctx,
    items.map((i) => i.product),
  );
  const rows = items.map((i) => ({
    type: 'row' as const,
    product: i.product,
    variation: null,
    pageNumber: i.pageNumber,
    first: true,
  }));
  return <RowsTable rows={rows} spec={spec} ctx={ctx} head />;
}

/** What a cell shows: its element, or the cell's default content when it is empty. */
function cellContent(
  cell: Cell,
  cellIndex: number,
  element: Element | null,
  ctx: RenderContext,
  pageIndex: number,
  pageNumber: number,
  captionMinPx?: number,
): { node: ReactNode; kind: string } {
  const box = cellBoxPx(cell, ctx.catalog.pages[pageIndex], ctx);
  if (element && isProductElement(element)) {
    return {
      node: (
        <ProductCellView
          element={element}
          cell={cell}
          ctx={ctx}
          pageNumber={pageNumber}
          boxPx={box}
          captionMinPx={captionMinPx}
        />
      ),
      kind: 'product',
    };
  }
  const props = (element?.properties ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof props[k] === 'string' ? (props[k] as string) : '');
  if (element && element.type === 'text/html') {
    const html = merchantHtml(str('html'), ctx, pageNumber);
    return {
      node: <TextBlock html={html} maxColumns={cell.properties.maxColumns} box={box} ctx={ctx} />,
      kind: 'text',
    };
  }
  if (element && element.type === 'application/description') {
    const html = merchantHtml(str('html'), ctx, pageNumber);
    return {
      node: <TextBlock html={html} maxColumns={cell.properties.maxColumns} box={box} ctx={ctx} />,
      kind: 'description',
    };
  }
  if (element && element.type === 'application/table') {
    const page = ctx.catalog.pages[pageIndex];
    if (isListKind(page.kind) && listPlacement(page).cellIndex === cellIndex) {
      return { node: <ListPageContent ctx={ctx} pageIndex={pageIndex} />, kind: 'table' };
    }
    return { node: <TableElementView ctx={ctx} pageIndex={pageIndex} element={element} />, kind: 'table' };
  }
  if (element && element.type === 'image/svg+xml' && str('svg')) {
    // A drawing (SPEC §3 image/svg+xml) is drawn inline, so its words print as text and use the catalog's fonts;
    // sanitizeSvg leaves shapes and text only, nothing that runs or loads.
    const svg = sanitizeSvg(str('svg'));
    return { node: <div className="cb-svg" dangerouslySetInnerHTML={{ __html: svg }} />, kind: 'svg' };
  }
  if (element && element.type.startsWith('image/')) {
    const src = str('src') || str('url');
    return {
      node: (
        <ImageBox
          url={src}
          ctx={ctx}
          fit={element.size}
          unit={element.size_unit}
          zoom={element.zoom}
          position={element.position}
          alt={str('alt')}
        />
      ),
      kind: 'image',
    };
  }
  // Empty or void cell: show the layout's default content (cover titles, default images), never a drop hint.
  const def = cell.properties.default;
  if (def) {
    if (cell.accepts.includes('text/html')) {
      const html = merchantHtml(def, ctx, pageNumber);
      if (!isBlankHtml(html)) {
        return {
          node: <TextBlock html={html} maxColumns={cell.properties.maxColumns} box={box} ctx={ctx} />,
          kind: 'text',
        };
      }
    } else if (cell.accepts.some((a) => a.startsWith('image/'))) {
      return { node: <ImageBox url={def} ctx={ctx} fit="cover" />, kind: 'image' };
    }
  }
  const imageSlot =
    !cell.accepts.includes('application/product') && cell.accepts.some((a) => a.startsWith('image/'));
  return { node: null, kind: imageSlot ? 'empty cb-cell--image-slot' : 'empty' };
}

/** A picture that fills its cell (cover) grows with it into the bleed; anything else keeps its place. */
function bleedsWithBox(kind: string, element: Element | null, cell: Cell): boolean {
  if (kind !== 'image') return false;
  if (element && element.type.startsWith('image/')) return element.size === 'cover';
  return !!cell.properties.default;
}

/**
 * Print output with bleed: a cell that touches the trim runs on into the bleed on those sides, so its background
 * (and a picture filling it) leaves no white sliver when the sheet is cut. Its padding grows by as much, so
 * what it holds stays where it was, except a filling picture, which grows with the box.
 */
function bleedCell(
  style: CSSProperties,
  cell: Cell,
  page: Page,
  ctx: RenderContext,
  gutter: { x: number; y: number },
  grows: boolean,
) {
  const edges = edgesTouched(cell, pageBands(page, ctx.catalog).inner);
  if (!edges.left && !edges.right && !edges.top && !edges.bottom) return;
  const b = +ctx.bleedPx.toFixed(3);
  // A filling picture reaches the trim only where the cell keeps no gutter: there it runs on with the box.
  const pad = (edge: boolean, base: number) => `${edge && !(grows && base === 0) ? base + b : base}px`;
  if (edges.left) style.left = `calc(${pct(cell.x)} - ${b}px)`;
  if (edges.top) style.top = `calc(${pct(cell.y)} - ${b}px)`;
  const w = (edges.left ? b : 0) + (edges.right ? b : 0);
  const h = (edges.top ? b : 0) + (edges.bottom ? b : 0);
  if (w) style.width = `calc(${pct(cell.width)} + ${w}px)`;
  if (h) style.height = `calc(${pct(cell.height)} + ${h}px)`;
  style.padding = [
    pad(edges.top, gutter.y),
    pad(edges.right, gutter.x),
    pad(edges.bottom, gutter.y),
    pad(edges.left, gutter.x),
  ].join(' ');
}

export function CellView({
  cell,
  cellIndex,
  element,
  page,
  pageIndex,
  ctx,
  wrapper,
  captionMinPx,
}: {
  cell: Cell;
  cellIndex: number;
  element: Element | null;
  page: Page;
  pageIndex: number;
  ctx: RenderContext;
  wrapper?: CellWrapper;
  captionMinPx?: number;
}) {
  const pageNumber = pageIndex + 1;
  const { node, kind } = cellContent(cell, cellIndex, element, ctx, pageIndex, pageNumber, captionMinPx);
  const bg = safeColor(cell.properties.background_color);
  const gutter = cellGutterPx(cell, page, ctx);
  const style: CSSProperties = {
    left: pct(cell.x),
    top: pct(cell.y),
    width: pct(cell.width),
    height: pct(cell.height),
    zIndex: cell.z,
    padding: gutter.x === gutter.y ? `${gutter.x}px` : `${gutter.y}px ${gutter.x}px`,
  };
  if (ctx.bleedPx) bleedCell(style, cell, page, ctx, gutter, bleedsWithBox(kind, element, cell));
  if (bg) style.background = bg;
  const align = cell.properties.verticalAlign;
  const body =
    node === null ? null : (
      <div className={`cb-cell-body${align !== 'top' ? ` cb-cell-body--${align}` : ''}`}>{node}</div>
    );
  const cellNode = (
    <div
      className={`cb-cell cb-cell--${kind}`}
      style={style}
      data-cell-index={cellIndex}
      data-element-id={element?.id}
    >
      {wrapper ? wrapper({ cell, cellIndex, element, page, pageIndex, children: body }) : body}
    </div>
  );
  return cellNode;
}
