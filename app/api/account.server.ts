import { redirect } from 'react-router';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  assertCurrentPassword,
  changePassword,
  EmailChangeSchema,
  PasswordChangeSchema,
  requestEmailChange,
  sessionCookie,
} from '../../server/accounts/index.ts';
import { closeAccount } from '../../server/catalogs/index.ts';
import { json, wantsJson } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

// The settings screen's account calls (issue 24 §4): password, email and closing the account.

export const changePasswordEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/users/me/password',
    summary:
      'Change the password (currentPassword, password, confirmPassword; at least 8 characters). Every other ' +
      'session of the account ends; this one stays signed in.',
    tags: ['users'],
    auth: 'user',
    body: PasswordChangeSchema,
    response: z.object({ message: z.string() }),
    errors: [400, 429],
  },
  async ({ user, body, request, runtime }) => {
    await changePassword({ db: runtime.db, config: runtime.config, request, user, input: body });
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  },
);

export const changeEmailEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/users/me/email',
    summary:
      'Ask to change the sign-in email (email, currentPassword): a confirmation link goes to the new address ' +
      'and the email changes when it is opened (within 24 hours).',
    tags: ['users'],
    auth: 'user',
    body: EmailChangeSchema,
    response: z.object({ pendingEmail: z.string(), message: z.string() }),
    errors: [400, 429],
  },
  async ({ user, body, runtime }) => {
    await requestEmailChange({
      db: runtime.db,
      config: runtime.config,
      mailer: runtime.mailer,
      user,
      input: body,
    });
    return { pendingEmail: body.email, message: ACCOUNT_MESSAGES.emailSent };
  },
);

export const closeAccountEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/auth/closeAccount',
    summary:
      'Close the signed-in account (SPEC §2.2; currentPassword when the account has one): its Stripe ' +
      'subscription is cancelled, then every catalog, listing, file and session is deleted. Signs out.',
    tags: ['auth'],
    auth: 'user',
    body: z.object({ currentPassword: z.string().max(200).optional() }).strict(),
    response: z.object({ closed: z.boolean() }),
    errors: [400, 409, 429],
  },
  async ({ user, body, request, runtime }) => {
    await assertCurrentPassword({ db: runtime.db, user, password: body.currentPassword });
    await closeAccount({
      db: runtime.db,
      config: runtime.config,
      jobs: runtime.jobs,
      userId: user.id,
    });
    const cookie = await sessionCookie(runtime.config).serialize('', { maxAge: 0 });
    if (wantsJson(request)) return json({ closed: true }, { headers: { 'Set-Cookie': cookie } });
    return redirect('/?closed=1', { headers: { 'Set-Cookie': cookie } });
  },
);
