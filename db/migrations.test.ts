import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from './client.ts';

/**
 * Migrations that change data already there: each test makes the database as it was before the migration, puts
 * rows in it, then migrates to now.
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The migrations folder as it stood before the migration whose tag holds `tag` (its journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.includes(tag));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Rows of a raw query. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Issue 21 §5: catalogs published before drafts existed stay published; catalogs made afterwards are drafts.
describe('migration 0008 (drafts)', () => {
  it('keeps existing catalogs published and makes new ones drafts', async () => {
    const database = await openDatabase({ dir: 'memory://' });
    try {
      await migrate(database.db as never, { migrationsFolder: migrationsBefore('0008_') });
      await database.db.execute(sql`insert into users (id, email) values
        ('00000000-0000-4000-8000-000000000001', 'old@example.com')`);
      await database.db
        .execute(sql`insert into catalogs (id, owner_id, title, document, schema_version) values
        ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 'Old', '{}', 1)`);
      await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
      await database.db
        .execute(sql`insert into catalogs (id, owner_id, title, document, schema_version) values
        ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-000000000001', 'New', '{}', 1)`);
      const rows = await database.db.execute<{ title: string; published: boolean }>(
        sql`select title, published from catalogs order by title`,
      );
      expect(rowsOf<{ title: string; published: boolean }>(rows)).toEqual([
        { title: 'New', published: false },
        { title: 'Old', published: true },
      ]);
    } finally {
      await database.close();
    }
  });
});

// Issue 22 §13: real orders taken before order numbers existed are numbered per merchant in the order they came,
// and the merchant's next order goes on from there.
describe('migration order_numbers_file_hashes', () => {
  it('numbers the real orders already there per merchant, oldest first, and starts each sequence after them', async () => {
    const database = await openDatabase({ dir: 'memory://' });
    try {
      const { db } = database;
      await migrate(db as never, { migrationsFolder: migrationsBefore('_order_numbers_file_hashes') });
      const owner = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
      const catalog = (n: number) => `00000000-0000-4000-8000-0000000000c${n}`;
      await db.execute(sql`insert into users (id, email) values
        (${owner(1)}, 'one@example.com'), (${owner(2)}, 'two@example.com'), (${owner(3)}, 'none@example.com')`);
      await db.execute(sql`insert into catalogs (id, owner_id, title, document, schema_version) values
        (${catalog(1)}, ${owner(1)}, 'One', '{}', 1), (${catalog(2)}, ${owner(2)}, 'Two', '{}', 1)`);
      const order = (id: string, n: number, status: string, day: number) =>
        sql`(${id}, ${catalog(n)}, ${owner(n)}, '{}', '[]', ${status}, ${`2026-0${day}-01T00:00:00Z`})`;
      await db.execute(sql`insert into orders (id, catalog_id, owner_id, customer, items, status, created_at) values
        ${order('00000000-0000-4000-8000-0000000000a3', 1, 'new', 3)},
        ${order('00000000-0000-4000-8000-0000000000a1', 1, 'new', 1)},
        ${order('00000000-0000-4000-8000-0000000000a2', 1, 'unconfirmed', 2)},
        ${order('00000000-0000-4000-8000-0000000000b1', 2, 'new', 5)}`);
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      const numbered = rowsOf<{ id: string; number: number | null }>(
        await db.execute(sql`select id, number from orders order by id`),
      );
      expect(numbered.map((r) => [r.id.slice(-2), r.number])).toEqual([
        ['a1', 1001],
        ['a2', null],
        ['a3', 1002],
        ['b1', 1001],
      ]);
      const sequences = rowsOf<{ owner_id: string; last: number }>(
        await db.execute(sql`select owner_id, last from order_sequences order by owner_id`),
      );
      expect(sequences).toEqual([
        { owner_id: owner(1), last: 1002 },
        { owner_id: owner(2), last: 1001 },
      ]);
    } finally {
      await database.close();
    }
  });
});
