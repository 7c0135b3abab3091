import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { globalSettings, users } from '../../db/schema.ts';
import { badRequest, hashToken, randomToken } from '../platform/index.ts';
import {
  AUTH_MESSAGES,
  normalizeEmail,
  type ProvisionAccount,
  registerUser,
  type User,
} from './auth.server.ts';
import { verifyPassword } from './passwords.server.ts';

/**
 * The first staff account of a server started without ADMIN_EMAIL (issue 22): `npm start` prints a link that
 * creates it, never 'the first visitor becomes admin'. The link's token is random, kept only as its SHA-256 (in
 * global_settings under one key, so a new start replaces the last link), single-use, and valid for
 * ADMIN_SETUP_HOURS; once an admin exists, no link is printed and any old one is refused.
 */

export const ADMIN_SETUP_HOURS = 24;
const KEY = 'admin_setup';

export const ADMIN_SETUP_MESSAGES = {
  invalid: 'This link has been used or has expired. Restart the server to print a new one.',
  exists: 'An admin account already exists. Sign in instead.',
  wrongPassword: 'This email already has an account: enter its password to make it the admin.',
} as const;

const email = z.string().trim().toLowerCase().email('Please enter a valid email address');
const password = z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password is too long');

export const AdminSetupSchema = z
  .object({ email, password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });

type Stored = { tokenHash: string; expiresAt: string };

async function hasAdmin(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'admin' = any(${users.roles})`)
    .limit(1);
  return rows.length > 0;
}

/**
 * At start-up: the link that creates the first admin, or null when an admin exists. Each call makes a new token
 * and forgets the previous one.
 */
export async function issueAdminSetupLink(opts: {
  db: Db;
  appUrl: string;
  now?: Date;
}): Promise<string | null> {
  if (await hasAdmin(opts.db)) {
    await opts.db.delete(globalSettings).where(eq(globalSettings.key, KEY));
    return null;
  }
  const token = randomToken();
  const now = opts.now ?? new Date();
  const value: Stored = {
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ADMIN_SETUP_HOURS * 3_600_000).toISOString(),
  };
  await opts.db
    .insert(globalSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: globalSettings.key, set: { value, updatedAt: now } });
  return `${opts.appUrl}/setup/${encodeURIComponent(token)}`;
}

const matching = (token: string) =>
  and(eq(globalSettings.key, KEY), sql`${globalSettings.value}->>'tokenHash' = ${hashToken(token)}`);

/** What the setup page shows for a token: the form, or why not. */
export async function adminSetupState(opts: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<'usable' | 'invalid' | 'exists'> {
  if (await hasAdmin(opts.db)) return 'exists';
  const [row] = await opts.db.select().from(globalSettings).where(matching(opts.token));
  const stored = row?.value as Stored | undefined;
  return stored && new Date(stored.expiresAt) > (opts.now ?? new Date()) ? 'usable' : 'invalid';
}

/**
 * Spend the token and create the first admin: a new account (set up by `provision`, as billing's createFirstAdmin
 * passes), or an existing one whose password is given. The token is taken in the same transaction, so two
 * submissions make one admin; a refused submission (a wrong password, a taken email) leaves the link usable.
 */
export async function createFirstAdmin(opts: {
  db: Db;
  token: string;
  input: z.output<typeof AdminSetupSchema>;
  provision: ProvisionAccount;
  now?: Date;
}): Promise<User> {
  const now = opts.now ?? new Date();
  return opts.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [taken] = await tx.delete(globalSettings).where(matching(opts.token)).returning();
    const stored = taken?.value as Stored | undefined;
    if (!stored || new Date(stored.expiresAt) <= now) throw badRequest(ADMIN_SETUP_MESSAGES.invalid);
    if (await hasAdmin(db)) throw badRequest(ADMIN_SETUP_MESSAGES.exists);
    const mail = normalizeEmail(opts.input.email);
    const [existing] = await tx.select().from(users).where(eq(users.email, mail));
    if (existing) {
      if (!existing.passwordHash || !(await verifyPassword(existing.passwordHash, opts.input.password)))
        throw badRequest(ADMIN_SETUP_MESSAGES.wrongPassword, [
          { path: ['password'], message: ADMIN_SETUP_MESSAGES.wrongPassword },
        ]);
      const [admin] = await tx
        .update(users)
        .set({ roles: [...new Set([...existing.roles, 'admin'])], updatedAt: now })
        .where(eq(users.id, existing.id))
        .returning();
      return admin!;
    }
    const created = await registerUser({
      db,
      input: { ...opts.input, email: mail, businessName: 'Staff', shopUrl: '' },
      provision: opts.provision,
    });
    const [admin] = await tx
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, created.id))
      .returning();
    return admin!;
  });
}
