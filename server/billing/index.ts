export {
  describeSubscription,
  extendTrialByEmail,
  getCurrentSubscription,
  getPlanLimits,
  listSubscriptions,
  setUpgradeByEmail,
  startTrial,
} from './subscriptions.server.ts';
