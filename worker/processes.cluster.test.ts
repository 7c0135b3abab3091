import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../db/schema.ts';
import { loadConfig } from '../server/platform/index.ts';
import { createStorage } from '../server/files/index.ts';
import { obliterateBullQueues } from '../server/jobs/index.ts';
import { openTestDatabase } from '../scripts/testing/database.ts';
import { pdfInfo, pdfText } from '../scripts/testing/pdf-tools.ts';
import { sampleProduct } from '../scripts/testing/sample-catalog.ts';
import { startS3Server, type TestS3Server } from '../scripts/testing/s3-server.ts';
import { client, CookieJar, FROM_APP } from '../scripts/testing/server.ts';
import { publishCatalog, publishForVisitors } from '../scripts/testing/viewer-fixtures.ts';

/**
 * Issue 29 §2: the product on several machines. Two app processes, one viewer and two workers, each started as
 * README's recipe says (`npm run start:app` with WORKER=off, `start:viewer`, `start:worker`), share one
 * PostgreSQL, one Redis and one S3-compatible bucket, and nothing else: no shared disk, each its own DATA_DIR.
 * A merchant's import on app 1 is read on app 2; an export queued on app 2 is printed in parts by both workers;
 * the worker printing a part is killed outright and the other finishes the export; the viewer serves the pages
 * and the PDF from the bucket. Needs DATABASE_URL and REDIS_URL (`npm run test:cluster`; CI runs it).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
if (!DATABASE_URL || !REDIS_URL)
  throw new Error('The multi-process test needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis).');

const PREFIX = `cbcluster-${randomBytes(4).toString('hex')}`;
const LEASE_SECONDS = 3;
const SPLIT_PAGES = 10;

type Proc = { name: string; child: ChildProcess; url: string; output: string[]; dataDir: string };
const procs: Proc[] = [];
let s3: TestS3Server;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let common: Record<string, string>;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Start one process of the product as README's recipe does and wait for its banner. */
async function start(name: string, script: string, env: Record<string, string>, banner: RegExp) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `cb-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...common, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const proc: Proc = { name, child, url: '', output, dataDir };
  procs.push(proc);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output.join('')}`)), 90_000);
    const read = (b: Buffer) => {
      output.push(b.toString());
      if (banner.test(output.join(''))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before starting:\n${output.join('')}`));
    });
  });
  return proc;
}

const pidOf = (lockedBy: string | null) => (lockedBy ? Number(lockedBy.split(':')[1]) : null);

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  s3 = await startS3Server();
  database = await openTestDatabase();
  common = {
    DATABASE_URL: database.url!,
    REDIS_URL: REDIS_URL!,
    REDIS_PREFIX: PREFIX,
    ...s3.env(s3.createBucket('cluster')),
    // Sessions signed by one app are read by the other: one secret for all.
    APP_SECRET: randomBytes(32).toString('hex'),
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    PDF_SPLIT_PAGES: String(SPLIT_PAGES),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const running = /is running at|worker running/;
  const [p1, p2, pv] = [await freePort(), await freePort(), await freePort()];
  const starts = [
    start('app1', 'scripts/serve.ts', { PORT: String(p1), WORKER: 'off' }, running),
    start('app2', 'scripts/serve.ts', { PORT: String(p2), WORKER: 'off' }, running),
    start('viewer', 'viewer/main.ts', { VIEWER_PORT: String(pv) }, running),
    start('worker1', 'worker/main.ts', {}, running),
    start('worker2', 'worker/main.ts', {}, running),
  ];
  const [app1, app2, viewer] = await Promise.all(starts);
  app1!.url = `http://127.0.0.1:${p1}`;
  app2!.url = `http://127.0.0.1:${p2}`;
  viewer!.url = `http://127.0.0.1:${pv}`;
}, 240_000);

afterAll(async () => {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(
    procs.map((p) =>
      p.child.exitCode !== null || p.child.signalCode !== null
        ? null
        : new Promise((r) => p.child.once('exit', r)),
    ),
  );
  for (const p of procs) rmSync(p.dataDir, { recursive: true, force: true });
  await obliterateBullQueues({ redisUrl: REDIS_URL!, prefix: PREFIX });
  await database?.close();
  await s3?.close();
});

const proc = (name: string) => procs.find((p) => p.name === name)!;

it('shares imports, exports and pages between apps, workers and the viewer, and survives a worker killed mid-export', async () => {
  const [app1, app2, viewer] = [proc('app1'), proc('app2'), proc('viewer')];
  // What the test process itself reads: the same database and bucket, as any other machine would.
  const storage = createStorage(loadConfig({ ...common, DATA_DIR: app1.dataDir }));

  // 1. A merchant signs up and imports products on app 1 ...
  const published = await publishCatalog(
    { url: app1.url, runtime: { db: database.db, storage } },
    { email: 'several@example.com', plan: 'BUSINESS', products: 200, pictures: 6, draft: true },
  );
  const on1 = published.client;
  const csv =
    'title,price,category,image\n' +
    Array.from({ length: 25 }, (_, i) => `Cashmere Beanie ${i},${20 + i},Hats,`).join('\n');
  const review = await on1.upload('/api/v1/listings/import', [
    { field: 'file', name: 'scarves.csv', body: csv },
  ]);
  expect([review.status, review.body.message]).toEqual([200, undefined]);
  const stored = await on1.post('/api/v1/listings', review.body.listings);
  expect(stored.status).toBe(200);
  expect(await stored.json()).toMatchObject({ created: 25 });

  // ... and app 2 reads them in the same session (one secret, one database).
  const on2 = client(app2.url, on1.jar as CookieJar);
  const accounts = (await (await on2.get('/api/v1/accounts')).json()).data as { id: string }[];
  const listed = await on2.get(`/api/v1/accounts/${accounts[0]!.id}/listings?page=-1`);
  expect(listed.status).toBe(200);
  const titles = ((await listed.json()).data as { title: string }[]).map((l) => l.title);
  expect(titles.filter((t) => t.startsWith('Cashmere Beanie'))).toHaveLength(25);

  // 2. An export queued on app 2: 200 products at 9 a page, printed in parts of 10 pages by the two workers.
  const catalogId = published.catalogId;
  const doc = (await (await on2.get(`/api/v1/catalogs/${catalogId}`)).json()).data as { pages: unknown[] };
  const pageCount = doc.pages.length;
  expect(pageCount).toBeGreaterThan(2 * SPLIT_PAGES);
  const queued = await on2.get(`/api/v1/catalogs/${catalogId}/generate`, FROM_APP);
  expect(queued.status).toBe(200);
  const { job_id: jobId } = (await queued.json()) as { job_id: string };

  // 3. As soon as a worker prints a part, that worker is killed outright.
  const workers = [proc('worker1'), proc('worker2')];
  const byPid = (pid: number | null) => workers.find((w) => w.child.pid === pid);
  const victimPart = await until('a worker to print a part', async () => {
    const [row] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.parentId, jobId), eq(jobs.name, 'render-pdf-part'), eq(jobs.state, 'active')))
      .limit(1);
    return row && byPid(pidOf(row.lockedBy)) ? row : null;
  });
  const victim = byPid(pidOf(victimPart.lockedBy))!;
  const survivor = workers.find((w) => w !== victim)!;
  const exited = new Promise((r) => victim.child.once('exit', r));
  victim.child.kill('SIGKILL');
  await exited;

  // 4. The other worker takes the dead one's part once its lease runs out ...
  await until("the survivor to take the dead worker's part", async () => {
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, victimPart.id));
    return row!.state === 'active' && pidOf(row!.lockedBy) === survivor.child.pid;
  });
  // ... and the export completes; app 1 follows the job app 2 queued.
  const on1Again = client(app1.url, on1.jar as CookieJar);
  const done = await until(
    'the export to finish',
    async () => {
      const job = (await (await on1Again.get(`/api/v1/jobs?jobId=${jobId}`)).json()) as {
        job_state: string;
        message?: string;
      };
      return job.job_state === 'pending' ? null : job;
    },
    180_000,
  );
  expect(done).toMatchObject({ job_state: 'complete' });
  const parts = await database.db.select().from(jobs).where(eq(jobs.parentId, jobId));
  expect(parts.length).toBe(Math.ceil(pageCount / SPLIT_PAGES));
  expect(parts.every((p) => p.state === 'complete')).toBe(true);

  // 5. The PDF, whole and in order, from either app and from the bucket.
  const pdfFrom = async (base: string) => {
    const res = await client(base, on1.jar as CookieJar).get(`/api/v1/catalogs/${catalogId}/download`, {
      Accept: 'application/pdf',
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const pdf = await pdfFrom(app1.url);
  expect(pdfInfo(pdf).pages).toBe(pageCount);
  expect((await pdfFrom(app2.url)).equals(pdf)).toBe(true);
  const text = pdfText(pdf);
  // In order: the first product, one from the middle part, the last one.
  const at = (i: number) => text.indexOf(sampleProduct(i, null).title!);
  expect(at(0)).toBeGreaterThanOrEqual(0);
  expect(at(99)).toBeGreaterThan(at(0));
  expect(at(199)).toBeGreaterThan(at(99));
  expect([...s3.objects('cluster').keys()].some((k) => k.startsWith('pdf/'))).toBe(true);

  // 6. The viewer, a process of its own, serves the published catalog's pages and its PDF from the bucket.
  await publishForVisitors(on1, catalogId);
  const page = await fetch(`${viewer.url}/view/${catalogId}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Linen Shirt 1<');
  const viewerPdf = await fetch(`${viewer.url}/view/${catalogId}/pdf`, { redirect: 'follow' });
  expect(viewerPdf.status).toBe(200);
  expect(viewerPdf.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await viewerPdf.arrayBuffer()).equals(pdf)).toBe(true);
  const picture = await fetch(
    `${viewer.url}${storage.url('img/' + published.ownerId.slice(0, 8) + '-0.jpg')}`,
  );
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toBe('image/jpeg');
}, 420_000);
