import { Banner, BlockStack, Button, FormLayout, Link, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [{ title: 'Forgot password · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { redirectIfSignedIn } = await import('../../server/accounts/index.ts');
  await redirectIfSignedIn(request);
  return null;
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation('app');
  const fetcher = useFetcher<{ sent?: boolean; message?: string }>();
  const [params] = useSearchParams();
  const result =
    fetcher.state === 'idle'
      ? (fetcher.data ??
        (params.get('sent')
          ? { sent: true, message: 'sent' }
          : params.get('error')
            ? { message: params.get('error')! }
            : undefined))
      : undefined;
  const [email, setEmail] = useState('');
  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Text as="p">
          <Link url="/login">{t('forgot.back')}</Link>
        </Text>
      }
    >
      <fetcher.Form method="post" action="/auth/forgot-password">
        <BlockStack gap="400">
          {result?.message ? (
            <Banner tone={result.sent ? 'success' : 'critical'}>
              <p role={result.sent ? 'status' : 'alert'}>{result.sent ? t('forgot.sent') : result.message}</p>
            </Banner>
          ) : null}
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
          </FormLayout>
          <Button variant="primary" submit fullWidth loading={fetcher.state !== 'idle'}>
            {t('forgot.submit')}
          </Button>
        </BlockStack>
      </fetcher.Form>
    </AuthLayout>
  );
}
