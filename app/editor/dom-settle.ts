import { paginateCatalogSync, type Measure } from '../../core/pagination/index.ts';
import { catalogCss, createRenderContext, measureBodyHtml } from '../../core/render/index.ts';
import type { Catalog, Page } from '../../core/model/index.ts';

/** Pictures in measured blocks have set box sizes; a blank stand-in keeps measuring off the network. */
const BLANK_GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * Heights of blocks laid out in this document with the catalog's stylesheet, in an unscaled, hidden element
 * (the same markup and MEASURE_SCRIPT reading the worker's Chromium page uses for the PDF).
 */
export function domMeasure(doc: Document, catalog: Catalog): Measure {
  return (blocks) => {
    if (blocks.length === 0) return [];
    const ctx = createRenderContext(catalog, { resolveAsset: () => BLANK_GIF });
    const host = doc.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.className = 'cb-measure-host';
    host.style.cssText = 'position:absolute;left:-100000px;top:0;visibility:hidden;pointer-events:none';
    host.innerHTML = `<style>${catalogCss(ctx)}</style>${measureBodyHtml(ctx.scopeClass, blocks)}`;
    doc.body.appendChild(host);
    try {
      return Array.from(
        host.querySelectorAll('[data-cb-measure]'),
        (e) => e.firstElementChild?.getBoundingClientRect().height ?? 0,
      );
    } finally {
      host.remove();
    }
  };
}

const samePagination = (a: Page['pagination'], b: Page['pagination']) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** `after`'s page, or `before`'s when pagination only rebuilt it as it was (so unchanged pages are not drawn again). */
function keepPage(before: Page | undefined, after: Page): Page {
  if (!before || before === after) return after;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof Page>;
  for (const k of keys) {
    if (k === 'pagination') {
      if (!samePagination(before.pagination, after.pagination)) return after;
    } else if (k === 'elements') {
      const a = before.elements;
      const b = after.elements;
      if (a.length !== b.length || a.some((e, i) => e !== b[i])) return after;
    } else if (before[k] !== after[k]) return after;
  }
  return before;
}

/** The paginated catalog, sharing every page (and the catalog itself) that pagination left as it was. */
export function keepUnchanged(before: Catalog, after: Catalog): Catalog {
  const byId = new Map(before.pages.map((p) => [p.id, p]));
  const pages = after.pages.map((p) => keepPage(byId.get(p.id), p));
  if (pages.length === before.pages.length && pages.every((p, i) => p === before.pages[i])) return before;
  return { ...after, pages };
}

/**
 * The editor's settle step (DESIGN §6): after each command, flow pages are filled column by column (an
 * overflowing product goes to the next column, then to a following flow page, with the 10 px tolerance) and
 * generated lists split over pages, measured in this document. The saved pages carry that pagination, so the
 * thumbnails, the print preview and the PDF show the same pages.
 */
export function createDomSettle(doc: Document): (catalog: Catalog) => Catalog {
  return (catalog) => {
    const hasFlowOrList = catalog.pages.some((p) => p.kind !== 'product');
    if (!hasFlowOrList) return catalog;
    const paginated = paginateCatalogSync(catalog, domMeasure(doc, catalog), {
      render: { resolveAsset: () => BLANK_GIF },
    });
    return keepUnchanged(catalog, paginated);
  };
}
