import { Badge, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { StaffList } from '../components/staff/staff-list.tsx';
import { loadStaffList } from '../components/staff/staff-list.server.ts';

export const meta: MetaFunction = () => [{ title: 'Waiting list · Admin · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { listWaitingUsers } = await import('../../server/accounts/index.ts');
  return loadStaffList(request, [], listWaitingUsers);
}

/** SPEC §2.1 /admin/waitinglist: who asked to hear when their store platform is supported (POST waitingusers). */
export default function WaitingListPage() {
  const { t } = useTranslation('app');
  const list = useLoaderData<typeof loader>();
  const { data, total } = list;
  return (
    <Page fullWidth title={t('admin.waiting.title')} subtitle={t('admin.waiting.count', { count: total })}>
      <StaffList
        label={{ singular: t('admin.waiting.one'), plural: t('admin.waiting.many') }}
        columns={[
          { title: t('admin.users.email'), sort: 'email' },
          { title: t('admin.waiting.platform'), sort: 'platform' },
          { title: t('admin.waiting.since'), sort: 'created_at' },
          { title: t('admin.waiting.account') },
        ]}
        defaultSort="-created_at"
        list={list}
        rowCount={data.length}
        emptyText={t('admin.waiting.empty')}
        searchLabel={t('admin.waiting.search')}
      >
        {data.map((w, i) => (
          <IndexTable.Row id={w._id} key={w._id} position={i}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {w.email}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{w.platform || '—'}</IndexTable.Cell>
            <IndexTable.Cell>{new Date(w.created_at).toLocaleDateString()}</IndexTable.Cell>
            <IndexTable.Cell>
              {w.registered ? (
                <Badge tone="success">{t('admin.waiting.registered')}</Badge>
              ) : (
                <Badge>{t('admin.waiting.notRegistered')}</Badge>
              )}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </StaffList>
    </Page>
  );
}
