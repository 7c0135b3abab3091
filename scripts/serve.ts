/**
 * The process entry: `npm start` (after setup) and `npm run start:app` run this. It opens the database
 * (migrating and seeding it), then serves the app, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig } from '../app/services/config.server.ts';
import { startServer } from '../app/express.server.ts';

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
  const running = await startServer({ config });
  const { logger } = running.runtime;
  logger.info({ url: running.url, database: running.runtime.database.kind }, 'Catalog Builder is running');
  console.log(`\n  Catalog Builder is running at ${config.APP_URL ?? running.url}\n`);
  if (!config.shopifyConfigured)
    console.log('  Shopify is not configured (SHOPIFY_API_KEY / SHOPIFY_API_SECRET): standalone mode.\n');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    await running.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
