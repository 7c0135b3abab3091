/**
 * Pagination (DESIGN §6): flow pages filled column by column and generated lists (index, contents, tables,
 * order forms, summaries) split over pages, from block heights an injected measure supplies.
 */
export {
  flowRuns,
  needsPagination,
  paginateCatalog,
  paginateCatalogSync,
  type AsyncMeasure,
  type Measure,
  type MeasureBlock,
  type PaginateOptions,
} from './paginate.ts';
export { packColumns, splitColumns, type PackItem, type PackedPage, type PageCapacity } from './pack.ts';
export { catalogMetrics, estimateHeight, estimateMeasure, type EstimateMetrics } from './estimate.ts';
