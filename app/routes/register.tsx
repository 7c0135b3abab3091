import { Banner, BlockStack, Button, FormLayout, Link, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFetcher,
  useLoaderData,
  useSearchParams,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AuthLayout, fieldErrors } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [{ title: 'Create your account · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { redirectIfSignedIn } = await import('../../server/accounts/index.ts');
  const { billingPolicy } = await import('../../server/billing/index.ts');
  await redirectIfSignedIn(request);
  // With billing off there is no trial to announce.
  return { billing: billingPolicy().mode };
}

export default function RegisterPage() {
  const { t } = useTranslation('app');
  const { billing } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<{ message?: string; details?: unknown }>();
  const [params] = useSearchParams();
  const result =
    fetcher.state === 'idle'
      ? (fetcher.data ?? (params.get('error') ? { message: params.get('error')! } : undefined))
      : undefined;
  const errors = fieldErrors(result?.details);
  const [values, setValues] = useState({
    email: '',
    password: '',
    confirmPassword: '',
    businessName: '',
    shopUrl: '',
  });
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (v: string) => setValues((s) => ({ ...s, [name]: v })),
    error: errors[name],
  });
  const general = result?.message && !Object.keys(errors).length ? result.message : null;
  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <Text as="p">
          {t('register.haveAccount')} <Link url="/login">{t('register.signIn')}</Link>
        </Text>
      }
    >
      <fetcher.Form method="post" action="/auth/register">
        <BlockStack gap="400">
          {general ? (
            <Banner tone="critical">
              <p role="alert">{general}</p>
            </Banner>
          ) : null}
          <FormLayout>
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              requiredIndicator
              {...field('email')}
            />
            <FormLayout.Group>
              <TextField
                label={t('fields.password')}
                type="password"
                autoComplete="new-password"
                helpText={t('register.passwordHelp')}
                requiredIndicator
                {...field('password')}
              />
              <TextField
                label={t('fields.confirmPassword')}
                type="password"
                autoComplete="new-password"
                requiredIndicator
                {...field('confirmPassword')}
              />
            </FormLayout.Group>
            <TextField
              label={t('fields.businessName')}
              autoComplete="organization"
              {...field('businessName')}
            />
            <TextField
              label={t('fields.shopUrl')}
              type="url"
              autoComplete="url"
              placeholder="https://"
              {...field('shopUrl')}
            />
          </FormLayout>
          <Button variant="primary" submit fullWidth loading={fetcher.state !== 'idle'}>
            {t('register.submit')}
          </Button>
          {billing === 'on' ? (
            <Text as="p" tone="subdued" variant="bodySm">
              {t('register.trialNote')}
            </Text>
          ) : null}
        </BlockStack>
      </fetcher.Form>
    </AuthLayout>
  );
}
