import { Badge, Button, ButtonGroup, IndexTable, Modal, Page, Text } from '@shopify/polaris';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { PAGING } from '../../../core/constants.ts';
import { deleteTemplate, type TemplateRecord } from '../templates/api.ts';
import { TemplateModal, type TemplateDraftMode } from '../templates/template-modal.tsx';
import { TemplatePreview, type TemplateKind } from '../templates/template-preview.tsx';
import { StaffActionsText, StaffList, StaffNotice } from './staff-list.tsx';

export type LibraryRow = TemplateRecord & {
  staffActions: { action: string; by: string | null; at: string }[];
};

/**
 * SPEC §2.1 /admin/prices and /admin/descriptions: the product's library of price (caption) or description
 * templates, which merchants find in the editor's gallery. A data table (search, paging of 10, sortable title,
 * order and date) with each template drawn on the sample product by core/render; staff add, edit (title, text,
 * public, order) and delete after a confirmation, and each change is listed on its row.
 */
export function TemplateLibraryScreen({
  kind,
  data,
  total,
  page,
  filter,
  sort,
}: {
  kind: TemplateKind;
  data: LibraryRow[];
  total: number;
  page: number;
  filter: string;
  sort: string | undefined;
}) {
  const { t } = useTranslation('templates');
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  const [editing, setEditing] = useState<{ mode: TemplateDraftMode; row: TemplateRecord | null } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<TemplateRecord | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(row: TemplateRecord) {
    setBusy(true);
    const result = await deleteTemplate(kind, row._id);
    setBusy(false);
    setDeleting(null);
    setNotice(
      'error' in result
        ? { text: t('admin.failed', { message: result.error }), error: true }
        : { text: t('admin.deleted'), error: false },
    );
    revalidator.revalidate();
  }

  return (
    <>
      <Page
        fullWidth
        title={kind === 'price' ? t('admin.titlePrice') : t('admin.titleDescription')}
        subtitle={t('admin.count', { count: total })}
        primaryAction={
          <Button variant="primary" onClick={() => setEditing({ mode: 'new', row: null })}>
            {t('admin.new')}
          </Button>
        }
      >
        <StaffList
          label={{ singular: t('admin.one'), plural: t('admin.many') }}
          columns={[
            { title: t('admin.preview') },
            { title: t('admin.name'), sort: 'title' },
            { title: t('admin.ordering'), sort: 'ordering' },
            { title: t('admin.visibility') },
            { title: t('admin.updated'), sort: 'updated_at' },
            { title: t('admin.staffActions') },
            { title: t('admin.actions') },
          ]}
          list={{ total, page, limit: PAGING.adminListDefault, filter, sort }}
          defaultSort="ordering"
          rowCount={data.length}
          emptyText={t('admin.empty')}
          searchLabel={t('admin.search')}
        >
          {data.map((row, i) => (
            <IndexTable.Row id={row._id} key={row._id} position={i}>
              <IndexTable.Cell>
                <TemplatePreview kind={kind} html={row.html} id={row._id} width={150} height={170} />
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {row.title}
                </Text>
                <div className="cb-template-code">{row.html}</div>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.ordering}</IndexTable.Cell>
              <IndexTable.Cell>
                {row.public ? (
                  <Badge tone="success">{t('admin.public')}</Badge>
                ) : (
                  <Badge>{t('admin.private')}</Badge>
                )}
              </IndexTable.Cell>
              <IndexTable.Cell>{new Date(row.updated_at).toLocaleDateString()}</IndexTable.Cell>
              <IndexTable.Cell>
                <StaffActionsText actions={row.staffActions} />
              </IndexTable.Cell>
              <IndexTable.Cell>
                <ButtonGroup>
                  <Button
                    size="slim"
                    accessibilityLabel={`${t('admin.edit')} ${row.title}`}
                    onClick={() => setEditing({ mode: 'edit', row })}
                  >
                    {t('admin.edit')}
                  </Button>
                  <Button
                    size="slim"
                    tone="critical"
                    accessibilityLabel={`${t('admin.delete')} ${row.title}`}
                    onClick={() => setDeleting(row)}
                  >
                    {t('admin.delete')}
                  </Button>
                </ButtonGroup>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </StaffList>
      </Page>
      <TemplateModal
        open={editing !== null}
        kind={kind}
        mode={editing?.mode ?? 'new'}
        initial={editing?.row ?? null}
        staff
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setNotice({ text: t('admin.saved'), error: false });
          revalidator.revalidate();
        }}
      />
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('admin.deleteTitle', { title: deleting?.title ?? '' })}
        primaryAction={{
          content: t('admin.delete'),
          destructive: true,
          loading: busy,
          onAction: () => (deleting ? void remove(deleting) : undefined),
        }}
        secondaryActions={[{ content: t('form.cancel'), onAction: () => setDeleting(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('admin.deleteBody')}</Text>
        </Modal.Section>
      </Modal>
      <StaffNotice notice={notice} onDismiss={dismiss} />
    </>
  );
}
