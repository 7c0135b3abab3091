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
  Select,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useNavigate,
  useRevalidator,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { isUnlimited } from '../../core/billing/index.ts';
import {
  addressLines,
  formatOrderNumber,
  MERCHANT_ORDER_STATUSES,
  type Address,
  type MerchantOrderStatus,
} from '../../core/orders/index.ts';
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

type OrderRow = {
  _id: string;
  number: number | null;
  status: string;
  customer: { name: string };
};

/**
 * An order's status: the merchant marks a real order new, confirmed, shipped or cancelled (its buyer is told by
 * mail); an order waiting for its buyer's confirmation shows so, with the way to accept it.
 */
function OrderStatus({ order }: { order: OrderRow }) {
  const { t } = useTranslation('viewer');
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The status just chosen, shown while it is saved (the page's data follows once it is read again).
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setChosen(null), [order.status]);
  const run = async (call: () => Promise<unknown>, after?: string) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await call();
      await revalidator.revalidate();
      if (after) setDone(after);
    } catch (err) {
      setChosen(null);
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const feedback = (
    <div aria-live="polite">
      {error ? (
        <Text as="span" tone="critical">
          {order.status === 'unconfirmed'
            ? t('orders.acceptFailed', { error })
            : t('orders.statusFailed', { error })}
        </Text>
      ) : done ? (
        <Text as="span" tone="success">
          {done}
        </Text>
      ) : null}
    </div>
  );
  if (order.status !== 'unconfirmed') {
    const number = order.number !== null ? formatOrderNumber(order.number) : '';
    return (
      <BlockStack gap="100" inlineAlign="start">
        <Select
          label={t('orders.statusOf', { number })}
          labelHidden
          disabled={busy}
          value={chosen ?? order.status}
          options={MERCHANT_ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))}
          onChange={(value) => {
            setChosen(value);
            void run(
              () =>
                callApi('PUT', `/api/v1/orders/${encodeURIComponent(order._id)}/status`, {
                  status: value as MerchantOrderStatus,
                }),
              t('orders.statusSaved', { status: t(`orders.statuses.${value}`) }),
            );
          }}
        />
        {feedback}
      </BlockStack>
    );
  }
  return (
    <BlockStack gap="100" inlineAlign="start">
      <Badge tone="attention">{t('orders.unconfirmed')}</Badge>
      <Button
        size="slim"
        loading={busy}
        onClick={() =>
          void run(() => callApi('POST', `/api/v1/orders/${encodeURIComponent(order._id)}/accept`))
        }
        accessibilityLabel={t('orders.acceptOf', { name: order.customer.name })}
      >
        {t('orders.accept')}
      </Button>
      {feedback}
    </BlockStack>
  );
}

/** The buyer's billing address, and where the goods go (another address, or the billing one). */
function Addresses({ billing, shipping }: { billing: Address | null; shipping: Address | null }) {
  const { t, i18n } = useTranslation('viewer');
  if (!billing && !shipping) return null;
  const block = (title: string, a: Address) => (
    <BlockStack gap="0">
      <Text as="span" variant="bodySm" fontWeight="semibold">
        {title}
      </Text>
      {addressLines(a, i18n.language).map((line, k) => (
        <Text as="span" variant="bodySm" key={k} breakWord>
          {line}
        </Text>
      ))}
    </BlockStack>
  );
  return (
    <BlockStack gap="100">
      {billing ? block(t('orders.billing'), billing) : null}
      {shipping ? (
        block(t('orders.shipping'), shipping)
      ) : (
        <Text as="span" variant="bodySm" tone="subdued">
          {t('orders.shipsToBilling')}
        </Text>
      )}
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
  // The Shopify column only where an order went to Shopify: a standalone store's orders never do.
  const withShopify = orders.data.some((o) => o.draft_order);
  const rows = orders.data.map((o, i) => {
    const draft = o.draft_order;
    const date = new Date(o.created_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const number = (
      <Text as="span" fontWeight="semibold" numeric>
        {o.number !== null ? formatOrderNumber(o.number) : '—'}
      </Text>
    );
    const customer = (
      <BlockStack gap="050">
        <Text as="span" fontWeight="semibold">
          {o.customer.name}
        </Text>
        <Text as="span" tone="subdued" breakWord>
          {[o.customer.company, o.customer.email, o.customer.phone].filter(Boolean).join(' · ')}
        </Text>
        {o.customer.address ? (
          <Text as="span" variant="bodySm" breakWord>
            {o.customer.address}
          </Text>
        ) : null}
        <Addresses billing={o.customer.billing} shipping={o.customer.shipping} />
      </BlockStack>
    );
    const items = (
      <BlockStack gap="050">
        {o.items.map((l, k) => (
          <InlineStack key={k} gap="100" blockAlign="center">
            <Text as="span">
              {l.quantity} × {l.title}
              {l.variation_title ? ` (${l.variation_title})` : ''}
            </Text>
            {l.backorder ? (
              <Badge tone="warning">{t('orders.backorder', { count: l.backorder })}</Badge>
            ) : null}
          </InlineStack>
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
                <InlineStack gap="200" blockAlign="center">
                  {number}
                  <Text as="span" tone="subdued">
                    {date} · <PolarisLink url={o.catalog.url}>{o.catalog.title}</PolarisLink>
                  </Text>
                </InlineStack>
                {total}
              </InlineStack>
              <div>
                <OrderStatus order={o} />
              </div>
              {customer}
              {items}
              {withShopify ? <div>{shopify}</div> : null}
            </BlockStack>
          </IndexTable.Cell>
        </IndexTable.Row>
      );
    return (
      <IndexTable.Row id={o._id} key={o._id} position={i}>
        <IndexTable.Cell>{number}</IndexTable.Cell>
        <IndexTable.Cell>{date}</IndexTable.Cell>
        <IndexTable.Cell>
          <OrderStatus order={o} />
        </IndexTable.Cell>
        <IndexTable.Cell>
          {/* The catalog's online version: the viewer is a document of its own, not a page of this router. */}
          <PolarisLink url={o.catalog.url}>{o.catalog.title}</PolarisLink>
        </IndexTable.Cell>
        <IndexTable.Cell>{customer}</IndexTable.Cell>
        <IndexTable.Cell>{items}</IndexTable.Cell>
        <IndexTable.Cell>{total}</IndexTable.Cell>
        {withShopify ? <IndexTable.Cell>{shopify}</IndexTable.Cell> : null}
      </IndexTable.Row>
    );
  });
  return (
    <AppFrame email={email} isStaff={isStaff}>
      <Page
        fullWidth
        title={t('orders.title')}
        subtitle={
          cycle.max > 0 && !isUnlimited(cycle.max)
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
                    { title: t('orders.number') },
                    { title: t('orders.date') },
                    { title: t('orders.status') },
                    { title: t('orders.catalog') },
                    { title: t('orders.customer') },
                    { title: t('orders.items') },
                    { title: t('orders.total'), alignment: 'end' as const },
                    ...(withShopify ? [{ title: t('orders.shopify') }] : []),
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
