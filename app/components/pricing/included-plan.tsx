import { BlockStack, Box, Button, Card, InlineStack, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import type { PlanLimits } from '../../../core/model/index.ts';
import { ContactLine } from './contact-line.tsx';
import { PlanLimitsList } from './plan-grid.tsx';

/**
 * /pricing on a server with billing off (BILLING=off): nothing is sold, so no plans, prices or cart; the plan every
 * account has, what it holds, and whom to ask (CONTACT_EMAIL).
 */
export function IncludedPlan(props: {
  plan: { title: string; limits: PlanLimits };
  contactEmail: string | null;
  signedIn: boolean;
}) {
  const { t } = useTranslation('billing');
  const { title } = props.plan;
  return (
    <Page narrowWidth>
      <Box paddingBlockStart="400" paddingBlockEnd="800">
        <BlockStack gap="500">
          <BlockStack gap="200" inlineAlign="center">
            <Text as="h1" variant="heading2xl" alignment="center">
              {t('pricing.off.title', { plan: title })}
            </Text>
            <Text as="p" tone="subdued" alignment="center">
              {t('pricing.off.body', { plan: title })}
            </Text>
          </BlockStack>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t('pricing.off.included', { plan: title })}
              </Text>
              <PlanLimitsList limits={props.plan.limits} />
            </BlockStack>
          </Card>
          <BlockStack gap="300" inlineAlign="center">
            {props.contactEmail ? (
              <ContactLine i18nKey="pricing.off.contact" email={props.contactEmail} />
            ) : (
              <Text as="p" tone="subdued">
                {t('pricing.off.noContact')}
              </Text>
            )}
            <InlineStack align="center">
              <Button variant="primary" url={props.signedIn ? '/catalogs' : '/register'}>
                {props.signedIn ? t('pricing.off.open') : t('pricing.off.start')}
              </Button>
            </InlineStack>
          </BlockStack>
        </BlockStack>
      </Box>
    </Page>
  );
}
