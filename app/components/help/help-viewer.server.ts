import { currentUser, hasRole } from '../../../server/accounts/index.ts';
import type { HelpViewer } from './help-frame.tsx';

/** Who is reading the help, for its frame: the signed-in user, or null. */
export async function helpViewer(request: Request): Promise<HelpViewer> {
  const user = await currentUser(request);
  return user ? { email: user.email, isStaff: hasRole(user, 'admin', 'manager') } : null;
}
