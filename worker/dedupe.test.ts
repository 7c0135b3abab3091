import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  gate,
  openJobHarness,
  RUNNER_KIND,
  untilAborted,
  type JobHarness,
} from '../scripts/testing/job-harness.ts';
import { defineJob, type JobDefinition } from './define.ts';

// Dedupe keys (server/jobs/state.server.ts): a request joins a job that has not started yet; a request while one runs gets a
// fresh job (the running one may have read older inputs), and jobs of one key never run at once.
const gates = new Map<string, ReturnType<typeof gate>>();
const started = new Map<string, ReturnType<typeof gate>>();
const failFirst = new Set<string>();
const running = new Map<string, number>();
const mostAtOnce = new Map<string, number>();

const gatedJob = defineJob({
  name: 'test-gated',
  payload: z.object({ run: z.string(), key: z.string() }),
  maxAttempts: 3,
  backoffMs: 50,
  run: async (p, ctx) => {
    const now = (running.get(p.key) ?? 0) + 1;
    running.set(p.key, now);
    mostAtOnce.set(p.key, Math.max(mostAtOnce.get(p.key) ?? 0, now));
    try {
      started.get(p.run)?.open();
      await untilAborted(gates.get(p.run)?.promise ?? Promise.resolve(), ctx.signal);
      if (ctx.attempt === 1 && failFirst.has(p.run)) throw new Error('the first attempt fails');
      return { run: p.run, attempt: ctx.attempt };
    } finally {
      running.set(p.key, running.get(p.key)! - 1);
    }
  },
});
/** Joins a running job of its key (JobDefinition.joinRunning), like a store sync. */
const joiningJob = defineJob({
  ...gatedJob,
  name: 'test-joining',
  joinRunning: true,
});
const plainJob = defineJob({
  name: 'test-plain',
  payload: z.object({ n: z.number() }),
  run: async (p) => ({ n: p.n }),
});

let h: JobHarness;
beforeAll(async () => {
  h = await openJobHarness([gatedJob, joiningJob, plainJob] as unknown as readonly JobDefinition[]);
});
afterAll(async () => {
  for (const g of gates.values()) g.open();
  await h?.close();
});

/** A gated run: it starts, signals it, and waits for the test to open its gate. */
function hold(run: string) {
  const g = gate();
  const s = gate();
  gates.set(run, g);
  started.set(run, s);
  return { release: g.open, started: s.promise };
}

describe(`dedupe keys (${RUNNER_KIND})`, () => {
  it('joins the pending job that has not started; concurrent requests agree on one job', async () => {
    // No runner yet: every request finds the first one pending.
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.enqueue('test-gated', { run: `j${i}`, key: 'k1' }, { dedupeKey: 'k1' }),
      ),
    );
    expect(new Set(all.map((j) => j.id)).size).toBe(1);
    // The key is per job name.
    const other = await h.enqueue('test-plain', { n: 1 }, { dedupeKey: 'k1' });
    expect(other.id).not.toBe(all[0]!.id);
    h.startRunner({ concurrency: 2 });
    expect((await h.waitFor(all[0]!.id, ['complete', 'failed'])).state).toBe('complete');
    await h.waitFor(other.id, ['complete']);
  });

  it('a request while the job runs queues a fresh job, which later requests join; they never run at once', async () => {
    const a = hold('a');
    const first = await h.enqueue('test-gated', { run: 'a', key: 'k2' }, { dedupeKey: 'k2' });
    await a.started;
    const b = hold('b');
    const second = await h.enqueue('test-gated', { run: 'b', key: 'k2' }, { dedupeKey: 'k2' });
    expect(second.id).not.toBe(first.id);
    const third = await h.enqueue('test-gated', { run: 'c', key: 'k2' }, { dedupeKey: 'k2' });
    expect(third.id).toBe(second.id);

    // The runner has a free slot and takes a job queued after the second one: the second one waits.
    const later = await h.enqueue('test-plain', { n: 2 });
    await h.waitFor(later.id, ['complete']);
    expect((await h.queue.getJob({ jobId: second.id }))!.state).toBe('pending');

    a.release();
    await b.started;
    expect((await h.waitFor(first.id, ['complete', 'failed'])).result).toEqual({ run: 'a', attempt: 1 });
    b.release();
    expect((await h.waitFor(second.id, ['complete', 'failed'])).result).toEqual({ run: 'b', attempt: 1 });
    expect(mostAtOnce.get('k2')).toBe(1);
  });

  it('a started job waiting for its retry and the fresh job queued meanwhile both run', async () => {
    const a = hold('ra');
    failFirst.add('ra');
    const first = await h.enqueue('test-gated', { run: 'ra', key: 'k3' }, { dedupeKey: 'k3' });
    await a.started;
    const second = await h.enqueue('test-gated', { run: 'rb', key: 'k3' }, { dedupeKey: 'k3' });
    expect(second.id).not.toBe(first.id);
    a.release();
    const retried = await h.waitFor(first.id, ['complete', 'failed']);
    expect(retried.result).toEqual({ run: 'ra', attempt: 2 });
    expect((await h.waitFor(second.id, ['complete', 'failed'])).state).toBe('complete');
    expect(mostAtOnce.get('k3')).toBe(1);
  });

  it('a job defined to join running jobs answers the running one', async () => {
    const a = hold('ja');
    const first = await h.enqueue('test-joining', { run: 'ja', key: 'k4' }, { dedupeKey: 'k4' });
    await a.started;
    const again = await h.enqueue('test-joining', { run: 'jb', key: 'k4' }, { dedupeKey: 'k4' });
    expect(again.id).toBe(first.id);
    a.release();
    expect((await h.waitFor(first.id, ['complete', 'failed'])).result).toEqual({ run: 'ja', attempt: 1 });
  });
});
