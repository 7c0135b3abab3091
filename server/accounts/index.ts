export {
  AUTH_MESSAGES,
  createSession,
  destroySession,
  ensureAdmin,
  getSessionUser,
  hasRole,
  LoginSchema,
  purgeExpired,
  RegisterSchema,
  registerUser,
  requestPasswordReset,
  resetPassword,
  resetTokenState,
  ResetSchema,
  sessionCookie,
  verifyCredentials,
} from './auth.server.ts';
export type { ProvisionAccount, User } from './auth.server.ts';
export { hashPassword, verifyPassword } from './passwords.server.ts';
export {
  currentUser,
  localPath,
  redirectIfSignedIn,
  requirePageRole,
  requirePageUser,
  signInRedirect,
} from './page-session.server.ts';
export {
  accountSubject,
  assertUnderRateLimit,
  hitRateLimit,
  purgeRateLimits,
  RATE_LIMITS,
} from './rate-limit.server.ts';
export { getRequestUser, shopOfSessionToken, shopifyTokenUser, shopUser } from './shopify-token.server.ts';
export { loadUserSettings, readUserSettings, saveUserSettings } from './user-settings.server.ts';
export { recordEditorFlags } from './editor-flags.server.ts';
