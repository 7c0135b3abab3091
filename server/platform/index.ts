export { CHROME_ARGS, ChromiumUnavailableError, createBrowserPool } from './chromium.server.ts';
export type { BrowserPool } from './chromium.server.ts';
export { mapLimit } from './concurrency.server.ts';
export { processTreeRss } from './process-memory.server.ts';
export { ConfigError, configuredHosts, iccProfileProblem, loadConfig } from './config.server.ts';
export type { Config } from './config.server.ts';
export { findChrome } from './find-chrome.mjs';
export { assertStorableInput, discardUnreadBody, readBody, wantsJson } from './http/body.server.ts';
export type { JsonKind, ReadBodyOptions } from './http/body.server.ts';
export { getProcessContext, setProcessContext } from './context.server.ts';
export type { ProcessContext } from './context.server.ts';
export {
  ApiError,
  badRequest,
  conflict,
  errorResponse,
  forbidden,
  json,
  notFound,
  rateLimited,
  tooLarge,
  unauthorized,
} from './http/errors.server.ts';
export { describePath, findInputProblem } from './http/input-checks.server.ts';
export { detectLanguage } from './http/language.server.ts';
export { formFiles, readMultipart } from './http/multipart.server.ts';
export { isCrossSite, isSameOrigin } from './http/origin.server.ts';
export { documentPolicy, frameAncestorsOf, HSTS, scriptNonce } from './http/security-headers.server.ts';
export { describeIssues, parseWith, queryObject } from './http/validation.server.ts';
export {
  convertWith,
  createCurrencyConverter,
  CURRENCY_MESSAGES,
  currencyConverter,
  parseRates,
} from './currency.server.ts';
export type { CurrencyConverter, Rates } from './currency.server.ts';
export { createLogger } from './logger.server.ts';
export type { Logger } from './logger.server.ts';
export {
  decryptSecret,
  encryptSecret,
  hashToken,
  hmacSha256,
  randomToken,
  safeEqual,
} from './secrets.server.ts';
