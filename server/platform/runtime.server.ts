import type { Database, Db } from '../../db/client.ts';
import { migrateDatabase, openDatabase, seedDatabase } from '../../db/index.ts';
import { ensureAdmin } from '../accounts/index.ts';
import { billingPolicyOf, setBillingPolicy } from '../billing/index.ts';
import { createLocalStorage, type Storage } from '../files/index.ts';
import { createJobQueue, type JobQueue } from '../jobs/index.ts';
import { createMailer, type Mailer } from '../mail/index.ts';
import { loadConfig, type Config } from './config.server.ts';
import { createLogger, type Logger } from './logger.server.ts';

/**
 * The process-wide services the request handlers use. The process entry (scripts/serve.ts) builds it once;
 * the React Router server bundle reads it through a global symbol, because the bundle carries its own copy of
 * this module and must not open a second database.
 */
export type Runtime = {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  storage: Storage;
  /** Background jobs (worker/): enqueue type-checked by job name, read state from the jobs table. */
  jobs: JobQueue;
  /** Extension point filled by later modules (jobs, storage) without widening this file's imports. */
  services: Record<string, unknown>;
};

const KEY = Symbol.for('catalog-builder.runtime');
type WithRuntime = { [KEY]?: Runtime };

export function setRuntime(runtime: Runtime | undefined): void {
  (globalThis as WithRuntime)[KEY] = runtime;
}

export function getRuntime(): Runtime {
  const r = (globalThis as WithRuntime)[KEY];
  if (!r) throw new Error('The runtime is not initialised: start the server through scripts/serve.ts');
  return r;
}

/** Open the database, migrate, seed, create the first admin: everything the app needs before it listens. */
export async function createRuntime(config: Config = loadConfig()): Promise<Runtime> {
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dir: config.dirs.db,
    onIdleError: (err) => logger.warn({ err }, 'database connection lost; the pool reconnects'),
  });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  await ensureAdmin({ db: database.db, email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  // Every entitlement question of this process (app, viewer, worker) answers under the configured billing mode.
  setBillingPolicy(billingPolicyOf(config));
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: config.dirs.outbox,
    logger,
  });
  const storage = createLocalStorage(config.dirs.files);
  const jobs = createJobQueue({ db: database.db, redisUrl: config.REDIS_URL });
  const runtime: Runtime = { config, database, db: database.db, logger, mailer, storage, jobs, services: {} };
  setRuntime(runtime);
  return runtime;
}
