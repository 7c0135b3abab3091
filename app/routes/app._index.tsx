import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  Page,
  ResourceItem,
  ResourceList,
  Text,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFetcher,
  useLoaderData,
  useRevalidator,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { ShopSyncView } from '../../server/shopify/index.ts';
import { useDeletedCatalogTitle } from '../components/catalogs/deleted-notice.ts';
import { embeddedEditorUrl } from '../components/catalogs/links.ts';
import { NewCatalogWizard } from '../components/catalogs/new-catalog-wizard.tsx';
import { EmbeddedPlanCard } from '../components/pricing/embedded-plan-card.tsx';
import { useEmbeddedHref } from '../components/embedded-href.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { ProgressStatus } from '../components/progress-status.tsx';
import catalogStyles from '../styles/catalogs.css?url';

// App Bridge shows the app's name in the admin's title bar; the document needs a title of its own.
export const meta: MetaFunction = () => [{ title: 'Catalogs · Catalog Builder' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { getShopify, authenticateAdmin } = await import('../shopify.server.ts');
  const shopify = getShopify();
  if (!shopify) return null;
  const { session } = await authenticateAdmin(request);
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { merchantForShop } = await import('../../server/shopify/index.ts');
  const { shopUser } = await import('../../server/accounts/index.ts');
  const { getEntitlements } = await import('../../server/billing/index.ts');
  const { db } = getRuntime();
  const userId = (await shopUser({ db, shop: session.shop }))?.id;
  const ent = userId ? await getEntitlements({ db, userId }) : null;
  return {
    ...(await merchantForShop({ db, shop: session.shop })),
    plan: ent
      ? {
          title: ent.planTitle,
          isTrial: ent.isTrial,
          hasExpired: ent.hasExpired,
          daysLeft: ent.daysLeft,
          included: ent.billing === 'off',
        }
      : null,
  };
}

/** "Sync products": starts a full sync of the shop (or answers the one running). */
export async function action({ request }: ActionFunctionArgs) {
  const { authenticateAdmin } = await import('../shopify.server.ts');
  const { session } = await authenticateAdmin(request);
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { startShopSync } = await import('../../server/shopify/index.ts');
  const runtime = getRuntime();
  return startShopSync({ db: runtime.db, jobs: runtime.jobs, shop: session.shop });
}

/** How often the home asks again while a sync runs. */
const POLL_MS = 1000;

function SyncCard({ sync }: { sync: ShopSyncView }) {
  const { t, i18n } = useTranslation('app');
  const fetcher = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const running = sync.state === 'running' || fetcher.state !== 'idle';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const date = sync.lastSyncAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(sync.lastSyncAt),
      )
    : null;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('shopify.sync.title')}
          </Text>
          <fetcher.Form method="post">
            <Button submit variant="primary" loading={running} disabled={running}>
              {t('shopify.sync.button')}
            </Button>
          </fetcher.Form>
        </InlineStack>
        {sync.state === 'running' ? (
          <BlockStack gap="200">
            <ProgressStatus done={sync.done} total={sync.total}>
              {sync.total > 0
                ? t('shopify.sync.running', { done: sync.done, total: sync.total })
                : t('shopify.sync.starting')}
            </ProgressStatus>
          </BlockStack>
        ) : sync.state === 'failed' ? (
          <Banner tone="critical">
            <p>{t('shopify.sync.failed')}</p>
          </Banner>
        ) : date ? (
          <Text as="p">
            {/* The date is formatted in the viewer's time zone, which the server does not know. */}
            <span suppressHydrationWarning>{t('shopify.sync.done', { count: sync.listingCount, date })}</span>
          </Text>
        ) : (
          <Text as="p" tone="subdued">
            {t('shopify.sync.never')}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

export default function ShopifyHome() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('app');
  const [wizard, setWizard] = useState(false);
  const embeddedHref = useEmbeddedHref();
  // Coming from the editor, which deleted a catalog (SPEC §2.2): the list says which.
  const deleted = useDeletedCatalogTitle();
  const [deletedShown, setDeletedShown] = useState(true);
  if (!data) return null;
  const newCatalog = { content: t('catalogs:list.new'), onAction: () => setWizard(true) };
  return (
    <Page
      title={t('shopify.homeTitle')}
      subtitle={data.shopName}
      primaryAction={data.accountId ? newCatalog : undefined}
    >
      <Layout>
        {deleted && deletedShown ? (
          <Layout.Section>
            <Banner tone="success" onDismiss={() => setDeletedShown(false)}>
              <p role="status">{t('catalogs:list.deletedTitle', { title: deleted })}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {data.plan ? (
          <Layout.Section>
            <EmbeddedPlanCard plan={data.plan} plansHref={embeddedHref('/app/plans')} />
          </Layout.Section>
        ) : null}
        {data.sync ? (
          <Layout.Section>
            <SyncCard sync={data.sync} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <Card padding={data.catalogs.length ? '0' : undefined}>
            {data.catalogs.length === 0 ? (
              <EmptyState
                heading={t('catalogs:list.emptyTitle')}
                action={data.accountId ? newCatalog : undefined}
              >
                <p>{t('catalogs:list.emptyBody')}</p>
              </EmptyState>
            ) : (
              <ResourceList
                items={data.catalogs}
                renderItem={(c) => (
                  <ResourceItem
                    id={c._id}
                    url={embeddedHref(embeddedEditorUrl(c._id))}
                    accessibilityLabel={t('catalogs:list.open', { title: c.title })}
                  >
                    <BlockStack gap="100">
                      <Text as="h3" fontWeight="semibold">
                        {c.title}
                      </Text>
                      <Text as="p" tone="subdued">
                        {t('catalogs:list.counts', { pages: c.pageCount, products: c.productCount })}
                      </Text>
                    </BlockStack>
                  </ResourceItem>
                )}
              />
            )}
          </Card>
        </Layout.Section>
      </Layout>
      {wizard ? (
        <NewCatalogWizard
          choices={data.choices}
          onClose={() => setWizard(false)}
          onCreated={(id) => window.location.assign(embeddedHref(embeddedEditorUrl(id)))}
        />
      ) : null}
    </Page>
  );
}
