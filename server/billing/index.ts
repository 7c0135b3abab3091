export {
  assertCatalogSlot,
  assertCatalogWithinPlan,
  assertFeature,
  assertInForce,
  assertPageWithinPlan,
  assertUserInForce,
  GATE_MESSAGES,
  getEntitlements,
  getEntitlementsWithGates,
  loadPlanFacts,
  templateAllowed,
} from './entitlements.server.ts';
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
