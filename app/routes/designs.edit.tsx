import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { redirect, useLoaderData } from 'react-router';
import { useMemo } from 'react';
import { packPages, unpackPages, type Catalog, type PageLayout } from '../../core/model/index.ts';
import { EditorScreen } from '../editor/editor-screen.tsx';
import catalogFonts from '../styles/catalog-fonts.css?url';
import editorStyles from '../styles/editor.css?url';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? 'Editor'} · Catalog Builder` },
];

// The bundled fonts as files by URL (@font-face, fetched only when a page uses one): the fonts the PDF embeds.
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogFonts },
  { rel: 'stylesheet', href: editorStyles },
];

/** SPEC §2.2 /designs/{designId}/edit[?readonly=true]: the merchant's own catalog, else a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { requirePageUser } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/platform/index.ts');
  const { getCatalog, listLayouts } = await import('../../server/catalogs/index.ts');
  const { listAccounts } = await import('../../server/stores/index.ts');
  const { listListings } = await import('../../server/listings/index.ts');
  const { getEntitlements } = await import('../../server/billing/index.ts');
  const user = await requirePageUser(request);
  // SPEC §6: without an email there is no subscription context, so the editor is left for /.
  if (!user.email) throw redirect('/');
  const { db } = getRuntime();
  // SPEC §6: an expired or inactive subscription sends the editor (not other screens) to /dashboard.
  if ((await getEntitlements({ db, user })).hasExpired) throw redirect('/dashboard');
  let loaded;
  try {
    loaded = await getCatalog({ db, ownerId: user.id, catalogId: params.designId ?? '' });
  } catch {
    throw new Response('Not found', { status: 404 });
  }
  const accounts = await listAccounts({ db, ownerId: user.id });
  const saves = (loaded.row.recentSaves as { id: string }[]).map((s) => s.id);
  return {
    userId: user.id,
    title: loaded.catalog.title,
    // The layout (and header, footer) repeated on every page travels once: a long catalog's page is ~27% smaller.
    packed: packPages(loaded.catalog as Catalog),
    boot: {
      revision: loaded.revision,
      saves,
      readonly: new URL(request.url).searchParams.get('readonly') === 'true',
    },
    layouts: (await listLayouts({ db, ownerId: user.id })) as PageLayout[],
    accounts: accounts.map((a) => ({ id: a.id, type: a.type, name: a.name, listing_count: a.listing_count })),
    initialListings: await listListings({ db, ownerId: user.id, accountId: accounts[0]!.id }),
  };
}

export default function EditorRoute() {
  const data = useLoaderData<typeof loader>();
  const boot = useMemo(() => ({ ...data.boot, catalog: unpackPages(data.packed) }), [data]);
  return (
    <EditorScreen
      boot={boot}
      userId={data.userId}
      layouts={data.layouts}
      accounts={data.accounts}
      initialListings={data.initialListings}
      backUrl="/catalogs"
    />
  );
}
