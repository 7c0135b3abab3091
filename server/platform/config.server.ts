import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Every environment variable the product reads. `.env.example` documents each one. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Port of `npm run start:viewer` (the viewer alone); under `npm start` the viewer shares PORT. */
  VIEWER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  DATA_DIR: z.string().default('./data'),
  APP_URL: optionalUrl,
  /**
   * The host name merchants point their own hosts at with a CNAME record (one way to prove they control a host;
   * the other is a TXT record). Unset: APP_URL's host.
   */
  CATALOG_HOST: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'must be a host name')
      .optional(),
  ),
  /**
   * The DNS servers custom hosts are checked with (comma-separated IP or IP:port); unset: the system's resolvers.
   */
  DNS_SERVERS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/,
            'must be comma-separated IP addresses, each optionally with :port',
          ),
      ),
    ),
  APP_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Catalog Builder <no-reply@catalog-builder.local>'),
  CHROME_PATH: optionalText,
  SHOPIFY_API_KEY: optionalText,
  SHOPIFY_API_SECRET: optionalText,
  SHOPIFY_SCOPES: z.string().default('read_products,read_inventory,write_draft_orders'),
  /**
   * The addresses our servers call stores from, listed in the 'connection failed' message so a merchant can
   * whitelist them (SPEC §8): comma-separated IPv4 or IPv6.
   */
  STORE_ACCESS_IPS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { error: 'must be comma-separated IP addresses' }))),
  /**
   * Where the tutorial videos are published (SPEC §2.2 help list): each tutorial's address is this plus its id.
   * Unset, the help list opens the written guides under /help.
   */
  TUTORIALS_URL: optionalUrl,
  /** Stripe secret key (sk_live_… / sk_test_…): standalone merchants pay through Stripe Checkout when set. */
  STRIPE_SECRET_KEY: optionalText,
  /** The signing secret of the Stripe webhook endpoint (whsec_…) that points at /webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API base (a local server that speaks Stripe's API, for tests); default Stripe's own. */
  STRIPE_API_URL: optionalUrl,
  /** The currency plans are charged in (ISO 4217, lower case). */
  STRIPE_CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'must be a three-letter currency code')
    .default('usd'),
  ADMIN_EMAIL: optionalText.pipe(z.string().email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  /**
   * The CMYK output profile print PDFs (PDF/X) are converted to and carry as their output intent; default: the
   * bundled coated FOGRA39 profile (server/catalogs/pdf/profiles).
   */
  PRINT_ICC_PROFILE: optionalText.superRefine((file, ctx) => {
    if (!file) return;
    const problem = iccFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER: z.enum(['inprocess', 'off']).default('inprocess'),
  /**
   * Which proxies in front of the app to believe about the client address (rate limits key on it): Express's
   * 'trust proxy' setting: true, false, a hop count, or comma-separated addresses, subnets or names.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .transform((v): boolean | number | string =>
      v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
});

/** Why an ICC profile's bytes cannot be a print output profile (a CMYK printer-class profile), or null. */
export function iccProfileProblem(bytes: Buffer): string | null {
  if (bytes.length < 132 || bytes.toString('latin1', 36, 40) !== 'acsp') return 'is not an ICC profile';
  if (bytes.toString('latin1', 16, 20) !== 'CMYK') return 'is not a CMYK profile';
  if (bytes.toString('latin1', 12, 16) !== 'prtr') return 'is not an output (printer) profile';
  return null;
}

function iccFileProblem(file: string): string | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return `cannot read ${file}`;
  }
  const problem = iccProfileProblem(bytes);
  return problem && `${file} ${problem}`;
}

export type Env = z.infer<typeof EnvSchema>;

export type Config = Env & {
  dataDir: string;
  appUrl: string;
  /** CATALOG_HOST, else APP_URL's host name: where merchants' CNAME records point. */
  catalogHost: string;
  appSecret: string;
  shopifyConfigured: boolean;
  /** Stripe payments work: a secret key to call the API and a webhook secret to trust its events. */
  stripeConfigured: boolean;
  dirs: { db: string; files: string; outbox: string; tmp: string };
};

export class ConfigError extends Error {}

/** Parse and check the environment once at start-up; a wrong variable stops the process with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`,
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const dirs = {
    db: path.join(dataDir, 'db'),
    files: path.join(dataDir, 'files'),
    outbox: path.join(dataDir, 'outbox'),
    tmp: path.join(dataDir, 'tmp'),
  };
  for (const d of [dataDir, ...Object.values(dirs)]) mkdirSync(d, { recursive: true });
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    dataDir,
    dirs,
    appUrl,
    catalogHost: e.CATALOG_HOST ?? new URL(appUrl).hostname,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    shopifyConfigured: Boolean(e.SHOPIFY_API_KEY && e.SHOPIFY_API_SECRET),
    stripeConfigured: Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET),
  };
}

/** Without APP_SECRET a random one is generated once and kept under DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * Every host name the operator's configuration names (the app, the catalog host, the services it calls, the mail
 * domain): none of them may ever be a merchant's own host.
 */
export function configuredHosts(config: Config): string[] {
  const hosts = new Set<string>([config.catalogHost]);
  for (const url of [
    config.appUrl,
    config.APP_URL,
    config.DATABASE_URL,
    config.REDIS_URL,
    config.SMTP_URL,
    config.STRIPE_API_URL,
    config.TUTORIALS_URL,
  ]) {
    if (!url) continue;
    try {
      hosts.add(new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, ''));
    } catch {
      // Validated at start-up; a value that is not a URL names no host.
    }
  }
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(config.MAIL_FROM)?.[1];
  if (mailDomain) hosts.add(mailDomain.toLowerCase());
  return [...hosts].filter(Boolean);
}
