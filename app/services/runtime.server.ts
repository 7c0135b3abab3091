import type { Database, Db } from '../../db/client.ts';
import type { JobQueue } from '../../worker/queue.ts';
import type { Config } from './config.server.ts';
import type { Logger } from './logger.server.ts';
import type { Mailer } from './mail.server.ts';
import type { Storage } from './storage.server.ts';

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
