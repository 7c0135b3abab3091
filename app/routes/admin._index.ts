import { redirect, type LoaderFunctionArgs } from 'react-router';

// Staff land on the users; anyone else is refused here too (403), never sent on.
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageRole } = await import('../../server/accounts/index.ts');
  await requirePageRole(request, []);
  return redirect('/admin/users');
}
