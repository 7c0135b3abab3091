import { BlockStack, Card, InlineStack, Link, ProgressBar, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { isUnlimited } from '../../../core/billing/index.ts';

type Meter = { count: number; limit: number; reached: boolean };
export type UsageView = { catalogs: Meter; pages: Meter; products: Meter; orders: Meter };

/**
 * What the merchant uses against the limits of their plan (SPEC §3 Plan). A plan that takes no orders (a trial:
 * max_orders 0) says so and what to do, rather than a red '0 of 0'.
 */
export function UsageMeters({ usage, trial }: { usage: UsageView; trial: boolean }) {
  const { t, i18n } = useTranslation('billing');
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('dashboard.usage')}
        </Text>
        {(['catalogs', 'pages', 'products', 'orders'] as const).map((key) => {
          const m = usage[key];
          if (key === 'orders' && m.limit <= 0)
            return (
              <BlockStack key={key} gap="100">
                <InlineStack align="space-between">
                  <Text as="span">{t('dashboard.meters.orders')}</Text>
                  <Text as="span" tone="subdued">
                    {t('dashboard.ordersNotInPlan')}
                  </Text>
                </InlineStack>
                <Text as="p" variant="bodySm" tone="subdued">
                  {t(trial ? 'dashboard.ordersTrial' : 'dashboard.ordersNone')}{' '}
                  <Link url="/subscribe">{t('dashboard.ordersSeePlans')}</Link>
                </Text>
              </BlockStack>
            );
          const unlimited = isUnlimited(m.limit);
          const progress = unlimited || m.limit <= 0 ? 0 : Math.min(100, (m.count / m.limit) * 100);
          return (
            <BlockStack key={key} gap="100">
              <InlineStack align="space-between">
                <Text as="span" id={`meter-${key}`}>
                  {t(`dashboard.meters.${key}`)}
                </Text>
                <Text as="span" tone={m.reached && !unlimited ? 'critical' : 'subdued'}>
                  {unlimited
                    ? t('dashboard.unlimited', { count: m.count })
                    : t('dashboard.usageOf', { count: n(m.count) as unknown as number, limit: n(m.limit) })}
                </Text>
              </InlineStack>
              <ProgressBar
                ariaLabelledBy={`meter-${key}`}
                progress={progress}
                size="small"
                tone={m.reached && !unlimited ? 'critical' : 'primary'}
              />
            </BlockStack>
          );
        })}
      </BlockStack>
    </Card>
  );
}
