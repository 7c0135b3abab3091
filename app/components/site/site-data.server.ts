import { buildCatalogOfKind } from '../../../core/builder/index.ts';
import { getT, type Language } from '../../../core/i18n/index.ts';
import { SAMPLE_LISTINGS, type SitePage } from '../../../core/site/index.ts';
import { currentUser } from '../../../server/accounts/index.ts';
import { billingPolicy } from '../../../server/billing/index.ts';
import { listFeaturedCatalogs } from '../../../server/catalogs/index.ts';
import { getRuntime } from '../../../server/runtime/index.ts';
import { connectablePlatformNames } from '../../../server/stores/index.ts';

/** What a page of the public site is drawn from: its page, language, the reader, and its own data. */
export async function loadSitePage(request: Request, match: { page: SitePage; lang: Language }) {
  const { page, lang } = match;
  const { config, db } = getRuntime();
  const user = await currentUser(request);
  const template = page.template
    ? buildCatalogOfKind({
        kind: page.template,
        purpose: page.template === 'catalog' || page.template === 'price_list' ? 'print' : 'wholesale',
        title: getT(lang, 'site')('template.sampleTitle'),
        sections: [{ title: null, listings: SAMPLE_LISTINGS }],
        language: lang,
        id: `template-${page.template}`,
      })
    : null;
  const featured = page.kind === 'explore' || page.kind === 'home' ? await listFeaturedCatalogs({ db }) : [];
  return {
    pageId: page.id,
    lang,
    origin: config.appUrl,
    signedIn: !!user,
    // With billing off there is no trial: every account has the installation's plan from the start.
    billing: billingPolicy().mode,
    // Only the platforms that connect here (their adapter is registered, OAuth apps configured).
    platforms: connectablePlatformNames(config as unknown as Record<string, unknown>),
    operator: { name: config.OPERATOR_NAME, email: config.OPERATOR_EMAIL ?? null },
    processors: { stripe: !!config.STRIPE_SECRET_KEY, shopify: !!config.SHOPIFY_API_KEY },
    template,
    featured: featured.map((c) => ({ _id: c._id, slug: c.slug, title: c.title, cover: c.cover })),
  };
}

export type SitePageData = Awaited<ReturnType<typeof loadSitePage>>;
