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
