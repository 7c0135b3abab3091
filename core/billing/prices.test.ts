import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponDiscounts,
  isCouponUsable,
  monthlyEquivalent,
  periodPrice,
  quote,
  reducedPrice,
  savingsEstimate,
} from './index.ts';

const business = { plan_id: 'BUSINESS', yearly_price: 49, pay_as_you_go_price: 69 };
const essential = { plan_id: 'ESSENTIAL', yearly_price: 9, pay_as_you_go_price: 15 };
const now = new Date('2026-03-01T12:00:00Z');

describe('SPEC §9 prices', () => {
  it('charges 12 times the monthly yearly_price for a year, and the pay-as-you-go price for a month', () => {
    expect(periodPrice(business, 'yearly')).toBe(588);
    expect(periodPrice(business, 'monthly')).toBe(69);
    expect(monthlyEquivalent(business, 'yearly')).toBe(49);
    expect(monthlyEquivalent(business, 'monthly')).toBe(69);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (yp) => {
        expect(periodPrice({ ...business, yearly_price: yp }, 'yearly')).toBe(12 * yp);
      }),
    );
  });

  it('reduces a price to round(price × (1 − percent_off/100))', () => {
    expect(reducedPrice(588, 20)).toBe(470); // 470.4
    expect(reducedPrice(69, 15)).toBe(59); // 58.65
    expect(reducedPrice(15, 50)).toBe(8); // 7.5 rounds up
    expect(reducedPrice(100, 0)).toBe(100);
    expect(reducedPrice(100, 100)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100 }), (price, pct) => {
        const r = reducedPrice(price, pct);
        expect(Number.isInteger(r)).toBe(true);
        expect(Math.abs(r - price * (1 - pct / 100))).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('SPEC §5 coupons', () => {
  it('takes a coupon only when it is known and valid', () => {
    expect(isCouponUsable(null)).toBe(false);
    expect(isCouponUsable(undefined)).toBe(false);
    expect(isCouponUsable({ id: 'SPRING', percent_off: 20, valid: false })).toBe(false);
    expect(isCouponUsable({ id: 'SPRING', percent_off: 20, valid: true })).toBe(true);
    expect(quote({ plan: business, period: 'yearly', couponCode: 'NOPE', coupon: null, now })).toMatchObject({
      price: 588,
      coupon: 'unknown',
      discount: null,
    });
    const invalid = { id: 'OLD', percent_off: 30, valid: false };
    expect(
      quote({ plan: business, period: 'yearly', couponCode: 'OLD', coupon: invalid, now }),
    ).toMatchObject({
      price: 588,
      coupon: 'invalid',
    });
  });

  it('does not discount the pay-as-you-go price with a code containing YR, and does discount the year', () => {
    const yr = { id: 'SAVE20YR', percent_off: 20, valid: true };
    expect(couponDiscounts('SAVE20YR', 'monthly')).toBe(false);
    expect(couponDiscounts('save20yr', 'monthly')).toBe(false);
    expect(couponDiscounts('SAVE20YR', 'yearly')).toBe(true);
    expect(couponDiscounts('SAVE20', 'monthly')).toBe(true);
    expect(
      quote({ plan: business, period: 'monthly', couponCode: 'SAVE20YR', coupon: yr, now }),
    ).toMatchObject({
      price: 69,
      coupon: 'monthly_excluded',
      discount: null,
    });
    expect(
      quote({ plan: business, period: 'yearly', couponCode: 'SAVE20YR', coupon: yr, now }),
    ).toMatchObject({
      listPrice: 588,
      price: 470,
      percentOff: 20,
      coupon: 'applied',
      discount: { kind: 'coupon', id: 'SAVE20YR' },
    });
  });

  it('applies a plain coupon to both periods', () => {
    const c = { id: 'WELCOME15', percent_off: 15, valid: true };
    expect(quote({ plan: business, period: 'monthly', couponCode: 'WELCOME15', coupon: c, now }).price).toBe(
      59,
    );
    expect(quote({ plan: business, period: 'yearly', couponCode: 'WELCOME15', coupon: c, now }).price).toBe(
      500,
    );
  });
});

describe('SPEC §9 ESSENTIAL-ANNUALLY offer', () => {
  const offer = {
    id: 'ESSENTIAL-ANNUALLY',
    remaining: 3,
    expires_at: '2026-03-10T00:00:00Z',
    plan_id: 'ESSENTIAL',
    period: 'yearly' as const,
    percent_off: 50,
  };
  it('discounts the Essential plan paid yearly while some remain and before it ends', () => {
    expect(quote({ plan: essential, period: 'yearly', offer, now })).toMatchObject({
      listPrice: 108,
      price: 54,
      discount: { kind: 'offer', id: 'ESSENTIAL-ANNUALLY' },
    });
    expect(quote({ plan: essential, period: 'monthly', offer, now }).discount).toBeNull();
    expect(quote({ plan: business, period: 'yearly', offer, now }).discount).toBeNull();
    expect(quote({ plan: essential, period: 'yearly', offer: { ...offer, remaining: 0 }, now }).price).toBe(
      108,
    );
    expect(
      quote({ plan: essential, period: 'yearly', offer, now: new Date('2026-03-10T00:00:00Z') }).price,
    ).toBe(108);
  });
  it('keeps the better of a coupon and the offer, never both', () => {
    const small = { id: 'TEN', percent_off: 10, valid: true };
    expect(
      quote({ plan: essential, period: 'yearly', couponCode: 'TEN', coupon: small, offer, now }),
    ).toMatchObject({ price: 54, coupon: 'offer_better', discount: { kind: 'offer' } });
    const big = { id: 'SIXTY', percent_off: 60, valid: true };
    expect(
      quote({ plan: essential, period: 'yearly', couponCode: 'SIXTY', coupon: big, offer, now }),
    ).toMatchObject({ price: 43, coupon: 'applied', discount: { kind: 'coupon', id: 'SIXTY' } });
  });
});

describe('pricing defaults (SPEC §2.4, §9)', () => {
  it('estimates savings at hourlyRate 12 and nbPages 30 by default', () => {
    expect(savingsEstimate()).toEqual({ hourlyRate: 12, nbPages: 30, hours: 10, amount: 120 });
    expect(savingsEstimate({ hourlyRate: 30, nbPages: 60 })).toEqual({
      hourlyRate: 30,
      nbPages: 60,
      hours: 20,
      amount: 600,
    });
  });
});
