import { PRICING_DEFAULTS } from '../constants.ts';

/** How a plan is paid: every month at the pay-as-you-go price, or once a year (SPEC §9). */
export type BillingPeriod = 'monthly' | 'yearly';
export const BILLING_PERIODS: readonly BillingPeriod[] = ['monthly', 'yearly'];

export type PricedPlan = { plan_id: string; yearly_price: number; pay_as_you_go_price: number };
export type CouponFacts = { id: string; percent_off: number; valid: boolean };
export type OfferFacts = {
  id: string;
  remaining: number;
  expires_at: string | null;
  plan_id: string | null;
  period: BillingPeriod | null;
  percent_off: number;
};

/** SPEC §9: the yearly price is 12 times the plan's monthly yearly_price; monthly is the pay-as-you-go price. */
export function periodPrice(plan: PricedPlan, period: BillingPeriod): number {
  return period === 'yearly' ? 12 * plan.yearly_price : plan.pay_as_you_go_price;
}

/** What one month costs on each period, for side-by-side display. */
export function monthlyEquivalent(plan: PricedPlan, period: BillingPeriod): number {
  return period === 'yearly' ? plan.yearly_price : plan.pay_as_you_go_price;
}

/** SPEC §9: a coupon's reduced price is the price times (1 − percent_off/100), rounded. */
export function reducedPrice(price: number, percentOff: number): number {
  return Math.round(price * (1 - percentOff / 100));
}

/** SPEC §5: a coupon is valid only if it is known and valid. */
export function isCouponUsable(coupon: CouponFacts | null | undefined): coupon is CouponFacts {
  return !!coupon && coupon.valid === true;
}

/** SPEC §5: a coupon code containing YR (a yearly-only code) does not discount the pay-as-you-go price. */
export function couponDiscounts(code: string, period: BillingPeriod): boolean {
  return !(period === 'monthly' && code.toUpperCase().includes('YR'));
}

/** An offer counts while some remain, before it ends, on its own plan and period. */
export function isOfferOpen(
  offer: OfferFacts | null | undefined,
  plan: PricedPlan,
  period: BillingPeriod,
  now: Date,
): offer is OfferFacts {
  if (!offer || offer.remaining <= 0) return false;
  if (offer.expires_at && new Date(offer.expires_at).getTime() <= now.getTime()) return false;
  if (offer.plan_id && offer.plan_id !== plan.plan_id) return false;
  if (offer.period && offer.period !== period) return false;
  return offer.percent_off > 0;
}

/** What happened to the coupon a merchant typed. */
export type CouponOutcome = 'none' | 'applied' | 'unknown' | 'invalid' | 'monthly_excluded' | 'offer_better';

export type Quote = {
  period: BillingPeriod;
  listPrice: number;
  price: number;
  percentOff: number;
  /** The discount applied: a coupon or an offer (never both: one discount per order). */
  discount: { kind: 'coupon' | 'offer'; id: string } | null;
  coupon: CouponOutcome;
};

/**
 * The price of one plan and period with the merchant's coupon and the open offer. The better of the two
 * applies; a coupon must be usable (SPEC §5) and not a YR code on a monthly price.
 */
export function quote(opts: {
  plan: PricedPlan;
  period: BillingPeriod;
  couponCode?: string | null;
  coupon?: CouponFacts | null;
  offer?: OfferFacts | null;
  now: Date;
}): Quote {
  const listPrice = periodPrice(opts.plan, opts.period);
  const code = opts.couponCode?.trim() ?? '';
  let coupon: CouponOutcome = 'none';
  let couponPercent = 0;
  if (code) {
    if (!opts.coupon) coupon = 'unknown';
    else if (!isCouponUsable(opts.coupon)) coupon = 'invalid';
    else if (!couponDiscounts(code, opts.period)) coupon = 'monthly_excluded';
    else {
      coupon = 'applied';
      couponPercent = opts.coupon.percent_off;
    }
  }
  const offerPercent = isOfferOpen(opts.offer, opts.plan, opts.period, opts.now) ? opts.offer.percent_off : 0;
  if (offerPercent > 0 && offerPercent >= couponPercent) {
    return {
      period: opts.period,
      listPrice,
      price: reducedPrice(listPrice, offerPercent),
      percentOff: offerPercent,
      discount: { kind: 'offer', id: opts.offer!.id },
      coupon: coupon === 'applied' ? 'offer_better' : coupon,
    };
  }
  if (couponPercent > 0) {
    return {
      period: opts.period,
      listPrice,
      price: reducedPrice(listPrice, couponPercent),
      percentOff: couponPercent,
      discount: { kind: 'coupon', id: opts.coupon!.id },
      coupon,
    };
  }
  return { period: opts.period, listPrice, price: listPrice, percentOff: 0, discount: null, coupon };
}

/** Minutes a merchant spends laying out one catalog page by hand (the pricing page's savings estimate). */
export const MANUAL_MINUTES_PER_PAGE = 20;

/** The time and money a catalog built here saves, at the pricing defaults of SPEC §2.4/§9. */
export function savingsEstimate(opts: { hourlyRate?: number; nbPages?: number } = {}) {
  const hourlyRate = Math.max(0, opts.hourlyRate ?? PRICING_DEFAULTS.hourlyRate);
  const nbPages = Math.max(0, Math.round(opts.nbPages ?? PRICING_DEFAULTS.nbPages));
  const hours = (nbPages * MANUAL_MINUTES_PER_PAGE) / 60;
  return { hourlyRate, nbPages, hours: Math.round(hours * 10) / 10, amount: Math.round(hours * hourlyRate) };
}
