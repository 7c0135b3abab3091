import { BlockStack, Button, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import {
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [
  { title: 'Unsubscribe · Catalog Builder' },
  { name: 'robots', content: 'noindex' },
];

/**
 * /unsubscribe?token: the link of the waiting list's and leads' confirmation mails. Opening it asks (mail
 * scanners open links too); confirming removes the address from the waiting list and the leads.
 */
async function emailOf(request: Request, token: string | null): Promise<string | null> {
  const { readUnsubscribeToken } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  return token ? readUnsubscribeToken(getRuntime().config.appSecret, token) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const email = await emailOf(request, token);
  return { email, token: email ? token : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const email = await emailOf(request, token);
  if (!email) return { done: false as const };
  const { unsubscribe } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  await unsubscribe({ db: getRuntime().db, email });
  return { done: true as const, email };
}

export default function UnsubscribePage() {
  const { t } = useTranslation('site');
  const { email, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AuthLayout title={t('unsubscribe.title')}>
      <BlockStack gap="400">
        {result?.done ? (
          <p role="status">{t('unsubscribe.done', { email: result.email })}</p>
        ) : !email || result?.done === false ? (
          <Text as="p">{t('unsubscribe.invalid')}</Text>
        ) : (
          <Form method="post">
            <BlockStack gap="300">
              <Text as="p">{t('unsubscribe.confirm', { email })}</Text>
              <input type="hidden" name="token" value={token ?? ''} />
              <Button submit variant="primary" fullWidth>
                {t('unsubscribe.submit')}
              </Button>
            </BlockStack>
          </Form>
        )}
      </BlockStack>
    </AuthLayout>
  );
}
