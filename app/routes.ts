import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { SITE_PAGES, sitePath } from '../core/site/pages.ts';

// The public site (SPEC §2.5 marketing routes): one module, each page in English and under /fr in French.
const site = SITE_PAGES.flatMap((page) =>
  (['en', 'fr'] as const).map((lang) => {
    const id = `site-${page.id}-${lang}`;
    const path = sitePath(page, lang);
    return path === '/' ? index('routes/site.tsx', { id }) : route(path.slice(1), 'routes/site.tsx', { id });
  }),
);

export default [
  ...site,
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),

  // Accounts (SPEC §2.5)
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset/:tokenId', 'routes/reset.tsx'),
  route('registered', 'routes/registered.tsx'),
  route('auth/login', 'routes/auth.login.ts'),
  route('auth/register', 'routes/auth.register.ts'),
  route('auth/forgot-password', 'routes/auth.forgot-password.ts'),
  route('auth/reset/:tokenId', 'routes/auth.reset.ts'),
  route('auth/logout', 'routes/auth.logout.ts'),
  route('loggedin', 'routes/loggedin.ts'),

  // The signed-in app
  route('catalogs', 'routes/catalogs.tsx'),
  route('listings', 'routes/listings.tsx'),
  route('preview/:catalogId', 'routes/preview.tsx'),
  route('orders', 'routes/orders.tsx'),
  route('designs/:designId/edit', 'routes/designs.edit.tsx'),

  // Help (SPEC §2.2's tutorials as written guides), signed in or not
  route('help', 'routes/help.tsx'),
  route('help/:tutorialId', 'routes/help.tutorial.tsx'),

  // Staff
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.ts'),
    route('users', 'routes/admin.users.tsx'),
  ]),
  route('manager', 'routes/manager.tsx', [route('allcatalogs', 'routes/manager.allcatalogs.tsx')]),

  // Shopify embedded app
  route('app', 'routes/app.tsx', [
    index('routes/app._index.tsx'),
    route('plans', 'routes/app.plans.tsx'),
    route('designs/:designId/edit', 'routes/app.designs.edit.tsx'),
  ]),
  route('shopify/auth/login', 'routes/shopify.auth.login.tsx'),
  route('shopify/auth/*', 'routes/shopify.auth.splat.ts'),
  route('webhooks/shopify', 'routes/webhooks.shopify.ts'),

  // Plans and payment (SPEC §2.4, §7)
  route('pricing', 'routes/pricing.tsx', { id: 'pricing' }),
  route('fr/pricing', 'routes/pricing.tsx', { id: 'pricing-fr' }),
  route('subscribe', 'routes/pricing.tsx', { id: 'subscribe' }),
  route('thank-you', 'routes/thank-you.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('cards', 'routes/cards.tsx'),
  route('webhooks/stripe', 'routes/webhooks.stripe.ts'),

  // API (SPEC §7)
  route('api/v1/openapi.json', 'routes/api.v1.openapi.ts'),
  route('api/v1/catalogs', 'routes/api.v1.catalogs.ts'),
  route('api/v1/catalogs/build', 'routes/api.v1.catalogs.build.ts'),
  route('api/v1/catalogs/templates', 'routes/api.v1.catalogs.templates.ts'),
  route('api/v1/catalogs/templates/:catalogId', 'routes/api.v1.catalogs.templates.id.ts'),
  route('api/v1/catalogs/:catalogId', 'routes/api.v1.catalogs.id.ts'),
  route('api/v1/catalogs/:catalogId/copy', 'routes/api.v1.catalogs.id.copy.ts'),
  route('api/v1/designs/:designId', 'routes/api.v1.designs.id.ts'),
  route('api/v1/featured-catalogs', 'routes/api.v1.featured-catalogs.ts'),
  route('api/v1/templates', 'routes/api.v1.templates.ts'),
  route('api/v1/catalogs/:catalogId/page/:pageIndex', 'routes/api.v1.catalogs.id.page.ts'),
  route('api/v1/catalogs/:catalogId/pages/:pageId', 'routes/api.v1.catalogs.id.pages.ts'),
  route('api/v1/catalogs/:catalogId/changes', 'routes/api.v1.catalogs.id.changes.ts'),
  route('api/v1/catalogs/:catalogId/generate', 'routes/api.v1.catalogs.id.generate.ts'),
  route('api/v1/catalogs/:catalogId/download', 'routes/api.v1.catalogs.id.download.ts'),
  route('api/v1/catalogs/:catalogId/print', 'routes/api.v1.catalogs.id.print.ts'),
  route('api/v1/catalogs/:catalogId/synchronize', 'routes/api.v1.catalogs.id.synchronize.ts'),
  route('api/v1/catalogs/:catalogId/slug', 'routes/api.v1.catalogs.id.slug.ts'),
  route('api/v1/catalogs/:catalogId/settings', 'routes/api.v1.catalogs.id.settings.ts'),
  route('api/v1/catalogs/:catalogId/analytics', 'routes/api.v1.catalogs.id.analytics.ts'),
  route('api/v1/catalogs/:catalogId/custom-host/verify', 'routes/api.v1.catalogs.id.custom-host.verify.ts'),
  route('api/v1/catalogs/:catalogId/orders', 'routes/api.v1.catalogs.id.orders.ts'),
  route('api/v1/checkSlug', 'routes/api.v1.checkSlug.ts'),
  route('api/v1/orders', 'routes/api.v1.orders.ts'),
  route('api/v1/orders/count/last-cycle', 'routes/api.v1.orders.count.last-cycle.ts'),
  route('api/v1/orders/:orderId/accept', 'routes/api.v1.orders.id.accept.ts'),
  route('api/v2/users/me/events', 'routes/api.v2.users.me.events.ts'),
  route('api/v1/jobs', 'routes/api.v1.jobs.ts'),
  route('api/v1/pagelayouts', 'routes/api.v1.pagelayouts.ts'),
  route('api/v1/pagelayouts/:pageLayoutId', 'routes/api.v1.pagelayouts.id.ts'),
  route('api/v1/all-catalogs', 'routes/api.v1.all-catalogs.ts'),
  route('api/v1/subscriptions', 'routes/api.v1.subscriptions.ts'),
  route('api/v1/subscriptions/upgrade', 'routes/api.v1.subscriptions.upgrade.ts'),
  route('api/v1/subscriptions/extend', 'routes/api.v1.subscriptions.extend.ts'),
  route('api/v1/subscriptions/:subscriptionId', 'routes/api.v1.subscriptions.id.ts'),
  route('api/v1/plans', 'routes/api.v1.plans.ts'),
  route('api/v1/plans/:planId', 'routes/api.v1.plans.id.ts'),
  route('api/v1/plans/:planId/quote', 'routes/api.v1.plans.id.quote.ts'),
  route('api/v1/coupons', 'routes/api.v1.coupons.ts'),
  route('api/v1/offers', 'routes/api.v1.offers.ts'),
  route('api/v1/stripe/subscriptions', 'routes/api.v1.stripe.subscriptions.ts'),
  route('api/v1/stripe/checkout-sessions/:sessionId', 'routes/api.v1.stripe.checkout-sessions.id.ts'),
  route('api/v1/stripe/cards', 'routes/api.v1.stripe.cards.ts'),
  route('api/v1/stripe/cards/:cardId', 'routes/api.v1.stripe.cards.id.ts'),
  route('api/v1/stripe/portal', 'routes/api.v1.stripe.portal.ts'),
  route('api/v1/stripe/invoices', 'routes/api.v1.stripe.invoices.ts'),
  route('api/v1/shopify/subscriptions', 'routes/api.v1.shopify.subscriptions.ts'),
  route('api/v2/users/is-remote-subscription-active', 'routes/api.v2.users.is-remote-subscription-active.ts'),
  route('api/v1/users', 'routes/api.v1.users.ts'),
  route('api/v1/users/me', 'routes/api.v1.users.me.ts'),
  route('api/v1/users/me/extend-trial', 'routes/api.v1.users.me.extend-trial.ts'),
  route('api/v1/users/me/editor-flags', 'routes/api.v1.users.me.editor-flags.ts'),
  route('api/v1/accounts', 'routes/api.v1.accounts.ts'),
  route('api/v1/accounts/:accountId', 'routes/api.v1.accounts.id.ts'),
  route('api/v1/accounts/:accountId/listings', 'routes/api.v1.accounts.id.listings.ts'),
  route('api/v1/accounts/:accountId/listings/count', 'routes/api.v1.accounts.id.listings.count.ts'),
  route('api/v1/accounts/:accountId/shops', 'routes/api.v1.accounts.id.shops.ts'),
  route('api/v1/accounts/:accountId/shops/:shopId/sections', 'routes/api.v1.accounts.id.shops.sections.ts'),
  route('api/v1/accounts/:accountId/categories', 'routes/api.v1.accounts.id.categories.ts'),
  route('api/v1/accounts/:accountId/collects', 'routes/api.v1.accounts.id.collects.ts'),
  route('api/v1/accounts/:accountId/sync', 'routes/api.v1.accounts.id.sync.ts'),
  route('api/v1/store/check-connection', 'routes/api.v1.store.check-connection.ts'),
  route('api/v1/files', 'routes/api.v1.files.ts'),
  route('api/v1/files/:fileId', 'routes/api.v1.files.id.ts'),
  route('api/v1/listings', 'routes/api.v1.listings.ts'),
  route('api/v1/listings/import', 'routes/api.v1.listings.import.ts'),
  route('api/v1/listings/import/images', 'routes/api.v1.listings.import.images.ts'),
  route('api/v1/listings/:listingId', 'routes/api.v1.listings.id.ts'),
  route('api/v1/listings/:listingId/images', 'routes/api.v1.listings.id.images.ts'),
  route('api/v1/listings/:listingId/images/:index', 'routes/api.v1.listings.id.images.index.ts'),
  route('api/v1/listings/:listingId/pictures/retry', 'routes/api.v1.listings.id.pictures.retry.ts'),
  route('api/v1/listings/:parentId/parent', 'routes/api.v1.listings.id.parent.ts'),
  route('api/v1/inventory/:listingId', 'routes/api.v1.inventory.id.ts'),
  route('api/*', 'routes/api.not-found.ts'),

  route('*', 'routes/catch-all.ts'),
] satisfies RouteConfig;
