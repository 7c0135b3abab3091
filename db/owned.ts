import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

type OwnedTable = PgTable & { id: PgColumn; ownerId: PgColumn };

/**
 * Tenant scoping lives here, not in routes: every read or write of a tenant-owned row goes through a
 * condition that names its owner, so another owner's id simply finds nothing (and the API answers 404).
 */
export function ownedBy(table: OwnedTable, ownerId: string, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.ownerId, ownerId), ...more)!;
}

export function ownedRow(table: OwnedTable, id: string, ownerId: string): SQL {
  return and(eq(table.id, id), eq(table.ownerId, ownerId))!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not UUIDs can never match a uuid column; checking first avoids a database error (and a 500). */
export const isUuid = (id: string) => UUID.test(id);

export async function findOwned<T extends OwnedTable>(
  db: Db,
  table: T,
  id: string,
  ownerId: string,
): Promise<T['$inferSelect'] | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(ownedRow(table, id, ownerId))
    .limit(1);
  return (rows[0] as T['$inferSelect']) ?? null;
}

/** A LIKE/ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
