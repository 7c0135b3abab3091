import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { LayoutManager } from '../components/layouts/layout-manager.tsx';
import catalogStyles from '../styles/catalogs.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: MetaFunction = () => [{ title: 'Page layouts · Catalog Builder' }];

/** SPEC §2.3 /pagelayouts: the merchant's layouts and the library's their plan offers. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { loadLayouts } = await import('../components/layouts/layouts-page.server.ts');
  return loadLayouts(request, 'usable');
}

export default function PageLayoutsPage() {
  const { email, isStaff, layouts, customSubscription } = useLoaderData<typeof loader>();
  return (
    <AppFrame email={email} isStaff={isStaff}>
      <LayoutManager
        layouts={layouts}
        scope="usable"
        customSubscription={customSubscription}
        basePath="/pagelayouts"
      />
    </AppFrame>
  );
}
