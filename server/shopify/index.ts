export { handleShopifyWebhook, linkShopifyInstall } from './accounts.server.ts';
export { merchantForShop, startShopSync } from './home.server.ts';
export type { ShopSyncView } from './home.server.ts';
export { applyShopifyProductWebhook } from './products.server.ts';
export { DatabaseSessionStorage } from './session-storage.server.ts';
