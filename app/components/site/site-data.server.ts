import { buildCatalogOfKind } from '../../../core/builder/index.ts';
import { getT, type Language } from '../../../core/i18n/index.ts';
import { TUTORIAL_VIDEOS } from '../../../core/rules/index.ts';
import { SAMPLE_LISTINGS, sitePurpose, type SitePage } from '../../../core/site/index.ts';
import { approvedTestimonials, currentUser } from '../../../server/accounts/index.ts';
import { billingPolicy, includedPlan, listPlans } from '../../../server/billing/index.ts';
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
        purpose: sitePurpose(page),
        title: getT(lang, 'site')('template.sampleTitle'),
        sections: [{ title: null, listings: SAMPLE_LISTINGS }],
        language: lang,
        id: `template-${page.template}`,
      })
    : null;
  const featured = page.kind === 'explore' || page.kind === 'home' ? await listFeaturedCatalogs({ db }) : [];
  const url = new URL(request.url);
  const billing = billingPolicy().mode;
  return {
    pageId: page.id,
    lang,
    origin: config.appUrl,
    signedIn: !!user,
    // With billing off there is no trial: every account has the installation's plan from the start.
    billing,
    // Only the platforms that connect here (their adapter is registered, OAuth apps configured).
    platforms: connectablePlatformNames(config as unknown as Record<string, unknown>),
    operator: { name: config.OPERATOR_NAME, email: config.OPERATOR_EMAIL ?? null },
    processors: { stripe: !!config.STRIPE_SECRET_KEY, shopify: !!config.SHOPIFY_API_KEY },
    template,
    featured: featured.map((c) => ({ _id: c._id, slug: c.slug, title: c.title, cover: c.cover })),
    // /e-commerce-courses: the written lessons of /help, and the address the visitor came with (?email).
    lessons: page.kind === 'courses' ? [...TUTORIAL_VIDEOS] : [],
    email: page.kind === 'courses' ? (url.searchParams.get('email') ?? '').trim().slice(0, 254) : '',
    // /testimonials: what merchants wrote in this page's language, once staff approved it.
    testimonials: page.kind === 'testimonials' ? await approvedTestimonials({ db, language: lang }) : [],
    enterprise: page.kind === 'enterprise' ? await enterprisePlan(db, billing) : null,
    contactEmail: config.contactEmail,
    currency: config.STRIPE_CURRENCY,
  };
}

export type SitePageData = Awaited<ReturnType<typeof loadSitePage>>;

/** /enterprise: the Enterprise plan as this installation sells it, or with billing off the plan every account has. */
async function enterprisePlan(db: ReturnType<typeof getRuntime>['db'], billing: 'on' | 'off') {
  if (billing === 'off') {
    const plan = await includedPlan(db);
    return plan ? { forSale: false, title: plan.title, limits: plan.limits, yearly: 0, monthly: 0 } : null;
  }
  const plan = (await listPlans({ db })).find((p) => p.tier === 'enterprise' && p.pay_as_you_go_price > 0);
  return plan
    ? {
        forSale: true,
        title: plan.title,
        limits: plan.limits,
        yearly: plan.yearly_price,
        monthly: plan.pay_as_you_go_price,
      }
    : null;
}
