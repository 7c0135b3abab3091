import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authSessions, emailChanges, users } from '../../db/schema.ts';
import type { Mailer } from '../mail/index.ts';
import { badRequest, type Config, hashToken, randomToken } from '../platform/index.ts';
import { AUTH_MESSAGES, normalizeEmail, sessionCookie, type User } from './auth.server.ts';
import { hashPassword, verifyPassword } from './passwords.server.ts';
import { hitRateLimit } from './rate-limit.server.ts';

/** The settings screen's messages (issue 24 §4). */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Your current password is incorrect.',
  sameEmail: 'This is already your email address.',
  emailLinkInvalid: 'This confirmation link is invalid or has expired.',
  emailSent: 'We have sent a confirmation link to your new address. Your email changes when you open it.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
} as const;

export const EMAIL_CHANGE_HOURS = 24;

const newPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long');

export const PasswordChangeSchema = z
  .object({ currentPassword: z.string().max(200), password: newPassword, confirmPassword: z.string() })
  .strict()
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });

export const EmailChangeSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).email('Please enter a valid email address'),
    currentPassword: z.string().max(200).optional(),
  })
  .strict();

/**
 * The signed-in user's password is checked before a change of password, email or the account's closing. An
 * account without one (a store-platform merchant who never chose one) has nothing to check. Wrong answers count
 * per account (the login limit), so a session left open cannot be used to guess the password.
 */
export async function assertCurrentPassword(opts: {
  db: Db;
  user: Pick<User, 'id' | 'passwordHash'>;
  password: string | undefined;
}): Promise<void> {
  if (!opts.user.passwordHash) return;
  if (await verifyPassword(opts.user.passwordHash, opts.password ?? '')) return;
  await hitRateLimit({ db: opts.db, name: 'loginAccount', subject: `user:${opts.user.id}` });
  throw badRequest(ACCOUNT_MESSAGES.wrongPassword, [
    { path: ['currentPassword'], message: ACCOUNT_MESSAGES.wrongPassword },
  ]);
}

/** The id (hash) of the request's own session, to keep it when the others end. */
async function currentSessionId(request: Request, config: Config): Promise<string | null> {
  const v = await sessionCookie(config).parse(request.headers.get('cookie'));
  return typeof v === 'string' && v.length > 10 ? hashToken(v) : null;
}

/**
 * Change the password (argon2id): the current one is required; every other session of the account ends (a
 * stolen session cookie stops working), the one making the change stays signed in.
 */
export async function changePassword(opts: {
  db: Db;
  config: Config;
  request: Request;
  user: User;
  input: z.output<typeof PasswordChangeSchema>;
}): Promise<void> {
  const { db, user, input } = opts;
  await assertCurrentPassword({ db, user, password: input.currentPassword });
  const passwordHash = await hashPassword(input.password);
  const keep = await currentSessionId(opts.request, opts.config);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx
      .delete(authSessions)
      .where(
        keep
          ? and(eq(authSessions.userId, user.id), ne(authSessions.id, keep))
          : eq(authSessions.userId, user.id),
      );
  });
}

/**
 * Ask to change the sign-in email: the current password is required, the new address must be free, and a
 * single-use link valid EMAIL_CHANGE_HOURS goes to the new address (proving it is the merchant's); the old
 * address is told, so a change nobody asked for is noticed. Nothing changes until the link is opened.
 */
export async function requestEmailChange(opts: {
  db: Db;
  config: Config;
  mailer: Mailer;
  user: User;
  input: z.output<typeof EmailChangeSchema>;
}): Promise<void> {
  const { db, user, input } = opts;
  await assertCurrentPassword({ db, user, password: input.currentPassword });
  const email = normalizeEmail(input.email);
  if (email === user.email)
    throw badRequest(ACCOUNT_MESSAGES.sameEmail, [{ path: ['email'], message: ACCOUNT_MESSAGES.sameEmail }]);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken)
    throw badRequest(AUTH_MESSAGES.emailTaken, [{ path: ['email'], message: AUTH_MESSAGES.emailTaken }]);
  const token = randomToken();
  await db.transaction(async (tx) => {
    // One pending change at a time: an earlier link stops working.
    await tx
      .update(emailChanges)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      id: hashToken(token),
      userId: user.id,
      email,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000),
    });
  });
  const link = `${opts.config.appUrl}/auth/confirm-email/${token}`;
  const fr = user.locale.startsWith('fr');
  await opts.mailer.send({
    to: email,
    subject: fr ? 'Confirmez votre nouvelle adresse email' : 'Confirm your new email address',
    text: fr
      ? `Bonjour,\n\nPour vous connecter désormais avec ${email}, ouvrez ce lien dans les ${EMAIL_CHANGE_HOURS} heures :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message : rien ne change.\n`
      : `Hello,\n\nTo sign in with ${email} from now on, open this link within ${EMAIL_CHANGE_HOURS} hours:\n${link}\n\nIf you did not ask for this, ignore this email: nothing changes.\n`,
  });
  if (user.email)
    await opts.mailer.send({
      to: user.email,
      subject: fr
        ? 'Changement de votre adresse email demandé'
        : 'A change of your email address was requested',
      text: fr
        ? `Bonjour,\n\nUn changement de l'adresse de connexion de votre compte vers ${email} a été demandé. Il ne prend effet que lorsque le lien envoyé à cette adresse est ouvert. Si ce n'est pas vous, changez votre mot de passe.\n`
        : `Hello,\n\nA change of your account's sign-in address to ${email} was requested. It takes effect only when the link sent to that address is opened. If this was not you, change your password.\n`,
    });
}

/**
 * Open an email-change link: the account's email becomes the new address (once; the link is spent). Refused
 * when the link is unknown, spent or expired, or when another account took the address meanwhile.
 */
export async function confirmEmailChange(opts: { db: Db; token: string }): Promise<User> {
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailChanges)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailChanges.id, hashToken(opts.token)),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) throw badRequest(ACCOUNT_MESSAGES.emailLinkInvalid);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, row.email), ne(users.id, row.userId)));
    if (taken) throw badRequest(AUTH_MESSAGES.emailTaken);
    const [u] = await tx
      .update(users)
      .set({ email: row.email, updatedAt: new Date() })
      .where(eq(users.id, row.userId))
      .returning();
    return u!;
  });
}

/** The address waiting for confirmation, if any (shown on the settings screen). */
export async function pendingEmailChange(opts: { db: Db; userId: string }): Promise<string | null> {
  const [row] = await opts.db
    .select({ email: emailChanges.email })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, opts.userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    );
  return row?.email ?? null;
}
