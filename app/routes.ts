import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),

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

  // Staff
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.ts'),
    route('users', 'routes/admin.users.tsx'),
  ]),
  route('manager', 'routes/manager.tsx', [route('allcatalogs', 'routes/manager.allcatalogs.tsx')]),

  // Shopify embedded app
  route('app', 'routes/app.tsx', [index('routes/app._index.tsx')]),
  route('shopify/auth/login', 'routes/shopify.auth.login.tsx'),
  route('shopify/auth/*', 'routes/shopify.auth.splat.ts'),
  route('webhooks/shopify', 'routes/webhooks.shopify.ts'),

  // API (SPEC §7)
  route('api/v1/openapi.json', 'routes/api.v1.openapi.ts'),
  route('api/v1/catalogs', 'routes/api.v1.catalogs.ts'),
  route('api/v1/catalogs/:catalogId', 'routes/api.v1.catalogs.id.ts'),
  route('api/v1/catalogs/:catalogId/page/:pageIndex', 'routes/api.v1.catalogs.id.page.ts'),
  route('api/v1/catalogs/:catalogId/pages/:pageId', 'routes/api.v1.catalogs.id.pages.ts'),
  route('api/v1/all-catalogs', 'routes/api.v1.all-catalogs.ts'),
  route('api/v1/subscriptions', 'routes/api.v1.subscriptions.ts'),
  route('api/v1/subscriptions/upgrade', 'routes/api.v1.subscriptions.upgrade.ts'),
  route('api/v1/subscriptions/extend', 'routes/api.v1.subscriptions.extend.ts'),
  route('api/v1/users', 'routes/api.v1.users.ts'),
  route('api/v1/users/me', 'routes/api.v1.users.me.ts'),
  route('api/*', 'routes/api.not-found.ts'),

  route('*', 'routes/catch-all.ts'),
] satisfies RouteConfig;
