import { redirect } from 'react-router';
import { requirePageUser } from '../accounts/index.ts';
import { getProcessContext } from '../platform/index.ts';
import { getEntitlementsWithGates } from './entitlements.server.ts';

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
  const { entitlements, gates } = await getEntitlementsWithGates({ db: getProcessContext().db, user });
  if (entitlements.hasExpired && !entitlements.isStaff) throw redirect(opts.expiredTo ?? '/subscribe');
  return { user, entitlements, gates };
}
