import { PX_PER_MM } from '../../core/render/index.ts';

/**
 * The print safe margin (issue 28) over the page being edited: a dashed line the catalog's
 * `settings.print.safe_margin_mm` inside the trim, that text should stay within for print. Drawn over the page,
 * never in it (the PDF knows nothing of it), and it lets every click through to the cells under it.
 */
export function SafeMarginGuides({ marginMm, scale }: { marginMm: number; scale: number }) {
  if (marginMm <= 0) return null;
  const inset = marginMm * PX_PER_MM * scale;
  return (
    <div
      className="cb-safe-margin"
      data-testid="safe-margin-guides"
      style={{ inset: `${inset}px` }}
      aria-hidden="true"
    />
  );
}
