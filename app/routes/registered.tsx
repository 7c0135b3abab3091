import { BlockStack, Button, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [{ title: 'Welcome · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageUser } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { getEntitlements } = await import('../../server/billing/index.ts');
  const user = await requirePageUser(request);
  const ent = await getEntitlements({ db: getRuntime().db, user });
  return {
    email: user.email,
    daysLeft: ent.daysLeft,
    isTrial: ent.isTrial,
    billing: ent.billing,
    plan: ent.planTitle,
  };
}

export default function RegisteredPage() {
  const { t } = useTranslation('app');
  const { email, daysLeft, isTrial, billing, plan } = useLoaderData<typeof loader>();
  return (
    <AuthLayout title={t('registered.title')}>
      <BlockStack gap="400">
        <Text as="p">{t('registered.body', { email })}</Text>
        {isTrial || billing === 'off' ? (
          <Text as="p" tone="subdued">
            {isTrial ? t('registered.trial', { count: daysLeft }) : t('registered.included', { plan })}
          </Text>
        ) : null}
        <Button variant="primary" url="/catalogs" fullWidth>
          {t('registered.start')}
        </Button>
      </BlockStack>
    </AuthLayout>
  );
}
