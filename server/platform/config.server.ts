import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PLANS } from '../../db/index.ts';

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

/** true/false, 1/0, yes/no; unset or empty: false. */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .default('false')
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' }))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The plans an operator can give every account with billing off: every plan but the trial, lowest first. */
const PAID_PLANS = PLANS.filter((p) => p.tier !== 'trial').sort((a, b) => a.ordering - b.ordering);
/** With billing off and no DEFAULT_PLAN, every account has the highest plan: everything the product does. */
export const HIGHEST_PLAN_ID = PAID_PLANS.at(-1)!.id;

/** Every environment variable the product reads. `.env.example` documents each one. */
export const EnvSchema = z
  .object({
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
    /** Prefix of the BullMQ keys in Redis, so several installations can share one Redis; default BullMQ's 'bull'. */
    REDIS_PREFIX: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
        .optional(),
    ),
    SMTP_URL: optionalUrl,
    /** Who runs this installation, named with its contact on the privacy policy, the terms and the site footer. */
    OPERATOR_NAME: z.string().trim().min(1).max(200).default('Catalog Builder'),
    OPERATOR_EMAIL: optionalText.pipe(z.string().email().optional()),
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
     * Private hosts a store address may name (a self-hosted shop on a LAN, tests): comma-separated host names or
     * IP addresses. Every other private, loopback or link-local store address is refused. Unset: none.
     */
    STORE_PRIVATE_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) =>
            s
              .trim()
              .toLowerCase()
              .replace(/^\[|\]$/g, ''),
          )
          .filter(Boolean),
      ),
    /** How often every connected store is synchronized in the background, in minutes (0: never). */
    STORE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    /** Fixed-host platforms' API bases (a local server in tests, a proxy); default each platform's own. */
    BIGCOMMERCE_API_URL: optionalUrl,
    ECWID_API_URL: optionalUrl,
    ETSY_API_URL: optionalUrl,
    EBAY_API_URL: optionalUrl,
    SQUARESPACE_API_URL: optionalUrl,
    LIGHTSPEED_API_URL: optionalUrl,
    /**
     * The operator's OAuth apps (Etsy, eBay, Lightspeed X-Series and R-Series): a platform is offered only with
     * its client id and secret (eBay: and its RuName).
     */
    ETSY_CLIENT_ID: optionalText,
    ETSY_CLIENT_SECRET: optionalText,
    EBAY_CLIENT_ID: optionalText,
    EBAY_CLIENT_SECRET: optionalText,
    EBAY_RU_NAME: optionalText,
    LIGHTSPEED_X_CLIENT_ID: optionalText,
    LIGHTSPEED_X_CLIENT_SECRET: optionalText,
    LIGHTSPEED_R_CLIENT_ID: optionalText,
    LIGHTSPEED_R_CLIENT_SECRET: optionalText,
    /** The operator's Ecwid app: its client secret checks the webhooks of stores connected without their own. */
    ECWID_CLIENT_ID: optionalText,
    ECWID_CLIENT_SECRET: optionalText,
    /**
     * Where the tutorial videos are published (SPEC §2.2 help list): each tutorial's address is this plus its id.
     * Unset, the help list opens the written guides under /help.
     */
    TUTORIALS_URL: optionalUrl,
    /**
     * Where the day's exchange rates are read for the editor's currency conversion (GET /api/v1/currency/convert):
     * the ECB's eurofxref-daily.xml or a JSON `{ base, rates }` source. Read once a day; unset, conversion is off.
     */
    CURRENCY_RATES_URL: optionalUrl,
    /** Stripe secret key (sk_live_… / sk_test_…): standalone merchants pay through Stripe Checkout when set. */
    STRIPE_SECRET_KEY: optionalText,
    /**
     * Stripe publishable key (pk_live_… / pk_test_…): with it the card screen asks Stripe for a card token straight
     * from the browser (the card number never reaches this server); without it a card is added on Stripe Checkout.
     */
    STRIPE_PUBLISHABLE_KEY: optionalText,
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
    /**
     * Whether accounts pay for their plan: on (trials, plans, payment through Stripe or Shopify) or off (every account
     * has DEFAULT_PLAN, no trial, no watermark, nothing to pay). Default: on when Stripe or Shopify is configured.
     */
    BILLING: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
    /** The plan every account has with billing off, by id (case-insensitive); default the highest plan. */
    DEFAULT_PLAN: optionalText.pipe(
      z
        .string()
        .transform((v) => PAID_PLANS.find((p) => p.id.toLowerCase() === v.toLowerCase())?.id ?? v)
        .refine((id) => PAID_PLANS.some((p) => p.id === id), {
          error: `must name a plan: ${PAID_PLANS.map((p) => p.id).join(', ')}`,
        })
        .optional(),
    ),
    /** Who merchants write to about plans (shown on /pricing); default ADMIN_EMAIL. */
    CONTACT_EMAIL: optionalText.pipe(z.string().email('must be an email address').optional()),
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
    /** An S3-compatible bucket for every file (pictures, fonts, page images, PDFs); unset: DATA_DIR/files. */
    S3_BUCKET: optionalText,
    /** The S3-compatible service's address (MinIO, R2, Ceph, ...); unset: AWS S3 in S3_REGION. */
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Both or neither; neither: the SDK's default credentials (AWS_* variables, an instance role). */
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** endpoint/bucket/key addresses (most self-hosted services) instead of bucket.endpoint/key. */
    S3_FORCE_PATH_STYLE: flag,
    /**
     * PDFs of at least this many bytes are downloaded from the bucket by a short-lived signed URL (a redirect after
     * the same checks) instead of through the app; unset: every download goes through the app.
     */
    S3_SIGNED_DOWNLOAD_BYTES: z.coerce.number().int().min(0).optional(),
    /** Store syncs one worker process runs at once (one per store at a time); at least 2, so a small store's
     * sync always finds a slot beside a large one. */
    SYNC_CONCURRENCY: z.coerce.number().int().min(2).max(32).default(2),
    /**
     * How long a job a worker took stays its own without a sign of life: a worker that dies mid-job (a killed process,
     * a lost machine) has its job taken by another after this long. Running jobs renew it every third of it.
     */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3_600).default(30),
    /** An export of more pages than this is rendered in parts of at most this many pages, on any worker. */
    PDF_SPLIT_PAGES: z.coerce.number().int().min(10).max(100_000).default(100),
    /** A worker starts a new Chromium after this many renders (0: never for that reason). */
    CHROMIUM_RECYCLE_JOBS: z.coerce.number().int().min(0).default(50),
    /** ... or once Chromium uses more than this many megabytes between renders (0: never for that reason). */
    CHROMIUM_MAX_MEMORY_MB: z.coerce.number().int().min(0).default(2048),
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
  })
  .superRefine((e, ctx) => {
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
      });
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE'] as const)
      if (!e.S3_BUCKET && e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'needs S3_BUCKET' });
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
  /** BILLING, or its default: on when a payment provider (Stripe or Shopify) is configured. */
  billing: 'on' | 'off';
  /** The plan every account has with billing off: DEFAULT_PLAN, else the highest plan. */
  defaultPlanId: string;
  /** Who merchants write to about plans: CONTACT_EMAIL, else ADMIN_EMAIL, else nobody named. */
  contactEmail: string | null;
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
  const shopifyConfigured = Boolean(e.SHOPIFY_API_KEY && e.SHOPIFY_API_SECRET);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    dataDir,
    dirs,
    appUrl,
    catalogHost: e.CATALOG_HOST ?? new URL(appUrl).hostname,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    shopifyConfigured,
    stripeConfigured: Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET),
    // A Stripe key alone still means the operator means to charge: billing stays on (payment then says what is
    // missing) rather than giving every account the top plan.
    billing: e.BILLING ?? (e.STRIPE_SECRET_KEY || shopifyConfigured ? 'on' : 'off'),
    defaultPlanId: e.DEFAULT_PLAN ?? HIGHEST_PLAN_ID,
    contactEmail: e.CONTACT_EMAIL ?? e.ADMIN_EMAIL ?? null,
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
    config.CURRENCY_RATES_URL,
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
