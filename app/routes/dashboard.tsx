import { Badge, Banner, BlockStack, Button, Card, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { editorUrl, onlineUrl } from '../components/catalogs/links.ts';
import { ContactLine } from '../components/pricing/contact-line.tsx';
import { formatMoney } from '../components/pricing/money.ts';
import { InvoiceList } from '../components/pricing/invoice-list.tsx';
import { UsageMeters } from '../components/pricing/usage-meters.tsx';
import { TestimonialCard } from '../components/testimonial-card.tsx';

export const meta: MetaFunction = () => [{ title: 'Plan & billing · Catalog Builder' }];

/**
 * /dashboard: where a merchant stands (SPEC §2.2: the editor sends expired or inactive subscriptions here): the one
 * next step, the plan, status, days left, usage against limits, invoices and the latest catalogs (open once expired).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageUser, hasRole, listOwnTestimonials } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { getEntitlements, getCurrentSubscription, getStripe, getUsage, listInvoices } =
    await import('../../server/billing/index.ts');
  const user = await requirePageUser(request);
  const { listCatalogs, wizardChoices } = await import('../../server/catalogs/index.ts');
  const { db, config, logger } = getRuntime();
  const ent = await getEntitlements({ db, user });
  const stripe = config.stripeConfigured ? getStripe(config) : null;
  // With billing off nobody pays: there are no invoices to list, not even an empty list of them.
  const invoices =
    ent.billing === 'off'
      ? null
      : stripe
        ? await listInvoices({ stripe, user }).catch((err: unknown) => {
            logger.warn({ err }, 'stripe invoices unavailable');
            return null;
          })
        : [];
  const [current, catalogs, choices, testimonials] = await Promise.all([
    getCurrentSubscription({ db, userId: user.id }),
    listCatalogs({ db, ownerId: user.id }),
    wizardChoices({ db, ownerId: user.id }),
    listOwnTestimonials({ db, ownerId: user.id }),
  ]);
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    ent,
    amount: current?.amount ?? null,
    currency: current?.currency ?? config.STRIPE_CURRENCY,
    usage: await getUsage({ db, userId: user.id, ent }),
    invoices,
    paymentReady: Boolean(stripe),
    contactEmail: config.contactEmail,
    shopify: user.platform === 'shopify',
    products: choices.stores.reduce((n, s) => n + s.listingCount, 0),
    catalogs: catalogs
      .slice(0, 3)
      .map((c) => ({ id: c._id, slug: c.slug, title: c.title, pages: c.pageCount })),
    catalogCount: catalogs.length,
    // The catalogs card counts what is in the catalogs (SPEC's usage: catalogs, pages, products), not the library.
    catalogProducts: catalogs.reduce((n, c) => n + c.productCount, 0),
    // What the merchant wrote for /testimonials, and where each stands (issue 27).
    testimonials,
    businessName: user.businessName ?? '',
  };
}

type Next = 'renew' | 'import' | 'create' | 'upgrade' | 'continue';

/** The one step that moves the merchant forward now. */
function nextStep(d: {
  ent: { hasExpired: boolean; isTrial: boolean };
  products: number;
  catalogCount: number;
}): Next {
  if (d.ent.hasExpired) return 'renew';
  if (d.products === 0) return 'import';
  if (d.catalogCount === 0) return 'create';
  return d.ent.isTrial ? 'upgrade' : 'continue';
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation('billing');
  const { t: tc } = useTranslation('catalogs');
  const { t: ts } = useTranslation('stores');
  const d = useLoaderData<typeof loader>();
  const [error, setError] = useState<string | null>(null);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }) : '';
  const { ent } = d;
  const off = ent.billing === 'off';
  const statusTone = ent.status === 'active' ? 'success' : ent.status === 'trial' ? 'info' : 'warning';
  const next = nextStep(d);
  const nextUrl = {
    renew: '/subscribe',
    import: '/listings',
    create: '/catalogs',
    upgrade: '/subscribe',
    continue: d.catalogs[0] ? editorUrl(d.catalogs[0].id) : '/catalogs',
  }[next];

  async function openPortal() {
    const res = await fetch('/api/v1/stripe/portal', {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    const body = (await res.json()) as { url?: string; message?: string };
    if (res.ok && body.url) window.location.assign(body.url);
    else setError(body.message ?? t('pricing.error'));
  }

  return (
    <AppFrame email={d.email} isStaff={d.isStaff}>
      <Page title={t('dashboard.title')}>
        <Layout>
          {ent.status === 'past_due' ? (
            <Layout.Section>
              <Banner tone="critical" action={{ content: t('dashboard.cards'), url: '/cards' }}>
                {t('dashboard.pastDue')}
              </Banner>
            </Layout.Section>
          ) : null}
          {ent.hasExpired ? (
            <Layout.Section>
              <Banner tone="warning" action={{ content: t('dashboard.choosePlan'), url: '/subscribe' }}>
                {t('dashboard.expired')}
              </Banner>
            </Layout.Section>
          ) : null}
          {error ? (
            <Layout.Section>
              <Banner tone="critical" onDismiss={() => setError(null)}>
                {error}
              </Banner>
            </Layout.Section>
          ) : null}
          <Layout.Section>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {tc('dashboard.nextTitle')}
                </Text>
                <Text as="p">{tc(`dashboard.next.${next}.body`)}</Text>
                <InlineStack gap="200">
                  <Button variant="primary" url={nextUrl}>
                    {tc(`dashboard.next.${next}.action`)}
                  </Button>
                  {next === 'import' ? <Button url="/stores">{ts('links.connect')}</Button> : null}
                </InlineStack>
              </BlockStack>
            </Card>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('dashboard.plan')}
                </Text>
                <InlineStack gap="200" blockAlign="center">
                  <Text as="p" variant="headingXl">
                    {ent.planTitle ?? t('dashboard.noPlan')}
                  </Text>
                  <Badge tone={statusTone}>
                    {off ? t('dashboard.status.included') : t(`dashboard.status.${ent.status}`)}
                  </Badge>
                </InlineStack>
                {!ent.hasExpired && !off ? (
                  <Text as="p" fontWeight="semibold">
                    {t('dashboard.daysLeft', { count: ent.daysLeft })}
                  </Text>
                ) : null}
                {d.amount !== null && ent.period ? (
                  <Text as="p">
                    {t('dashboard.price', {
                      price: formatMoney(d.amount, d.currency, i18n.language),
                      period: t(`dashboard.periodUnit.${ent.period}`),
                    })}
                  </Text>
                ) : null}
                {ent.expiresAt ? (
                  <Text as="p" tone="subdued">
                    {ent.cancelAtPeriodEnd
                      ? t('dashboard.cancelAtEnd', { date: date(ent.expiresAt) })
                      : ent.provider === 'stripe' || ent.provider === 'shopify'
                        ? t('dashboard.renews', { date: date(ent.expiresAt) })
                        : t('dashboard.ends', { date: date(ent.expiresAt) })}
                  </Text>
                ) : null}
                {off ? (
                  // Billing off: nothing to choose, pay or manage; who to ask, when the operator says.
                  <BlockStack gap="200">
                    <Text as="p" tone="subdued">
                      {t('dashboard.included')}
                    </Text>
                    {d.contactEmail ? (
                      <ContactLine i18nKey="dashboard.contact" email={d.contactEmail} />
                    ) : null}
                  </BlockStack>
                ) : d.shopify ? (
                  <Text as="p" tone="subdued">
                    {t('dashboard.shopify')}
                  </Text>
                ) : (
                  <BlockStack gap="200">
                    <Button variant="primary" url="/subscribe" fullWidth>
                      {ent.provider === 'stripe' && !ent.hasExpired
                        ? t('dashboard.changePlan')
                        : t('dashboard.choosePlan')}
                    </Button>
                    {d.paymentReady && ent.provider === 'stripe' ? (
                      <Button onClick={() => void openPortal()} fullWidth>
                        {t('dashboard.manage')}
                      </Button>
                    ) : null}
                    {d.paymentReady ? (
                      <Button url="/cards" fullWidth>
                        {t('dashboard.cards')}
                      </Button>
                    ) : null}
                  </BlockStack>
                )}
              </BlockStack>
            </Card>
          </Layout.Section>
          <Layout.Section>
            <BlockStack gap="400">
              <UsageMeters usage={d.usage} trial={d.ent.isTrial} />
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {tc('list.title')}
                  </Text>
                  <Text as="p" tone="subdued">
                    {tc('dashboard.catalogCount', { count: d.catalogCount })} ·{' '}
                    {tc('dashboard.productCount', { count: d.catalogProducts })}
                  </Text>
                  {d.catalogs.length > 0 ? (
                    <ul className="cb-dashboard__recent">
                      {d.catalogs.map((c) => (
                        <li key={c.id}>
                          <a href={editorUrl(c.id)}>{c.title}</a> · {tc('list.pages', { count: c.pages })} ·{' '}
                          <a href={onlineUrl({ _id: c.id, slug: c.slug })}>{tc('list.online')}</a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <InlineStack>
                    <Button url="/catalogs" variant="plain">
                      {tc('dashboard.allCatalogs')}
                    </Button>
                  </InlineStack>
                </BlockStack>
              </Card>
              {d.invoices ? <InvoiceList invoices={d.invoices} /> : null}
              <TestimonialCard mine={d.testimonials} defaultBusiness={d.businessName} />
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Page>
    </AppFrame>
  );
}
