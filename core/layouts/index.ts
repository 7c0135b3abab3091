export { randomId, sequentialIds, type IdGenerator } from './ids.ts';
export { GRID_STEPS, gridCells, gridSteps, snapCell, snapToGrid } from './grid.ts';
export * from './default-html.ts';
export { DEFAULT_LAYOUTS, getDefaultLayout, getLayoutById, type DefaultLayoutType } from './defaults.ts';
export {
  TABLE_MODES,
  cellAccepts,
  createDefaultElement,
  createImageElement,
  createPage,
  createProductElement,
  createTableElement,
  createTextElement,
  createVoidElement,
  imageTypeOf,
  pageKindForLayout,
  tableModeForLayout,
  type CreatePageOptions,
  type TableMode,
} from './create-page.ts';
export { nudgeCell, shiftCell, type Box } from './cell-geometry.ts';
export {
  cellCoordinatesText,
  groupLayouts,
  hasCustomSubscription,
  LAYOUT_AVAILABILITIES,
  LAYOUT_GROUPS,
  layoutAvailableTo,
  layoutGroup,
  layoutText,
  layoutTitleKey,
  readCellCoordinates,
  readLayoutText,
  sortLayouts,
  type LayoutAvailability,
  type LayoutGroup,
  type LayoutTextResult,
  type LayoutViewer,
} from './library.ts';
export {
  addLayoutCell,
  layoutSaveRequest,
  newLayout,
  removeLayoutCell,
  setLayoutCell,
  setLayoutFields,
  type LayoutFields,
  type LayoutSaveRequest,
} from './layout-edits.ts';
