export {
  clientTuning,
  defaultSleep,
  RestClient,
  retryAfterMs,
  tuningOf,
  type ClientTuning,
  type RestClientOptions,
  type Wait,
} from './client.ts';
export * from './listing.ts';
export { oauth1Header, oauth1Signature, type OAuth1Keys, type OAuth1SignatureMethod } from './oauth1.ts';
export { rfc3986, trimSlashes, withQuery, type QueryParams } from './url.ts';
export { connectSpec, openCredentials } from './credentials.ts';
export { connectionCheck } from './check.ts';
