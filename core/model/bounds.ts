import { z } from 'zod';

/**
 * Bounds the database sets on values our documents copy into columns: every writer validates with the schemas
 * that use these, so a value past them is a 400 naming its field, never a database error.
 */

/** PostgreSQL `integer` (stock, store_position, sales_rank): 32 bits. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** A whole number an `integer` column holds: 1.5 and 2^31 are refused, not rounded or overflowed. */
export const Int32Schema = z.number().int().min(INT32_MIN).max(INT32_MAX);

/**
 * Characters of text a btree-indexed column takes. An index entry holds at most 2,704 bytes, and a UTF-16 code
 * unit (what zod counts) is at most 3 bytes of UTF-8, so 800 leave room for the other key column. Store values
 * are far shorter (Shopify caps titles, types and vendors at 255); the API caps titles at 500.
 */
export const INDEXED_TEXT_MAX = 800;

export const IndexedTextSchema = z.string().max(INDEXED_TEXT_MAX);
