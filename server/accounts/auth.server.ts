import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { createCookie } from 'react-router';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authSessions, emailChanges, passwordResetTokens, storeAccounts, users } from '../../db/schema.ts';
import {
  type Config,
  badRequest,
  forbidden,
  unauthorized,
  hashToken,
  randomToken,
} from '../platform/index.ts';
import type { Mailer } from '../mail/index.ts';
import { hashPassword, verifyPassword } from './passwords.server.ts';

/** Messages of SPEC §8, word for word. */
export const AUTH_MESSAGES = {
  authenticationFailed: 'Authentication failed.',
  emailTaken: 'Email already taken',
  usernameTaken: 'Username already taken',
  resetTokenInvalid: 'Could not update password as token is invalid or may have expired',
  passwordsDiffer: 'Passwords do not match',
  resetSent: 'If an account exists for this email, we have sent a link to reset its password.',
} as const;

export const ROLES = ['admin', 'manager', 'beta_tester'] as const;
export type Role = (typeof ROLES)[number];

export const SESSION_DAYS = 30;
export const RESET_TOKEN_MINUTES = 60;
const DAY_MS = 86_400_000;

export type User = typeof users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const email = z.string().trim().toLowerCase().email('Please enter a valid email address');
const password = z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password is too long');

export const RegisterSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string(),
    businessName: z.string().trim().max(200).optional().default(''),
    shopUrl: z.string().trim().max(500).optional().default(''),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });

export const LoginSchema = z.object({ email: z.string().trim().toLowerCase(), password: z.string() });
export const ResetSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });

/**
 * What a new account starts with besides its user row, run inside the same transaction: billing's plan (the
 * trial). Passed in, because billing comes after accounts in DESIGN §3's order.
 */
export type ProvisionAccount = (tx: Db, userId: string) => Promise<void>;

/** Create a standalone account: the user, the account that holds hand-made listings, and what `provision` adds. */
export async function registerUser(opts: {
  db: Db;
  input: z.output<typeof RegisterSchema>;
  platform?: string;
  provision: ProvisionAccount;
}): Promise<User> {
  const { input } = opts;
  const existing = await opts.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing.length)
    throw badRequest(AUTH_MESSAGES.emailTaken, [{ path: ['email'], message: AUTH_MESSAGES.emailTaken }]);
  const passwordHash = await hashPassword(input.password);
  const user = await opts.db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        businessName: input.businessName || null,
        shopUrl: input.shopUrl || null,
        platform: opts.platform ?? 'standalone',
      })
      .onConflictDoNothing()
      .returning();
    if (!u)
      throw badRequest(AUTH_MESSAGES.emailTaken, [{ path: ['email'], message: AUTH_MESSAGES.emailTaken }]);
    await opts.provision(tx as unknown as Db, u.id);
    await tx.insert(storeAccounts).values({ userId: u.id, type: 'own', name: 'My products', shopDomain: '' });
    return u;
  });
  return user;
}

/** The user for these credentials, or null. Costs one argon2 verification either way. */
export async function verifyCredentials(opts: {
  db: Db;
  email: string;
  password: string;
}): Promise<User | null> {
  const [u] = await opts.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(opts.email)));
  const ok = await verifyPassword(u?.passwordHash ?? DUMMY_HASH, opts.password);
  return u && ok ? u : null;
}
// Verifying against a fixed hash when the email is unknown keeps response times alike (no account probing).
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$cqg/GqerPUmnrYbEEpEc/Q$qpoI0IkuUJIcnvn/NKgr9V9rsLI3nef/IsJ/3hVpd8o';

// ---------------------------------------------------------------- sessions

/**
 * Secure whenever the public address is HTTPS. Not tied to NODE_ENV: `npm start` runs a production build
 * over plain HTTP, where a Secure cookie would never come back and nobody could sign in from another machine.
 */
export function sessionCookie(config: Pick<Config, 'appSecret' | 'appUrl'>) {
  return createCookie('cb_session', {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https:'),
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
    secrets: [config.appSecret],
  });
}

/** Start a session for a user; returns the Set-Cookie header value. */
export async function createSession(opts: { db: Db; config: Config; userId: string }): Promise<string> {
  const token = randomToken();
  await opts.db.insert(authSessions).values({
    id: hashToken(token),
    userId: opts.userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
  });
  await opts.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, opts.userId));
  return sessionCookie(opts.config).serialize(token);
}

async function sessionToken(request: Request, config: Config): Promise<string | null> {
  const v = await sessionCookie(config).parse(request.headers.get('cookie'));
  return typeof v === 'string' && v.length > 10 ? v : null;
}

/** The signed-in user, or null. */
export async function getSessionUser(opts: {
  db: Db;
  config: Config;
  request: Request;
}): Promise<User | null> {
  const token = await sessionToken(opts.request, opts.config);
  if (!token) return null;
  const rows = await opts.db
    .select({ user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, hashToken(token)), gt(authSessions.expiresAt, new Date())));
  return rows[0]?.user ?? null;
}

/** End the session; returns the Set-Cookie header that clears the cookie. */
export async function destroySession(opts: { db: Db; config: Config; request: Request }): Promise<string> {
  const token = await sessionToken(opts.request, opts.config);
  if (token) await opts.db.delete(authSessions).where(eq(authSessions.id, hashToken(token)));
  return sessionCookie(opts.config).serialize('', { maxAge: 0 });
}

export async function requireUser(opts: { db: Db; config: Config; request: Request }): Promise<User> {
  const user = await getSessionUser(opts);
  if (!user) throw unauthorized();
  return user;
}

export const hasRole = (user: Pick<User, 'roles'> | null | undefined, ...roles: Role[]) =>
  !!user && roles.some((r) => user.roles.includes(r));

/** Staff screens: admin always qualifies; managers and beta testers only where named. */
export async function requireRole(opts: {
  db: Db;
  config: Config;
  request: Request;
  roles: Role[];
}): Promise<User> {
  const user = await requireUser(opts);
  if (!hasRole(user, 'admin', ...opts.roles)) throw forbidden('This page is for staff only.');
  return user;
}

// ---------------------------------------------------------------- password reset

/** Send a single-use reset link when the email is known; answers the same either way. */
export async function requestPasswordReset(opts: {
  db: Db;
  config: Config;
  mailer: Mailer;
  email: string;
  language?: string;
}): Promise<void> {
  const [u] = await opts.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(opts.email)));
  if (!u || !u.email) return;
  const token = randomToken();
  await opts.db.insert(passwordResetTokens).values({
    id: hashToken(token),
    userId: u.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  const link = `${opts.config.appUrl}/reset/${token}`;
  const fr = (opts.language ?? u.locale).startsWith('fr');
  await opts.mailer.send({
    to: u.email,
    subject: fr ? 'Réinitialisez votre mot de passe' : 'Reset your password',
    text: fr
      ? `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans les ${RESET_TOKEN_MINUTES} minutes :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message.\n`
      : `Hello,\n\nTo choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes:\n${link}\n\nIf you did not ask for this, you can ignore this email.\n`,
  });
}

/**
 * What a reset link can still do: set a password (`usable`), nothing because it already did (`used`: the page
 * says so instead of offering the form again), or nothing because it expired or was never ours (`invalid`).
 */
export async function resetTokenState(opts: {
  db: Db;
  tokenId: string;
}): Promise<'usable' | 'used' | 'invalid'> {
  const [row] = await opts.db
    .select({ usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.id, hashToken(opts.tokenId)));
  if (!row) return 'invalid';
  if (row.usedAt) return 'used';
  return row.expiresAt > new Date() ? 'usable' : 'invalid';
}

/** Set a new password with a reset token; the token is spent and every session of the user ends. */
export async function resetPassword(opts: { db: Db; tokenId: string; password: string }): Promise<User> {
  const hashed = await hashPassword(opts.password);
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.id, hashToken(opts.tokenId)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) throw badRequest(AUTH_MESSAGES.resetTokenInvalid);
    // Links from earlier requests stop working too: the password they were meant to replace is gone.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    const [u] = await tx
      .update(users)
      .set({ passwordHash: hashed, updatedAt: new Date() })
      .where(eq(users.id, row.userId))
      .returning();
    await tx.delete(authSessions).where(eq(authSessions.userId, row.userId));
    return u!;
  });
}

/** Housekeeping (hourly, any app process; idempotent): drop expired sessions, reset tokens and email changes. */
export async function purgeExpired(opts: { db: Db }): Promise<void> {
  const now = new Date();
  await opts.db.delete(authSessions).where(lt(authSessions.expiresAt, now));
  await opts.db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
  await opts.db.delete(emailChanges).where(lt(emailChanges.expiresAt, now));
}

// ---------------------------------------------------------------- bootstrap and views

/** Create (or promote) the first admin from ADMIN_EMAIL / ADMIN_PASSWORD; a new one is provisioned like any account. */
export async function ensureAdmin(opts: {
  db: Db;
  email?: string;
  password?: string;
  provision: ProvisionAccount;
}): Promise<void> {
  if (!opts.email || !opts.password) return;
  const mail = normalizeEmail(opts.email);
  const [u] = await opts.db.select().from(users).where(eq(users.email, mail));
  if (u) {
    if (!u.roles.includes('admin'))
      await opts.db
        .update(users)
        .set({ roles: [...u.roles, 'admin'] })
        .where(eq(users.id, u.id));
    return;
  }
  const created = await registerUser({
    db: opts.db,
    input: {
      email: mail,
      password: opts.password,
      confirmPassword: opts.password,
      businessName: 'Staff',
      shopUrl: '',
    },
    provision: opts.provision,
  });
  await opts.db
    .update(users)
    .set({ roles: ['admin'] })
    .where(eq(users.id, created.id));
}
