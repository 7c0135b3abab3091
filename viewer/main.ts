/**
 * `npm run start:viewer`: the viewer alone (DESIGN §4), on VIEWER_PORT, for deployments that run it apart from
 * the app (behind a CDN, answering merchants' own hosts). It opens the same database and storage as the app.
 */
import { ConfigError, loadConfig } from '../server/platform/index.ts';
import { createRuntime } from '../server/runtime/index.ts';
import { startViewerServer } from './server.ts';

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
  const runtime = await createRuntime(config);
  const running = await startViewerServer({ runtime, port: config.VIEWER_PORT, host: config.HOST });
  runtime.logger.info({ url: running.url }, 'viewer is running');
  console.log(`\n  Catalog Builder viewer is running at ${running.url}\n`);
  const stop = async () => {
    await running.close();
    await runtime.jobs.close();
    await runtime.database.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
