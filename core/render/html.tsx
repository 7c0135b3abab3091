import { renderToStaticMarkup } from 'react-dom/server';
import type { Catalog } from '../model/index.ts';
import { estimateMeasure } from '../pagination/estimate.ts';
import { needsPagination, paginateCatalogSync } from '../pagination/paginate.ts';
import { escapeHtml } from '../sanitize/index.ts';
import { createRenderContext, type RenderOptions } from './context.ts';
import { catalogCss } from './css.ts';
import { selectedPages } from './document-view.tsx';
import { CatalogPageView } from './page-view.tsx';

export interface RenderHtmlOptions extends RenderOptions {
  /**
   * Paginate flow and list pages with estimateMeasure before rendering. Default: only when some page has
   * never been paginated; the worker paginates with Chromium first and so keeps its measurements. When this
   * paginates, `pages` indices refer to the paginated catalog.
   */
  paginate?: boolean;
  /** Document title; default: the catalog title. */
  title?: string;
}

/**
 * One self-contained HTML document of the catalog's pages: inline CSS, images and fonts referenced by URL
 * (through resolveAsset), ready for Chromium to print (mode 'print') or for a browser to show ('screen').
 */
export function renderCatalogHtml(input: Catalog, options: RenderHtmlOptions = {}): string {
  const paginate = options.paginate ?? needsPagination(input);
  const catalog = paginate ? paginateCatalogSync(input, estimateMeasure(input), { render: options }) : input;
  const ctx = createRenderContext(catalog, options);
  const body = renderToStaticMarkup(
    <div className="cb-document">
      {selectedPages(catalog, options.pages).map((i) => (
        <CatalogPageView key={catalog.pages[i].id} catalog={catalog} pageIndex={i} context={ctx} />
      ))}
    </div>,
  );
  const css = catalogCss(ctx, options.fontFaces);
  return (
    `<!doctype html>\n<html lang="${escapeHtml(ctx.locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(options.title ?? catalog.title)}</title>\n<style>\n${css}\n</style></head>\n` +
    `<body class="cb-body cb-mode-${ctx.mode}">${body}</body></html>\n`
  );
}
