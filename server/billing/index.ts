export {
  assertCatalogSlot,
  assertCatalogWithinPlan,
  assertFeature,
  assertInForce,
  assertPageWithinPlan,
  assertUserInForce,
  catalogActions,
  entitlementsFromFacts,
  GATE_MESSAGES,
  gateRefusal,
  getEntitlements,
  getEntitlementsWithGates,
  includedPlan,
  loadPlanFacts,
  templateAllowed,
} from './entitlements.server.ts';
export type { CatalogActions } from './entitlements.server.ts';
export {
  describeSubscription,
  extendOwnTrial,
  extendTrialByEmail,
  EXTEND_TRIAL_MESSAGES,
  getCurrentSubscription,
  listSubscriptions,
  setUpgradeByEmail,
  startTrial,
  TRIAL_EXTENSION_DAYS,
} from './subscriptions.server.ts';
export type { SubscriptionView } from './subscriptions.server.ts';
export {
  findCoupon,
  findOffer,
  getPlan,
  listOffers,
  listPlans,
  normalizeCouponCode,
  redeemOffer,
  saveCoupon,
  updateOffer,
} from './plans.server.ts';
export type { PlanView } from './plans.server.ts';
export { getUsage } from './usage.server.ts';
export type { Usage } from './usage.server.ts';
export { applyProviderSubscription, findProviderSubscription } from './provider-subscriptions.server.ts';
export type { ProviderSubscription } from './provider-subscriptions.server.ts';
export { getStripe, stripeBrowserApi } from './stripe/client.server.ts';
export {
  CHECKOUT_MESSAGES,
  confirmCheckoutSession,
  quoteFor,
  startStripeCheckout,
} from './stripe/checkout.server.ts';
export {
  CARD_MESSAGES,
  deleteCard,
  listCards,
  listInvoices,
  openBillingPortal,
  saveCardWithToken,
  startCardSetup,
  updateCard,
} from './stripe/cards.server.ts';
export type { CardView, InvoiceView } from './stripe/cards.server.ts';
export { ensureCustomer } from './stripe/catalog.server.ts';
export { changeStripePlan, ownSubscription } from './stripe/change-plan.server.ts';
export { cancelBillingForClosing, CLOSE_ACCOUNT_MESSAGES } from './stripe/close-account.server.ts';
export { handleStripeWebhook, STRIPE_WEBHOOK_MESSAGES } from './stripe/webhooks.server.ts';
export {
  applyShopifySubscriptionWebhook,
  isRemoteSubscriptionActive,
  SHOPIFY_BILLING_MESSAGES,
  startShopifySubscription,
} from './shopify-billing.server.ts';
export {
  assertBillingOn,
  BILLING_OFF_MESSAGE,
  billingPolicy,
  billingPolicyOf,
  setBillingPolicy,
} from './policy.server.ts';
export { requireEntitledPageUser } from './page-entitlements.server.ts';
export { createFirstAdmin, ensureAdmin, registerAccount } from './registration.server.ts';
export { describeUser, listUsers, USER_SORTS, usersCsv } from './users.server.ts';
