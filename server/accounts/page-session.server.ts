import { redirect } from 'react-router';
import { getSessionUser, hasRole, type Role, type User } from './auth.server.ts';
import { getProcessContext } from '../platform/index.ts';

/** For page loaders: the signed-in user or null. */
export function currentUser(request: Request): Promise<User | null> {
  const { db, config } = getProcessContext();
  return getSessionUser({ db, config, request });
}

/**
 * A path on this site to go to after signing in, or `fallback`: only a path of our own ("/preview/1?x=y"),
 * never another host ("//evil.test", "/\\evil.test", "https://..."), and no control characters, which
 * browsers strip ("/\t/evil.test" is "//evil.test" to them).
 */
export function localPath(to: unknown, fallback = '/catalogs'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.length > 2000) return fallback;
  const control = [...to].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (control || to.includes('\\') || to.startsWith('//')) return fallback;
  const url = new URL(to, 'http://local.invalid');
  return url.origin === 'http://local.invalid' ? url.pathname + url.search + url.hash : fallback;
}

/** Where a page for signed-out visitors sends a signed-in one: the `next` it was given, else `to`. */
export async function redirectIfSignedIn(request: Request, to = '/catalogs'): Promise<void> {
  if (await currentUser(request)) {
    throw redirect(localPath(new URL(request.url).searchParams.get('next'), to));
  }
}

/**
 * Pages that need a session send visitors to sign in, then back (`/login?next=<the page>`); SPEC §8
 * 'Unauthenticated session' sends them to /, which left them on the marketing page with no word why.
 */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?next=${encodeURIComponent(localPath(url.pathname + url.search))}`);
}

export async function requirePageUser(request: Request): Promise<User> {
  const user = await currentUser(request);
  if (!user) throw signInRedirect(request);
  return user;
}

/** Staff pages: a 403 for signed-in users without the role; visitors go to sign in like every signed-in page. */
export async function requirePageRole(request: Request, roles: Role[]): Promise<User> {
  const user = await requirePageUser(request);
  if (!hasRole(user, 'admin', ...roles)) throw new Response('Forbidden', { status: 403 });
  return user;
}
