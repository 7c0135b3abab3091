import { Banner, BlockStack, Button, Card, FormLayout, Page, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';

// Installing from outside the Shopify admin: the merchant types their shop domain and is sent to Shopify.
async function run(request: Request) {
  const { getShopify } = await import('../shopify.server.ts');
  const shopify = getShopify();
  if (!shopify?.login) return { configured: false, errors: {} as Record<string, unknown> };
  const errors = await shopify.login(request);
  return { configured: true, errors: errors as Record<string, unknown> };
}

export const loader = ({ request }: LoaderFunctionArgs) => run(request);
export const action = ({ request }: ActionFunctionArgs) => run(request);

export default function ShopifyLogin() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('app');
  const [shop, setShop] = useState('');
  const data = actionData ?? loaderData;
  if (!data.configured) {
    return (
      <Page title={t('shopify.notConfiguredTitle')}>
        <Banner tone="warning">
          <p role="status">{t('shopify.notConfigured')}</p>
        </Banner>
      </Page>
    );
  }
  return (
    <Page narrowWidth title={t('shopify.installTitle')}>
      <Card>
        <Form method="post">
          <BlockStack gap="300">
            <FormLayout>
              <TextField
                label={t('shopify.shopDomain')}
                name="shop"
                value={shop}
                onChange={setShop}
                autoComplete="on"
                helpText="example.myshopify.com"
                error={data.errors?.shop ? t('shopify.invalidShop') : undefined}
              />
            </FormLayout>
            <Button submit variant="primary">
              {t('shopify.install')}
            </Button>
          </BlockStack>
        </Form>
      </Card>
    </Page>
  );
}
