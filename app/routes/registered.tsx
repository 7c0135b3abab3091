import { BlockStack, Button, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [{ title: 'Welcome · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageUser } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { describeUser } = await import('../../server/billing/index.ts');
  const user = await requirePageUser(request);
  const view = await describeUser({ db: getRuntime().db, user });
  return { email: view.email, daysLeft: view.subscription?.days_left ?? 0 };
}

export default function RegisteredPage() {
  const { t } = useTranslation('app');
  const { email, daysLeft } = useLoaderData<typeof loader>();
  return (
    <AuthLayout title={t('registered.title')}>
      <BlockStack gap="400">
        <Text as="p">{t('registered.body', { email })}</Text>
        <Text as="p" tone="subdued">
          {t('registered.trial', { count: daysLeft })}
        </Text>
        <Button variant="primary" url="/catalogs" fullWidth>
          {t('registered.start')}
        </Button>
      </BlockStack>
    </AuthLayout>
  );
}
