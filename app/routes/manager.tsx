import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { StaffNav } from '../components/staff/staff-list.tsx';

// Every /manager/* page is for managers (and admins), checked on the server.
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageRole, hasRole } = await import('../../server/accounts/index.ts');
  const user = await requirePageRole(request, ['manager']);
  return { email: user.email, isAdmin: hasRole(user, 'admin') };
}

export default function ManagerLayout() {
  const { email, isAdmin } = useLoaderData<typeof loader>();
  return (
    <AppFrame email={email} isStaff>
      <StaffNav isAdmin={isAdmin} />
      <Outlet />
    </AppFrame>
  );
}
