import { LAYOUT_GRID_FRACTION } from '../constants.ts';
import type { CellInput } from '../model/index.ts';

/** Number of grid steps across one side of the inner area (80 at 1.25 %). */
export const GRID_STEPS = Math.round(1 / LAYOUT_GRID_FRACTION);

// Float noise (0.1 + 0.2) must not leak into stored layouts, where it would make equal cells compare unequal.
const round6 = (v: number): number => Math.round(v * 1e6) / 1e6;

/** Fraction of the inner area covered by `steps` grid steps. */
export const gridSteps = (steps: number): number => round6(steps * LAYOUT_GRID_FRACTION);

/** Snap a position or size (fraction 0-1) to the nearest grid step, clamped to the inner area. */
export function snapToGrid(value: number, grid: number = LAYOUT_GRID_FRACTION): number {
  if (!Number.isFinite(value)) return 0;
  const snapped = round6(Math.round(value / grid) * grid);
  return Math.min(1, Math.max(0, snapped));
}

/** A cell with x, y, width and height on the grid; the size never snaps to zero and the cell stays inside. */
export function snapCell<T extends { x: number; y: number; width: number; height: number }>(
  cell: T,
  grid: number = LAYOUT_GRID_FRACTION,
): T {
  const width = Math.max(grid, snapToGrid(cell.width, grid));
  const height = Math.max(grid, snapToGrid(cell.height, grid));
  const x = Math.min(snapToGrid(cell.x, grid), round6(1 - width));
  const y = Math.min(snapToGrid(cell.y, grid), round6(1 - height));
  return { ...cell, x, y, width, height };
}

/**
 * Split one side of the inner area into `count` equal tracks on the grid. The tracks span at most
 * `maxSteps` steps and are centred, so every boundary lands on the grid (3 columns: 1 step inset, 26 each).
 */
function tracks(count: number, maxSteps: number): { inset: number; size: number } {
  for (let used = maxSteps; used >= count; used--) {
    if (used % count === 0 && (GRID_STEPS - used) % 2 === 0) {
      return { inset: (GRID_STEPS - used) / 2, size: used / count };
    }
  }
  throw new Error(`Cannot split the grid into ${count} equal tracks`);
}

/**
 * Cells of a cols × rows grid in reading order (left to right, top to bottom). At most 78 of the 80 steps
 * are used so product grids keep a small outer margin besides the layout's gutter.
 */
export function gridCells(options: {
  cols: number;
  rows: number;
  accepts: string[];
  maxSteps?: number;
}): CellInput[] {
  const maxSteps = options.maxSteps ?? GRID_STEPS - 2;
  const h = tracks(options.cols, maxSteps);
  const v = tracks(options.rows, maxSteps);
  const cells: CellInput[] = [];
  for (let r = 0; r < options.rows; r++) {
    for (let c = 0; c < options.cols; c++) {
      cells.push({
        x: gridSteps(h.inset + c * h.size),
        y: gridSteps(v.inset + r * v.size),
        width: gridSteps(h.size),
        height: gridSteps(v.size),
        accepts: [...options.accepts],
      });
    }
  }
  return cells;
}
