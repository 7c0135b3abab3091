import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, createLogger } from '../../server/platform/index.ts';
import { setRuntime, type Runtime } from '../../server/runtime/index.ts';
import { createMailer } from '../../server/mail/index.ts';
import { billingPolicyOf, ensureAdmin, setBillingPolicy } from '../../server/billing/index.ts';
import { createStorage } from '../../server/files/index.ts';
import { startProduct, type RunningProduct } from '../product.ts';
import { obliterateBullQueues } from '../../server/jobs/index.ts';
import { createJobQueue } from '../../server/jobs/index.ts';
import type { WorkerOptions } from '../../worker/index.ts';
import { randomBytes } from 'node:crypto';
import { openTestDatabase } from './database.ts';
import { testStorageEnv } from './storage.ts';

export type TestServer = RunningProduct & {
  dataDir: string;
  outbox: () => string[];
  readMail: (file: string) => string;
};

/**
 * The real product on a free port with its own data directory and database, and its in-process worker (unless
 * env WORKER=off); `worker` passes code-only worker options (e.g. the SSRF guard's test allowance).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { worker?: WorkerOptions } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(await testStorageEnv()),
    // Test servers run without Stripe or Shopify, where the embedded default is billing off; the tests of trials,
    // plans and watermarks need it on. A test passes BILLING: 'off', or '' for the embedded default.
    BILLING: 'on',
    // No DNS lookup leaves the machine: custom-host checks ask a port nothing answers on (ECONNREFUSED at once)
    // unless a test starts its own server (scripts/testing/fake-dns.ts).
    DNS_SERVERS: '127.0.0.1:9',
    ...env,
  });
  // With REDIS_URL, each test server has its own BullMQ keys: test files run in parallel on one Redis.
  const redisPrefix = `cbtest-${randomBytes(4).toString('hex')}`;
  const database = await openTestDatabase();
  const logger = createLogger(config.LOG_LEVEL);
  await ensureAdmin({ db: database.db, email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  const runtime: Runtime = {
    config,
    database,
    db: database.db,
    logger,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.dirs.outbox,
      logger,
    }),
    storage: createStorage(config),
    jobs: createJobQueue({ db: database.db, redisUrl: config.REDIS_URL, redisPrefix }),
    services: {},
  };
  setRuntime(runtime);
  setBillingPolicy(billingPolicyOf(config));
  // No test may reach the internet: the worker refuses every host but this machine's (a test may widen that).
  const worker = {
    ...opts.worker,
    fetchOptions: { offline: true, ...opts.worker?.fetchOptions },
    redisPrefix,
  };
  const running = await startProduct({ runtime, worker });
  return {
    ...running,
    dataDir,
    outbox: () =>
      readdirSync(config.dirs.outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort(),
    readMail: (file) => readFileSync(path.join(config.dirs.outbox, file), 'utf8'),
    close: async () => {
      await running.close();
      setBillingPolicy(undefined);
      if (config.REDIS_URL) {
        await obliterateBullQueues({ redisUrl: config.REDIS_URL, prefix: redisPrefix });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a browser sends with a request from the app's own pages; the GETs that change state (SPEC §7) need it. */
export const FROM_APP: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' };

/** A cookie jar for fetch: keeps Set-Cookie values between requests like a browser. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/max-age=0/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** fetch with a jar and JSON helpers; redirects are not followed so tests can see them. */
export function client(baseUrl: string, jar = new CookieJar()) {
  const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(baseUrl + p, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        Accept: 'application/json',
        ...(jar.header() ? { Cookie: jar.header() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar.store(res);
    return res;
  };
  /** POST a multipart form as a browser's file input would; answers the status and the JSON body. */
  const upload = async (
    p: string,
    files: { field: string; name: string; body: Uint8Array | string; type?: string }[],
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const f of files) {
      const body = typeof f.body === 'string' ? f.body : new Uint8Array(f.body);
      form.append(f.field, new Blob([body], { type: f.type ?? 'text/csv' }), f.name);
    }
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(baseUrl + p, {
      method: 'POST',
      headers: { Accept: 'application/json', ...(jar.header() ? { Cookie: jar.header() } : {}) },
      body: form,
    });
    jar.store(res);
    return { status: res.status, body: await res.json() };
  };
  return {
    jar,
    upload,
    get: (p: string, headers?: Record<string, string>) => call('GET', p, undefined, headers),
    post: (p: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', p, body ?? {}, headers),
    put: (p: string, body?: unknown) => call('PUT', p, body ?? {}),
    del: (p: string) => call('DELETE', p),
  };
}

/** A client signed in as a new account, registered as the register page does. */
export async function registeredClient(baseUrl: string, email: string, password = 'password-123') {
  const c = client(baseUrl);
  const res = await c.post('/auth/register', { email, password, confirmPassword: password });
  if (res.status !== 200) throw new Error(`Registering ${email} answered ${res.status}`);
  return c;
}
