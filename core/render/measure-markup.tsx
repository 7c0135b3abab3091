import { renderToStaticMarkup } from 'react-dom/server';
import type { ProductElement } from '../model/index.ts';
import { escapeHtml } from '../sanitize/index.ts';
import type { RenderContext, RenderOptions } from './context.ts';
import { catalogCss } from './css.ts';
import type { ListBlock, ListModel } from './list-model.ts';
import { ListBlockView, RowsTable } from './list-view.tsx';
import { FlowProductView } from './product-view.tsx';

/**
 * A piece of page content whose height pagination needs: its markup (as the page draws it, inside the column
 * wrapper it sits in) and the width it is laid out at, in CSS px.
 */
export interface MeasureBlock {
  html: string;
  width: number;
}

export function flowItemBlock(
  ctx: RenderContext,
  element: ProductElement,
  pageNumber: number,
  width: number,
): MeasureBlock {
  const html = renderToStaticMarkup(
    <div className="cb-flow-column">
      <FlowProductView element={element} ctx={ctx} pageNumber={pageNumber} />
    </div>,
  );
  return { html, width };
}

export function listBlock(ctx: RenderContext, model: ListModel, block: ListBlock): MeasureBlock {
  const inner =
    block.type === 'row' && model.table ? (
      <RowsTable rows={[block]} spec={model.table} ctx={ctx} head={false} />
    ) : (
      <ListBlockView block={block} ctx={ctx} />
    );
  const html = renderToStaticMarkup(<div className="cb-list-column">{inner}</div>);
  return { html, width: model.columnWidth };
}

/** Script a measuring browser evaluates in the measure document: the heights of its blocks, in order. */
export const MEASURE_SCRIPT =
  "Array.from(document.querySelectorAll('[data-cb-measure]'), (e) => e.firstElementChild ? e.firstElementChild.getBoundingClientRect().height : 0)";

/**
 * The blocks in catalog-scoped containers of their widths, for a page that already has the catalog's
 * stylesheet (the editor puts this in an unscaled, off-screen element and reads each
 * `[data-cb-measure] > :first-child` height, as MEASURE_SCRIPT does).
 */
export function measureBodyHtml(scopeClass: string, blocks: MeasureBlock[]): string {
  return blocks
    .map(
      (b, i) =>
        `<div class="cb-page ${scopeClass}" data-cb-measure="${i}" style="width:${b.width}px;height:auto;overflow:visible;break-after:auto">${b.html}</div>`,
    )
    .join('');
}

/**
 * A whole document that lays out blocks with the catalog's styles so a browser can measure them (the
 * worker's Chromium page). Evaluate MEASURE_SCRIPT once fonts are loaded (document.fonts.ready).
 */
export function measureDocumentHtml(
  ctx: RenderContext,
  blocks: MeasureBlock[],
  options: Pick<RenderOptions, 'fontFaces'> = {},
): string {
  return (
    `<!doctype html><html lang="${escapeHtml(ctx.locale)}"><head><meta charset="utf-8">` +
    `<style>${catalogCss(ctx, options.fontFaces)}</style></head>` +
    `<body class="cb-body">${measureBodyHtml(ctx.scopeClass, blocks)}</body></html>`
  );
}
