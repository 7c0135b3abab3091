import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listChildren, type JobName } from '../server/jobs/index.ts';
import { openJobHarness, RUNNER_KIND, type JobHarness } from '../scripts/testing/job-harness.ts';
import { defineJob, type JobDefinition } from './define.ts';

// Issue 29 §2-3 on the runner the environment selects (BullMQ with REDIS_URL, the jobs table otherwise): store
// syncs in a lane of their own, one per store at a time, so a large store's sync never holds up a small one's
// nor the renders; and jobs that wait for children (a long export's parts) run again once those are done.

/** Jobs that wait until the test opens their gate. */
const gates = new Map<string, () => void>();
const started = new Set<string>();
const gate = (key: string) =>
  new Promise<void>((resolve) => {
    started.add(key);
    gates.set(key, resolve);
  });
const open = (key: string) => gates.get(key)?.();
async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const syncJob = defineJob({
  name: 'test-sync',
  payload: z.object({ store: z.string(), products: z.number().int() }),
  lane: 'sync',
  joinRunning: true,
  run: async (p) => {
    await gate(`sync:${p.store}`);
    return { store: p.store, products: p.products };
  },
});

const renderJob = defineJob({
  name: 'test-render',
  payload: z.object({ key: z.string() }),
  run: async (p) => {
    await gate(`render:${p.key}`);
    return { key: p.key };
  },
});

/** Sums its parts' answers: the first run queues them, the run after they are all done reads them. */
const partsCalls = new Map<string, number>();
const failedWith = new Map<string, string>();
const wholeJob = defineJob({
  name: 'test-whole',
  payload: z.object({ key: z.string(), parts: z.number().int(), failing: z.number().int().optional() }),
  run: async (p, ctx) => {
    partsCalls.set(p.key, (partsCalls.get(p.key) ?? 0) + 1);
    const children = await ctx.children();
    if (!children.length) {
      ctx.progress(0, 2 * p.parts);
      return ctx.waitForChildren(
        Array.from({ length: p.parts }, (_, index) => ({
          // Test jobs are not among the product's job names.
          name: 'test-part' as JobName,
          payload: { key: p.key, index, fail: index === p.failing },
        })),
      );
    }
    return { sum: children.reduce((n, c) => n + (c.result as { value: number }).value, 0) };
  },
  onFailed: async (p, _ctx, error) => void failedWith.set(p.key, error.message),
});

const partJob = defineJob({
  name: 'test-part',
  payload: z.object({ key: z.string(), index: z.number().int(), fail: z.boolean() }),
  maxAttempts: 2,
  backoffMs: 20,
  run: async (p, ctx) => {
    if (p.fail) throw new Error(`part ${p.index} broke`);
    ctx.progress(1, 2);
    await gate(`part:${p.key}:${p.index}`);
    ctx.progress(2, 2);
    return { value: 10 ** p.index };
  },
});

const DEFS = [syncJob, renderJob, wholeJob, partJob] as unknown as readonly JobDefinition[];

let h: JobHarness;
beforeAll(async () => {
  h = await openJobHarness(DEFS);
  // One render at a time, two syncs (SYNC_CONCURRENCY's least).
  h.startRunner({ concurrency: 1, laneConcurrency: { sync: 2 } });
});
afterAll(async () => {
  for (const resolve of gates.values()) resolve();
  await h?.close();
});

describe(`store syncs (${RUNNER_KIND})`, () => {
  it("run one per store at a time; a large store's sync holds up neither a small store's nor the renders", async () => {
    const big = await h.enqueue('test-sync', { store: 'big', products: 50_000 }, { dedupeKey: 'big' });
    await until(() => started.has('sync:big'), 'the large sync to start');
    // A second click on the large store answers the running sync.
    const again = await h.enqueue('test-sync', { store: 'big', products: 50_000 }, { dedupeKey: 'big' });
    expect(again.id).toBe(big.id);

    // The small store's sync runs beside it, to the end, while the large one still runs.
    const small = await h.enqueue('test-sync', { store: 'small', products: 20 }, { dedupeKey: 'small' });
    await until(() => started.has('sync:small'), 'the small sync to start');
    open('sync:small');
    expect((await h.waitFor(small.id, ['complete'])).result).toEqual({ store: 'small', products: 20 });

    // Renders have their own lane: both syncs' slots taken do not keep one waiting.
    const other = await h.enqueue('test-sync', { store: 'other', products: 30_000 }, { dedupeKey: 'other' });
    await until(() => started.has('sync:other'), 'a second large sync to start');
    const render = await h.enqueue('test-render', { key: 'r1' });
    await until(() => started.has('render:r1'), 'the render to start');
    open('render:r1');
    expect((await h.waitFor(render.id, ['complete'])).state).toBe('complete');

    expect((await h.queue.getJob({ jobId: big.id }))!.state).toBe('active');
    open('sync:big');
    open('sync:other');
    expect((await h.waitFor(big.id, ['complete'])).state).toBe('complete');
    expect((await h.waitFor(other.id, ['complete'])).state).toBe('complete');
  });
});

describe(`jobs in parts (${RUNNER_KIND})`, () => {
  it('wait for their parts, report progress over all of them, and run again once they are done', async () => {
    const whole = await h.enqueue('test-whole', { key: 'ok', parts: 3 });
    await until(
      async () => (await listChildren({ db: h.database.db, parentId: whole.id })).length === 3,
      'parts',
    );
    const waiting = await h.queue.getJob({ jobId: whole.id });
    expect(waiting!.state).toBe('waiting');

    // The parts run one at a time here (concurrency 1): each one half done, then finished, in turn.
    for (const i of [0, 1, 2]) {
      await until(() => started.has(`part:ok:${i}`), `part ${i} to start`);
      await until(
        async () => (await h.queue.getJob({ jobId: whole.id }))!.progress.done === 2 * i + 1,
        `part ${i} half done`,
      );
      expect((await h.queue.getJob({ jobId: whole.id }))!.progress).toEqual({ done: 2 * i + 1, total: 6 });
      open(`part:ok:${i}`);
    }
    const done = await h.waitFor(whole.id, ['complete', 'failed']);
    expect(done.state).toBe('complete');
    expect(done.result).toEqual({ sum: 111 });
    // Queuing the parts did not count as an attempt.
    expect(done.attempts).toBe(1);
    expect(partsCalls.get('ok')).toBe(2);
    const parts = await listChildren({ db: h.database.db, parentId: whole.id });
    expect(parts.map((p) => [p.name, p.state, p.parentId])).toEqual(
      [0, 1, 2].map(() => ['test-part', 'complete', whole.id]),
    );
  });

  it('fail with a part that fails for good, after its retries, and say why', async () => {
    const whole = await h.enqueue('test-whole', { key: 'bad', parts: 2, failing: 1 });
    await until(() => started.has('part:bad:0'), 'the first part to start');
    open('part:bad:0');
    const done = await h.waitFor(whole.id, ['complete', 'failed']);
    expect(done.state).toBe('failed');
    expect(done.error).toBe('A part failed: part 1 broke');
    // The failure hook runs once the failure is recorded (with BullMQ, a moment after the row says failed).
    await until(() => failedWith.has('bad'), 'the failure hook');
    expect(failedWith.get('bad')).toBe('A part failed: part 1 broke');
    const parts = await listChildren({ db: h.database.db, parentId: whole.id });
    expect(parts.map((p) => [p.state, p.attempts])).toEqual([
      ['complete', 1],
      ['failed', 2],
    ]);
    expect(partsCalls.get('bad')).toBe(1);
  });
});
