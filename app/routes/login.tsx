import { Banner, BlockStack, Button, FormLayout, InlineStack, Link, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [{ title: 'Sign in · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { redirectIfSignedIn } = await import('../../server/accounts/index.ts');
  await redirectIfSignedIn(request);
  return null;
}

export default function LoginPage() {
  const { t } = useTranslation('app');
  const fetcher = useFetcher<{ message?: string }>();
  const [params] = useSearchParams();
  const error = fetcher.state === 'idle' ? (fetcher.data?.message ?? params.get('error')) : null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Text as="p">
          {t('login.noAccount')} <Link url="/register">{t('login.createAccount')}</Link>
        </Text>
      }
    >
      <fetcher.Form method="post" action="/auth/login">
        <BlockStack gap="400">
          {params.get('reset') ? <Banner tone="success">{t('reset.done')}</Banner> : null}
          {error ? (
            <Banner tone="critical">
              <p role="alert">{error}</p>
            </Banner>
          ) : null}
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? '/catalogs'} />
          <FormLayout>
            <TextField
              label={t('fields.email')}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              requiredIndicator
            />
            <TextField
              label={t('fields.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              requiredIndicator
            />
          </FormLayout>
          <InlineStack align="space-between" blockAlign="center">
            <Link url="/forgot-password">{t('login.forgot')}</Link>
            <Button variant="primary" submit loading={fetcher.state !== 'idle'}>
              {t('login.submit')}
            </Button>
          </InlineStack>
        </BlockStack>
      </fetcher.Form>
    </AuthLayout>
  );
}
