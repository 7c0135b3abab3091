/**
 * How many jobs of a lane one runner may run at once. A lane has `concurrency` slots. In a lane with
 * `longAfterMs` (store syncs: SYNC_LONG_AFTER_MS), once a running job has run that long (a 50,000-product
 * store), a second set of `concurrency` slots opens until no running job is long any more, so jobs that run long
 * never keep short ones (a 20-product store) waiting, and a runner never runs more than twice its slots.
 */
export type LaneSlots = {
  /** Jobs this runner may run at once now, given when the running ones started. */
  allowed: (startedAt: readonly number[], now: number) => number;
  /** 0: a job may start now; otherwise how long until one may (Infinity: until a running job ends). */
  waitMs: (startedAt: readonly number[], now: number) => number;
  /** Whether a running job has run long (the second set of slots is open). */
  anyLong: (startedAt: readonly number[], now: number) => boolean;
};

export function laneSlots(concurrency: number, longAfterMs?: number): LaneSlots {
  const slots = Math.max(1, concurrency);
  const anyLong = (startedAt: readonly number[], now: number) =>
    longAfterMs !== undefined && startedAt.some((t) => now - t >= longAfterMs);
  const allowed = (startedAt: readonly number[], now: number) =>
    anyLong(startedAt, now) ? 2 * slots : slots;
  return {
    allowed,
    anyLong,
    waitMs: (startedAt, now) => {
      if (startedAt.length < allowed(startedAt, now)) return 0;
      if (longAfterMs === undefined || anyLong(startedAt, now)) return Infinity;
      // Full, none long yet: until the oldest turns long.
      return Math.max(1, Math.min(...startedAt) + longAfterMs - now);
    },
  };
}
