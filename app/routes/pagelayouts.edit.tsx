import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { LayoutEditor } from '../components/layouts/layout-editor.tsx';
import catalogStyles from '../styles/catalogs.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: MetaFunction = () => [{ title: 'Layout editor · Catalog Builder' }];

/** SPEC §2.3 /pagelayouts: one layout in the editor (`new` for a new one). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadLayout } = await import('../components/layouts/layouts-page.server.ts');
  return loadLayout(request, 'usable', params.layoutId ?? '');
}

export default function PageLayoutEditorPage() {
  const { email, isStaff, layout } = useLoaderData<typeof loader>();
  return (
    <AppFrame email={email} isStaff={isStaff}>
      <LayoutEditor key={layout._id ?? 'new'} initial={layout} scope="usable" basePath="/pagelayouts" />
    </AppFrame>
  );
}
