import { boundary } from '@shopify/shopify-app-react-router/server';
import { Banner, BlockStack, Card, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import {
  Outlet,
  useLoaderData,
  useRouteError,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from 'react-router';

export async function loader({ request }: LoaderFunctionArgs) {
  const { getShopify, authenticateAdmin } = await import('../shopify.server.ts');
  const shopify = getShopify();
  if (!shopify) return { configured: false as const };
  const { session } = await authenticateAdmin(request);
  const { getRuntime } = await import('../../server/runtime/index.ts');
  return { configured: true as const, apiKey: getRuntime().config.SHOPIFY_API_KEY!, shop: session.shop };
}

export default function EmbeddedApp() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('app');
  if (!data.configured) {
    return (
      <Page title={t('shopify.notConfiguredTitle')}>
        <Card>
          <BlockStack gap="300">
            <Banner tone="warning">
              <p role="status">{t('shopify.notConfigured')}</p>
            </Banner>
            <Text as="p">{t('shopify.howTo')}</Text>
          </BlockStack>
        </Card>
      </Page>
    );
  }
  return (
    <>
      {/* App Bridge connects the page to the Shopify admin it is embedded in. */}
      <meta name="shopify-api-key" content={data.apiKey} />
      <script src="https://cdn.shopify.com/shopifycloud/app-bridge.js" />
      <Outlet />
    </>
  );
}

// Shopify's auth flow answers with thrown responses (bounce page, exit iframe) that must reach the browser.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (args) => boundary.headers(args);
