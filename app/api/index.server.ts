// Every API module, imported once so the registry (and the OpenAPI document) knows all endpoints.
export * from './accounts.server.ts';
export * from './auth.server.ts';
export * from './catalogs.server.ts';
export * from './exports.server.ts';
export * from './listing-import.server.ts';
export * from './listings.server.ts';
export * from './stores.server.ts';
export * from './subscriptions.server.ts';
export * from './users.server.ts';
export { REGISTRY } from './define.server.ts';
