import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema.ts';
import { openJobHarness, REDIS_URL, RUNNER_KIND, type JobHarness } from '../scripts/testing/job-harness.ts';
import { defineJob, PermanentJobError, type JobDefinition } from './define.ts';
import { startDatabaseRunner, type Runner } from './runner-database.ts';
import { pruneJobs } from '../server/jobs/index.ts';

// The same tests run on the runner the environment selects (scripts/testing/job-harness.ts): BullMQ on a real
// Redis when REDIS_URL is set (CI's job suite), the database runner otherwise.
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

let h: JobHarness;
let runner: Runner;

beforeAll(async () => {
  h = await openJobHarness(DEFS);
  runner = h.startRunner();
});
afterAll(() => h?.close());

describe(`job runner (${RUNNER_KIND})`, () => {
  it('runs a job, mirrors its progress and keeps its result', async () => {
    const job = await h.enqueue('test-echo', { text: 'hello', steps: 4 });
    expect(job.state).toBe('pending');
    const done = await h.waitFor(job.id, ['complete', 'failed']);
    expect(done.state).toBe('complete');
    expect(done.result).toEqual({ echoed: 'HELLO', attempt: 1 });
    expect(done.progress).toEqual({ done: 4, total: 4 });
    expect(done.attempts).toBe(1);
  });

  it('validates payloads when enqueued', async () => {
    await expect(h.enqueue('test-echo', { text: 42 })).rejects.toThrow();
    await expect(h.enqueue('no-such-job', {})).rejects.toThrow(/Unknown job/);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const job = await h.enqueue('test-flaky', { key: 'k1', succeedOn: 3 });
    const done = await h.waitFor(job.id, ['complete', 'failed']);
    expect(done.state).toBe('complete');
    expect(done.result).toEqual({ attempt: 3 });
    expect(calls.get('k1')).toBe(3);
    expect(done.error).toBeNull();
  });

  it('fails a job after its last attempt, keeping the error', async () => {
    const job = await h.enqueue('test-broken', { permanent: false });
    const done = await h.waitFor(job.id, ['failed']);
    expect(done.error).toBe('always fails');
    expect(done.attempts).toBe(2);
  });

  it('fails at once on a permanent error', async () => {
    const job = await h.enqueue('test-broken', { permanent: true });
    const done = await h.waitFor(job.id, ['failed']);
    expect(done.error).toBe('cannot be done');
    expect(done.attempts).toBe(1);
  });

  it('aborts an attempt that runs past its timeout', async () => {
    const job = await h.enqueue('test-slow', { ms: 10_000 });
    const done = await h.waitFor(job.id, ['failed']);
    expect(done.error).toMatch(/timed out/);
    expect(done.attempts).toBe(2);
  });

  it('removes finished jobs past their retention, never pending ones', async () => {
    const done = await h.enqueue('test-echo', { text: 'old' });
    await h.waitFor(done.id, ['complete']);
    const long = new Date(Date.now() - 30 * 86_400_000);
    // A pending job, due later (no runner takes it), last touched as long ago as the finished one.
    const [pending] = await h.database.db
      .insert(jobs)
      .values({
        name: 'test-echo',
        payload: { text: 'later' },
        runAt: new Date(Date.now() + 86_400_000),
        updatedAt: long,
      })
      .returning();
    expect(await pruneJobs({ db: h.database.db, olderThan: new Date(Date.now() - 60_000) })).toBe(0);
    await pruneJobs({ db: h.database.db, olderThan: new Date(Date.now() + 60_000) });
    expect(await h.queue.getJob({ jobId: done.id })).toBeNull();
    expect((await h.queue.getJob({ jobId: pending!.id }))?.state).toBe('pending');
    await h.database.db.delete(jobs).where(eq(jobs.id, pending!.id));
  });

  it('scopes reads to the owner', async () => {
    const job = await h.enqueue('test-echo', { text: 'mine' });
    expect(
      await h.queue.getJob({ jobId: job.id, ownerId: '00000000-0000-4000-8000-000000000000' }),
    ).toBeNull();
    expect(await h.queue.getJob({ jobId: 'not-a-uuid' })).toBeNull();
  });
});

// Dedupe keys are tested in worker/dedupe.test.ts, shutdown and BullMQ's stalled jobs in worker/shutdown.test.ts,
// recovery of a dead BullMQ worker across processes in worker/kill.test.ts.
if (!REDIS_URL)
  describe('database runner recovery', () => {
    it('retries a job whose runner died (its lease ran out) on another runner', async () => {
      const [row] = await h.database.db
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
      const done = await h.waitFor(row!.id, ['complete', 'failed']);
      expect(done.state).toBe('complete');
      expect(done.result).toEqual({ echoed: 'ORPHAN', attempt: 2 });
      const [after] = await h.database.db.select().from(jobs).where(eq(jobs.id, row!.id));
      expect(after!.lockedBy).toBeNull();
    });

    it('lets a stopping runner finish its job before it closes', async () => {
      const other = startDatabaseRunner({ deps: h.deps, definitions: DEFS, pollMs: 20 });
      await runner.close();
      const job = await h.enqueue('test-slow', { ms: 150 });
      await h.waitFor(job.id, ['active']);
      await other.close({ timeoutMs: 5_000 });
      expect((await h.queue.getJob({ jobId: job.id }))!.state).toBe('complete');
      runner = h.startRunner();
    });
  });
