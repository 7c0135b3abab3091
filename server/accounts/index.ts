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
export {
  currentUser,
  redirectIfSignedIn,
  requireEntitledPageUser,
  requirePageRole,
  requirePageUser,
} from './page-session.server.ts';
export {
  accountSubject,
  assertUnderRateLimit,
  hitRateLimit,
  purgeRateLimits,
  RATE_LIMITS,
} from './rate-limit.server.ts';
export { loadUserSettings } from './user-settings.server.ts';
export { listUsers } from './users.server.ts';
