import {
  BlockStack,
  Button,
  Card,
  ChoiceList,
  FormLayout,
  InlineStack,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFetch } from '../catalogs/api.ts';
import { RefusalBanner } from './refusal.tsx';
import { readRefusal, type ConnectRefusal, type StoreAccountView, type StorePlatform } from './types.ts';

/** A platform's tile: a monogram and its name, chosen like a radio. */
function PlatformTile({
  platform,
  chosen,
  onChoose,
}: {
  platform: StorePlatform;
  chosen: boolean;
  onChoose: () => void;
}) {
  return (
    <button
      type="button"
      className="cb-platform-tile"
      aria-pressed={chosen}
      data-platform={platform.type}
      onClick={onChoose}
    >
      <span className="cb-platform-tile__mark" aria-hidden="true" data-platform={platform.type}>
        {platform.name.slice(0, 1)}
      </span>
      <span className="cb-platform-tile__name">{platform.name}</span>
    </button>
  );
}

/**
 * The fields a platform asks (its descriptor's, worded from the `stores` namespace with where to find each), or
 * its OAuth button, or what to do instead (Shopify's app, a discontinued platform's CSV import). Also the
 * reconnect form of an account (`account`): the same fields but the store's address, sent with PUT.
 */
export function ConnectForm({
  platform,
  account,
  onConnected,
  onCancel,
}: {
  platform: StorePlatform;
  account?: StoreAccountView;
  onConnected: (account: StoreAccountView, jobId: string | null) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('stores');
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ConnectRefusal | null>(null);
  const fields = platform.fields.filter((f) => !(account && f.kind === 'url'));
  const name = platform.name;

  if (platform.connect === 'discontinued')
    return (
      <BlockStack gap="200">
        <Text as="p">{t('connect.discontinued', { platform: name })}</Text>
        <InlineStack>
          <Link to="/listings?import=1" className="cb-button cb-button--secondary">
            {t('connect.discontinuedCsv')}
          </Link>
        </InlineStack>
      </BlockStack>
    );
  if (platform.connect === 'app')
    return (
      <BlockStack gap="200">
        <Text as="p">{t('connect.app')}</Text>
        {platform.available ? (
          <InlineStack>
            <a href="/shopify/auth/login" className="cb-button cb-button--secondary">
              {t('connect.appLink')}
            </a>
          </InlineStack>
        ) : (
          <Text as="p" tone="subdued">
            {t('connect.appUnavailable')}
          </Text>
        )}
      </BlockStack>
    );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      const credentials = Object.fromEntries(
        fields.filter((f) => f.kind !== 'url').map((f) => [f.key, values[f.key] ?? '']),
      );
      const url = fields.find((f) => f.kind === 'url');
      const res = account
        ? await apiFetch(`/api/v1/accounts/${account.id}`, {
            method: 'PUT',
            body: JSON.stringify({ credentials }),
          })
        : await apiFetch('/api/v1/accounts', {
            method: 'POST',
            body: JSON.stringify({
              type: platform.type,
              url: url ? (values[url.key] ?? '') : undefined,
              credentials,
            }),
          });
      if (!res.ok) {
        setRefusal(await readRefusal(res));
        return;
      }
      const body = (await res.json()) as
        { account: StoreAccountView; job_id: string } | (StoreAccountView & { job_id: string | null });
      if ('account' in body) onConnected(body.account, body.job_id);
      else onConnected(body, body.job_id);
    } catch {
      setRefusal({ problem: 'generic', message: '' });
    } finally {
      setBusy(false);
    }
  };

  // Offered only when the operator set its app up (server/stores/platforms.server.ts). Reconnecting is signing
  // in again: the callback gives the same store's account its new tokens.
  if (platform.connect === 'oauth')
    return (
      <form method="get" action={`/api/v1/accounts/oauth/${platform.type}/start`}>
        <BlockStack gap="300">
          <Text as="p">{t('connect.oauthHelp', { platform: name })}</Text>
          {platform.fields.map((f) =>
            f.kind === 'choice' ? (
              <ChoiceList
                key={f.key}
                name={f.key}
                title={t(`fields.${platform.type}.${f.key}.label`)}
                choices={(f.options ?? []).map((o) => ({
                  value: o,
                  label: t(`fields.${platform.type}.${f.key}.options.${o}.label`),
                  helpText: t(`fields.${platform.type}.${f.key}.options.${o}.help`),
                }))}
                selected={[values[f.key] ?? f.options?.[0] ?? '']}
                onChange={([v]) => setValues((old) => ({ ...old, [f.key]: v ?? '' }))}
              />
            ) : (
              <TextField
                key={f.key}
                name={f.key}
                label={t(`fields.${platform.type}.${f.key}.label`)}
                helpText={t(`fields.${platform.type}.${f.key}.help`)}
                value={values[f.key] ?? ''}
                onChange={(v) => setValues((old) => ({ ...old, [f.key]: v }))}
                autoComplete="off"
              />
            ),
          )}
          <InlineStack gap="200">
            <Button submit variant="primary">
              {t('connect.oauth', { platform: name })}
            </Button>
            {onCancel ? <Button onClick={onCancel}>{t('connect.cancel')}</Button> : null}
          </InlineStack>
        </BlockStack>
      </form>
    );

  return (
    <form onSubmit={submit} noValidate aria-label={t('connect.submit', { platform: name })}>
      <BlockStack gap="300">
        {account ? <Text as="p">{t('account.reconnectHelp')}</Text> : null}
        {refusal ? <RefusalBanner refusal={refusal} title={t('connect.failed', { platform: name })} /> : null}
        <FormLayout>
          {fields.map((f, i) => (
            <TextField
              key={f.key}
              name={f.key}
              // The tile was just chosen: the merchant goes on typing in its first field.
              autoFocus={i === 0}
              label={t(`fields.${platform.type}.${f.key}.label`)}
              helpText={t(`fields.${platform.type}.${f.key}.help`)}
              type={f.kind === 'url' ? 'url' : f.kind === 'secret' ? 'password' : 'text'}
              value={values[f.key] ?? ''}
              onChange={(v) => setValues((old) => ({ ...old, [f.key]: v }))}
              autoComplete="off"
              requiredIndicator={!f.optional}
              spellCheck={false}
            />
          ))}
        </FormLayout>
        <InlineStack gap="200">
          <Button submit variant="primary" loading={busy} disabled={busy}>
            {account ? t('actions.reconnect') : t('connect.submit', { platform: name })}
          </Button>
          {onCancel ? <Button onClick={onCancel}>{t('connect.cancel')}</Button> : null}
        </InlineStack>
        {busy ? (
          <Text as="p" tone="subdued">
            <span role="status">{t('connect.connecting')}</span>
          </Text>
        ) : null}
      </BlockStack>
    </form>
  );
}

/** Connect a store: the platforms as tiles, then the chosen one's form. */
export function ConnectPanel({
  platforms,
  onConnected,
}: {
  platforms: StorePlatform[];
  onConnected: (account: StoreAccountView, jobId: string | null) => void;
}) {
  const { t } = useTranslation('stores');
  const [chosen, setChosen] = useState<string | null>(null);
  const platform = platforms.find((p) => p.type === chosen) ?? null;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd" id="cb-connect-heading">
          {t('connect.heading')}
        </Text>
        <div role="group" aria-label={t('connect.choose')} className="cb-platform-tiles">
          {platforms.map((p) => (
            <PlatformTile
              key={p.type}
              platform={p}
              chosen={p.type === chosen}
              onChoose={() => setChosen(p.type === chosen ? null : p.type)}
            />
          ))}
        </div>
        {platform ? (
          <section aria-label={platform.name} className="cb-connect-form">
            <BlockStack gap="300">
              <Text as="h3" variant="headingSm">
                {platform.name}
              </Text>
              <ConnectForm
                key={platform.type}
                platform={platform}
                onConnected={(a, job) => {
                  setChosen(null);
                  onConnected(a, job);
                }}
                onCancel={() => setChosen(null)}
              />
            </BlockStack>
          </section>
        ) : null}
      </BlockStack>
    </Card>
  );
}
