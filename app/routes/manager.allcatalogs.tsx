import { Card, IndexTable, Page, Pagination, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PAGING } from '../../core/constants.ts';

export const meta: MetaFunction = () => [{ title: 'All catalogs · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageRole } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { listAllCatalogs } = await import('../../server/catalogs/index.ts');
  await requirePageRole(request, ['manager']);
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const filter = url.searchParams.get('filter') ?? '';
  const result = await listAllCatalogs({
    db: getRuntime().db,
    page,
    limit: PAGING.adminListDefault,
    filter: filter || undefined,
  });
  return { ...result, page, filter };
}

export default function AllCatalogsPage() {
  const { t } = useTranslation('app');
  const { data, total, page, filter } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(filter);
  useEffect(() => {
    const id = setTimeout(() => {
      if (search !== (params.get('filter') ?? '')) setParams(search ? { filter: search } : {});
    }, 300);
    return () => clearTimeout(id);
  }, [search, params, setParams]);
  const pages = Math.max(1, Math.ceil(total / PAGING.adminListDefault));
  return (
    <Page title={t('admin.catalogs.title')} subtitle={t('admin.catalogs.count', { count: total })}>
      <Card padding="0">
        <div style={{ padding: 12 }}>
          <TextField
            label={t('admin.catalogs.search')}
            labelHidden
            placeholder={t('admin.catalogs.search')}
            value={search}
            onChange={setSearch}
            autoComplete="off"
          />
        </div>
        <IndexTable
          resourceName={{ singular: 'catalog', plural: 'catalogs' }}
          itemCount={data.length}
          selectable={false}
          emptyState={<div style={{ padding: 24, textAlign: 'center' }}>{t('admin.catalogs.empty')}</div>}
          headings={[
            { title: t('admin.catalogs.name') },
            { title: t('admin.catalogs.owner') },
            { title: t('admin.catalogs.pages') },
            { title: t('admin.catalogs.updated') },
          ]}
        >
          {data.map((c, i) => (
            <IndexTable.Row id={c._id} key={c._id} position={i}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {c.title}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{c.user.email}</IndexTable.Cell>
              <IndexTable.Cell>{c.pageCount}</IndexTable.Cell>
              <IndexTable.Cell>{new Date(c.updated_at).toLocaleDateString()}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
        <div style={{ display: 'flex', justifyContent: 'center', padding: 12 }}>
          <Pagination
            hasPrevious={page > 1}
            hasNext={page < pages}
            label={t('admin.users.page', { page, pages })}
            onPrevious={() => setParams({ page: String(page - 1) })}
            onNext={() => setParams({ page: String(page + 1) })}
          />
        </div>
      </Card>
    </Page>
  );
}
