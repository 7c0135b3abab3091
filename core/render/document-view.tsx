import type { Catalog } from '../model/index.ts';
import type { CellWrapper } from './cells.tsx';
import {
  createRenderContext,
  type FontFaceOption,
  type RenderContext,
  type RenderOptions,
} from './context.ts';
import { catalogCss } from './css.ts';
import { CatalogPageView } from './page-view.tsx';

/** The catalog's stylesheet (page size, fonts, base styles, theme, branding and custom CSS, all scoped). */
export function CatalogStyles({
  context,
  fontFaces,
}: {
  context: RenderContext;
  fontFaces?: FontFaceOption[];
}) {
  return <style dangerouslySetInnerHTML={{ __html: catalogCss(context, fontFaces) }} />;
}

/** Indices of the pages a render shows: the requested subset (valid, in order, once each), else all. */
export function selectedPages(catalog: Catalog, pages?: number[]): number[] {
  if (!pages) return catalog.pages.map((_, i) => i);
  const valid = pages.filter((i) => Number.isInteger(i) && i >= 0 && i < catalog.pages.length);
  return [...new Set(valid)].sort((a, b) => a - b);
}

export interface CatalogDocumentViewProps {
  catalog: Catalog;
  options?: RenderOptions;
  /** Leave the stylesheet out when the host page already has it (CatalogStyles). */
  withStyles?: boolean;
  renderCell?: CellWrapper;
}

/** Every page (or the option's subset) of a catalog, with its stylesheet, sharing one render context. */
export function CatalogDocumentView({
  catalog,
  options = {},
  withStyles = true,
  renderCell,
}: CatalogDocumentViewProps) {
  const ctx = createRenderContext(catalog, options);
  return (
    <div className="cb-document">
      {withStyles ? <CatalogStyles context={ctx} fontFaces={options.fontFaces} /> : null}
      {selectedPages(catalog, options.pages).map((i) => (
        <CatalogPageView
          key={catalog.pages[i].id}
          catalog={catalog}
          pageIndex={i}
          context={ctx}
          renderCell={renderCell}
        />
      ))}
    </div>
  );
}
