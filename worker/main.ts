/**
 * `npm run start:worker`: the worker alone, for running apps with WORKER=off and workers as separate processes
 * against PostgreSQL (DATABASE_URL) and, optionally, Redis (REDIS_URL). Stops cleanly on SIGINT, SIGTERM and
 * SIGHUP: running jobs get time to finish, and any still running after it are retried by another worker.
 */
import { ConfigError, loadConfig } from '../server/platform/index.ts';
import { createRuntime } from '../server/runtime/index.ts';
import { startWorker } from './index.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.DATABASE_URL) {
    console.error(
      'A separate worker needs DATABASE_URL: the embedded database belongs to one process. ' +
        '`npm start` runs the worker inside the app instead.',
    );
    process.exit(1);
  }
  const runtime = await createRuntime(config);
  const worker = startWorker({ ...runtime, queue: runtime.jobs, options: { warm: true } });
  console.log(`Catalog Builder worker running (${worker.runner.kind} queue)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => process.exit(1), 30_000);
    await worker.close();
    await runtime.jobs.close();
    await runtime.database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
