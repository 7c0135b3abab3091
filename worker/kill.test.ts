import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCatalog, loadCatalogById } from '../server/catalogs/index.ts';
import { loadConfig, createLogger } from '../server/platform/index.ts';
import { createLocalStorage, keyFromUrl } from '../server/files/index.ts';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { migrateDatabase, openDatabase, seedDatabase, type Database } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { openTestDatabase } from '../scripts/testing/database.ts';
import { pdfInfo } from '../scripts/testing/pdf-tools.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { obliterateBullQueues, createJobQueue, type JobQueue } from '../server/jobs/index.ts';
import { startWorker } from './index.ts';

// A worker killed with SIGKILL in the middle of a render (DESIGN §7): the previous PDF stays in place, and
// another runner completes the job. Runs on BullMQ when REDIS_URL is set, on the database runner otherwise.
const REDIS_URL = process.env.REDIS_URL;
const PREFIX = `cbkill-${randomBytes(4).toString('hex')}`;
const LEASE_MS = 1_500;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-kill-'));
const pgliteDir = path.join(dataDir, 'db');
let pgUrl: string | undefined;
let dropPg: (() => Promise<void>) | undefined;
let child: ChildProcess | null = null;

/** Image server whose pictures hang while `slow` is on; `requested` resolves at the first hung request. */
let slow = false;
let onHung: (() => void) | null = null;
const picture = await sampleProductImage(7, 900);
const images = http.createServer((req, res) => {
  if (slow) {
    onHung?.();
    return; // never answers: the render waits here until its worker dies
  }
  res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(picture);
});
await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
const imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/p.jpg`;

const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(REDIS_URL ? { REDIS_URL } : {}),
});
const storage = createLocalStorage(config.dirs.files);

async function open(): Promise<Database> {
  if (pgUrl) return openDatabase({ url: pgUrl });
  return openDatabase({ dir: pgliteDir });
}

function queueFor(database: Database): JobQueue {
  return createJobQueue({ db: database.db, redisUrl: REDIS_URL, redisPrefix: PREFIX });
}

function inProcessWorker(database: Database, queue: JobQueue) {
  return startWorker({
    config,
    db: database.db,
    logger: createLogger('silent'),
    storage,
    queue,
    options: {
      pollMs: 50,
      leaseMs: LEASE_MS,
      stalledIntervalMs: 500,
      redisPrefix: PREFIX,
      fetchOptions: { allowPrivateAddresses: true },
    },
  });
}

async function waitForState(queue: JobQueue, jobId: string, state: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.getJob({ jobId });
    if (job?.state === state) return job;
    if (job?.state === 'failed') throw new Error(`job failed: ${job.error}`);
    if (Date.now() > deadline) throw new Error(`job is ${job?.state}, not ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sha = (b: Buffer | null) => (b ? createHash('sha256').update(b).digest('hex') : null);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await new Promise((r) => images.close(r));
  if (REDIS_URL) {
    await obliterateBullQueues({ redisUrl: REDIS_URL, prefix: PREFIX });
  }
  await dropPg?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`a worker killed mid-render (${REDIS_URL ? 'BullMQ' : 'database runner'})`, () => {
  // Two processes, a database migrated and seeded here (30 s on PGlite on a loaded machine) and three renders.
  it(
    'leaves the previous PDF in place, and the job completes on another runner',
    { timeout: 240_000 },
    async () => {
      // 1. A database the two processes share: PostgreSQL when DATABASE_URL is set, else a PGlite folder that one
      //    process at a time opens.
      let database: Database;
      if (process.env.DATABASE_URL) {
        const test = await openTestDatabase();
        pgUrl = test.url;
        dropPg = test.close;
        database = await open();
      } else {
        database = await open();
        await migrateDatabase(database);
        await seedDatabase(database.db);
      }
      const [owner] = await database.db.insert(users).values({ email: 'killed@example.com' }).returning();
      await setUpgradeByEmail({ db: database.db, email: 'killed@example.com', upgrade: true });
      const urls: string[] = [];
      for (let i = 0; i < 8; i++) {
        await storage.put(`img/k${i}.jpg`, await sampleProductImage(i, 900));
        urls.push(storage.url(`img/k${i}.jpg`));
      }
      urls.push(imageUrl);
      const { catalog } = await createCatalog({
        db: database.db,
        ownerId: owner!.id,
        input: { catalog: sampleCatalog({ products: 9, imageUrl: (i) => urls[i]! }) },
      });

      // 2. A first PDF, rendered normally.
      let queue = queueFor(database);
      let worker = inProcessWorker(database, queue);
      const first = await queue.enqueue('render-pdf', { catalogId: catalog._id }, { ownerId: owner!.id });
      await waitForState(queue, first.id, 'complete');
      await worker.close();
      const firstUrl = (await loadCatalogById({ db: database.db, catalogId: catalog._id }))!.row.pdfUrl!;
      const key = keyFromUrl(firstUrl.split('?')[0]!)!;
      const firstHash = sha(await storage.get(key));
      expect(firstHash).not.toBeNull();

      // 3. A second render, in a worker process of its own, killed while it waits for a picture.
      slow = true;
      const hung = new Promise<void>((r) => (onHung = r));
      const second = await queue.enqueue('render-pdf', { catalogId: catalog._id }, { ownerId: owner!.id });
      await queue.close();
      await database.close();
      child = spawn(process.execPath, ['--import', 'tsx', 'scripts/testing/worker-process.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          ...(pgUrl
            ? { DATABASE_URL: pgUrl, CB_PGLITE_DIR: '' }
            : { DATABASE_URL: '', CB_PGLITE_DIR: pgliteDir }),
          CB_REDIS_PREFIX: PREFIX,
          CB_LEASE_MS: String(LEASE_MS),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise((r) => child!.once('exit', r));
      await hung;
      child.kill('SIGKILL');
      await exited;
      slow = false;

      // 4. The previous PDF is untouched: same bytes at the same address.
      expect(sha(await storage.get(key))).toBe(firstHash);
      expect(pdfInfo((await storage.get(key))!).pages).toBe(1);

      // A partial file a dead worker left long ago is swept by the next render; a recent one is left alone.
      const tmpDir = path.join(config.dirs.files, 'tmp', 'pdf');
      mkdirSync(tmpDir, { recursive: true });
      const stale = path.join(tmpDir, 'dead.pdf.abc.tmp');
      const recent = path.join(tmpDir, 'other.pdf.def.tmp');
      writeFileSync(stale, 'partial');
      writeFileSync(recent, 'partial');
      utimesSync(stale, new Date(Date.now() - 7 * 3_600_000), new Date(Date.now() - 7 * 3_600_000));

      // 5. Another runner picks the job up once the dead worker's lease runs out, and completes it.
      database = await open();
      const stillActive = await queueFor(database).getJob({ jobId: second.id });
      expect(['active', 'pending']).toContain(stillActive!.state);
      expect((await loadCatalogById({ db: database.db, catalogId: catalog._id }))!.row.pdfUrl).toBe(firstUrl);
      queue = queueFor(database);
      worker = inProcessWorker(database, queue);
      const done = await waitForState(queue, second.id, 'complete');
      if (!REDIS_URL) expect(done.attempts).toBe(2);
      const after = (await loadCatalogById({ db: database.db, catalogId: catalog._id }))!.row;
      expect(after.pdfUrl).not.toBe(firstUrl);
      expect(after.pdfUrl!.split('?')[0]).toBe(firstUrl.split('?')[0]);
      expect(after.downloadNumber).toBe(2);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(recent)).toBe(true);
      expect(pdfInfo((await storage.get(key))!).pages).toBe(1);
      await worker.close();
      await queue.close();
      await database.close();
    },
  );
});
