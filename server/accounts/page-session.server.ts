import { redirect } from 'react-router';
import { getSessionUser, hasRole, type Role, type User } from './auth.server.ts';
import { getRuntime } from '../platform/index.ts';
import { getEntitlementsWithGates } from '../billing/index.ts';

/** For page loaders: the signed-in user or null. */
export function currentUser(request: Request): Promise<User | null> {
  const { db, config } = getRuntime();
  return getSessionUser({ db, config, request });
}

/** Pages for signed-out visitors (login, register, forgot) send signed-in users on. */
export async function redirectIfSignedIn(request: Request, to = '/catalogs'): Promise<void> {
  if (await currentUser(request)) throw redirect(to);
}

/** Pages that need a session send visitors to / (SPEC §8 'Unauthenticated session'). */
export async function requirePageUser(request: Request): Promise<User> {
  const user = await currentUser(request);
  if (!user) throw redirect('/');
  return user;
}

/** Staff pages: a 403 for signed-in users without the role; visitors go to / like every signed-in page. */
export async function requirePageRole(request: Request, roles: Role[]): Promise<User> {
  const user = await requirePageUser(request);
  if (!hasRole(user, 'admin', ...roles)) throw new Response('Forbidden', { status: 403 });
  return user;
}

/**
 * Signed-in pages that need a subscription in force (SPEC §6): an expired or inactive one sends the merchant to
 * /subscribe (the editor passes /dashboard); staff are never sent away. Answers the user with the
 * entitlements and every feature's gate, which the page hands its gated controls.
 */
export async function requireEntitledPageUser(
  request: Request,
  opts: { expiredTo?: '/subscribe' | '/dashboard' } = {},
) {
  const user = await requirePageUser(request);
  const { entitlements, gates } = await getEntitlementsWithGates({ db: getRuntime().db, user });
  if (entitlements.hasExpired && !entitlements.isStaff) throw redirect(opts.expiredTo ?? '/subscribe');
  return { user, entitlements, gates };
}
