import { useMemo } from 'react';
import type { LinksFunction } from 'react-router';
import { unpackPages, type PageLayout, type PackedCatalog } from '../../core/model/index.ts';
import type { ListingPage, PanelAccount } from '../components/listings-panel/index.ts';
import type { BrandGates } from './branding-panel.tsx';
import type { AssistBoot } from './assist/editor-assist.tsx';
import { EditorScreen } from './editor-screen.tsx';
import type { OnlineBoot } from './online-version.tsx';
import type { EditorBoot } from './use-editor.ts';
import { openingOf } from './opening.ts';
import catalogFonts from '../styles/catalog-fonts.css?url';
import editorStyles from '../styles/editor.css?url';
import editorImageStyles from '../styles/editor-images.css?url';
import editorPictureStyles from '../styles/editor-pictures.css?url';
import organizerStyles from '../styles/organizer.css?url';
import editorContentStyles from '../styles/editor-content.css?url';
import { richTextStylesheet } from '../components/rich-text/index.ts';
import templateStyles from '../styles/templates.css?url';

// The bundled fonts as files by URL (@font-face, fetched only when a page uses one): the fonts the PDF embeds.
export const editorLinks: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogFonts },
  { rel: 'stylesheet', href: editorStyles },
  { rel: 'stylesheet', href: editorImageStyles },
  { rel: 'stylesheet', href: editorPictureStyles },
  { rel: 'stylesheet', href: organizerStyles },
  { rel: 'stylesheet', href: richTextStylesheet },
  { rel: 'stylesheet', href: editorContentStyles },
  { rel: 'stylesheet', href: templateStyles },
];

/** What `load.server.ts` answers, as the route hands it over. */
export type EditorPageData = {
  userId: string;
  /** The catalog's pages packed (`packPages`), as JSON text. */
  packed: string;
  boot: Omit<EditorBoot, 'catalog' | 'opening'> & { opening: { total: number } | null };
  layouts: PageLayout[];
  accounts: PanelAccount[];
  initialListings: ListingPage | null;
  assist: AssistBoot;
  online: OnlineBoot;
  brandGates: BrandGates;
};

/** The editor of both routes: standalone (`/designs/{id}/edit`) and inside the Shopify admin (`/app/designs/…`). */
export function EditorPage({ data, backUrl }: { data: EditorPageData; backUrl: string }) {
  const boot = useMemo(() => {
    const catalog = unpackPages(JSON.parse(data.packed) as PackedCatalog);
    return {
      ...data.boot,
      catalog,
      opening: openingOf(data.boot.opening, catalog.pages.length, data.packed.length),
    };
  }, [data]);
  return (
    <EditorScreen
      boot={boot}
      userId={data.userId}
      layouts={data.layouts}
      accounts={data.accounts}
      initialListings={data.initialListings}
      assist={data.assist}
      online={data.online}
      brandGates={data.brandGates}
      backUrl={backUrl}
    />
  );
}
