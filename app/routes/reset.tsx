import { Banner, BlockStack, Button, FormLayout, InlineStack, Link, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFetcher,
  useLoaderData,
  useParams,
  useSearchParams,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AuthLayout, fieldErrors } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [{ title: 'Choose a new password · Catalog Builder' }];

export async function loader({ params }: LoaderFunctionArgs) {
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { resetTokenState, AUTH_MESSAGES } = await import('../../server/accounts/index.ts');
  const state = await resetTokenState({ db: getRuntime().db, tokenId: params.tokenId ?? '' });
  return { state, invalidMessage: AUTH_MESSAGES.resetTokenInvalid };
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('app');
  const { state, invalidMessage } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<{ message?: string; details?: unknown }>();
  const [params] = useSearchParams();
  const { tokenId } = useParams();
  const result =
    fetcher.state === 'idle'
      ? (fetcher.data ?? (params.get('error') ? { message: params.get('error')! } : undefined))
      : undefined;
  const errors = fieldErrors(result?.details);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const general = result?.message && !Object.keys(errors).length ? result.message : null;
  if (state !== 'usable' && !result) {
    // A link that can do nothing more shows why and the ways on, not a form that would only fail.
    return (
      <AuthLayout title={t('reset.title')}>
        <BlockStack gap="400">
          <Banner tone={state === 'used' ? 'info' : 'critical'}>
            <p role={state === 'used' ? 'status' : 'alert'}>
              {state === 'used' ? t('reset.used') : invalidMessage}
            </p>
          </Banner>
          <InlineStack gap="400">
            <Link url="/login">{t('reset.signIn')}</Link>
            <Link url="/forgot-password">{t('reset.again')}</Link>
          </InlineStack>
        </BlockStack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t('reset.title')}
      footer={
        <Text as="p">
          <Link url="/forgot-password">{t('reset.again')}</Link>
        </Text>
      }
    >
      <fetcher.Form method="post" action={`/auth/reset/${encodeURIComponent(tokenId ?? '')}`}>
        <BlockStack gap="400">
          {general ? (
            <Banner tone="critical">
              <p role="alert">{general}</p>
            </Banner>
          ) : null}
          <FormLayout>
            <TextField
              label={t('reset.newPassword')}
              type="password"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              error={errors.password}
              helpText={t('register.passwordHelp')}
            />
            <TextField
              label={t('fields.confirmPassword')}
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={setConfirm}
              error={errors.confirmPassword}
            />
          </FormLayout>
          <Button variant="primary" submit fullWidth loading={fetcher.state !== 'idle'}>
            {t('reset.submit')}
          </Button>
        </BlockStack>
      </fetcher.Form>
    </AuthLayout>
  );
}
