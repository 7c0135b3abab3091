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
export {
  loadUserSettings,
  readUserSettings,
  saveUserSettings,
  updateUser,
  UserUpdateSchema,
} from './user-settings.server.ts';
export type { UserUpdate } from './user-settings.server.ts';
export { recordEditorFlags } from './editor-flags.server.ts';
export {
  ADMIN_SETUP_HOURS,
  ADMIN_SETUP_MESSAGES,
  AdminSetupSchema,
  adminSetupState,
  createFirstAdmin,
  issueAdminSetupLink,
} from './admin-setup.server.ts';
export { recordStaffAction, STAFF_ACTIONS, staffActionsFor } from './staff-log.server.ts';
export type { StaffActionName, StaffActionView, StaffSubject } from './staff-log.server.ts';
export {
  addLead,
  COURSES_SEGMENT,
  joinWaitingList,
  LeadInput,
  readUnsubscribeToken,
  signupMail,
  unsubscribe,
  unsubscribeToken,
  listUnregisteredUsers,
  listWaitingUsers,
  UNREGISTERED_SORTS,
  unregisteredUserRows,
  WAITING_SORTS,
  WaitingUserInput,
} from './signups.server.ts';
export type { ListQuery, SignupMail } from './signups.server.ts';
export {
  approvedTestimonials,
  listOwnTestimonials,
  listTestimonials,
  reviewTestimonial,
  submitTestimonial,
  TESTIMONIAL_NAME_MAX,
  TESTIMONIAL_SORTS,
  TESTIMONIAL_TEXT_MAX,
  TestimonialInput,
  TestimonialReview,
  withdrawTestimonial,
} from './testimonials.server.ts';
export type { TestimonialStatus, TestimonialView } from './testimonials.server.ts';
export {
  recordSessionActivity,
  SESSION_GAP_MS,
  SESSION_HEARTBEAT_MS,
  sessionStats,
} from './recorded-sessions.server.ts';
export type { RecordedSession, SessionStats } from './recorded-sessions.server.ts';
export {
  getGlobalSetting,
  GLOBAL_SETTING_KEYS,
  GLOBAL_SETTINGS,
  setGlobalSetting,
} from './global-settings.server.ts';
export type { GlobalSettingKey } from './global-settings.server.ts';
export {
  ACCOUNT_MESSAGES,
  assertCurrentPassword,
  changePassword,
  confirmEmailChange,
  EMAIL_CHANGE_HOURS,
  EmailChangeSchema,
  PasswordChangeSchema,
  pendingEmailChange,
  requestEmailChange,
} from './account-security.server.ts';
