import { describe, expect, it } from 'vitest';
import { ImagesStyleSchema, ProductSchema } from '../model/index.ts';
import { formatCellCoordinates, parseCellCoordinates, visibleImages } from './index.ts';

describe('parseCellCoordinates', () => {
  it('reads exactly four space-separated numbers as x y width height', () => {
    expect(parseCellCoordinates('0.1 0.25 0.5 .75')).toEqual({ x: 0.1, y: 0.25, width: 0.5, height: 0.75 });
    expect(parseCellCoordinates('  0 0   1 1\n')).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it.each([
    ['three numbers', '0.1 0.2 0.3'],
    ['five numbers', '0.1 0.2 0.3 0.4 0.5'],
    ['commas', '0.1,0.2,0.3,0.4'],
    ['tabs', '0.1\t0.2\t0.3\t0.4'],
    ['words', 'x 0.2 0.3 0.4'],
    ['units', '0.1 0.2 0.3 0.4px'],
    ['empty', ''],
    ['outside the area', '0.1 0.2 1.5 0.4'],
    ['negative', '-0.1 0.2 0.3 0.4'],
  ])('refuses %s', (_, text) => {
    expect(parseCellCoordinates(text)).toBeNull();
  });

  it('reads back what formatCellCoordinates writes', () => {
    const cell = { x: 0.0125, y: 0.3375, width: 0.325, height: 0.2375 };
    expect(parseCellCoordinates(formatCellCoordinates(cell))).toEqual(cell);
  });
});

describe('visibleImages', () => {
  const product = ProductSchema.parse({
    id: 'p',
    main_image: 'main.jpg',
    images: [
      { original: 'main.jpg' },
      { original: 'a.jpg' },
      { original: 'hidden.jpg', hide: true },
      { original: 'b.jpg' },
      { original: 'a.jpg' },
      { original: 'c.jpg' },
      { original: 'd.jpg' },
    ],
  });

  it('shows at most max_rows × max_columns images, without the main, hidden or repeated ones', () => {
    const originals = (rows: number, columns: number) =>
      visibleImages(product, ImagesStyleSchema.parse({ max_rows: rows, max_columns: columns })).map(
        (i) => i.original,
      );
    expect(originals(1, 4)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    expect(originals(1, 2)).toEqual(['a.jpg', 'b.jpg']);
    expect(originals(2, 1)).toEqual(['a.jpg', 'b.jpg']);
    expect(originals(0, 4)).toEqual([]);
  });

  it('treats the first shown image as the main one when the product names none', () => {
    const p = { ...product, main_image: null };
    expect(visibleImages(p, { max_rows: 1, max_columns: 9 }).map((i) => i.original)).toEqual([
      'a.jpg',
      'b.jpg',
      'c.jpg',
      'd.jpg',
    ]);
  });
});
