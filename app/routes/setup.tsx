import { Banner, BlockStack, Button, FormLayout, Link, Text, TextField } from '@shopify/polaris';
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

export const meta: MetaFunction = () => [{ title: 'Create the first admin · Catalog Builder' }];

/** The page of the one-time link `npm start` prints while the server has no admin (server/accounts admin-setup). */
export async function loader({ params }: LoaderFunctionArgs) {
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { adminSetupState } = await import('../../server/accounts/index.ts');
  return { state: await adminSetupState({ db: getRuntime().db, token: params.token ?? '' }) };
}

export default function AdminSetupPage() {
  const { t } = useTranslation('app');
  const { state } = useLoaderData<typeof loader>();
  const { token } = useParams();
  const fetcher = useFetcher<{ message?: string; details?: unknown }>();
  const [params] = useSearchParams();
  const result =
    fetcher.state === 'idle'
      ? (fetcher.data ?? (params.get('error') ? { message: params.get('error')! } : undefined))
      : undefined;
  const errors = fieldErrors(result?.details);
  const [values, setValues] = useState({ email: '', password: '', confirmPassword: '' });
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (v: string) => setValues((old) => ({ ...old, [name]: v })),
    error: errors[name],
  });
  if (state !== 'usable')
    return (
      <AuthLayout
        title={t('setup.title')}
        footer={
          <Text as="p">
            <Link url="/login">{t('setup.signIn')}</Link>
          </Text>
        }
      >
        <Banner tone="warning">
          <p role="alert">{t(state === 'exists' ? 'setup.exists' : 'setup.invalid')}</p>
        </Banner>
      </AuthLayout>
    );
  const general = result?.message && !Object.keys(errors).length ? result.message : null;
  return (
    <AuthLayout title={t('setup.title')} subtitle={t('setup.subtitle')}>
      <fetcher.Form method="post" action={`/auth/setup/${encodeURIComponent(token ?? '')}`}>
        <BlockStack gap="400">
          {general ? (
            <Banner tone="critical">
              <p role="alert">{general}</p>
            </Banner>
          ) : null}
          <FormLayout>
            <TextField label={t('fields.email')} type="email" autoComplete="email" {...field('email')} />
            <TextField
              label={t('fields.password')}
              type="password"
              autoComplete="new-password"
              helpText={t('register.passwordHelp')}
              {...field('password')}
            />
            <TextField
              label={t('fields.confirmPassword')}
              type="password"
              autoComplete="new-password"
              {...field('confirmPassword')}
            />
          </FormLayout>
          <Button variant="primary" submit fullWidth loading={fetcher.state !== 'idle'}>
            {t('setup.submit')}
          </Button>
          <Text as="p" tone="subdued" variant="bodySm">
            {t('setup.note')}
          </Text>
        </BlockStack>
      </fetcher.Form>
    </AuthLayout>
  );
}
