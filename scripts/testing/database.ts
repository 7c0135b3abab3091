import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, seedDatabase, type Database } from '../../db/index.ts';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or, when DATABASE_URL is set
 * (CI's PostgreSQL run), a new database on that server that is dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ dir: 'memory://' });
    await migrateDatabase(database);
    await seedDatabase(database.db);
    return database;
  }
  const name = `cb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      try {
        await dropWhenClosed(drop, name);
      } finally {
        await drop.end();
      }
    },
  };
}

/**
 * The pool resolves end() before its connections have finished closing; forcing the drop at once would
 * terminate them and raise 'terminating connection' on a client nobody listens to. Wait for them first.
 */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006') throw err; // object_in_use: still connected
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}
