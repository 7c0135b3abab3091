import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';

// Every /manager/* page is for managers (and admins), checked on the server.
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageRole } = await import('../../server/accounts/index.ts');
  const user = await requirePageRole(request, ['manager']);
  return { email: user.email };
}

export default function ManagerLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AppFrame email={email} isStaff>
      <Outlet />
    </AppFrame>
  );
}
