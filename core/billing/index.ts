export {
  BILLING_PERIODS,
  couponDiscounts,
  isCouponUsable,
  isOfferOpen,
  MANUAL_MINUTES_PER_PAGE,
  monthlyEquivalent,
  periodPrice,
  quote,
  reducedPrice,
  savingsEstimate,
} from './prices.ts';
export type { BillingPeriod, CouponFacts, CouponOutcome, OfferFacts, PricedPlan, Quote } from './prices.ts';
export { cardBrand, cardExpiryProblems, cardFormProblems, isCardExpired, luhnValid } from './cards.ts';
export { nextPaymentRecheck, PAYMENT_RECHECK_EVERY_MS, PAYMENT_RECHECK_FOR_MS } from './payment-wait.ts';
export type { CardBrand, CardExpiry, CardExpiryProblem, CardField, CardFormProblem } from './cards.ts';
export {
  BILLING_ON,
  billingOffPlan,
  computeEntitlements,
  cycleStart,
  daysUntil,
  decidingSubscription,
  gateFor,
  gatesFor,
  isInForce,
  isUnlimited,
  NO_FEATURES,
  NO_PLAN_LIMITS,
  subscriptionEnd,
  templateGate,
  usageOf,
} from './entitlements.ts';
export type {
  BillingPolicy,
  BooleanLimit,
  EntitlementStatus,
  Entitlements,
  Feature,
  Gate,
  PlanFacts,
  PlanTier,
  SubscriptionFacts,
  TrialAction,
} from './entitlements.ts';
