import {
  BlockStack,
  Card,
  EmptyState,
  Layout,
  Page,
  ResourceItem,
  ResourceList,
  Text,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';

export async function loader({ request }: LoaderFunctionArgs) {
  const { getShopify, authenticateAdmin } = await import('../shopify.server.ts');
  const shopify = getShopify();
  if (!shopify) return null;
  const { session } = await authenticateAdmin(request);
  const { getRuntime } = await import('../services/runtime.server.ts');
  const { merchantForShop } = await import('../services/shopify-home.server.ts');
  return merchantForShop({ db: getRuntime().db, shop: session.shop });
}

export default function ShopifyHome() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('app');
  if (!data) return null;
  return (
    <Page title={t('shopify.homeTitle')} subtitle={data.shopName}>
      <Layout>
        <Layout.Section>
          <Card padding={data.catalogs.length ? '0' : undefined}>
            {data.catalogs.length === 0 ? (
              <EmptyState heading={t('catalogs.emptyTitle')} image="">
                <p>{t('catalogs.emptyBody')}</p>
              </EmptyState>
            ) : (
              <ResourceList
                items={data.catalogs}
                renderItem={(c) => (
                  <ResourceItem id={c._id} onClick={() => undefined} accessibilityLabel={c.title}>
                    <BlockStack gap="100">
                      <Text as="h3" fontWeight="semibold">
                        {c.title}
                      </Text>
                      <Text as="p" tone="subdued">
                        {t('catalogs.counts', { pages: c.pageCount, products: c.productCount })}
                      </Text>
                    </BlockStack>
                  </ResourceItem>
                )}
              />
            )}
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
