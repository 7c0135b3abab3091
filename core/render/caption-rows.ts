import { catalogMetrics, estimateHeight, type EstimateMetrics } from '../pagination/estimate.ts';
import { isProductElement, type Page, type PriceTemplateStyle, type ProductElement } from '../model/index.ts';
import { memo, type RenderContext } from './context.ts';
import { pageBands } from './geometry.ts';
import { templateHtml } from './merchant-html.ts';
import { cellBoxPx } from './text-fit.ts';

/**
 * A product cell this many times wider than tall prints a below-the-pictures caption beside them instead:
 * stacked in a short landscape cell (the grids of a Letter_booklet page), the pictures shrink to thumbnails
 * above a caption that has width to spare. Portrait grids never come near it (a 2-per-page A4 cell is 1.6).
 */
export const CAPTION_BESIDE_RATIO = 2;

/** Whether a caption set below the pictures goes beside them in a cell of this size (CAPTION_BESIDE_RATIO). */
export function captionGoesBeside(
  style: PriceTemplateStyle,
  box: { width: number; height: number },
): boolean {
  const free = style.x !== null && style.y !== null && style.width !== null && style.height !== null;
  if (free || style.position === 'inside' || style.align === 'horizontal') return false;
  return box.height > 0 && box.width >= CAPTION_BESIDE_RATIO * box.height;
}

/** Caption and description HTML of a product element, evaluated once per render. */
export function captionTexts(
  element: ProductElement,
  ctx: RenderContext,
  pageNumber: number,
): { caption: string; description: string } {
  return memo(ctx, `captions:${element.id}:${pageNumber}`, () => {
    const { catalog } = ctx;
    const product = element.properties;
    return {
      caption: templateHtml(element.price_template ?? catalog.priceTemplate, product, ctx, pageNumber),
      description: catalog.settings.showDescription
        ? templateHtml(element.description_template ?? catalog.descriptionTemplate, product, ctx, pageNumber)
        : '',
    };
  });
}

/** Top padding of a caption under its pictures (base CSS `.cb-product--vertical > .cb-caption-box`). */
const CAPTION_GAP_PX = 8;

/**
 * The height captions under pictures should reserve, per cell, so that every caption of a grid row starts
 * at the same line: the tallest estimated caption of the cells sharing the row (same top and height). Cells
 * whose caption sits beside or over the pictures get none. CSS still lets a caption grow past it.
 */
export function rowCaptionHeights(page: Page, pageIndex: number, ctx: RenderContext): Map<number, number> {
  const metrics = memo<EstimateMetrics>(ctx, 'metrics', () => catalogMetrics(ctx.catalog));
  const { inner } = pageBands(page, ctx.catalog);
  const margin = page.layout.margin;
  const estimates = new Map<number, { row: string; height: number }>();
  page.layout.cells.forEach((cell, i) => {
    const el = page.elements[i];
    if (!isProductElement(el)) return;
    const style = el.price_template_style ?? ctx.catalog.priceTemplateStyle;
    const free = style.x !== null && style.y !== null && style.width !== null && style.height !== null;
    if (style.align === 'horizontal' || style.position === 'inside' || free) return;
    if (captionGoesBeside(style, cellBoxPx(cell, page, ctx))) return;
    const fontSize = el.price_template_style
      ? el.price_template_style.font_size
      : ctx.catalog.settings.priceTemplateFontSize;
    const { caption, description } = captionTexts(el, ctx, pageIndex + 1);
    const html =
      `<div class="cb-caption" style="font-size:${fontSize}px">${caption}</div>` +
      (description
        ? `<div class="cb-description" style="font-size:${ctx.catalog.settings.descriptionFontSize}px">${description}</div>`
        : '');
    const width = cell.width * ctx.size.widthPx - 2 * margin - style.padding_left - style.padding_right;
    const height =
      estimateHeight(html, width, metrics) + CAPTION_GAP_PX + style.padding_top + style.padding_bottom;
    const row = `${cell.y.toFixed(4)}:${(cell.height * inner.height).toFixed(4)}`;
    estimates.set(i, { row, height });
  });
  const tallest = new Map<string, number>();
  for (const { row, height } of estimates.values()) tallest.set(row, Math.max(tallest.get(row) ?? 0, height));
  return new Map([...estimates].map(([i, { row }]) => [i, Math.ceil(tallest.get(row) ?? 0)]));
}
