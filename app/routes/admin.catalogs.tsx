import { Button, ButtonGroup, IndexTable, Page } from '@shopify/polaris';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useRevalidator,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { CatalogCells, catalogColumns } from '../components/staff/catalog-cells.tsx';
import catalogStyles from '../styles/catalogs.css?url';
import { StaffActionsText, StaffList, StaffNotice } from '../components/staff/staff-list.tsx';
import { loadStaffList } from '../components/staff/staff-list.server.ts';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: MetaFunction = () => [{ title: 'Catalogs · Admin · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { listAllCatalogs } = await import('../../server/catalogs/index.ts');
  return loadStaffList(request, [], listAllCatalogs);
}

/**
 * SPEC §2.1 /admin/catalogs: every merchant's catalog with its front cover, its link in the viewer, and what staff
 * do to it: feature it on the showcase (SPEC §4) and add it to or remove it from the templates.
 */
export default function AdminCatalogsPage() {
  const { t } = useTranslation('app');
  const list = useLoaderData<typeof loader>();
  const { data, total } = list;
  const [toast, setToast] = useState<{ text: string; error: boolean } | null>(null);
  const dismiss = useCallback(() => setToast(null), []);
  const [busy, setBusy] = useState<string | null>(null);
  const revalidator = useRevalidator();

  async function call(id: string, method: string, path: string, body?: unknown) {
    setBusy(id);
    const res = await fetch(path, {
      method,
      headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).catch(() => null);
    const answer = res ? ((await res.json().catch(() => ({}))) as { message?: string }) : {};
    setToast(
      res?.ok
        ? { text: t('admin.catalogs.done'), error: false }
        : { text: answer.message ?? t('admin.catalogs.failed'), error: true },
    );
    setBusy(null);
    revalidator.revalidate();
  }

  return (
    <>
      <Page
        fullWidth
        title={t('admin.catalogs.staffTitle')}
        subtitle={t('admin.catalogs.count', { count: total })}
      >
        <StaffList
          label={{ singular: t('admin.catalogs.one'), plural: t('admin.catalogs.many') }}
          columns={[
            ...catalogColumns(t),
            { title: t('admin.users.staffActions') },
            { title: t('admin.catalogs.actions') },
          ]}
          defaultSort="-updated_at"
          list={list}
          rowCount={data.length}
          emptyText={t('admin.catalogs.empty')}
          searchLabel={t('admin.catalogs.search')}
        >
          {data.map((c, i) => (
            <IndexTable.Row id={c._id} key={c._id} position={i}>
              <CatalogCells catalog={c} />
              <IndexTable.Cell>
                <StaffActionsText actions={c.staffActions} />
              </IndexTable.Cell>
              <IndexTable.Cell>
                <ButtonGroup>
                  <Button
                    size="slim"
                    disabled={busy === c._id}
                    accessibilityLabel={t(
                      c.featured ? 'admin.catalogs.unfeatureOf' : 'admin.catalogs.featureOf',
                      {
                        title: c.title,
                      },
                    )}
                    onClick={() => call(c._id, 'PUT', `/api/v1/catalogs/${c._id}`, { featured: !c.featured })}
                  >
                    {t(c.featured ? 'admin.catalogs.unfeature' : 'admin.catalogs.feature')}
                  </Button>
                  <Button
                    size="slim"
                    disabled={busy === c._id}
                    accessibilityLabel={t(
                      c.is_template ? 'admin.catalogs.removeTemplateOf' : 'admin.catalogs.addTemplateOf',
                      { title: c.title },
                    )}
                    onClick={() =>
                      call(c._id, c.is_template ? 'DELETE' : 'POST', `/api/v1/catalogs/templates/${c._id}`)
                    }
                  >
                    {t(c.is_template ? 'admin.catalogs.removeTemplate' : 'admin.catalogs.addTemplate')}
                  </Button>
                </ButtonGroup>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </StaffList>
      </Page>
      <StaffNotice notice={toast} onDismiss={dismiss} />
    </>
  );
}
