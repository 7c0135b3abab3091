import { redirect } from 'react-router';
import { packPages, type PageLayout } from '../../core/model/index.ts';
import { hasOrganizerMode, shouldAskRating, type AssistFlags } from '../../core/rules/index.ts';
import type { User } from '../../server/accounts/index.ts';
import { getEntitlementsWithGates } from '../../server/billing/index.ts';
import { listLayouts, openEditorCatalog, recentSavesOf, viewPath } from '../../server/catalogs/index.ts';
import { listListings } from '../../server/listings/index.ts';
import { getRuntime } from '../../server/runtime/index.ts';
import { listAccounts } from '../../server/stores/index.ts';

/**
 * What the editor opens with, for the merchant `user` (signed in by cookie standalone, by the shop inside the
 * Shopify admin): the same screen either way. SPEC §6: a user without an email leaves for `/`, an expired or
 * inactive subscription goes to `/dashboard`; another merchant's catalog is a 404.
 */
export async function loadEditor(opts: { request: Request; user: User; designId: string | undefined }) {
  const { request, user } = opts;
  if (!user.email) throw redirect('/');
  const { db } = getRuntime();
  const { entitlements, gates } = await getEntitlementsWithGates({ db, user });
  if (entitlements.hasExpired) throw redirect('/dashboard');
  const flags = user.flags as AssistFlags;
  let loaded;
  try {
    // A long catalog opens on its first pages; the editor reads the rest once its screen is up.
    loaded = await openEditorCatalog({ db, ownerId: user.id, catalogId: opts.designId ?? '' });
  } catch {
    throw new Response('Not found', { status: 404 });
  }
  const accounts = await listAccounts({ db, ownerId: user.id });
  const catalog = loaded.catalog;
  const saves = recentSavesOf(loaded.row).map((s) => s.id);
  return {
    userId: user.id,
    // The prompts around the editor (SPEC §4): decided here so the first paint already shows them or not.
    assist: {
      tour: flags.tourDone !== true,
      rating: shouldAskRating({
        platform: user.platform,
        isTrial: entitlements.isTrial,
        flags,
        now: new Date(),
      }),
      organizer: hasOrganizerMode(user.createdAt),
      tutorialsUrl: getRuntime().config.TUTORIALS_URL ?? null,
    },
    title: loaded.catalog.title,
    // The layout (and header, footer) repeated on every page travels once: a long catalog's page is ~27% smaller.
    // As one JSON text: the route's data encoding walks every value of an object, which on a 1,000-page catalog
    // took longer than reading it; a string crosses as it is and the browser's JSON.parse reads it at once.
    packed: JSON.stringify(packPages(catalog)),
    boot: {
      revision: loaded.revision,
      // Set for a long catalog opened on its first pages: how many pages it has.
      opening: loaded.total === null ? null : { total: loaded.total },
      saves,
      readonly: new URL(request.url).searchParams.get('readonly') === 'true',
    },
    // The top bar's Online version: a draft until published (SPEC §2.2 view/{slug or id}).
    online: { published: loaded.row.published, url: viewPath(loaded.row) },
    // The Branding tab's plan-gated parts (SPEC §6): theme, custom fonts, custom CSS.
    brandGates: {
      custom_themes: gates.custom_themes,
      custom_fonts: gates.custom_fonts,
      custom_design: gates.custom_design,
    },
    layouts: (await listLayouts({ db, user })).data as PageLayout[],
    accounts: accounts.map((a) => ({
      id: a.id,
      type: a.type,
      name: a.name,
      listing_count: a.listing_count,
      connection_status: a.connection_status,
    })),
    initialListings: await listListings({ db, ownerId: user.id, accountId: accounts[0]!.id }),
  };
}
