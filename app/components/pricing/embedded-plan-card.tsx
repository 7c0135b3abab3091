import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export type EmbeddedPlan = {
  title: string | null;
  isTrial: boolean;
  hasExpired: boolean;
  daysLeft: number;
  /** Billing off on this server: the plan is every account's, with nothing to choose. */
  included: boolean;
};

/** The shop's plan inside the Shopify admin: trial or paid plan, days left, and the way to the plans. */
export function EmbeddedPlanCard(props: { plan: EmbeddedPlan; plansHref?: string }) {
  const { t } = useTranslation('billing');
  const { plan } = props;
  const paid = !plan.isTrial && !plan.hasExpired;
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {t('embedded.current')}
          </Text>
          {props.plansHref && !plan.included ? (
            <Button url={props.plansHref} variant={paid ? 'secondary' : 'primary'}>
              {paid ? t('embedded.seePlans') : t('embedded.choose')}
            </Button>
          ) : null}
        </InlineStack>
        <InlineStack gap="200" blockAlign="center">
          <Text as="p" variant="headingLg">
            <span data-testid="current-plan">
              {plan.isTrial ? t('embedded.trial') : (plan.title ?? t('dashboard.noPlan'))}
            </span>
          </Text>
          {plan.hasExpired ? <Badge tone="warning">{t('embedded.expired')}</Badge> : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          {plan.included
            ? t('embedded.included')
            : plan.hasExpired
              ? t('embedded.expiredBody')
              : plan.isTrial
                ? t('embedded.trialDaysLeft', { count: plan.daysLeft })
                : `${t('embedded.daysLeft', { count: plan.daysLeft })} · ${t('embedded.billedBy')}`}
        </Text>
      </BlockStack>
    </Card>
  );
}
