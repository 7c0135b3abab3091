import { BlockStack, Card, Layout, Page, ResourceItem, ResourceList, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { CatalogSynchronizeModal } from '../components/catalog-synchronize-modal.tsx';
import { EmptyState } from '../components/empty-state.tsx';

export const meta: MetaFunction = () => [{ title: 'My catalogs · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireEntitledPageUser } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/platform/index.ts');
  const { listCatalogs } = await import('../../server/catalogs/index.ts');
  const { hasRole } = await import('../../server/accounts/index.ts');
  // SPEC §6: an expired or inactive subscription goes to /subscribe.
  const { user } = await requireEntitledPageUser(request);
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    catalogs: await listCatalogs({ db: getRuntime().db, ownerId: user.id }),
  };
}

export default function CatalogsPage() {
  const { t } = useTranslation('app');
  const { email, isStaff, catalogs } = useLoaderData<typeof loader>();
  const [synchronizing, setSynchronizing] = useState<(typeof catalogs)[number] | null>(null);
  return (
    <AppFrame email={email} isStaff={isStaff}>
      <Page title={t('catalogs.title')}>
        <Layout>
          <Layout.Section>
            <Card padding={catalogs.length ? '0' : undefined}>
              {catalogs.length === 0 ? (
                <EmptyState heading={t('catalogs.emptyTitle')}>
                  <p>{t('catalogs.emptyBody')}</p>
                </EmptyState>
              ) : (
                <ResourceList
                  resourceName={{ singular: t('catalogs.singular'), plural: t('catalogs.plural') }}
                  items={catalogs}
                  renderItem={(c) => (
                    <ResourceItem
                      id={c._id}
                      url={`/preview/${c._id}`}
                      accessibilityLabel={t('catalogs.preview') + ': ' + c.title}
                      shortcutActions={
                        c.productCount > 0
                          ? [
                              {
                                content: t('catalogs.synchronize.action'),
                                accessibilityLabel: `${t('catalogs.synchronize.action')} ${c.title}`,
                                onAction: () => setSynchronizing(c),
                              },
                            ]
                          : undefined
                      }
                      persistActions
                    >
                      <BlockStack gap="100">
                        <Text as="h3" variant="bodyMd" fontWeight="semibold">
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
        {synchronizing ? (
          <CatalogSynchronizeModal catalog={synchronizing} onClose={() => setSynchronizing(null)} />
        ) : null}
      </Page>
    </AppFrame>
  );
}
