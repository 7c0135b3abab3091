import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Layout,
  Link as PolarisLink,
  Page,
  Pagination,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useNavigate,
  useRevalidator,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { callApi } from '../components/catalogs/api.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { GatedControl } from '../components/gated-control.tsx';

export const meta: MetaFunction = () => [{ title: 'Orders · Catalog Builder' }];

const PAGE_SIZE = 25;

/**
 * The merchant's wholesale orders (SPEC §7 GET orders), their Shopify draft orders, and a CSV download. An order
 * the buyer has not confirmed by mail waits, uncounted, until they do or the merchant accepts it here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageUser, hasRole } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { listOrders, countOrdersLastCycle } = await import('../../server/catalogs/index.ts');
  const { getEntitlementsWithGates } = await import('../../server/billing/index.ts');
  const user = await requirePageUser(request);
  const { db } = getRuntime();
  const page = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get('page')) || 1));
  const [orders, cycle, { entitlements, gates }] = await Promise.all([
    listOrders({ db, ownerId: user.id, page, limit: PAGE_SIZE }),
    countOrdersLastCycle({ db, ownerId: user.id }),
    getEntitlementsWithGates({ db, user }),
  ]);
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    page,
    orders,
    cycle: { count: cycle.count, max: entitlements.limits.max_orders },
    csvGate: gates.csv_export,
  };
}

function money(value: number | null, currency: string | null, locale: string) {
  if (value === null) return '—';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency ?? 'USD' }).format(value);
  } catch {
    return value.toFixed(2);
  }
}

/** An order's state: confirmed, or waiting for the buyer with the way to accept it. */
function OrderStatus({ order }: { order: { _id: string; status: string; customer: { name: string } } }) {
  const { t } = useTranslation('viewer');
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (order.status !== 'unconfirmed') return <Badge tone="success">{t('orders.statusNew')}</Badge>;
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await callApi('POST', `/api/v1/orders/${encodeURIComponent(order._id)}/accept`);
      await revalidator.revalidate();
    } catch (err) {
      setError(t('orders.acceptFailed', { error: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <BlockStack gap="100" inlineAlign="start">
      <Badge tone="attention">{t('orders.unconfirmed')}</Badge>
      <Button
        size="slim"
        loading={busy}
        onClick={() => void accept()}
        accessibilityLabel={t('orders.acceptOf', { name: order.customer.name })}
      >
        {t('orders.accept')}
      </Button>
      {error ? (
        <span role="alert">
          <Text as="span" tone="critical">
            {error}
          </Text>
        </span>
      ) : null}
    </BlockStack>
  );
}

export default function OrdersPage() {
  const { t, i18n } = useTranslation('viewer');
  const navigate = useNavigate();
  const { email, isStaff, page, orders, cycle, csvGate } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(orders.total / PAGE_SIZE));
  const locale = i18n.language;
  const { smDown } = useBreakpoints();
  const rows = orders.data.map((o, i) => {
    const draft = o.draft_order;
    const date = new Date(o.created_at).toLocaleString(locale);
    const customer = (
      <BlockStack gap="050">
        <Text as="span" fontWeight="semibold">
          {o.customer.name}
        </Text>
        <Text as="span" tone="subdued" breakWord>
          {[o.customer.company, o.customer.email].filter(Boolean).join(' · ')}
        </Text>
      </BlockStack>
    );
    const items = (
      <BlockStack gap="050">
        {o.items.map((l, k) => (
          <Text as="span" key={k}>
            {l.quantity} × {l.title}
            {l.variation_title ? ` (${l.variation_title})` : ''}
          </Text>
        ))}
        {o.comments ? (
          <Text as="span" tone="subdued" breakWord>
            {t('orders.comments')}: {o.comments}
          </Text>
        ) : null}
      </BlockStack>
    );
    const total = (
      <Text as="span" alignment="end" numeric>
        {money(o.total, o.currency, locale)}
      </Text>
    );
    const shopify = !draft ? (
      t('orders.draftNone')
    ) : draft.state === 'created' ? (
      <PolarisLink url={draft.url} target="_blank">
        {t('orders.draftCreated', { name: draft.name })}
      </PolarisLink>
    ) : draft.state === 'pending' ? (
      <Badge tone="info">{t('orders.draftPending')}</Badge>
    ) : (
      <Badge tone="critical">{t('orders.draftFailed', { error: draft.error })}</Badge>
    );
    // On a phone the six columns would scroll out of sight: one cell holds the whole order, stacked.
    if (smDown)
      return (
        <IndexTable.Row id={o._id} key={o._id} position={i}>
          <IndexTable.Cell className="cb-order-stack">
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="span" tone="subdued">
                  {date} · {o.catalog.title}
                </Text>
                {total}
              </InlineStack>
              <OrderStatus order={o} />
              {customer}
              {items}
              <div>{shopify}</div>
            </BlockStack>
          </IndexTable.Cell>
        </IndexTable.Row>
      );
    return (
      <IndexTable.Row id={o._id} key={o._id} position={i}>
        <IndexTable.Cell>{date}</IndexTable.Cell>
        <IndexTable.Cell>
          <OrderStatus order={o} />
        </IndexTable.Cell>
        <IndexTable.Cell>{o.catalog.title}</IndexTable.Cell>
        <IndexTable.Cell>{customer}</IndexTable.Cell>
        <IndexTable.Cell>{items}</IndexTable.Cell>
        <IndexTable.Cell>{total}</IndexTable.Cell>
        <IndexTable.Cell>{shopify}</IndexTable.Cell>
      </IndexTable.Row>
    );
  });
  return (
    <AppFrame email={email} isStaff={isStaff}>
      <Page
        title={t('orders.title')}
        subtitle={
          cycle.max > 0
            ? t('orders.cycle', { count: cycle.count, max: cycle.max })
            : t('orders.cycleUnlimited', { count: cycle.count })
        }
        primaryAction={
          orders.total > 0 ? (
            <GatedControl gate={csvGate}>
              <Button url="/api/v1/orders?format=csv" download>
                {t('orders.download')}
              </Button>
            </GatedControl>
          ) : undefined
        }
      >
        <Layout>
          {orders.data.some((o) => o.status === 'unconfirmed') ? (
            <Layout.Section>
              <Banner tone="info">
                <p>{t('orders.unconfirmedHelp')}</p>
              </Banner>
            </Layout.Section>
          ) : null}
          <Layout.Section>
            <Card padding="0">
              {orders.total === 0 ? (
                <EmptyState heading={t('orders.emptyTitle')}>
                  <p>{t('orders.emptyBody')}</p>
                </EmptyState>
              ) : (
                <IndexTable
                  resourceName={{ singular: t('orders.title'), plural: t('orders.title') }}
                  itemCount={orders.data.length}
                  condensed={smDown}
                  selectable={false}
                  headings={[
                    { title: t('orders.date') },
                    { title: t('orders.status') },
                    { title: t('orders.catalog') },
                    { title: t('orders.customer') },
                    { title: t('orders.items') },
                    { title: t('orders.total'), alignment: 'end' },
                    { title: t('orders.shopify') },
                  ]}
                >
                  {rows}
                </IndexTable>
              )}
            </Card>
          </Layout.Section>
          {pages > 1 ? (
            <Layout.Section>
              <nav
                aria-label={t('orders.page', { page, pages })}
                style={{ display: 'flex', justifyContent: 'center' }}
              >
                <Pagination
                  label={t('orders.page', { page, pages })}
                  hasPrevious={page > 1}
                  hasNext={page < pages}
                  previousTooltip={t('orders.previous')}
                  nextTooltip={t('orders.next')}
                  onPrevious={() => navigate(`/orders?page=${page - 1}`)}
                  onNext={() => navigate(`/orders?page=${page + 1}`)}
                />
              </nav>
            </Layout.Section>
          ) : null}
        </Layout>
      </Page>
    </AppFrame>
  );
}
