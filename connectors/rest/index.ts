export { defaultSleep, RestClient, retryAfterMs, type RestClientOptions, type Wait } from './client.ts';
export * from './listing.ts';
export { oauth1Header, oauth1Signature, type OAuth1Keys, type OAuth1SignatureMethod } from './oauth1.ts';
export { rfc3986, trimSlashes, withQuery, type QueryParams } from './url.ts';
export { clientTuning, connectSpec, openCredentials } from './credentials.ts';
