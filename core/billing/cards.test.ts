import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpiryProblems, cardFormProblems, isCardExpired, luhnValid } from './index.ts';

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

describe('SPEC §5 card number, expiry and CVC before a token is requested', () => {
  const good = { number: '4242 4242 4242 4242', exp_month: 7, exp_year: 2026, cvc: '123' };
  it('knows the brand and checks the Luhn digit', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42a2')).toBe(false);
  });
  it('accepts a good card, with the spaces printed on it', () => {
    expect(cardFormProblems(good, now)).toEqual([]);
    expect(cardFormProblems({ ...good, number: '3782-822463-10005', cvc: '1234' }, now)).toEqual([]);
  });
  it('refuses a number with a bad checksum, the wrong length for its brand, or letters', () => {
    for (const number of ['4242424242424241', '424242424242424', '42424242424242', '4242x24242424242', ''])
      expect(cardFormProblems({ ...good, number }, now), number).toEqual([
        { field: 'number', problem: 'number' },
      ]);
    // 16 digits pass Luhn but American Express numbers have 15.
    expect(cardFormProblems({ ...good, number: '3400000000000009' }, now)[0]).toEqual({
      field: 'number',
      problem: 'number',
    });
  });
  it('wants 3 CVC digits, 4 for American Express', () => {
    expect(cardFormProblems({ ...good, cvc: '12' }, now)).toEqual([{ field: 'cvc', problem: 'cvc' }]);
    expect(cardFormProblems({ ...good, cvc: '1234' }, now)).toEqual([{ field: 'cvc', problem: 'cvc' }]);
    expect(cardFormProblems({ ...good, number: '378282246310005', cvc: '123' }, now)).toEqual([
      { field: 'cvc', problem: 'cvcAmex' },
    ]);
  });
  it('refuses an expired date by the SPEC §5 rule, with every other problem', () => {
    expect(cardFormProblems({ ...good, exp_month: 5, exp_year: 2026 }, now)).toEqual([
      { field: 'exp_month', problem: 'expired' },
    ]);
    expect(cardFormProblems({ number: '1', exp_month: 1, exp_year: 2025, cvc: '' }, now)).toEqual([
      { field: 'number', problem: 'number' },
      { field: 'exp_year', problem: 'expired' },
      { field: 'cvc', problem: 'cvc' },
    ]);
  });
});
