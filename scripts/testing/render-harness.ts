// The real jobs of worker/jobs (render-pdf, process-images...) on an in-process worker, for worker/*.test.ts: a
// real database, the file storage the environment selects (local disk, or a local S3 server with S3_TEST=1;
// optionally wrapped, to inject failures), the system Chromium, and the runner the environment selects (BullMQ
// with REDIS_URL). Pictures come from local servers the SSRF guard lets through
// only because this code says so.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadCatalogById } from '../../server/catalogs/index.ts';
import { loadConfig, createLogger } from '../../server/platform/index.ts';
import { createStorage, keyFromUrl, type Storage } from '../../server/files/index.ts';
import { setUpgradeByEmail } from '../../server/billing/index.ts';
import { users } from '../../db/schema.ts';
import { obliterateBullQueues } from '../../server/jobs/index.ts';
import { createJobQueue } from '../../server/jobs/index.ts';
import { startWorker, type RunningWorker, type WorkerOptions } from '../../worker/index.ts';
import type { JobView } from '../../server/jobs/index.ts';
import { openTestDatabase } from './database.ts';
import { testStorageEnv } from './storage.ts';

const REDIS_URL = process.env.REDIS_URL;

export type RenderHarness = Awaited<ReturnType<typeof openRenderHarness>>;

export async function openRenderHarness(
  opts: {
    wrapStorage?: (base: Storage) => Storage;
    worker?: WorkerOptions;
    /** Settings besides the test ones (PDF_SPLIT_PAGES...). */
    env?: Record<string, string>;
  } = {},
) {
  const database = await openTestDatabase();
  const { db } = database;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-render-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(REDIS_URL ? { REDIS_URL } : {}),
    ...(await testStorageEnv()),
    ...opts.env,
  });
  const base = createStorage(config);
  const storage = opts.wrapStorage ? opts.wrapStorage(base) : base;
  const prefix = `cbrender-${randomBytes(4).toString('hex')}`;
  const queue = createJobQueue({ db, redisUrl: REDIS_URL, redisPrefix: prefix });
  const start = (options: WorkerOptions = {}) =>
    startWorker({
      config,
      db,
      logger: createLogger('silent'),
      storage,
      queue,
      options: {
        pollMs: 50,
        stalledIntervalMs: 500,
        redisPrefix: prefix,
        ...opts.worker,
        ...options,
        fetchOptions: { allowPrivateAddresses: true, ...opts.worker?.fetchOptions, ...options.fetchOptions },
      },
    });
  let worker: RunningWorker = start();

  return {
    db,
    config,
    storage,
    queue,
    worker: () => worker,
    /** Replace the worker (after a test stopped it). */
    restart: (options?: WorkerOptions) => (worker = start(options)),
    /** A merchant; paid unless told otherwise, with these user settings. */
    async owner(email: string, o: { paid?: boolean; settings?: Record<string, unknown> } = {}) {
      const [user] = await db
        .insert(users)
        .values({ email, settings: o.settings ?? {} })
        .returning();
      if (o.paid ?? true) await setUpgradeByEmail({ db, email, upgrade: true });
      return user!;
    },
    /** A picture in our storage, answered as its /files/ address. */
    async stored(key: string, body: Buffer) {
      await base.put(key, body, { contentType: 'image/jpeg' });
      return base.url(key);
    },
    async waitFor(jobId: string, states: string[], timeoutMs = 60_000): Promise<JobView> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await queue.getJob({ jobId });
        if (job && states.includes(job.state)) return job;
        if (Date.now() > deadline)
          throw new Error(`job ${jobId} is ${job?.state} (${job?.error}), not ${states}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** The catalog's current PDF: its storage key and bytes (null before the first export). */
    async pdf(catalogId: string): Promise<{ key: string; url: string; bytes: Buffer } | null> {
      const loaded = await loadCatalogById({ db, catalogId });
      const url = loaded?.row.pdfUrl;
      if (!url) return null;
      const key = keyFromUrl(url.split('?')[0]!)!;
      return { key, url, bytes: (await base.get(key))! };
    },
    async setSettings(userId: string, settings: Record<string, unknown>) {
      await db.update(users).set({ settings }).where(eq(users.id, userId));
    },
    async close() {
      await worker.close();
      await queue.close();
      if (REDIS_URL) {
        await obliterateBullQueues({ redisUrl: REDIS_URL, prefix });
      }
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
