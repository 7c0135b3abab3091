/*
 * The layer every adapter but Shopify's builds on (README.md, "The adapters' shared layer"): one HTTP client,
 * OAuth 2 and OAuth 1.0a, the stored credentials, the mapping rules and their words.
 */
export * from './credentials.ts';
export * from './http-client.ts';
export * from './listing.ts';
export * from './oauth.ts';
export * from './url.ts';
export { WORDS, type Words } from './wording.ts';
