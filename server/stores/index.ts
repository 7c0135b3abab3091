export {
  ensureOwnAccount,
  findOwnedAccount,
  getAccount,
  listAccounts,
  requireOwnedAccount,
  updateAccountSettings,
} from './accounts.server.ts';
export type { StoreAccount } from './accounts.server.ts';
export { replaceCollects, saveStoreCollections } from './collection-sync.server.ts';
export { listCategories, listCollects, listSections, listShops } from './collections.server.ts';
export {
  checkStoreConnection,
  connectionFailedError,
  connectorFor,
  resolveStoreAccount,
  syncTuning,
} from './connectors.server.ts';
export { latestStoreSync, startCatalogSynchronize, startStoreSync } from './sync-jobs.server.ts';
export { syncStore } from './sync.server.ts';
export type { ListingWriter, SyncStoreResult } from './sync.server.ts';
