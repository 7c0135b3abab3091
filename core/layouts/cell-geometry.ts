import { LAYOUT_GRID_FRACTION } from '../constants.ts';
import { snapToGrid } from './grid.ts';

/*
 * Moving and resizing a cell by pointer or keyboard, shared by the editor's layout mode and the layout manager's
 * editor (SPEC §3 Cell, §9: positions on the 1.25 % grid).
 */

/** A cell's place and size, in fractions of the page area. */
export type Box = { x: number; y: number; width: number; height: number };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * A cell moved or resized from the keyboard while its layout is edited (SPEC §2.2 "arrows move a free element"):
 * an arrow moves it one step of the 1.25 % grid (SPEC §9), Shift+arrow resizes it by one step (→ wider, ↓ taller),
 * always inside the page and never smaller than one step. Null for any other key or when nothing would change.
 */
export function nudgeCell(cell: Box, key: string, resize: boolean): Box | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  return shiftCell(cell, arrow[0] * LAYOUT_GRID_FRACTION, arrow[1] * LAYOUT_GRID_FRACTION, resize);
}

/**
 * A cell moved (or, with `resize`, its bottom-right corner moved) by a distance in page fractions, as the pointer
 * drags it: snapped to the 1.25 % grid, kept inside the page, never smaller than one grid step. Null when the
 * snapped result is the cell as it was.
 */
export function shiftCell(cell: Box, dx: number, dy: number, resize: boolean): Box | null {
  const step = LAYOUT_GRID_FRACTION;
  let next: Box;
  if (resize) {
    const width = Math.min(1 - cell.x, Math.max(step, snapToGrid(cell.width + dx)));
    const height = Math.min(1 - cell.y, Math.max(step, snapToGrid(cell.height + dy)));
    next = { x: cell.x, y: cell.y, width, height };
  } else {
    const x = Math.min(1 - cell.width, Math.max(0, snapToGrid(cell.x + dx)));
    const y = Math.min(1 - cell.height, Math.max(0, snapToGrid(cell.y + dy)));
    next = { x, y, width: cell.width, height: cell.height };
  }
  const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  return same(next.x, cell.x) &&
    same(next.y, cell.y) &&
    same(next.width, cell.width) &&
    same(next.height, cell.height)
    ? null
    : next;
}
