import { Badge, IndexTable, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PAGING } from '../../core/constants.ts';
import { CoverImage } from '../components/catalogs/catalog-card.tsx';
import { readListQuery, StaffList } from '../components/staff/staff-list.tsx';
import catalogStyles from '../styles/catalogs.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: MetaFunction = () => [{ title: 'All catalogs · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageRole } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { listAllCatalogs } = await import('../../server/catalogs/index.ts');
  await requirePageRole(request, ['manager']);
  const { page, filter, sort } = readListQuery(request);
  const result = await listAllCatalogs({
    db: getRuntime().db,
    page,
    limit: PAGING.adminListDefault,
    filter: filter || undefined,
    sort,
  });
  return { ...result, page, filter, sort };
}

/** SPEC §2.1 /manager/allcatalogs: every merchant's catalog with its cover, for managers and admins to read. */
export default function AllCatalogsPage() {
  const { t } = useTranslation('app');
  const { data, total, page, filter, sort } = useLoaderData<typeof loader>();
  return (
    <Page fullWidth title={t('admin.catalogs.title')} subtitle={t('admin.catalogs.count', { count: total })}>
      <StaffList
        label={{ singular: t('admin.catalogs.one'), plural: t('admin.catalogs.many') }}
        columns={[
          { title: t('admin.catalogs.cover') },
          { title: t('admin.catalogs.name'), sort: 'title' },
          { title: t('admin.catalogs.owner'), sort: 'owner' },
          { title: t('admin.catalogs.pages'), sort: 'page_count' },
          { title: t('admin.catalogs.products'), sort: 'product_count' },
          { title: t('admin.catalogs.updated'), sort: 'updated_at' },
          { title: t('admin.catalogs.flags') },
        ]}
        sort={sort}
        defaultSort="-updated_at"
        total={total}
        page={page}
        limit={PAGING.adminListDefault}
        filter={filter}
        rowCount={data.length}
        emptyText={t('admin.catalogs.empty')}
        searchLabel={t('admin.catalogs.search')}
      >
        {data.map((c, i) => (
          <IndexTable.Row id={c._id} key={c._id} position={i}>
            <IndexTable.Cell>
              <div className="cb-staff-cover">
                <CoverImage cover={c.cover} height={96} />
              </div>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <a href={c.view_url} className="cb-staff-link">
                <Text as="span" fontWeight="semibold">
                  {c.title}
                </Text>
              </a>
            </IndexTable.Cell>
            <IndexTable.Cell>{c.user.email ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>{c.pageCount}</IndexTable.Cell>
            <IndexTable.Cell>{c.productCount}</IndexTable.Cell>
            <IndexTable.Cell>{new Date(c.updated_at).toLocaleDateString()}</IndexTable.Cell>
            <IndexTable.Cell>
              {c.featured ? <Badge tone="success">{t('admin.catalogs.featured')}</Badge> : null}{' '}
              {c.is_template ? <Badge tone="info">{t('admin.catalogs.template')}</Badge> : null}{' '}
              {c.published ? null : <Badge>{t('admin.catalogs.draft')}</Badge>}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </StaffList>
    </Page>
  );
}
