import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export { schema };
/** One database type for both drivers: the same queries run on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PostgreSQL only: the connection pool, for work that must stay on one connection (migration lock). */
  pool?: pg.Pool;
  /** PGlite only: the embedded client (the tests dump a migrated one as the template of their databases). */
  pglite?: PGlite;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Open the database: PostgreSQL when `url` is set, else embedded PGlite in `dir`
 * (or in memory when `dir` is 'memory://', for tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dir?: string;
  /** PGlite only: start from this dumped data directory (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
  /** Errors of idle PostgreSQL connections (a server restart, a terminated backend); default: stderr. */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server closes emits 'error' on the pool; without a listener that would end
    // the process. The pool drops that connection and opens a new one on the next query.
    pool.on(
      'error',
      opts.onIdleError ?? ((err) => process.stderr.write(`database connection lost: ${err.message}\n`)),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end(), pool };
  }
  const dataDir = opts.dir && opts.dir !== 'memory://' ? opts.dir : undefined;
  const options = opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {};
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close(), pglite: client };
}

// Several app processes may start at once against one PostgreSQL: only one migrates at a time.
const MIGRATION_LOCK = 727_311;

/** Apply pending migrations (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  // A session-level advisory lock belongs to one connection: lock, migrate and unlock on the same one.
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
