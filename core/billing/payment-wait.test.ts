import { describe, expect, it } from 'vitest';
import { nextPaymentRecheck, PAYMENT_RECHECK_EVERY_MS, PAYMENT_RECHECK_FOR_MS } from './index.ts';

describe('/thank-you re-checking the payment', () => {
  it('asks again every couple of seconds at first', () => {
    expect(nextPaymentRecheck(0)).toBe(PAYMENT_RECHECK_EVERY_MS);
    expect(nextPaymentRecheck(60_000)).toBe(PAYMENT_RECHECK_EVERY_MS);
  });
  it('stops after two minutes instead of asking forever', () => {
    expect(PAYMENT_RECHECK_FOR_MS).toBe(120_000);
    expect(nextPaymentRecheck(PAYMENT_RECHECK_FOR_MS - PAYMENT_RECHECK_EVERY_MS)).toBe(
      PAYMENT_RECHECK_EVERY_MS,
    );
    expect(nextPaymentRecheck(PAYMENT_RECHECK_FOR_MS - PAYMENT_RECHECK_EVERY_MS + 1)).toBeNull();
    expect(nextPaymentRecheck(10 * 60_000)).toBeNull();
    expect(nextPaymentRecheck(Number.NaN)).toBeNull();
  });
});
