import { Button, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { StaffList } from '../components/staff/staff-list.tsx';
import { loadStaffList } from '../components/staff/staff-list.server.ts';

export const meta: MetaFunction = () => [{ title: 'Unregistered users · Admin · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { listUnregisteredUsers } = await import('../../server/accounts/index.ts');
  return loadStaffList(request, [], listUnregisteredUsers);
}

/** SPEC §2.1 /admin/unregistereduser: addresses left on marketing pages (POST v2/users/leads) with no account. */
export default function UnregisteredUsersPage() {
  const { t } = useTranslation('app');
  const list = useLoaderData<typeof loader>();
  const { data, total } = list;
  return (
    <Page
      fullWidth
      title={t('admin.unregistered.title')}
      subtitle={t('admin.unregistered.count', { count: total })}
      primaryAction={
        <Button url="/api/v1/download-unregistered-users" download>
          {t('admin.users.download')}
        </Button>
      }
    >
      <StaffList
        label={{ singular: t('admin.unregistered.one'), plural: t('admin.unregistered.many') }}
        columns={[
          { title: t('admin.users.email'), sort: 'email' },
          { title: t('admin.unregistered.segment'), sort: 'segment_id' },
          { title: t('admin.waiting.since'), sort: 'created_at' },
        ]}
        defaultSort="-created_at"
        list={list}
        rowCount={data.length}
        emptyText={t('admin.unregistered.empty')}
        searchLabel={t('admin.waiting.search')}
      >
        {data.map((l, i) => (
          <IndexTable.Row id={l._id} key={l._id} position={i}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {l.email}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{l.segment_id || '—'}</IndexTable.Cell>
            <IndexTable.Cell>{new Date(l.created_at).toLocaleDateString()}</IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </StaffList>
    </Page>
  );
}
