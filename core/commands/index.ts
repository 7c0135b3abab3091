/**
 * Editing commands: pure functions (catalog, options) → { catalog, currentPage, selection? } that never
 * mutate their input. The editor records one undo step per command; shortcuts, menus, the CLI and tests
 * call the same functions.
 */
export type { CommandOptions, CommandResult, ElementRef } from './types.ts';
export { listProducts } from './util.ts';
export { countPlacements, type Placements } from './placements.ts';
export {
  addPage,
  duplicatePage,
  movePageDown,
  movePageUp,
  removePage,
  toggleHeadersFooters,
  type AddPageOptions,
  type PageIndexOptions,
} from './pages.ts';
export {
  addImage,
  addProduct,
  removeCell,
  removeElement,
  type AddImageOptions,
  type AddProductOptions,
  type CellOptions,
  type ElementOptions,
} from './content.ts';
export { changeLayout, type ChangeLayoutOptions } from './change-layout.ts';
export {
  addCell,
  dropImage,
  dropProduct,
  moveElement,
  replaceProduct,
  setCaptionTemplate,
  setCellGeometry,
  setElementHtml,
  setElementSvg,
  setPageBand,
  type AddCellOptions,
  type BandOptions,
  type CaptionTemplateOptions,
  type CellGeometryOptions,
  type DropOptions,
  type ElementHtmlOptions,
  type ElementSvgOptions,
  type MoveElementOptions,
  type ReplaceProductOptions,
} from './cell-edits.ts';
export {
  applyPageDiff,
  diffPages,
  removePages,
  updateSettings,
  type PageDiff,
  type RemovePagesOptions,
  type BrandField,
  type UpdateSettingsOptions,
} from './document-edits.ts';
export {
  addProducts,
  autoLayout,
  reflowProducts,
  slotProducts,
  type AddProductsOptions,
  type AutoLayoutOptions,
} from './auto-layout.ts';
export {
  addFlowPage,
  movePages,
  setArrangement,
  type ArrangementOptions,
  type MovePagesOptions,
} from './arrange.ts';
export {
  SORT_KEYS,
  productComparator,
  sortProducts,
  type SortKey,
  type SortProductsOptions,
} from './sort-products.ts';
export {
  addSummaryPages,
  getSections,
  productsOfSectionBefore,
  sectionEnd,
  type Section,
} from './sections.ts';
export {
  findSimilarHeaders,
  headerText,
  updateAllFooters,
  updateSimilarHeaders,
  type HeaderOptions,
  type PageHeader,
  type SimilarHeadersOptions,
} from './headers.ts';
export { formatCellCoordinates, parseCellCoordinates, visibleImages, type CellCoordinates } from './cells.ts';
export { snapCell, snapToGrid } from '../layouts/index.ts';
export { SYNC_KINDS, productsDiffer, refreshProduct, type SyncKind } from './synchronize.ts';
export { unkeptPictureUrls, withKeptPictures } from './kept-pictures.ts';
export {
  applyListing,
  normalizePlacement,
  setElementImage,
  setElementImagesStyle,
  type ApplyListingOptions,
  type ElementImageOptions,
  type ElementImagesStyleOptions,
  type ImagePlacementChange,
} from './picture-edits.ts';
export { adjustPrices, convertPrices, scalePrice } from './price-edits.ts';
export type { AdjustPricesOptions, ConvertPricesOptions } from './price-edits.ts';
