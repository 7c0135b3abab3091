import { Badge, Button, ButtonGroup, IndexTable, Modal, Page, Text } from '@shopify/polaris';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { StaffActionsText, StaffList, StaffNotice } from '../components/staff/staff-list.tsx';
import { loadStaffList } from '../components/staff/staff-list.server.ts';

export const meta: MetaFunction = () => [{ title: 'Users · Admin · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { listUsers } = await import('../../server/billing/index.ts');
  return loadStaffList(request, [], listUsers);
}

type Action = { kind: 'upgrade' | 'downgrade' | 'extend'; email: string };
const ACTION_PATHS: Record<Action['kind'], string> = {
  upgrade: '/api/v1/subscriptions/upgrade?upgrade=true',
  downgrade: '/api/v1/subscriptions/upgrade?upgrade=false',
  extend: '/api/v1/subscriptions/extend',
};

/** Seconds as staff read a session: "1 h 5 min", "3 min", "40 s". */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export default function AdminUsersPage() {
  const { t } = useTranslation('app');
  const list = useLoaderData<typeof loader>();
  const { data, total } = list;
  const [toast, setToast] = useState<{ text: string; error: boolean } | null>(null);
  const dismiss = useCallback(() => setToast(null), []);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function act(action: Action) {
    setBusy(true);
    const path = ACTION_PATHS[action.kind];
    const res = await fetch(
      `${path}${path.includes('?') ? '&' : '?'}email=${encodeURIComponent(action.email)}`,
      {
        headers: { Accept: 'application/json' },
      },
    ).catch(() => null);
    const body = res ? await res.json().catch(() => ({})) : {};
    // The days left say what an extension did (SPEC §4: extend visibly extends).
    const days = (body as { subscription?: { days_left?: number } | null }).subscription?.days_left;
    setToast(
      res?.ok
        ? {
            text: days === undefined ? t('admin.users.done') : t('billing:admin.updated', { count: days }),
            error: false,
          }
        : { text: (body as { message?: string }).message ?? t('admin.users.failed'), error: true },
    );
    setBusy(false);
    setAsking(null);
    revalidator.revalidate();
  }

  return (
    <>
      <Page
        fullWidth
        title={t('admin.users.title')}
        subtitle={t('admin.users.count', { count: total })}
        primaryAction={
          <Button url="/api/v1/download-users" download>
            {t('admin.users.download')}
          </Button>
        }
      >
        <StaffList
          label={{ singular: t('admin.users.one'), plural: t('admin.users.many') }}
          columns={[
            { title: t('admin.users.email'), sort: 'email' },
            { title: t('admin.users.plan') },
            { title: t('admin.users.daysLeft') },
            { title: t('admin.users.stores'), sort: 'platform' },
            { title: t('admin.users.catalogs') },
            { title: t('admin.users.sessions') },
            { title: t('admin.users.created'), sort: 'created_at' },
            { title: t('admin.users.lastLogin'), sort: 'last_login_at' },
            { title: t('admin.users.staffActions') },
            { title: t('admin.users.actions') },
          ]}
          defaultSort="-created_at"
          list={list}
          rowCount={data.length}
          emptyText={t('admin.users.empty')}
          searchLabel={t('admin.users.search')}
        >
          {data.map((u, i) => (
            <IndexTable.Row id={u._id} key={u._id} position={i}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {u.email ?? '—'}
                </Text>{' '}
                {u.roles.map((r) => (
                  <Badge key={r}>{r}</Badge>
                ))}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {u.subscription ? (
                  <Badge tone={u.subscription.is_trial ? 'attention' : 'success'}>
                    {u.subscription.title}
                  </Badge>
                ) : (
                  '—'
                )}
              </IndexTable.Cell>
              <IndexTable.Cell>{u.subscription ? u.subscription.days_left : 0}</IndexTable.Cell>
              <IndexTable.Cell>
                {u.stores.length === 0
                  ? '—'
                  : u.stores.map((s) => (
                      <div key={s._id}>
                        {s.type}
                        {s.shop ? ` (${s.shop})` : ''}:{' '}
                        <Badge
                          tone={
                            s.connectionStatus === 'connected'
                              ? 'success'
                              : s.connectionStatus === 'unknown'
                                ? undefined
                                : 'critical'
                          }
                        >
                          {t(`admin.users.connection.${s.connectionStatus}`, {
                            defaultValue: s.connectionStatus,
                          })}
                        </Badge>
                      </div>
                    ))}
              </IndexTable.Cell>
              <IndexTable.Cell>{u.catalogs}</IndexTable.Cell>
              <IndexTable.Cell>
                {u.sessions.count === 0
                  ? '—'
                  : t('admin.users.sessionStats', {
                      count: u.sessions.count,
                      min: duration(u.sessions.min),
                      max: duration(u.sessions.max),
                      total: duration(u.sessions.total),
                    })}
              </IndexTable.Cell>
              <IndexTable.Cell>{new Date(u.createdAt).toLocaleDateString()}</IndexTable.Cell>
              <IndexTable.Cell>
                {u.lastLoginAt ? new Date(u.lastLoginAt).toLocaleDateString() : '—'}
              </IndexTable.Cell>
              <IndexTable.Cell>
                <StaffActionsText actions={u.staffActions} />
              </IndexTable.Cell>
              <IndexTable.Cell>
                {u.email ? (
                  <ButtonGroup>
                    {u.subscription?.is_trial !== false ? (
                      <Button size="slim" onClick={() => setAsking({ kind: 'upgrade', email: u.email! })}>
                        {t('admin.users.upgrade')}
                      </Button>
                    ) : (
                      <Button size="slim" onClick={() => setAsking({ kind: 'downgrade', email: u.email! })}>
                        {t('admin.users.downgrade')}
                      </Button>
                    )}
                    <Button size="slim" onClick={() => setAsking({ kind: 'extend', email: u.email! })}>
                      {t('admin.users.extend')}
                    </Button>
                  </ButtonGroup>
                ) : null}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </StaffList>
      </Page>
      <Modal
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`admin.users.confirm.${asking.kind}`, { email: asking.email }) : ''}
        primaryAction={{
          content: asking ? t(`admin.users.${asking.kind}`) : '',
          loading: busy,
          onAction: () => (asking ? act(asking) : undefined),
        }}
        secondaryActions={[{ content: t('admin.cancel'), onAction: () => setAsking(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('admin.users.confirm.body')}</Text>
        </Modal.Section>
      </Modal>
      <StaffNotice notice={toast} onDismiss={dismiss} />
    </>
  );
}
