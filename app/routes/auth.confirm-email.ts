import { redirect, type LoaderFunctionArgs } from 'react-router';

/**
 * The link mailed to a new email address (issue 24 §4): opening it makes that address the account's sign-in
 * email, then the settings screen says so (or that the link is spent or expired).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const { confirmEmailChange } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { ApiError } = await import('../../server/platform/index.ts');
  try {
    await confirmEmailChange({ db: getRuntime().db, token: params.token ?? '' });
    return redirect('/settings?email=confirmed');
  } catch (err) {
    if (err instanceof ApiError) return redirect('/settings?email=invalid');
    throw err;
  }
}
