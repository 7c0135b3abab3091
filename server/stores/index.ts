export {
  ensureOwnAccount,
  findOwnedAccount,
  getAccount,
  listAccounts,
  requireOwnedAccount,
  updateAccountSettings,
} from './accounts.server.ts';
export type { AccountView, StoreAccount, SyncResultView, SyncView } from './accounts.server.ts';
export { replaceCollects, saveStoreCollections } from './collection-sync.server.ts';
export { listCategories, listCollects, listSections, listShops } from './collections.server.ts';
export {
  checkStoreConnection,
  connectionFailedError,
  connectorFor,
  resolveStoreAccount,
  storeFetchFor,
  syncTuning,
} from './connectors.server.ts';
export { latestStoreSync, startCatalogSynchronize, startStoreSync } from './sync-jobs.server.ts';
export {
  connectStore,
  disconnectStore,
  normalizeStoreUrl,
  reconnectStore,
  SESSION_EXPIRED_MESSAGE,
  webhookSecret,
  webhookState,
} from './connect.server.ts';
export type { ConnectDeps, ConnectProblem } from './connect.server.ts';
export { FULL_SYNC_EVERY_MS, queueDueStoreSyncs } from './schedule.server.ts';
export { createStoreFetch, resolveStoreHost, StoreAddressRefusedError } from './store-fetch.server.ts';
export { markReconnect, syncStore } from './sync.server.ts';
export { handleEcwidAppWebhook, handleStoreWebhook } from './webhooks.server.ts';
export type { EcwidAppWebhookOutcome, StoreWebhookOutcome } from './webhooks.server.ts';
export type { ListingWriter, SyncStoreResult } from './sync.server.ts';
export {
  finishStoreOAuth,
  OAUTH_STATE_TTL_MS,
  oauthPlatform,
  oauthRedirectUri,
  startStoreOAuth,
} from './oauth.server.ts';
export { connectablePlatformNames, connectablePlatforms } from './platforms.server.ts';
export type { PlatformView } from './platforms.server.ts';
