import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  gate,
  openJobHarness,
  REDIS_URL,
  RUNNER_KIND,
  untilAborted,
  type JobHarness,
} from '../scripts/testing/job-harness.ts';
import { BULL_QUEUE_NAME } from '../server/jobs/index.ts';
import { defineJob, type JobDefinition } from './define.ts';
import { markActive } from '../server/jobs/index.ts';

// A worker that stops (DESIGN §7): jobs still running after the grace period are aborted and run again later,
// without using up an attempt; and with BullMQ, a job BullMQ fails on its own is failed in the jobs table too.
const calls = new Map<string, number>();
const firstStarted = new Map<string, ReturnType<typeof gate>>();

/** Its first run never ends on its own (the worker must abort it); later runs return at once. */
const stuckOnceJob = defineJob({
  name: 'test-stuck-once',
  payload: z.object({ run: z.string() }),
  // One attempt only: a shutdown that counted as a failure would fail the job for good.
  maxAttempts: 1,
  run: async (p, ctx) => {
    const n = (calls.get(p.run) ?? 0) + 1;
    calls.set(p.run, n);
    if (n === 1) {
      firstStarted.get(p.run)?.open();
      await untilAborted(new Promise(() => {}), ctx.signal);
    }
    return { calls: n, attempt: ctx.attempt };
  },
});

let h: JobHarness;
beforeAll(async () => {
  h = await openJobHarness([stuckOnceJob] as unknown as readonly JobDefinition[]);
});
afterAll(async () => {
  await h?.close();
});

describe(`shutdown (${RUNNER_KIND})`, () => {
  it('a job aborted after the grace period goes back to pending and later completes, its attempt not used up', async () => {
    const started = gate();
    firstStarted.set('s1', started);
    const stopping = h.startRunner();
    const job = await h.enqueue('test-stuck-once', { run: 's1' });
    await started.promise;
    await stopping.close({ timeoutMs: 100 });

    const released = (await h.queue.getJob({ jobId: job.id }))!;
    expect(released.state).toBe('pending');
    expect(released.attempts).toBe(0);
    expect(released.error).toBeNull();

    const next = h.startRunner();
    const done = await h.waitFor(job.id, ['complete', 'failed']);
    expect(done.state).toBe('complete');
    expect(done.result).toEqual({ calls: 2, attempt: 1 });
    expect(done.attempts).toBe(1);
    await next.close();
  });
});

if (REDIS_URL)
  describe('BullMQ failing a job on its own', () => {
    it('a job that stalled more times than allowed is failed in the jobs table, not left active', async () => {
      const job = await h.enqueue('test-stuck-once', { run: 'stalled' });
      // A worker takes the job, records it active as our runner does, then dies: its lock is never renewed.
      const dead = new Worker(BULL_QUEUE_NAME, null, {
        connection: { url: REDIS_URL, maxRetriesPerRequest: null },
        prefix: h.prefix,
        lockDuration: 300,
        autorun: false,
      });
      const taken = await dead.getNextJob('dead-token');
      expect(taken?.id).toBe(job.id);
      await markActive({
        db: h.database.db,
        jobId: job.id,
        attempt: 1,
        lockedBy: 'dead-host:1:x',
        leaseMs: 300,
      });
      await dead.close(true);

      // The next worker finds it stalled; past maxStalledCount (0 here: the first stall) BullMQ fails it.
      const runner = h.startRunner({ maxStalledCount: 0 });
      const failed = await h.waitFor(job.id, ['failed', 'complete']);
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatch(/stalled/);
      expect(calls.get('stalled')).toBeUndefined();
      await runner.close();
    });
  });
