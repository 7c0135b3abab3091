import { catalogMetrics, estimateHeight, type EstimateMetrics } from '../pagination/estimate.ts';
import type { Cell, Page } from '../model/index.ts';
import { memo, type RenderContext } from './context.ts';
import { pageBands } from './geometry.ts';

/**
 * Share of a cell's height its gutter may take on each side: a short cell (a page
 * title band on a landscape Letter_booklet page is ~27 px tall) keeps room for its content instead of
 * giving 20 of its 27 px to a 10 px gutter. Cells taller than ~67 px keep the layout's margin as it is.
 */
const MAX_GUTTER_SHARE = 0.15;

/**
 * Smallest scale text is shrunk to so that it fits its cell. Below half size print stops being readable
 * (10 px body text at 5 px); text that still does not fit is clipped by the cell as before.
 */
export const MIN_TEXT_SCALE = 0.5;

/** The gutter (layout.margin, CSS px) kept inside a cell: the vertical one shrinks with short cells. */
export function cellGutterPx(cell: Cell, page: Page, ctx: RenderContext): { x: number; y: number } {
  const { inner } = pageBands(page, ctx.catalog);
  const m = page.layout.margin;
  const heightPx = cell.height * inner.height * ctx.size.heightPx;
  return { x: m, y: Math.min(m, Math.floor(heightPx * MAX_GUTTER_SHARE * 10) / 10) };
}

/** A cell's content box in CSS px: its fractions of the inner area, less the gutter. */
export function cellBoxPx(cell: Cell, page: Page, ctx: RenderContext): { width: number; height: number } {
  const { inner } = pageBands(page, ctx.catalog);
  const g = cellGutterPx(cell, page, ctx);
  return {
    width: Math.max(0, cell.width * ctx.size.widthPx - 2 * g.x),
    height: Math.max(0, cell.height * inner.height * ctx.size.heightPx - 2 * g.y),
  };
}

const MARGIN_BLOCK_END = /<\/(h[1-6]|p|ul|ol|blockquote|figure)\s*>\s*$/i;

/**
 * Estimated height of text-cell HTML at a width. The estimate counts a margin under every block; the base
 * CSS removes it from the cell text's last child, so a closing heading or paragraph gives it back.
 */
function textHeight(html: string, width: number, metrics: EstimateMetrics): number {
  const estimate = estimateHeight(html, width, metrics);
  const last = MARGIN_BLOCK_END.exec(html)?.[1]?.toLowerCase();
  if (!last) return estimate;
  const size = metrics.tagSizes[last] ?? metrics.baseSize;
  return estimate - 0.35 * size * (1 + metrics.safety);
}

/**
 * The scale (CSS zoom) at which a text cell's HTML fits its box, 1 when it already fits: titles and cover
 * lines scale their type to the cell instead of being cut off, whatever the page format. Shrunk text wraps
 * at the wider width the zoom leaves it, so the largest fitting scale is searched for, not just the ratio of
 * heights. Deterministic: it uses core/pagination's estimate, never a browser.
 */
export function textFitScale(
  html: string,
  box: { width: number; height: number },
  ctx: RenderContext,
): number {
  if (box.width <= 0 || box.height <= 0 || !html) return 1;
  const metrics = memo<EstimateMetrics>(ctx, 'metrics', () => catalogMetrics(ctx.catalog));
  const fits = (scale: number) => textHeight(html, box.width / scale, metrics) * scale <= box.height;
  if (fits(1)) return 1;
  if (!fits(MIN_TEXT_SCALE)) return MIN_TEXT_SCALE;
  let lo = MIN_TEXT_SCALE;
  let hi = 1;
  for (let i = 0; i < 10; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return Math.floor(lo * 100) / 100;
}
