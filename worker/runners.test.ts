import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../app/services/logger.server.ts';
import { loadConfig } from '../app/services/config.server.ts';
import { createLocalStorage } from '../app/services/storage.server.ts';
import { jobs } from '../db/schema.ts';
import { openTestDatabase } from '../scripts/testing/database.ts';
import { createBullQueue, startBullRunner } from './bullmq.ts';
import { createBrowserPool } from './chromium.ts';
import { defineJob, PermanentJobError, type JobDefinition, type WorkerDeps } from './define.ts';
import { createImageCache } from './images/cache.ts';
import { createJobQueue, type JobQueue } from './queue.ts';
import { startDatabaseRunner, type Runner } from './runner-database.ts';
import { pruneJobs, type JobView } from './state.ts';

// The same tests run on the runner the environment selects: BullMQ on a real Redis when REDIS_URL is set
// (CI's job suite), the database runner otherwise.
const REDIS_URL = process.env.REDIS_URL;
const KIND = REDIS_URL ? 'bullmq' : 'database';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let deps: WorkerDeps;
const calls = new Map<string, number>();

const echoJob = defineJob({
  name: 'test-echo',
  payload: z.object({ text: z.string(), steps: z.number().int().default(3) }),
  run: async (p, ctx) => {
    for (let i = 1; i <= p.steps; i++) {
      ctx.progress(i, p.steps);
      await new Promise((r) => setTimeout(r, 5));
    }
    return { echoed: p.text.toUpperCase(), attempt: ctx.attempt };
  },
});

/** Fails until its attempt reaches `succeedOn`. */
const flakyJob = defineJob({
  name: 'test-flaky',
  payload: z.object({ key: z.string(), succeedOn: z.number().int() }),
  maxAttempts: 3,
  backoffMs: 50,
  run: async (p, ctx) => {
    calls.set(p.key, (calls.get(p.key) ?? 0) + 1);
    if (ctx.attempt < p.succeedOn) throw new Error(`attempt ${ctx.attempt} failed`);
    return { attempt: ctx.attempt };
  },
});

const brokenJob = defineJob({
  name: 'test-broken',
  payload: z.object({ permanent: z.boolean() }),
  maxAttempts: 2,
  backoffMs: 50,
  run: async (p) => {
    if (p.permanent) throw new PermanentJobError('cannot be done');
    throw new Error('always fails');
  },
});

const slowJob = defineJob({
  name: 'test-slow',
  payload: z.object({ ms: z.number() }),
  maxAttempts: 2,
  timeoutMs: 300,
  backoffMs: 50,
  run: async (p, ctx) => {
    await new Promise((resolve, reject) => {
      const t = setTimeout(resolve, p.ms);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(ctx.signal.reason);
      });
    });
    return { slept: p.ms };
  },
});

const DEFS = [echoJob, flakyJob, brokenJob, slowJob] as unknown as readonly JobDefinition[];
const prefix = `cbtest-${randomBytes(4).toString('hex')}`;

function makeQueue(): JobQueue {
  return createJobQueue({ db: database.db, redisUrl: REDIS_URL, redisPrefix: prefix, definitions: DEFS });
}

function startRunner(opts: { leaseMs?: number } = {}): Runner {
  return REDIS_URL
    ? startBullRunner({
        deps,
        definitions: DEFS,
        redisUrl: REDIS_URL,
        prefix,
        lockMs: opts.leaseMs ?? 5_000,
        stalledIntervalMs: 500,
      })
    : startDatabaseRunner({ deps, definitions: DEFS, pollMs: 50, leaseMs: opts.leaseMs ?? 5_000 });
}

async function waitFor(queue: JobQueue, id: string, states: string[], timeoutMs = 20_000): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.getJob({ jobId: id });
    if (job && states.includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${job?.state}, expected ${states.join('/')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let queue: JobQueue;
let runner: Runner;

beforeAll(async () => {
  database = await openTestDatabase();
  const dataDir = path.join(os.tmpdir(), `cb-runners-${randomBytes(4).toString('hex')}`);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  queue = makeQueue();
  deps = {
    db: database.db,
    config,
    logger: createLogger('silent'),
    storage: createLocalStorage(config.dirs.files),
    queue,
    browser: createBrowserPool(),
    images: createImageCache(path.join(dataDir, 'cache')),
  };
  runner = startRunner();
  queue.onEnqueued(runner.nudge);
});

afterAll(async () => {
  await runner?.close({ timeoutMs: 2_000 });
  await queue?.close();
  if (REDIS_URL) {
    const q = createBullQueue({ redisUrl: REDIS_URL, prefix });
    await q.obliterate({ force: true });
    await q.close();
  }
  await database?.close();
});

const enqueue = (name: string, payload: unknown, opts?: { dedupeKey?: string; ownerId?: string }) =>
  (queue.enqueue as (n: string, p: unknown, o?: unknown) => Promise<JobView>)(name, payload, opts);

describe(`job runner (${KIND})`, () => {
  it('runs a job, mirrors its progress and keeps its result', async () => {
    const job = await enqueue('test-echo', { text: 'hello', steps: 4 });
    expect(job.state).toBe('pending');
    const done = await waitFor(queue, job.id, ['complete', 'failed']);
    expect(done.state).toBe('complete');
    expect(done.result).toEqual({ echoed: 'HELLO', attempt: 1 });
    expect(done.progress).toEqual({ done: 4, total: 4 });
    expect(done.attempts).toBe(1);
  });

  it('validates payloads when enqueued', async () => {
    await expect(enqueue('test-echo', { text: 42 })).rejects.toThrow();
    await expect(enqueue('no-such-job', {})).rejects.toThrow(/Unknown job/);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const job = await enqueue('test-flaky', { key: 'k1', succeedOn: 3 });
    const done = await waitFor(queue, job.id, ['complete', 'failed']);
    expect(done.state).toBe('complete');
    expect(done.result).toEqual({ attempt: 3 });
    expect(calls.get('k1')).toBe(3);
    expect(done.error).toBeNull();
  });

  it('fails a job after its last attempt, keeping the error', async () => {
    const job = await enqueue('test-broken', { permanent: false });
    const done = await waitFor(queue, job.id, ['failed']);
    expect(done.error).toBe('always fails');
    expect(done.attempts).toBe(2);
  });

  it('fails at once on a permanent error', async () => {
    const job = await enqueue('test-broken', { permanent: true });
    const done = await waitFor(queue, job.id, ['failed']);
    expect(done.error).toBe('cannot be done');
    expect(done.attempts).toBe(1);
  });

  it('aborts an attempt that runs past its timeout', async () => {
    const job = await enqueue('test-slow', { ms: 10_000 });
    const done = await waitFor(queue, job.id, ['failed']);
    expect(done.error).toMatch(/timed out/);
    expect(done.attempts).toBe(2);
  });

  it('removes finished jobs past their retention, never pending ones', async () => {
    const done = await enqueue('test-echo', { text: 'old' });
    await waitFor(queue, done.id, ['complete']);
    const long = new Date(Date.now() - 30 * 86_400_000);
    // A pending job, due later (no runner takes it), last touched as long ago as the finished one.
    const [pending] = await database.db
      .insert(jobs)
      .values({
        name: 'test-echo',
        payload: { text: 'later' },
        runAt: new Date(Date.now() + 86_400_000),
        updatedAt: long,
      })
      .returning();
    expect(await pruneJobs({ db: database.db, olderThan: new Date(Date.now() - 60_000) })).toBe(0);
    await pruneJobs({ db: database.db, olderThan: new Date(Date.now() + 60_000) });
    expect(await queue.getJob({ jobId: done.id })).toBeNull();
    expect((await queue.getJob({ jobId: pending!.id }))?.state).toBe('pending');
    await database.db.delete(jobs).where(eq(jobs.id, pending!.id));
  });

  it('scopes reads to the owner', async () => {
    const job = await enqueue('test-echo', { text: 'mine' });
    expect(await queue.getJob({ jobId: job.id, ownerId: '00000000-0000-4000-8000-000000000000' })).toBeNull();
    expect(await queue.getJob({ jobId: 'not-a-uuid' })).toBeNull();
  });
});

// Dedupe keys are tested in worker/dedupe.test.ts, shutdown and BullMQ's stalled jobs in worker/shutdown.test.ts,
// recovery of a dead BullMQ worker across processes in worker/kill.test.ts.
if (!REDIS_URL)
  describe('database runner recovery', () => {
    it('retries a job whose runner died (its lease ran out) on another runner', async () => {
      const [row] = await database.db
        .insert(jobs)
        .values({
          name: 'test-echo',
          payload: { text: 'orphan', steps: 1 },
          state: 'active',
          attempts: 1,
          maxAttempts: 3,
          lockedBy: 'dead-host:1:abc',
          lockedUntil: new Date(Date.now() - 1_000),
        })
        .returning();
      const done = await waitFor(queue, row!.id, ['complete', 'failed']);
      expect(done.state).toBe('complete');
      expect(done.result).toEqual({ echoed: 'ORPHAN', attempt: 2 });
      const [after] = await database.db.select().from(jobs).where(eq(jobs.id, row!.id));
      expect(after!.lockedBy).toBeNull();
    });

    it('lets a stopping runner finish its job before it closes', async () => {
      const other = startDatabaseRunner({ deps, definitions: DEFS, pollMs: 20 });
      await runner.close();
      const job = await enqueue('test-slow', { ms: 150 });
      await waitFor(queue, job.id, ['active']);
      await other.close({ timeoutMs: 5_000 });
      expect((await queue.getJob({ jobId: job.id }))!.state).toBe('complete');
      runner = startRunner();
    });
  });
