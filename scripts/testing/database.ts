import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase, seedDatabase, type Database } from '../../db/index.ts';

/**
 * Where the test run's migrated and seeded database template is (set by the suites' global setup,
 * prepareTestDatabaseTemplate): a PGlite data directory dump, or a database on the DATABASE_URL server.
 * Starting a test database from it skips PGlite's initdb (about 6 s of one core, 20 s under load) and the
 * migrations and seed, for each of the hundred-odd databases a run opens.
 */
const PGLITE_TEMPLATE_ENV = 'CB_TEST_PGLITE_TEMPLATE';
const PG_TEMPLATE_ENV = 'CB_TEST_PG_TEMPLATE';

let pgliteTemplate: Blob | undefined;
function loadPgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or, when DATABASE_URL is set
 * (CI), a new database on that server that is dropped afterwards. Both start from the run's template when
 * there is one, else they migrate and seed from scratch (a helper used outside the test suites).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const template = loadPgliteTemplate();
    const database = await openDatabase({ dir: 'memory://', loadDataDir: template });
    if (!template) {
      await migrateDatabase(database);
      await seedDatabase(database.db);
    }
    return database;
  }
  const name = `cb_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[PG_TEMPLATE_ENV];
  await withAdmin(base, (admin) => createDatabase(admin, name, template));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  if (!template) {
    await migrateDatabase(database);
    await seedDatabase(database.db);
  }
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await withAdmin(base, (admin) => dropWhenClosed(admin, name));
    },
  };
}

/**
 * The run's template, made once before the suites' workers start (vitest global setup), with what removes it:
 * a PGlite dump in the system's temporary folder, and on DATABASE_URL's server a template database.
 */
export async function prepareTestDatabaseTemplate(): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ dir: 'memory://' });
    await migrateDatabase(database);
    await seedDatabase(database.db);
    if (!database.pglite) throw new Error('openDatabase gave no PGlite client to dump');
    // Flushed to the data files, so each copy starts without replaying the log.
    await database.pglite.exec('checkpoint');
    const dump = await database.pglite.dumpDataDir('none');
    await database.close();
    const file = path.join(
      os.tmpdir(),
      `cb-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
    );
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => {
      delete process.env[PGLITE_TEMPLATE_ENV];
      rmSync(file, { force: true });
    };
  }
  const name = `cb_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(base, (admin) => admin.query(`create database ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  await database.close();
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    await withAdmin(base, (admin) => dropWhenClosed(admin, name));
  };
}

async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * CREATE DATABASE ... TEMPLATE copies the template's files; PostgreSQL refuses it (55006) while another session
 * is connected to the template, which happens only for a moment after it is made: try again shortly.
 */
async function createDatabase(admin: pg.Client, name: string, template?: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(
        template ? `create database ${name} template ${template}` : `create database ${name}`,
      );
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
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
