import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { LayoutEditor } from '../components/layouts/layout-editor.tsx';
import catalogStyles from '../styles/catalogs.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: MetaFunction = () => [{ title: 'Layout editor · Admin · Catalog Builder' }];

/** A library layout in the editor, with its public flag, availability and order (`new` for a new one). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadLayout } = await import('../components/layouts/layouts-page.server.ts');
  return loadLayout(request, 'library', params.layoutId ?? '');
}

export default function AdminPageLayoutEditorPage() {
  const { layout } = useLoaderData<typeof loader>();
  return (
    <LayoutEditor key={layout._id ?? 'new'} initial={layout} scope="library" basePath="/admin/pagelayouts" />
  );
}
