export { ChromiumUnavailableError, createBrowserPool } from './chromium.server.ts';
export type { BrowserPool } from './chromium.server.ts';
export { mapLimit } from './concurrency.server.ts';
export { ConfigError, configuredHosts, loadConfig } from './config.server.ts';
export type { Config } from './config.server.ts';
export { findChrome } from './find-chrome.mjs';
export { readBody, wantsJson } from './http/body.server.ts';
export type { ReadBodyOptions } from './http/body.server.ts';
export { defineEndpoint, REGISTRY, routeHandlers } from './http/endpoint.server.ts';
export type { HandlerContext } from './http/endpoint.server.ts';
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
export { buildOpenApi } from './http/openapi.server.ts';
export { isCrossSite } from './http/origin.server.ts';
export { documentPolicy, frameAncestorsOf, HSTS, scriptNonce } from './http/security-headers.server.ts';
export { describeIssues, parseWith } from './http/validation.server.ts';
export { createLogger } from './logger.server.ts';
export type { Logger } from './logger.server.ts';
export { createRuntime, getRuntime, setRuntime } from './runtime.server.ts';
export type { Runtime } from './runtime.server.ts';
export { decryptSecret, encryptSecret, hashToken, randomToken } from './secrets.server.ts';
