import { describe, expect, it } from 'vitest';
import { OVERFLOW_TOLERANCE_PX } from '../constants.ts';
import { packColumns, splitColumns } from './pack.ts';

const items = (...heights: number[]) => heights.map((height) => ({ height }));
const page = (columns: number, columnHeight: number) => () => ({ columns, columnHeight });

describe('packColumns', () => {
  it('fills a column one item at a time and moves the item that overflows to the next column', () => {
    const packed = packColumns(items(40, 40, 40, 40), page(2, 100));
    expect(packed).toEqual([{ start: 0, count: 4, columnBreaks: [2] }]);
  });

  it('tolerates an overflow of up to 10 px, and no more', () => {
    expect(OVERFLOW_TOLERANCE_PX).toBe(10);
    expect(packColumns(items(60, 50), page(2, 100))).toEqual([{ start: 0, count: 2, columnBreaks: [] }]);
    expect(packColumns(items(60, 51), page(2, 100))).toEqual([{ start: 0, count: 2, columnBreaks: [1] }]);
  });

  it('sends what does not fit in the last column to the following page', () => {
    const packed = packColumns(items(60, 60, 60, 60, 60), page(2, 100));
    expect(packed).toEqual([
      { start: 0, count: 2, columnBreaks: [1] },
      { start: 2, count: 2, columnBreaks: [1] },
      { start: 4, count: 1, columnBreaks: [] },
    ]);
  });

  it('places an item taller than a whole column alone rather than looping', () => {
    const packed = packColumns(items(30, 500, 30), page(1, 100));
    expect(packed.map((p) => p.count)).toEqual([1, 1, 1]);
  });

  it('uses each page’s own capacity', () => {
    const packed = packColumns(items(50, 50, 50, 50), (i) =>
      i === 0 ? { columns: 1, columnHeight: 50 } : { columns: 1, columnHeight: 200 },
    );
    expect(packed.map((p) => p.count)).toEqual([1, 3]);
  });

  it('keeps an index letter with the entry after it', () => {
    const plain = items(30, 30, 30, 30);
    expect(packColumns(plain, page(2, 65))).toEqual([{ start: 0, count: 4, columnBreaks: [2] }]);
    const list = [{ height: 30 }, { height: 30, keepWithNext: true }, { height: 30 }, { height: 30 }];
    expect(packColumns(list, page(2, 65))).toEqual([
      { start: 0, count: 3, columnBreaks: [1] },
      { start: 3, count: 1, columnBreaks: [] },
    ]);
  });

  it('always returns one page, even for an empty list', () => {
    expect(packColumns([], page(2, 100))).toEqual([{ start: 0, count: 0, columnBreaks: [] }]);
  });

  it('balances the columns of the last page when asked', () => {
    const list = items(20, 20, 20, 20, 20, 20);
    expect(packColumns(list, page(2, 1000))[0].columnBreaks).toEqual([]);
    expect(packColumns(list, page(2, 1000), 10, { balanceLastPage: true })[0].columnBreaks).toEqual([3]);
  });
});

describe('splitColumns', () => {
  it('cuts a page’s items at its breaks, padding missing columns', () => {
    expect(splitColumns(['a', 'b', 'c'], [1], 3)).toEqual([['a'], ['b', 'c'], []]);
    expect(splitColumns(['a', 'b', 'c'], [], 2)).toEqual([['a', 'b', 'c'], []]);
    // Breaks beyond the columns go to the last column rather than being dropped.
    expect(splitColumns(['a', 'b', 'c'], [1, 2], 2)).toEqual([['a'], ['b', 'c']]);
  });
});
