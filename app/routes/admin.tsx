import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { StaffNav } from '../components/staff/staff-list.tsx';

// Every /admin/* page is for admins only, checked on the server before any child loader's data is shown.
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageRole } = await import('../../server/accounts/index.ts');
  const user = await requirePageRole(request, []);
  return { email: user.email };
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AppFrame email={email} isStaff>
      <StaffNav isAdmin />
      <Outlet />
    </AppFrame>
  );
}
