/**
 * The page renderer (DESIGN §6): React components that draw every page kind, shared by the editor (wrapped
 * with interaction layers), the viewer (hydrated) and the worker and CLI (static HTML printed by Chromium).
 */
export { CatalogPageView, pageClassName, flowColumns, type CatalogPageViewProps } from './page-view.tsx';
export {
  CatalogDocumentView,
  CatalogStyles,
  selectedPages,
  type CatalogDocumentViewProps,
} from './document-view.tsx';
export { renderCatalogHtml, type RenderHtmlOptions } from './html.tsx';
export { readsOtherPages, samePageRender } from './same-render.ts';
export type { CellWrapper, CellWrapperArgs } from './cells.tsx';
export {
  createRenderContext,
  scopeClassFor,
  type FontFaceOption,
  type RenderContext,
  type RenderMode,
  type RenderOptions,
  type RenderTemplateFn,
  type TemplateContext,
} from './context.ts';
export {
  catalogCss,
  FALLBACK_FONT_FAMILIES,
  fontFacesUsed,
  fontsToPreload,
  themeToCss,
  withFallbackFonts,
} from './css.ts';
export {
  PX_PER_MM,
  contentBoxPx,
  defaultBleedMm,
  edgesTouched,
  isCoverPage,
  printBleedMm,
  pageBands,
  pageSize,
  resolveFormat,
  showsHeadersFooters,
  type Edges,
  type PageSize,
} from './geometry.ts';
export {
  indexEntries,
  placedProducts,
  tocEntries,
  type IndexEntry,
  type PlacedProduct,
  type TocEntry,
} from './catalog-data.ts';
export {
  MEASURE_SCRIPT,
  measureBodyHtml,
  measureDocumentHtml,
  type MeasureBlock,
} from './measure-markup.tsx';
export {
  ImageBox,
  clampImageSize,
  elementPlacement,
  extraImageUrls,
  mainImageUrl,
  type ImagePlacement,
} from './images.tsx';
export { visibleColumns } from './values.ts';
export { ProductCellView } from './product-view.tsx';
export { CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN } from './merchant-html.ts';
