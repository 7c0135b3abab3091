import type { Database, Db } from '../../db/client.ts';
import type { Config } from './config.server.ts';
import type { Logger } from './logger.server.ts';

/**
 * What every domain may read of the running process: configuration, database, logger and tuning services.
 * server/runtime builds the whole runtime (this plus the mailer, storage and job queue, which belong to domains
 * after platform) and registers it here; a domain reads only the part below it in DESIGN §3's order.
 */
export type ProcessContext = {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  /** Extension point filled by later modules and tests (connector and sync tuning) without widening imports. */
  services: Record<string, unknown>;
};

// A global symbol: the React Router server bundle carries its own copy of this module and must find the
// context the process entry registered, not open a second database.
const KEY = Symbol.for('catalog-builder.runtime');
type WithContext = { [KEY]?: ProcessContext };

export function setProcessContext(context: ProcessContext | undefined): void {
  (globalThis as WithContext)[KEY] = context;
}

export function getProcessContext(): ProcessContext {
  const c = (globalThis as WithContext)[KEY];
  if (!c) throw new Error('The runtime is not initialised: start the server through scripts/serve.ts');
  return c;
}
