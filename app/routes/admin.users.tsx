import {
  Badge,
  Button,
  ButtonGroup,
  Card,
  IndexTable,
  Page,
  Pagination,
  Text,
  TextField,
  Toast,
  Frame,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { PAGING } from '../../core/constants.ts';

export const meta: MetaFunction = () => [{ title: 'Users · Admin · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageRole } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { listUsers } = await import('../../server/billing/index.ts');
  await requirePageRole(request, []);
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const filter = url.searchParams.get('filter') ?? '';
  const result = await listUsers({
    db: getRuntime().db,
    page,
    limit: PAGING.adminListDefault,
    filter: filter || undefined,
  });
  return { ...result, page, filter };
}

export default function AdminUsersPage() {
  const { t } = useTranslation('app');
  const { data, total, page, filter } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(filter);
  const [toast, setToast] = useState<string | null>(null);
  const revalidator = useRevalidator();

  useEffect(() => {
    const id = setTimeout(() => {
      if (search !== (params.get('filter') ?? '')) setParams(search ? { filter: search } : {});
    }, 300);
    return () => clearTimeout(id);
  }, [search, params, setParams]);

  async function act(path: string, email: string) {
    const res = await fetch(`${path}${path.includes('?') ? '&' : '?'}email=${encodeURIComponent(email)}`, {
      headers: { Accept: 'application/json' },
    });
    const body = await res.json().catch(() => ({}));
    // The days left say what an extension did (SPEC §4: extend visibly extends).
    const days = (body as { subscription?: { days_left?: number } | null }).subscription?.days_left;
    setToast(
      res.ok
        ? days === undefined
          ? t('admin.users.done')
          : t('billing:admin.updated', { count: days })
        : (body.message ?? t('admin.users.failed')),
    );
    revalidator.revalidate();
  }

  const pages = Math.max(1, Math.ceil(total / PAGING.adminListDefault));
  return (
    <Frame>
      <Page title={t('admin.users.title')} subtitle={t('admin.users.count', { count: total })}>
        <Card padding="0">
          <div style={{ padding: 12 }}>
            <TextField
              label={t('admin.users.search')}
              labelHidden
              placeholder={t('admin.users.search')}
              value={search}
              onChange={setSearch}
              autoComplete="off"
              clearButton
              onClearButtonClick={() => setSearch('')}
            />
          </div>
          <IndexTable
            resourceName={{ singular: 'user', plural: 'users' }}
            itemCount={data.length}
            selectable={false}
            emptyState={<div style={{ padding: 24, textAlign: 'center' }}>{t('admin.users.empty')}</div>}
            headings={[
              { title: t('admin.users.email') },
              { title: t('admin.users.plan') },
              { title: t('admin.users.daysLeft') },
              { title: t('admin.users.catalogs') },
              { title: t('admin.users.created') },
              { title: t('admin.users.actions') },
            ]}
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
                <IndexTable.Cell>{u.catalogs}</IndexTable.Cell>
                <IndexTable.Cell>{new Date(u.createdAt).toLocaleDateString()}</IndexTable.Cell>
                <IndexTable.Cell>
                  {u.email ? (
                    <ButtonGroup>
                      {u.subscription?.is_trial !== false ? (
                        <Button
                          size="slim"
                          onClick={() => act('/api/v1/subscriptions/upgrade?upgrade=true', u.email!)}
                        >
                          {t('admin.users.upgrade')}
                        </Button>
                      ) : (
                        <Button
                          size="slim"
                          onClick={() => act('/api/v1/subscriptions/upgrade?upgrade=false', u.email!)}
                        >
                          {t('admin.users.downgrade')}
                        </Button>
                      )}
                      <Button size="slim" onClick={() => act('/api/v1/subscriptions/extend', u.email!)}>
                        {t('admin.users.extend')}
                      </Button>
                    </ButtonGroup>
                  ) : null}
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
          <div style={{ display: 'flex', justifyContent: 'center', padding: 12 }}>
            <Pagination
              hasPrevious={page > 1}
              hasNext={page < pages}
              label={t('admin.users.page', { page, pages })}
              onPrevious={() => setParams({ ...(filter ? { filter } : {}), page: String(page - 1) })}
              onNext={() => setParams({ ...(filter ? { filter } : {}), page: String(page + 1) })}
            />
          </div>
        </Card>
      </Page>
      {toast ? <Toast content={toast} onDismiss={() => setToast(null)} /> : null}
    </Frame>
  );
}
