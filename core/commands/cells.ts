import type { ImagesStyle, Product, ProductImage } from '../model/index.ts';

export interface CellCoordinates {
  x: number;
  y: number;
  width: number;
  height: number;
}

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
const FOUR_NUMBERS = new RegExp(`^\\s*(${NUMBER}) +(${NUMBER}) +(${NUMBER}) +(${NUMBER})\\s*$`);

/**
 * Cell coordinates pasted from the clipboard (SPEC §5): exactly four space-separated numbers, x y width
 * height, each a fraction 0-1 of the inner area. Anything else (fewer or more numbers, other separators,
 * words, values outside 0-1) gives null, so a stray paste never moves a cell. Surrounding white space, such
 * as a copied line's newline, is ignored.
 */
export function parseCellCoordinates(text: string): CellCoordinates | null {
  const match = FOUR_NUMBERS.exec(text);
  if (!match) return null;
  const [x, y, width, height] = match.slice(1, 5).map(Number) as [number, number, number, number];
  if (![x, y, width, height].every((v) => Number.isFinite(v) && v >= 0 && v <= 1)) return null;
  return { x, y, width, height };
}

/** The clipboard text of a cell's coordinates, which parseCellCoordinates reads back. */
export function formatCellCoordinates(cell: CellCoordinates): string {
  return `${cell.x} ${cell.y} ${cell.width} ${cell.height}`;
}

/**
 * The extra images a product cell shows beside its main image (SPEC §5): not hidden, not the main image
 * (main_image, else the first image shown), each picture once, at most max_rows × max_columns of them.
 */
export function visibleImages(
  product: Pick<Product, 'images' | 'main_image'>,
  imagesStyle: Pick<ImagesStyle, 'max_rows' | 'max_columns'>,
): ProductImage[] {
  const shown = product.images.filter((img) => !img.hide);
  const main = product.main_image ?? shown[0]?.original ?? null;
  const seen = new Set<string>();
  const extra = shown.filter((img) => {
    if (img.original === main || (main !== null && img.compressed === main) || seen.has(img.original))
      return false;
    seen.add(img.original);
    return true;
  });
  return extra.slice(0, Math.max(0, imagesStyle.max_rows) * Math.max(0, imagesStyle.max_columns));
}
