import { IndexTable, Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { CatalogCells, catalogColumns } from '../components/staff/catalog-cells.tsx';
import { StaffList } from '../components/staff/staff-list.tsx';
import { loadStaffList } from '../components/staff/staff-list.server.ts';
import catalogStyles from '../styles/catalogs.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: MetaFunction = () => [{ title: 'All catalogs · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { listAllCatalogs } = await import('../../server/catalogs/index.ts');
  return loadStaffList(request, ['manager'], listAllCatalogs);
}

/** SPEC §2.1 /manager/allcatalogs: every merchant's catalog with its cover, for managers and admins to read. */
export default function AllCatalogsPage() {
  const { t } = useTranslation('app');
  const list = useLoaderData<typeof loader>();
  const { data, total } = list;
  return (
    <Page fullWidth title={t('admin.catalogs.title')} subtitle={t('admin.catalogs.count', { count: total })}>
      <StaffList
        label={{ singular: t('admin.catalogs.one'), plural: t('admin.catalogs.many') }}
        columns={catalogColumns(t)}
        defaultSort="-updated_at"
        list={list}
        rowCount={data.length}
        emptyText={t('admin.catalogs.empty')}
        searchLabel={t('admin.catalogs.search')}
      >
        {data.map((c, i) => (
          <IndexTable.Row id={c._id} key={c._id} position={i}>
            <CatalogCells catalog={c} />
          </IndexTable.Row>
        ))}
      </StaffList>
    </Page>
  );
}
