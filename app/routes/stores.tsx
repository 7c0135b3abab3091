import { Banner, BlockStack, ChoiceList, Layout, Modal, Page, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { apiFetch } from '../components/catalogs/api.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { ConnectPanel } from '../components/stores/connect-panel.tsx';
import { RefusalBanner } from '../components/stores/refusal.tsx';
import { StoreCard } from '../components/stores/store-card.tsx';
import {
  readRefusal,
  storeStatus,
  type ConnectRefusal,
  type StoreAccountView,
} from '../components/stores/types.ts';
import storesStyles from '../styles/stores.css?url';

export const meta: MetaFunction = () => [{ title: 'Stores · Catalog Builder' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: storesStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireEntitledPageUser } = await import('../../server/billing/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { hasRole } = await import('../../server/accounts/index.ts');
  const { listAccounts, connectablePlatforms } = await import('../../server/stores/index.ts');
  const { user } = await requireEntitledPageUser(request);
  const { db, config } = getRuntime();
  const accounts = (await listAccounts({ db, ownerId: user.id })).filter((a) => a.type !== 'own');
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    accounts,
    platforms: connectablePlatforms(config as unknown as Record<string, unknown>),
    syncIntervalMinutes: config.STORE_SYNC_INTERVAL_MINUTES,
  };
}

/** The Stores screen (issue 23): connect a store, follow its syncs, sync now, reconnect, disconnect. */
export default function StoresPage() {
  const { t } = useTranslation('stores');
  const data = useLoaderData<typeof loader>();
  const [accounts, setAccounts] = useState<StoreAccountView[]>(data.accounts);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [pageRefusal, setPageRefusal] = useState<ConnectRefusal | null>(
    params.get('error')
      ? {
          problem: params.get('problem') ?? 'generic',
          reason: params.get('reason') ?? undefined,
          message: params.get('error') ?? '',
        }
      : null,
  );
  const [refusals, setRefusals] = useState<Record<string, ConnectRefusal>>({});
  const [disconnecting, setDisconnecting] = useState<StoreAccountView | null>(null);
  const [keep, setKeep] = useState<'keep' | 'remove'>('keep');
  const [tick, setTick] = useState(0);

  useEffect(() => setAccounts(data.accounts), [data.accounts]);
  useEffect(() => {
    const connected = params.get('connected');
    if (connected) {
      const a = data.accounts.find((x) => x.id === connected);
      if (a) setNotice(t('connect.done', { name: a.name }));
      navigate('/stores', { replace: true, preventScrollReset: true });
    }
    // Only on arrival from an OAuth platform.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refresh = async () => {
    const res = await apiFetch('/api/v1/accounts');
    if (!res.ok) return;
    const body = (await res.json()) as { data: StoreAccountView[] };
    setAccounts(body.data.filter((a) => a.type !== 'own'));
  };
  // While a store syncs, its progress is read every second.
  const syncing = accounts.some((a) => storeStatus(a) === 'syncing');
  useEffect(() => {
    if (!syncing && tick === 0) return;
    const timer = setInterval(() => void refresh(), 1000);
    return () => clearInterval(timer);
  }, [syncing, tick]);
  useEffect(() => {
    if (!syncing && tick > 0) setTick(0);
  }, [syncing, tick]);

  const upsert = (a: StoreAccountView) =>
    setAccounts((list) =>
      list.some((x) => x.id === a.id) ? list.map((x) => (x.id === a.id ? a : x)) : [...list, a],
    );

  const syncNow = async (a: StoreAccountView) => {
    setRefusals(({ [a.id]: _gone, ...rest }) => rest);
    const res = await apiFetch(`/api/v1/accounts/${a.id}/sync`, { method: 'POST' });
    if (!res.ok) {
      const refusal = await readRefusal(res);
      setRefusals((r) => ({ ...r, [a.id]: refusal }));
      return;
    }
    setTick((n) => n + 1);
    await refresh();
  };

  const disconnect = async () => {
    const a = disconnecting;
    if (!a) return;
    const res = await apiFetch(`/api/v1/accounts/${a.id}?listings=${keep}`, { method: 'DELETE' });
    setDisconnecting(null);
    if (!res.ok) {
      setPageRefusal(await readRefusal(res));
      return;
    }
    setNotice(t('disconnect.done', { name: a.name }));
    await refresh();
  };

  const platformOf = (type: string) => data.platforms.find((p) => p.type === type) ?? null;

  return (
    <AppFrame email={data.email} isStaff={data.isStaff}>
      <Page title={t('title')} subtitle={t('subtitle')}>
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              {notice ? (
                <Banner tone="success" onDismiss={() => setNotice(null)}>
                  <p role="status">{notice}</p>
                </Banner>
              ) : null}
              {pageRefusal ? <RefusalBanner refusal={pageRefusal} /> : null}
              <section aria-labelledby="cb-stores-heading">
                <BlockStack gap="300">
                  <div className="cb-stores-heading">
                    <Text as="h2" variant="headingMd" id="cb-stores-heading">
                      {t('yours')}
                    </Text>
                  </div>
                  {accounts.length === 0 ? (
                    <div className="cb-stores-empty">
                      <EmptyState heading={t('empty.heading')}>
                        {t('empty.body')} <Link to="/listings?import=1">{t('empty.csv')}</Link>
                      </EmptyState>
                    </div>
                  ) : (
                    accounts.map((a) => (
                      <StoreCard
                        key={a.id}
                        account={a}
                        platform={platformOf(a.type)}
                        syncIntervalMinutes={data.syncIntervalMinutes}
                        refusal={refusals[a.id] ?? null}
                        onSync={() => void syncNow(a)}
                        onDisconnect={() => {
                          setKeep('keep');
                          setDisconnecting(a);
                        }}
                        onReconnected={(next) => {
                          upsert(next);
                          setTick((n) => n + 1);
                        }}
                      />
                    ))
                  )}
                </BlockStack>
              </section>
              <ConnectPanel
                platforms={data.platforms}
                onConnected={(a) => {
                  upsert(a);
                  setNotice(t('connect.done', { name: a.name }));
                  setTick((n) => n + 1);
                }}
              />
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Page>
      {disconnecting ? (
        <Modal
          open
          onClose={() => setDisconnecting(null)}
          title={t('disconnect.title', { name: disconnecting.name })}
          primaryAction={{
            content: t('disconnect.confirm'),
            destructive: true,
            onAction: () => void disconnect(),
          }}
          secondaryActions={[{ content: t('disconnect.cancel'), onAction: () => setDisconnecting(null) }]}
        >
          <Modal.Section>
            <ChoiceList
              title={t('disconnect.body', { count: disconnecting.listing_count })}
              choices={[
                { label: t('disconnect.keep'), value: 'keep', helpText: t('disconnect.keepHelp') },
                { label: t('disconnect.remove'), value: 'remove', helpText: t('disconnect.removeHelp') },
              ]}
              selected={[keep]}
              onChange={(v) => setKeep(v[0] === 'remove' ? 'remove' : 'keep')}
            />
          </Modal.Section>
        </Modal>
      ) : null}
    </AppFrame>
  );
}
