import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { useLoaderData } from 'react-router';
import { EditorPage, editorLinks } from '../editor/editor-page.tsx';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? 'Editor'} · Catalog Builder` },
];

export const links: LinksFunction = editorLinks;

/** SPEC §2.2 /designs/{designId}/edit[?readonly=true]: the signed-in merchant's own catalog, else a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { requirePageUser } = await import('../../server/accounts/index.ts');
  const { loadEditor } = await import('../editor/load.server.ts');
  const user = await requirePageUser(request);
  return loadEditor({ request, user, designId: params.designId });
}

export default function EditorRoute() {
  return <EditorPage data={useLoaderData<typeof loader>()} backUrl="/catalogs" />;
}
