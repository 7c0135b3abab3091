import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openJobHarness, RUNNER_KIND, type JobHarness } from '../scripts/testing/job-harness.ts';
import { defineJob, type JobDefinition } from './define.ts';
import { laneSlots } from './lane-slots.ts';

// Issue 29 §2, per-store fairness: large stores' syncs that fill every sync slot never keep a small store's sync
// waiting. Once a sync has run past the lane's long threshold (SYNC_LONG_AFTER_MS; 300 ms here) a second set of
// slots opens, so a runner runs up to twice its slots, on the runner the environment selects (BullMQ with REDIS_URL, the jobs table else).

const gates = new Map<string, () => void>();
const started = new Set<string>();
const open = (store: string) => gates.get(store)?.();
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
    started.add(p.store);
    await new Promise<void>((resolve) => gates.set(p.store, resolve));
    return { store: p.store };
  },
});

let h: JobHarness;
beforeAll(async () => {
  h = await openJobHarness([syncJob] as unknown as readonly JobDefinition[]);
  h.startRunner({ concurrency: 1, laneConcurrency: { sync: 2 }, laneLongAfterMs: { sync: 300 } });
});
afterAll(async () => {
  for (const resolve of gates.values()) resolve();
  await h?.close();
});

const sync = (store: string, products: number) =>
  h.enqueue('test-sync', { store, products }, { dedupeKey: store });
const stateOf = async (id: string) => (await h.queue.getJob({ jobId: id }))!.state;

describe(`store syncs sharing a worker (${RUNNER_KIND})`, () => {
  it("a small store's sync runs while large stores' syncs fill every slot, up to twice the slots in all", async () => {
    // Two 50,000-product stores take both sync slots.
    const big1 = await sync('big-1', 50_000);
    const big2 = await sync('big-2', 50_000);
    await until(() => started.has('big-1') && started.has('big-2'), 'both large syncs to start');

    // A 20-product store's sync starts beside them and finishes while they still run.
    const small = await sync('small', 20);
    await until(() => started.has('small'), "the small store's sync to start");
    open('small');
    expect((await h.waitFor(small.id, ['complete'])).state).toBe('complete');
    expect([await stateOf(big1.id), await stateOf(big2.id)]).toEqual(['active', 'active']);

    // Twice the slots in all: two more large syncs start, and then the worker is full.
    const big3 = await sync('big-3', 30_000);
    const big4 = await sync('big-4', 30_000);
    await until(() => started.has('big-3') && started.has('big-4'), 'two more large syncs to start');
    const waiting = await sync('small-2', 12);
    // Long enough for the runner to have taken it were there room (its slots are rechecked every 300 ms / 4).
    await new Promise((r) => setTimeout(r, 1_000));
    expect(started.has('small-2')).toBe(false);
    expect(await stateOf(waiting.id)).toBe('pending');

    // One large sync ends: the waiting one starts.
    open('big-1');
    expect((await h.waitFor(big1.id, ['complete'])).state).toBe('complete');
    await until(() => started.has('small-2'), 'the second small sync to start');
    open('small-2');
    expect((await h.waitFor(waiting.id, ['complete'])).state).toBe('complete');
    for (const store of ['big-2', 'big-3', 'big-4']) open(store);
    for (const job of [big2, big3, big4])
      expect((await h.waitFor(job.id, ['complete'])).state).toBe('complete');
  });
});

describe('lane slots', () => {
  it('open a second set of slots while a running job has run long, and never allow more than twice the slots', () => {
    const slots = laneSlots(2, 1_000);
    expect(slots.waitMs([], 0)).toBe(0);
    expect(slots.waitMs([0], 100)).toBe(0);
    // Both slots held: the first one turns long at 1,000 ms.
    expect(slots.waitMs([0, 200], 400)).toBe(600);
    expect(slots.allowed([0, 200], 400)).toBe(2);
    // One job has run long: a second set of slots opens.
    expect(slots.waitMs([0, 200], 1_000)).toBe(0);
    expect(slots.allowed([0, 200], 1_000)).toBe(4);
    expect(slots.anyLong([0, 200], 1_000)).toBe(true);
    // Four running, at most twice the slots: wait for one to end.
    expect(slots.waitMs([0, 1, 2, 3], 5_000)).toBe(Infinity);
    expect(slots.allowed([0, 1, 2, 3], 5_000)).toBe(4);
    // A lane without the threshold: its slots, and no more.
    const plain = laneSlots(2);
    expect(plain.waitMs([0, 1], 60_000)).toBe(Infinity);
    expect(plain.allowed([0, 1], 60_000)).toBe(2);
  });
});
