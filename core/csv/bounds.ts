import { INDEXED_TEXT_MAX, INT32_MAX, INT32_MIN } from '../model/bounds.ts';
import type { ListingInput } from './model-types.ts';
import { CSV_MESSAGES } from './problems.ts';
import type { Sheet } from './sheet.ts';

/** Listing fields kept in indexed text columns (core/model/bounds.ts): longer values cannot be stored. */
const INDEXED_FIELDS = [
  'title',
  'external_id',
  'category',
  'brand',
  'vendor',
  'sku',
  'parent_id',
  'language',
  'source',
] as const satisfies readonly (keyof ListingInput)[];

/**
 * The limits the listings table sets (ListingSchema), checked on what the file gave, so a value past them is one
 * sentence at its line and column ("This value has 1,204 characters; at most 800 fit in this column") rather
 * than a validation error about "Product 3" after reading. A stock made by adding up variation stocks is
 * checked too (each variation's own stock already was, as it was read).
 */
export function checkListingBounds(sheet: Sheet, listings: readonly ListingInput[]): void {
  for (const listing of listings) {
    const origin = sheet.origins.get(listing);
    if (!origin) continue;
    for (const field of INDEXED_FIELDS) {
      const value = listing[field];
      if (typeof value !== 'string' || value.length <= INDEXED_TEXT_MAX) continue;
      sheet.problem(
        'error',
        'too_long',
        CSV_MESSAGES.tooLong(value.length, INDEXED_TEXT_MAX),
        origin.row,
        origin.columns[field] ?? null,
      );
    }
    const stock = listing.stock;
    if (typeof stock === 'number' && (stock < INT32_MIN || stock > INT32_MAX)) {
      sheet.problem(
        'error',
        'number_out_of_range',
        CSV_MESSAGES.numberOutOfRange(String(stock), INT32_MIN, INT32_MAX),
        origin.row,
        origin.columns.stock ?? null,
      );
    }
  }
}
