import { describe, expect, it } from 'vitest';
import { cycleStart } from './index.ts';

describe('the orders cycle (SPEC §7 orders/count/last-cycle, plan max_orders)', () => {
  it("moves a month-end start on to each month's last day, as the dashboard's usage does", () => {
    const start = new Date('2026-01-31T10:00:00Z');
    // Stepping with setUTCMonth made 31 February into 3 March, so orders from 28 Feb to 2 Mar counted in no cycle.
    expect(cycleStart(start, new Date('2026-03-01T00:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(cycleStart(start, new Date('2026-03-31T10:00:00Z')).toISOString()).toBe(
      '2026-03-31T10:00:00.000Z',
    );
  });

  it('counts the calendar month without a subscription, and from the start before it', () => {
    expect(cycleStart(null, new Date('2026-05-17T08:00:00Z')).toISOString()).toBe('2026-05-01T00:00:00.000Z');
    const start = new Date('2026-06-10T00:00:00Z');
    expect(cycleStart(start, new Date('2026-06-01T00:00:00Z')).toISOString()).toBe(start.toISOString());
  });
});
