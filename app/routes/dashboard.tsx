import {
  Badge,
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Text,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { editorUrl } from '../components/catalogs/links.ts';

export const meta: MetaFunction = () => [{ title: 'Dashboard · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageUser, hasRole } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/platform/index.ts');
  const { getCurrentSubscription, describeSubscription } = await import('../../server/billing/index.ts');
  const { listCatalogs, wizardChoices } = await import('../../server/catalogs/index.ts');
  const user = await requirePageUser(request);
  const { db } = getRuntime();
  const [row, catalogs, choices] = await Promise.all([
    getCurrentSubscription({ db, userId: user.id }),
    listCatalogs({ db, ownerId: user.id }),
    wizardChoices({ db, ownerId: user.id }),
  ]);
  const sub = row ? describeSubscription(row) : null;
  const products = choices.stores.reduce((n, s) => n + s.listingCount, 0);
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    plan: sub
      ? { title: sub.title, trial: sub.is_trial, daysLeft: sub.days_left, expired: sub.hasExpired }
      : null,
    products,
    catalogs: catalogs.slice(0, 3).map((c) => ({ id: c._id, title: c.title, pages: c.pageCount })),
    catalogCount: catalogs.length,
  };
}

type Next = 'renew' | 'import' | 'create' | 'upgrade' | 'continue';

/**
 * Where a merchant stands (SPEC §2.2: the editor sends expired or inactive subscriptions here): the plan and
 * its days left, the catalogs, and the one next step that moves them forward.
 */
export default function Dashboard() {
  const { t } = useTranslation('catalogs');
  const data = useLoaderData<typeof loader>();
  const { plan } = data;
  const next: Next =
    !plan || plan.expired
      ? 'renew'
      : data.products === 0
        ? 'import'
        : data.catalogCount === 0
          ? 'create'
          : plan.trial
            ? 'upgrade'
            : 'continue';
  const nextUrl = {
    renew: '/subscribe',
    import: '/listings',
    create: '/catalogs',
    upgrade: '/subscribe',
    continue: data.catalogs[0] ? editorUrl(data.catalogs[0].id) : '/catalogs',
  }[next];
  return (
    <AppFrame email={data.email} isStaff={data.isStaff}>
      <Page title={t('dashboard.title')}>
        <Layout>
          <Layout.Section>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('dashboard.nextTitle')}
                </Text>
                <Text as="p">{t(`dashboard.next.${next}.body`)}</Text>
                <InlineStack>
                  <Button variant="primary" url={nextUrl}>
                    {t(`dashboard.next.${next}.action`)}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Card>
          </Layout.Section>
          <Layout.Section>
            <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
              <Card>
                <BlockStack gap="200">
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="h2" variant="headingMd">
                      {t('dashboard.plan')}
                    </Text>
                    {plan ? (
                      <Badge tone={plan.expired ? 'critical' : plan.trial ? 'attention' : 'success'}>
                        {plan.expired
                          ? t('dashboard.expired')
                          : plan.trial
                            ? t('dashboard.trial')
                            : t('dashboard.active')}
                      </Badge>
                    ) : null}
                  </InlineStack>
                  <Text as="p" variant="headingLg">
                    {plan?.title ?? t('dashboard.noPlan')}
                  </Text>
                  {plan && !plan.expired ? (
                    <Text as="p" tone="subdued">
                      {t('dashboard.daysLeft', { count: plan.daysLeft })}
                    </Text>
                  ) : null}
                </BlockStack>
              </Card>
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {t('list.title')}
                  </Text>
                  <Text as="p" tone="subdued">
                    {t('dashboard.counts', { catalogs: data.catalogCount, products: data.products })}
                  </Text>
                  {data.catalogs.length > 0 ? (
                    <ul className="cb-dashboard__recent">
                      {data.catalogs.map((c) => (
                        <li key={c.id}>
                          <a href={editorUrl(c.id)}>{c.title}</a> · {t('list.pages', { count: c.pages })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <InlineStack>
                    <Button url="/catalogs" variant="plain">
                      {t('dashboard.allCatalogs')}
                    </Button>
                  </InlineStack>
                </BlockStack>
              </Card>
            </InlineGrid>
          </Layout.Section>
        </Layout>
      </Page>
    </AppFrame>
  );
}
