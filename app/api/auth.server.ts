import { redirect } from 'react-router';
import { z } from 'zod';
import {
  AdminSetupSchema,
  AUTH_MESSAGES,
  LoginSchema,
  RegisterSchema,
  ResetSchema,
  createSession,
  destroySession,
  requestPasswordReset,
  resetPassword,
  verifyCredentials,
  accountSubject,
  assertUnderRateLimit,
  hitRateLimit,
  localPath,
} from '../../server/accounts/index.ts';
import { createFirstAdmin, describeUser, registerAccount } from '../../server/billing/index.ts';
import {
  badRequest,
  json,
  unauthorized,
  readBody,
  wantsJson,
  type ReadBodyOptions,
} from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

/** Validate with the first problem as the message (shown on the form) and every problem in details (per field). */
function parseForm<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const details = r.error.issues.map((i) => ({ path: i.path, message: i.message }));
  throw badRequest(details[0]?.message ?? 'Invalid input', details);
}

/** Only same-site relative paths are followed after login, never another host. */
export function safeRedirect(to: unknown, fallback = '/catalogs'): string {
  return localPath(to, fallback);
}

/** The auth endpoints read their own bodies (rate limits come before validation): JSON objects or form posts. */
const FORM_BODY: ReadBodyOptions = { forms: true, kinds: ['object'] };
const readForm = async (request: Request) => (await readBody(request, FORM_BODY)) as Record<string, unknown>;

const UserViewSchema = z.object({ user: z.record(z.string(), z.unknown()) });

export const loginEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with email and password (JSON or form)',
    tags: ['auth'],
    auth: 'public',
    body: LoginSchema,
    rawBody: true,
    formPage: () => '/login',
    response: UserViewSchema,
    errors: [429],
  },
  async ({ request, runtime, ip }) => {
    const body = await readForm(request);
    // Failed logins count against the address and against the account, so that many addresses cannot try
    // one account's passwords either; successful ones do not count (DESIGN §10). Both limits are checked
    // before the password, so a limited caller learns nothing about it.
    const { db } = runtime;
    await assertUnderRateLimit({ db, name: 'login', subject: ip });
    const input = parseForm(LoginSchema, body);
    const account = accountSubject(input.email);
    await assertUnderRateLimit({ db, name: 'loginAccount', subject: account });
    const user = await verifyCredentials({ db, email: input.email, password: input.password });
    if (!user) {
      const counted = await Promise.allSettled([
        hitRateLimit({ db, name: 'login', subject: ip }),
        hitRateLimit({ db, name: 'loginAccount', subject: account }),
      ]);
      for (const c of counted) if (c.status === 'rejected') throw c.reason;
      throw unauthorized(AUTH_MESSAGES.authenticationFailed);
    }
    const cookie = await createSession({ db: runtime.db, config: runtime.config, userId: user.id });
    if (wantsJson(request))
      return json(
        { user: await describeUser({ db: runtime.db, user }) },
        { headers: { 'Set-Cookie': cookie } },
      );
    return redirect(safeRedirect(body.redirectTo), { headers: { 'Set-Cookie': cookie } });
  },
);

export const registerEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/auth/register',
    summary: 'Create an account (email, password, confirmPassword, businessName, shopUrl); starts a trial',
    tags: ['auth'],
    auth: 'public',
    body: RegisterSchema,
    rawBody: true,
    formPage: () => '/register',
    response: UserViewSchema,
    errors: [429],
  },
  async ({ request, runtime, ip }) => {
    const body = await readForm(request);
    await hitRateLimit({ db: runtime.db, name: 'register', subject: ip });
    const input = parseForm(RegisterSchema, body);
    const user = await registerAccount({ db: runtime.db, input });
    const cookie = await createSession({ db: runtime.db, config: runtime.config, userId: user.id });
    if (wantsJson(request))
      return json(
        { user: await describeUser({ db: runtime.db, user }) },
        { headers: { 'Set-Cookie': cookie } },
      );
    return redirect('/registered', { headers: { 'Set-Cookie': cookie } });
  },
);

export const forgotEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'Email a single-use password reset link (same answer whether or not the email is known)',
    tags: ['auth'],
    auth: 'public',
    body: z.object({ email: z.string().email() }),
    rawBody: true,
    formPage: () => '/forgot-password',
    response: z.object({ message: z.string() }),
    errors: [429],
  },
  async ({ request, runtime, ip }) => {
    const body = await readForm(request);
    await hitRateLimit({ db: runtime.db, name: 'forgot', subject: ip });
    const input = parseForm(
      z.object({ email: z.string().trim().toLowerCase().email('Please enter a valid email address') }),
      body,
    );
    await requestPasswordReset({
      db: runtime.db,
      config: runtime.config,
      mailer: runtime.mailer,
      email: input.email,
    });
    if ((request.headers.get('accept') ?? '').includes('text/html') && !wantsJson(request))
      return redirect('/forgot-password?sent=1');
    return { sent: true, message: AUTH_MESSAGES.resetSent };
  },
);

export const resetEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/reset/{tokenId}',
    summary: 'Choose a new password with a reset token (password, confirmPassword)',
    tags: ['auth'],
    auth: 'public',
    body: ResetSchema,
    rawBody: true,
    formPage: (params) => `/reset/${encodeURIComponent(params.tokenId ?? '')}`,
    response: z.object({ ok: z.boolean() }),
    errors: [429],
  },
  async ({ request, params, runtime, ip }) => {
    const body = await readForm(request);
    await hitRateLimit({ db: runtime.db, name: 'reset', subject: ip });
    const input = parseForm(ResetSchema, body);
    await resetPassword({ db: runtime.db, tokenId: params.tokenId ?? '', password: input.password });
    if (wantsJson(request)) return { ok: true };
    return redirect('/login?reset=1');
  },
);

export const adminSetupEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/auth/setup/{token}',
    summary:
      'Create the first admin with the one-time link npm start prints when no admin exists (email, password, confirmPassword)',
    tags: ['auth'],
    auth: 'public',
    body: AdminSetupSchema,
    rawBody: true,
    formPage: (params) => `/setup/${encodeURIComponent(params.token ?? '')}`,
    response: UserViewSchema,
    errors: [429],
  },
  async ({ request, params, runtime, ip }) => {
    const body = await readForm(request);
    await hitRateLimit({ db: runtime.db, name: 'adminSetup', subject: ip });
    const input = parseForm(AdminSetupSchema, body);
    const user = await createFirstAdmin({ db: runtime.db, token: params.token ?? '', input });
    const cookie = await createSession({ db: runtime.db, config: runtime.config, userId: user.id });
    if (wantsJson(request))
      return json(
        { user: await describeUser({ db: runtime.db, user }) },
        { headers: { 'Set-Cookie': cookie } },
      );
    return redirect('/admin/users', { headers: { 'Set-Cookie': cookie } });
  },
);

export const loggedInEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/loggedin',
    summary: 'The signed-in user, or 401',
    tags: ['auth'],
    auth: 'user',
    response: z.record(z.string(), z.unknown()),
  },
  async ({ user, runtime }) => describeUser({ db: runtime.db, user }),
);

export const logoutEndpoint = defineEndpoint(
  { method: 'GET', path: '/auth/logout', summary: 'Sign out and go to /', tags: ['auth'], auth: 'public' },
  async ({ request, runtime }) => {
    const cookie = await destroySession({ db: runtime.db, config: runtime.config, request });
    return redirect('/', { headers: { 'Set-Cookie': cookie } });
  },
);
