import { describe, expect, it } from 'vitest';
import { nudgeCell, shiftCell } from './cell-geometry.ts';

describe('moving and resizing a cell from the keyboard (SPEC §2.2, §9 grid)', () => {
  const cell = { x: 0.25, y: 0.5, width: 0.5, height: 0.25 };
  it('moves one 1.25 % step per arrow and resizes with Shift', () => {
    expect(nudgeCell(cell, 'ArrowRight', false)).toEqual({ ...cell, x: 0.2625 });
    expect(nudgeCell(cell, 'ArrowUp', false)).toEqual({ ...cell, y: 0.4875 });
    expect(nudgeCell(cell, 'ArrowRight', true)).toEqual({ ...cell, width: 0.5125 });
    expect(nudgeCell(cell, 'ArrowUp', true)).toEqual({ ...cell, height: 0.2375 });
  });
  it('keeps the cell inside the page and at least one step big, and ignores other keys', () => {
    expect(nudgeCell({ x: 0, y: 0, width: 0.5, height: 0.5 }, 'ArrowLeft', false)).toBeNull();
    expect(nudgeCell({ x: 0.5, y: 0.5, width: 0.5, height: 0.5 }, 'ArrowDown', false)).toBeNull();
    expect(nudgeCell({ x: 0.5, y: 0, width: 0.5, height: 0.5 }, 'ArrowRight', true)).toBeNull();
    expect(nudgeCell({ x: 0, y: 0, width: 0.0125, height: 0.5 }, 'ArrowLeft', true)).toBeNull();
    expect(nudgeCell(cell, 'Enter', false)).toBeNull();
  });
});

describe('moving and resizing a cell with the pointer (layout mode, §9 grid)', () => {
  const cell = { x: 0.25, y: 0.5, width: 0.5, height: 0.25 };
  it('snaps the dragged distance to the 1.25 % grid', () => {
    const moved = shiftCell(cell, 0.1013, -0.0431, false)!;
    expect(moved.x).toBeCloseTo(0.35, 9);
    expect(moved.y).toBeCloseTo(0.4625, 9);
    expect(moved.width).toBe(0.5);
    const sized = shiftCell(cell, -0.2, 0.03, true)!;
    expect(sized.width).toBeCloseTo(0.3, 9);
    expect(sized.height).toBeCloseTo(0.275, 9);
    expect([sized.x, sized.y]).toEqual([0.25, 0.5]);
  });
  it('keeps the cell inside the page, at least one step big, and says when nothing changes', () => {
    expect(shiftCell(cell, 0.9, 0.9, false)).toEqual({ x: 0.5, y: 0.75, width: 0.5, height: 0.25 });
    expect(shiftCell(cell, -0.9, -0.9, false)).toEqual({ x: 0, y: 0, width: 0.5, height: 0.25 });
    expect(shiftCell(cell, 0.9, 0.9, true)).toEqual({ x: 0.25, y: 0.5, width: 0.75, height: 0.5 });
    expect(shiftCell(cell, -0.9, -0.9, true)).toEqual({ x: 0.25, y: 0.5, width: 0.0125, height: 0.0125 });
    expect(shiftCell(cell, 0.004, -0.004, false)).toBeNull();
  });
});
