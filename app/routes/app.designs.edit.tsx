import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { useLoaderData, useLocation } from 'react-router';
import { EditorPage, editorLinks } from '../editor/editor-page.tsx';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? 'Editor'} · Catalog Builder` },
];

export const links: LinksFunction = editorLinks;

/**
 * The same editor inside the Shopify admin (`/app/designs/{designId}/edit`): the shop's session token signs
 * the page (Shopify's library checks it, or bounces through App Bridge for a fresh one) and every API call the
 * editor makes (`apiFetch`); the merchant is the one the shop's install made.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { authenticateAdmin } = await import('../shopify.server.ts');
  const { session } = await authenticateAdmin(request);
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { shopUser } = await import('../../server/accounts/index.ts');
  const { loadEditor } = await import('../editor/load.server.ts');
  const user = await shopUser({ db: getRuntime().db, shop: session.shop });
  if (!user) throw new Response('Not found', { status: 404 });
  return loadEditor({ request, user, designId: params.designId });
}

export default function EmbeddedEditorRoute() {
  const { search } = useLocation();
  // Back to the app's home with the admin's query (shop, host), never the one-use id_token.
  const query = new URLSearchParams(search);
  query.delete('id_token');
  query.delete('readonly');
  const kept = query.toString();
  return <EditorPage data={useLoaderData<typeof loader>()} backUrl={kept ? `/app?${kept}` : '/app'} />;
}
