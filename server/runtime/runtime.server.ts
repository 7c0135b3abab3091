import { migrateDatabase, openDatabase, seedDatabase } from '../../db/index.ts';
import { billingPolicyOf, ensureAdmin, setBillingPolicy } from '../billing/index.ts';
import { seedStarterTemplates } from '../catalogs/index.ts';
import { createStorage, type Storage } from '../files/index.ts';
import { createJobQueue, type JobQueue } from '../jobs/index.ts';
import { createMailer, type Mailer } from '../mail/index.ts';
import {
  createLogger,
  getProcessContext,
  loadConfig,
  setProcessContext,
  type Config,
  type ProcessContext,
} from '../platform/index.ts';

/**
 * The process-wide services the request handlers and jobs use. The process entry (scripts/serve.ts) builds it
 * once; platform's process context holds it (a global symbol, so the React Router server bundle, which carries
 * its own copy of these modules, finds the same database), and the domains before mail and files read only
 * their part of it (getProcessContext).
 */
export type Runtime = ProcessContext & {
  mailer: Mailer;
  storage: Storage;
  /** Background jobs (worker/): enqueue type-checked by job name, read state from the jobs table. */
  jobs: JobQueue;
};

export function setRuntime(runtime: Runtime | undefined): void {
  setProcessContext(runtime);
}

/** The runtime registered by setRuntime: only this module registers a context, always a whole Runtime. */
export function getRuntime(): Runtime {
  return getProcessContext() as Runtime;
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
  // The starter template catalogs the wizard offers (issue 24 §5), created once each.
  await seedStarterTemplates(database.db);
  await ensureAdmin({ db: database.db, email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  // Every entitlement question of this process (app, viewer, worker) answers under the configured billing mode.
  setBillingPolicy(billingPolicyOf(config));
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: config.dirs.outbox,
    logger,
  });
  const storage = createStorage(config);
  const jobs = createJobQueue({
    db: database.db,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
  });
  const runtime: Runtime = { config, database, db: database.db, logger, mailer, storage, jobs, services: {} };
  setRuntime(runtime);
  return runtime;
}
