/**
 * The process entry: `npm start` (after setup) and `npm run start:app` run this. It opens the database
 * (migrating and seeding it), then serves the app, and shuts down cleanly on SIGINT, SIGTERM and SIGHUP.
 */
import { ADMIN_SETUP_HOURS, issueAdminSetupLink } from '../server/accounts/index.ts';
import { ConfigError, loadConfig } from '../server/platform/index.ts';
import { SHUTDOWN_GRACE_MS, startProduct } from './product.ts';

/** Requests and jobs get SHUTDOWN_GRACE_MS; closing the worker, Chromium and the database fits in the rest. */
const STOP_DEADLINE_MS = SHUTDOWN_GRACE_MS + 3_000;

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
  const running = await startProduct({ config });
  const { logger } = running.runtime;
  logger.info({ url: running.url, database: running.runtime.database.kind }, 'Catalog Builder is running');
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down');
    // A stop is over within STOP_DEADLINE_MS whatever hangs; exiting also kills Chromium (puppeteer's exit hook).
    const deadline = setTimeout(() => {
      logger.error({ reason }, 'did not shut down in time; exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS);
    try {
      await running.close();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(deadline);
    logger.info({ reason }, 'stopped');
    process.exit(0);
  };
  // Listening before the banner below: whoever reads it may stop us at once, and a signal with no listener yet
  // would kill the process outright instead of closing it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  // Under `npm start`, scripts/start.mjs keeps an IPC channel open to us: when it goes, however that process
  // ended (even killed outright), this one stops too rather than running on unseen.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void stop('start script gone'));
  }
  const address = (config.APP_URL ?? running.url).replace(/\/+$/, '');
  // Without ADMIN_EMAIL nobody could manage the server: a one-time link creates the first admin.
  // A stop during the lookup closes the database under it: the stop wins, nothing is printed.
  const setup = await issueAdminSetupLink({ db: running.runtime.db, appUrl: address }).catch(
    (err: unknown) => {
      if (stopping) return undefined;
      throw err;
    },
  );
  if (setup === undefined) return;
  // One write, so whoever reads the output sees every line of it at once.
  const lines = [`\n  Catalog Builder is running at ${address}\n`];
  if (!config.shopifyConfigured)
    lines.push('  Shopify is not configured (SHOPIFY_API_KEY / SHOPIFY_API_SECRET): standalone mode.\n');
  if (config.billing === 'off')
    lines.push(
      `  Billing is off (BILLING): every account has the ${config.defaultPlanId} plan, with nothing to pay.\n`,
    );
  if (setup)
    lines.push(
      `  No admin account yet. Create the first one with this link (it works once, for ${ADMIN_SETUP_HOURS} hours):\n  ${setup}\n`,
    );
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
