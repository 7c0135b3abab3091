import '@shopify/shopify-app-react-router/adapters/node';
import { AppDistribution, shopifyApp } from '@shopify/shopify-app-react-router/server';
import { SHOPIFY_ADMIN_API_VERSION } from '../connectors/shopify/admin-client.ts';
import { frameAncestorsOf } from '../server/platform/index.ts';
import { getRuntime } from '../server/runtime/index.ts';
import { linkShopifyInstall, DatabaseSessionStorage } from '../server/shopify/index.ts';

/** One Admin API version for the app and the connector (connectors/shopify). */
export const SHOPIFY_API_VERSION = SHOPIFY_ADMIN_API_VERSION;
/** Shopify's OAuth paths; /auth/login and /auth/register belong to the standalone app (SPEC §2.5). */
export const SHOPIFY_AUTH_PATH_PREFIX = '/shopify/auth';

type ShopifyApp = ReturnType<typeof createShopify>;
let instance: { app: ShopifyApp; key: string } | null = null;

function createShopify() {
  const { config } = getRuntime();
  return shopifyApp({
    apiKey: config.SHOPIFY_API_KEY!,
    apiSecretKey: config.SHOPIFY_API_SECRET!,
    apiVersion: SHOPIFY_API_VERSION,
    scopes: config.SHOPIFY_SCOPES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    appUrl: config.appUrl,
    authPathPrefix: SHOPIFY_AUTH_PATH_PREFIX,
    distribution: AppDistribution.AppStore,
    sessionStorage: new DatabaseSessionStorage(
      () => getRuntime().db,
      () => getRuntime().config.appSecret,
    ),
    logger: { level: 0 },
    hooks: {
      afterAuth: async ({ session, admin }) => {
        const runtime = getRuntime();
        await linkShopifyInstall({
          db: runtime.db,
          config: runtime.config,
          logger: runtime.logger,
          session,
          admin,
        });
      },
    },
  });
}

/** The Shopify app, or null when SHOPIFY_API_KEY / SHOPIFY_API_SECRET are not set (standalone only). */
export function getShopify(): ShopifyApp | null {
  const { config } = getRuntime();
  if (!config.shopifyConfigured) return null;
  const key = `${config.SHOPIFY_API_KEY}:${config.appUrl}`;
  if (!instance || instance.key !== key) instance = { app: createShopify(), key };
  return instance.app;
}

/** Where App Bridge is loaded from (app/routes/app.tsx): the embedded app's pages allow its scripts. */
export const APP_BRIDGE_ORIGIN = 'https://cdn.shopify.com';

/**
 * The embedded app's document headers: the library's own (a Link that preloads App Bridge) are added to
 * `headers`, and the frame-ancestors it sets for the request's shop (that shop's admin domain and
 * admin.shopify.com) are returned for the page's policy. Without a valid shop the library sets none: then only
 * the Shopify admin may frame the page.
 */
export function embeddedFrameAncestors(shopify: ShopifyApp, request: Request, headers: Headers): string {
  const own = new Headers();
  shopify.addDocumentResponseHeaders(request, own);
  const link = own.get('Link');
  if (link) headers.set('Link', link);
  return frameAncestorsOf(own.get('Content-Security-Policy')) ?? 'https://admin.shopify.com';
}

type AdminAuth = ReturnType<ShopifyApp['authenticate']['admin']>;
const authentications = new Map<string, AdminAuth>();

/**
 * authenticate.admin, once per session token: the layout and page loaders of /app run in parallel for the
 * same request (each with its own Request object), and two first visits would otherwise both exchange the
 * token. Entries live only a few seconds.
 */
export function authenticateAdmin(request: Request): AdminAuth {
  const shopify = getShopify();
  if (!shopify) throw new Response('Shopify is not configured', { status: 404 });
  const key = new URL(request.url).searchParams.get('id_token') ?? request.headers.get('authorization');
  if (!key) return shopify.authenticate.admin(request);
  let pending = authentications.get(key);
  if (!pending) {
    pending = shopify.authenticate.admin(request);
    authentications.set(key, pending);
    const forget = () => setTimeout(() => authentications.delete(key), 5_000).unref();
    pending.then(forget, forget);
  }
  return pending;
}
