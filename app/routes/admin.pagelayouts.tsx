import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { LayoutManager } from '../components/layouts/layout-manager.tsx';
import catalogStyles from '../styles/catalogs.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: MetaFunction = () => [{ title: 'Page layouts · Admin · Catalog Builder' }];

/** SPEC §2.1 /admin/pagelayouts: the whole library, public or not, for staff to keep. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { loadLayouts } = await import('../components/layouts/layouts-page.server.ts');
  return loadLayouts(request, 'library');
}

export default function AdminPageLayoutsPage() {
  const { layouts } = useLoaderData<typeof loader>();
  return (
    <LayoutManager
      layouts={layouts}
      scope="library"
      customSubscription={false}
      basePath="/admin/pagelayouts"
    />
  );
}
