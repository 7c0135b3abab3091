import { Banner, BlockStack, Button, FormLayout, InlineStack, Link, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFetcher,
  useLoaderData,
  useSearchParams,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [{ title: 'Sign in · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { localPath, redirectIfSignedIn } = await import('../../server/accounts/index.ts');
  await redirectIfSignedIn(request);
  const params = new URL(request.url).searchParams;
  // The page a signed-out visitor asked for (requirePageUser), validated once here: only our own paths.
  const asked = params.get('next') ?? params.get('redirectTo');
  return { next: localPath(asked), returning: asked !== null && localPath(asked, '') !== '' };
}

export default function LoginPage() {
  const { t } = useTranslation('app');
  const fetcher = useFetcher<{ message?: string }>();
  const [params] = useSearchParams();
  const { next, returning } = useLoaderData<typeof loader>();
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
          {returning && !error ? (
            <Banner tone="info">
              <p role="status">{t('login.toContinue')}</p>
            </Banner>
          ) : null}
          {error ? (
            <Banner tone="critical">
              <p role="alert">{error}</p>
            </Banner>
          ) : null}
          <input type="hidden" name="redirectTo" value={next} />
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
