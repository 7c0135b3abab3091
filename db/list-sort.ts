import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The order of a staff list from its `sort` query (SPEC §7: `-updated_at` is updated_at descending): a column
 * the list allows, else the list's default. Unknown names never reach SQL.
 */
export function listOrder(
  sort: string | undefined,
  columns: Record<string, AnyPgColumn | SQL>,
  fallback: string,
): SQL[] {
  const pick = (s: string) => {
    const descending = s.startsWith('-');
    const column = columns[descending ? s.slice(1) : s];
    return column ? [descending ? desc(column) : asc(column)] : null;
  };
  return (sort && pick(sort)) || pick(fallback)!;
}

/** The sort names a list allows, for its query schema and the OpenAPI document. */
export const sortNames = (columns: Record<string, unknown>): string[] =>
  Object.keys(columns).flatMap((k) => [k, `-${k}`]);
