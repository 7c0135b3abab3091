import { BlockStack, Button, Card, Checkbox, InlineStack, Page, Text, TextField } from '@shopify/polaris';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { apiFetch } from '../components/catalogs/api.ts';
import { StaffNotice } from '../components/staff/staff-list.tsx';

export const meta: MetaFunction = () => [{ title: 'Global settings · Admin · Catalog Builder' }];

type Promotion = { active: boolean; text: string; coupon: string };

/** SPEC §3 Global setting, §7: the settings of the whole product, as GET global-settings?key= reads them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageRole, getGlobalSetting } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  await requirePageRole(request, []);
  const { db } = getRuntime();
  const [accessToken, promotion] = await Promise.all([
    getGlobalSetting({ db, key: 'access_token' }),
    getGlobalSetting({ db, key: 'promotion' }),
  ]);
  return { accessToken: accessToken as string, promotion: promotion as Promotion };
}

export default function GlobalSettingsPage() {
  const { t } = useTranslation('layouts');
  const loaded = useLoaderData<typeof loader>();
  const [accessToken, setAccessToken] = useState(loaded.accessToken);
  const [promotion, setPromotion] = useState<Promotion>(loaded.promotion);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);

  async function save(key: 'access_token' | 'promotion', value: unknown) {
    setBusy(key);
    const res = await apiFetch('/api/v1/global-settings', {
      method: 'PUT',
      body: JSON.stringify({ key, value }),
    }).catch(() => null);
    setBusy(null);
    const answer = res ? ((await res.json().catch(() => ({}))) as { message?: string }) : {};
    setNotice(
      res?.ok
        ? { text: t('settings.saved') }
        : {
            text: answer.message ? `${t('settings.failed')} ${answer.message}` : t('settings.failed'),
            error: true,
          },
    );
  }

  return (
    <Page title={t('settings.title')} subtitle={t('settings.subtitle')}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <SectionHeading title={t('settings.accessToken')} help={t('settings.accessTokenHelp')} />
            <TextField
              label={t('settings.accessToken')}
              value={accessToken}
              onChange={setAccessToken}
              autoComplete="off"
              monospaced
              maxLength={2000}
            />
            <InlineStack align="end">
              <Button
                variant="primary"
                loading={busy === 'access_token'}
                onClick={() => void save('access_token', accessToken)}
                accessibilityLabel={`${t('settings.save')}: ${t('settings.accessToken')}`}
              >
                {t('settings.save')}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="300">
            <SectionHeading title={t('settings.promotion')} help={t('settings.promotionHelp')} />
            <Checkbox
              label={t('settings.active')}
              checked={promotion.active}
              onChange={(active) => setPromotion({ ...promotion, active })}
            />
            <TextField
              label={t('settings.text')}
              value={promotion.text}
              onChange={(text) => setPromotion({ ...promotion, text })}
              autoComplete="off"
              maxLength={300}
            />
            <TextField
              label={t('settings.coupon')}
              value={promotion.coupon}
              onChange={(coupon) => setPromotion({ ...promotion, coupon })}
              autoComplete="off"
              maxLength={60}
            />
            <InlineStack align="end">
              <Button
                variant="primary"
                loading={busy === 'promotion'}
                onClick={() => void save('promotion', promotion)}
                accessibilityLabel={`${t('settings.save')}: ${t('settings.promotion')}`}
              >
                {t('settings.save')}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </BlockStack>
      <StaffNotice notice={notice} onDismiss={dismiss} />
    </Page>
  );
}

function SectionHeading({ title, help }: { title: string; help: string }) {
  return (
    <BlockStack gap="100">
      <Text as="h2" variant="headingMd">
        {title}
      </Text>
      <Text as="p" tone="subdued">
        {help}
      </Text>
    </BlockStack>
  );
}
