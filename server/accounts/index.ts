export {
  AUTH_MESSAGES,
  createSession,
  describeUser,
  destroySession,
  ensureAdmin,
  getSessionUser,
  hasRole,
  isResetTokenUsable,
  LoginSchema,
  purgeExpired,
  RegisterSchema,
  registerUser,
  requestPasswordReset,
  resetPassword,
  ResetSchema,
  sessionCookie,
  verifyCredentials,
} from './auth.server.ts';
export type { User } from './auth.server.ts';
export { hashPassword, verifyPassword } from './passwords.server.ts';
export {
  currentUser,
  localPath,
  redirectIfSignedIn,
  requireEntitledPageUser,
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
export { loadUserSettings, readUserSettings } from './user-settings.server.ts';
export { recordEditorFlags } from './editor-flags.server.ts';
export { listUsers } from './users.server.ts';
export {
  ADMIN_SETUP_HOURS,
  ADMIN_SETUP_MESSAGES,
  AdminSetupSchema,
  adminSetupState,
  createFirstAdmin,
  issueAdminSetupLink,
} from './admin-setup.server.ts';
