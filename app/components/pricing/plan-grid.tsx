import { Badge, BlockStack, Button, ButtonGroup, Card, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import {
  isUnlimited,
  monthlyEquivalent,
  periodPrice,
  type BillingPeriod,
} from '../../../core/billing/index.ts';
import type { PlanLimits } from '../../../core/model/index.ts';
import { formatMoney } from './money.ts';

export type PricingPlan = {
  plan_id: string;
  title: string;
  yearly_price: number;
  pay_as_you_go_price: number;
  limits: PlanLimits;
};

const FEATURES = [
  'embeddable',
  'custom_domain',
  'csv_export',
  'wholesale_features',
  'analytics',
  'priority_support',
] as const;

/** What a plan holds: its counts ('unlimited' for the top plans' 9 999) and the features it has. */
export function PlanLimitsList({ limits }: { limits: PlanLimits }) {
  const { t, i18n } = useTranslation('billing');
  const limit = (key: 'catalogs' | 'pages' | 'products', n: number) =>
    isUnlimited(n)
      ? t(`pricing.limits.${key}Unlimited`)
      : t(`pricing.limits.${key}`, { count: n, formatted: n.toLocaleString(i18n.language) });
  return (
    <ul className="cb-plan-limits">
      <li>{limit('catalogs', limits.max_catalogs)}</li>
      <li>{limit('pages', limits.max_pages_per_catalog)}</li>
      <li>{limit('products', limits.max_products_per_catalog)}</li>
      {FEATURES.filter((f) => limits[f]).map((f) => (
        <li key={f}>{t(`pricing.limits.${f}`)}</li>
      ))}
    </ul>
  );
}

/** The best yearly saving over paying monthly, for the period switch. */
function bestSaving(plans: PricingPlan[]): number {
  const savings = plans.map((p) => 1 - periodPrice(p, 'yearly') / (12 * p.pay_as_you_go_price));
  return Math.round(Math.max(0, ...savings) * 100);
}

/** The plans side by side (SPEC §2.4) with their limits, priced for the chosen period. */
export function PlanGrid(props: {
  plans: PricingPlan[];
  period: BillingPeriod;
  onPeriod: (p: BillingPeriod) => void;
  currency: string;
  currentPlanId: string | null;
  chosenPlanId: string | null;
  onChoose: (planId: string) => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const money = (n: number) => formatMoney(n, props.currency, i18n.language);
  return (
    <BlockStack gap="400">
      <InlineStack align="center">
        <div role="group" aria-label={t('pricing.period.label')}>
          <ButtonGroup variant="segmented">
            <Button pressed={props.period === 'monthly'} onClick={() => props.onPeriod('monthly')}>
              {t('pricing.period.monthly')}
            </Button>
            <Button pressed={props.period === 'yearly'} onClick={() => props.onPeriod('yearly')}>
              {t('pricing.period.yearlySave', { percent: bestSaving(props.plans) })}
            </Button>
          </ButtonGroup>
        </div>
      </InlineStack>
      {/* Rows fill the width (five plans: three, then two wider), and each card's Choose button sits at its foot. */}
      <div className="cb-plan-grid">
        {props.plans.map((plan) => {
          const current = plan.plan_id === props.currentPlanId;
          const chosen = plan.plan_id === props.chosenPlanId;
          return (
            <div className="cb-plan-grid__plan" key={plan.plan_id}>
              <Card background={chosen ? 'bg-surface-selected' : 'bg-surface'}>
                <BlockStack gap="300">
                  <InlineStack align="space-between" blockAlign="center">
                    <Text as="h2" variant="headingLg">
                      {plan.title}
                    </Text>
                    {current ? <Badge tone="success">{t('pricing.current')}</Badge> : null}
                  </InlineStack>
                  <InlineStack gap="100" blockAlign="end">
                    <Text as="p" variant="heading2xl">
                      {money(monthlyEquivalent(plan, props.period))}
                    </Text>
                    <Text as="span" tone="subdued">
                      {t('pricing.perMonth')}
                    </Text>
                  </InlineStack>
                  <Text as="p" tone="subdued" variant="bodySm">
                    {props.period === 'yearly'
                      ? t('pricing.billedYearly', { total: money(periodPrice(plan, 'yearly')) })
                      : t('pricing.billedMonthly')}
                  </Text>
                  <PlanLimitsList limits={plan.limits} />
                  <div className="cb-plan-grid__choose">
                    <Button
                      variant={chosen ? 'secondary' : 'primary'}
                      pressed={chosen}
                      onClick={() => props.onChoose(plan.plan_id)}
                      fullWidth
                    >
                      {chosen ? t('pricing.chosen') : t('pricing.choose', { plan: plan.title })}
                    </Button>
                  </div>
                </BlockStack>
              </Card>
            </div>
          );
        })}
      </div>
    </BlockStack>
  );
}
