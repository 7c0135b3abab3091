import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from './client.ts';

/**
 * Issue 21 §5: catalogs published before drafts existed stay published; catalogs made afterwards are drafts.
 * The database as it was before migration 0008, with a catalog in it, then migrated to now.
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The migrations folder as it stood before `tag` (its journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith(tag));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

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
      expect((rows as unknown as { rows: { title: string; published: boolean }[] }).rows).toEqual([
        { title: 'New', published: false },
        { title: 'Old', published: true },
      ]);
    } finally {
      await database.close();
    }
  });
});
