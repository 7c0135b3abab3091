import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressStatus } from '../progress-status.tsx';
import { ConnectForm } from './connect-panel.tsx';
import { RefusalBanner } from './refusal.tsx';
import { storeStatus, type ConnectRefusal, type StoreAccountView, type StorePlatform } from './types.ts';

const TONE: Record<string, 'success' | 'info' | 'critical' | 'attention' | undefined> = {
  connected: 'success',
  syncing: 'info',
  reconnect: 'critical',
  failed: 'critical',
  disconnected: 'attention',
  discontinued: 'attention',
};

/** One connected store: its status, sync progress, last sync and what it skipped, and its actions. */
export function StoreCard({
  account,
  platform,
  syncIntervalMinutes,
  refusal,
  onSync,
  onDisconnect,
  onReconnected,
}: {
  account: StoreAccountView;
  platform: StorePlatform | null;
  syncIntervalMinutes: number;
  refusal: ConnectRefusal | null;
  onSync: () => void;
  onDisconnect: () => void;
  onReconnected: (account: StoreAccountView) => void;
}) {
  const { t, i18n } = useTranslation('stores');
  const [showSkipped, setShowSkipped] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const skippedId = useId();
  const status = storeStatus(account);
  const sync = account.sync;
  const result = account.last_sync_result;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const when = account.last_sync_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(account.last_sync_at),
      )
    : null;
  const canReconnect =
    !!platform &&
    (platform.connect === 'fields' || platform.connect === 'oauth') &&
    (status === 'reconnect' || status === 'failed');
  const name = account.platform_name ?? account.type;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="start" gap="200" wrap>
          <BlockStack gap="100">
            <Text as="h3" variant="headingMd">
              {account.name}
            </Text>
            <Text as="p" tone="subdued">
              {name}
              {account.shop_domain ? ` · ${account.shop_domain}` : ''}
            </Text>
          </BlockStack>
          <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>
        </InlineStack>

        {status === 'syncing' && sync ? (
          <div aria-label={t('account.progressLabel')} className="cb-store-progress">
            <ProgressStatus done={sync.done} total={sync.total}>
              {sync.total > 0
                ? t('account.progress', { done: number(sync.done), total: number(sync.total) })
                : t('account.waiting')}
            </ProgressStatus>
          </div>
        ) : null}

        <InlineStack gap="300" wrap>
          <Text as="span">{t('account.products', { count: account.listing_count })}</Text>
          <Text as="span" tone="subdued">
            <span suppressHydrationWarning>
              {when ? t('account.lastSync', { when }) : t('account.neverSynced')}
            </span>
          </Text>
        </InlineStack>

        {account.discontinued ? (
          <Text as="p">{t('account.discontinuedHelp', { platform: name })}</Text>
        ) : status === 'disconnected' ? (
          <Text as="p">{t('account.disconnectedHelp')}</Text>
        ) : status !== 'reconnect' && platform?.connect !== 'app' ? (
          <Text as="p" tone="subdued">
            {account.webhooks.active
              ? t('account.webhooks')
              : syncIntervalMinutes > 0
                ? t('account.scheduled', { minutes: syncIntervalMinutes })
                : null}
          </Text>
        ) : null}

        {sync?.state === 'failed' && sync.error && status !== 'syncing' ? (
          <Text as="p" tone="critical">
            {t('account.lastFailed', { error: sync.error })}
          </Text>
        ) : null}

        {result && result.skipped_count > 0 ? (
          <BlockStack gap="100">
            <InlineStack gap="200" blockAlign="center" wrap>
              <Text as="span" tone="caution">
                {t('account.skipped', { count: result.skipped_count })}
              </Text>
              <Button
                variant="plain"
                ariaExpanded={showSkipped}
                ariaControls={skippedId}
                onClick={() => setShowSkipped((s) => !s)}
              >
                {showSkipped ? t('actions.hideSkipped') : t('actions.showSkipped')}
              </Button>
            </InlineStack>
            <div id={skippedId} hidden={!showSkipped}>
              <Text as="p" tone="subdued">
                {t('account.skippedHelp')}
              </Text>
              <ul className="cb-skipped-list">
                {result.skipped.map((s) => (
                  <li key={s.external_id}>
                    <strong>{s.title || t('account.untitled', { id: s.external_id })}</strong>: {s.error}
                  </li>
                ))}
              </ul>
            </div>
          </BlockStack>
        ) : null}

        {refusal ? <RefusalBanner refusal={refusal} /> : null}

        {reconnecting && platform ? (
          <ConnectForm
            platform={platform}
            account={account}
            onConnected={(a) => {
              setReconnecting(false);
              onReconnected(a);
            }}
            onCancel={() => setReconnecting(false)}
          />
        ) : (
          <InlineStack gap="200" wrap>
            {canReconnect ? (
              <Button variant="primary" onClick={() => setReconnecting(true)}>
                {t('actions.reconnect')}
              </Button>
            ) : null}
            {status !== 'disconnected' ? (
              <Button onClick={onSync} disabled={status === 'syncing'}>
                {t('actions.sync')}
              </Button>
            ) : null}
            <Link to={`/listings?account=${account.id}`} className="cb-button cb-button--secondary">
              {t('actions.viewProducts')}
            </Link>
            <Button tone="critical" variant="secondary" onClick={onDisconnect}>
              {t('actions.disconnect')}
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </Card>
  );
}
