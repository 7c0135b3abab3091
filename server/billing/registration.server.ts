import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  type AdminSetupSchema,
  createFirstAdmin as createFirstAdminAccount,
  ensureAdmin as ensureAdminAccount,
  registerUser,
  type RegisterSchema,
} from '../accounts/index.ts';
import { startTrial } from './subscriptions.server.ts';

/** What every new standalone account starts on: the trial (SPEC §4 'Trial and subscription'). */
const provisionTrial = async (tx: Db, userId: string) => {
  await startTrial({ db: tx, userId });
};

/** Open a standalone account with its trial, in one transaction (accounts makes the user, billing the plan). */
export function registerAccount(opts: { db: Db; input: z.output<typeof RegisterSchema>; platform?: string }) {
  return registerUser({ ...opts, provision: provisionTrial });
}

/** Create (or promote) the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, provisioned like any new account. */
export function ensureAdmin(opts: { db: Db; email?: string; password?: string }) {
  return ensureAdminAccount({ ...opts, provision: provisionTrial });
}

/** Spend a first-admin link (`npm start` prints it when no admin exists): the new admin is provisioned the same way. */
export function createFirstAdmin(opts: {
  db: Db;
  token: string;
  input: z.output<typeof AdminSetupSchema>;
  now?: Date;
}) {
  return createFirstAdminAccount({ ...opts, provision: provisionTrial });
}
