// A worker in its own process, for tests that kill one mid-job (worker/kill.test.ts). Like `npm run start:worker`,
// but on an already migrated database (PostgreSQL, or a PGlite folder this process now owns), with short leases
// and the SSRF guard's test allowance for the local image server (a code option, never an environment variable).
import { loadConfig, createLogger } from '../../server/platform/index.ts';
import { createStorage } from '../../server/files/index.ts';
import { openDatabase } from '../../db/index.ts';
import { createJobQueue } from '../../server/jobs/index.ts';
import { startWorker } from '../../worker/index.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: config.DATABASE_URL, dir: process.env.CB_PGLITE_DIR });
const queue = createJobQueue({
  db: database.db,
  redisUrl: config.REDIS_URL,
  redisPrefix: process.env.CB_REDIS_PREFIX,
});
startWorker({
  config,
  db: database.db,
  logger: createLogger('silent'),
  storage: createStorage(config),
  queue,
  options: {
    pollMs: 50,
    leaseMs: Number(process.env.CB_LEASE_MS ?? 1_500),
    stalledIntervalMs: 500,
    redisPrefix: process.env.CB_REDIS_PREFIX,
    fetchOptions: { allowPrivateAddresses: true },
  },
});
process.stdout.write('worker ready\n');
