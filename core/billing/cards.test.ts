import { describe, expect, it } from 'vitest';
import { cardExpiryProblems, isCardExpired } from './index.ts';

const now = new Date('2026-06-15T12:00:00Z');

describe('SPEC §5 card expiry', () => {
  it('calls a card expired when its year is past, or in the same year when its month is past', () => {
    expect(isCardExpired({ exp_month: 12, exp_year: 2025 }, now)).toBe(true);
    expect(isCardExpired({ exp_month: 5, exp_year: 2026 }, now)).toBe(true);
    expect(isCardExpired({ exp_month: 6, exp_year: 2026 }, now)).toBe(false);
    expect(isCardExpired({ exp_month: 1, exp_year: 2027 }, now)).toBe(false);
  });
  it('names the field to fix on the card screen', () => {
    expect(cardExpiryProblems({ exp_month: 13, exp_year: 2027 }, now)).toEqual([
      { field: 'exp_month', problem: 'month' },
    ]);
    expect(cardExpiryProblems({ exp_month: 'x', exp_year: 27 }, now)).toEqual([
      { field: 'exp_month', problem: 'month' },
      { field: 'exp_year', problem: 'year' },
    ]);
    expect(cardExpiryProblems({ exp_month: 4, exp_year: 2026 }, now)).toEqual([
      { field: 'exp_month', problem: 'expired' },
    ]);
    expect(cardExpiryProblems({ exp_month: 9, exp_year: 2024 }, now)).toEqual([
      { field: 'exp_year', problem: 'expired' },
    ]);
    expect(cardExpiryProblems({ exp_month: '7', exp_year: '2026' }, now)).toEqual([]);
  });
});
