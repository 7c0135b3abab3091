import { Badge, Button, ButtonGroup, IndexTable, Page, Text } from '@shopify/polaris';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { StaffList, StaffNotice } from '../components/staff/staff-list.tsx';
import { loadStaffList } from '../components/staff/staff-list.server.ts';

export const meta: MetaFunction = () => [{ title: 'Testimonials · Admin · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { listTestimonials } = await import('../../server/accounts/index.ts');
  return loadStaffList(request, [], listTestimonials);
}

const TONES = { pending: 'attention', approved: 'success', rejected: undefined } as const;

/**
 * /admin/testimonials (issue 27): what merchants wrote from their dashboard; staff approve one to show it on
 * /testimonials in its language, or reject it.
 */
export default function TestimonialsAdminPage() {
  const { t } = useTranslation('app');
  const list = useLoaderData<typeof loader>();
  const { data, total } = list;
  const [toast, setToast] = useState<{ text: string; error: boolean } | null>(null);
  const dismiss = useCallback(() => setToast(null), []);
  const [busy, setBusy] = useState<string | null>(null);
  const revalidator = useRevalidator();

  async function review(id: string, status: 'approved' | 'rejected') {
    setBusy(id);
    const res = await fetch(`/api/v1/testimonials/${id}/review`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ status }),
    }).catch(() => null);
    const answer = res ? ((await res.json().catch(() => ({}))) as { message?: string }) : {};
    setToast(
      res?.ok
        ? { text: t('admin.testimonials.done'), error: false }
        : { text: answer.message ?? t('admin.testimonials.failed'), error: true },
    );
    setBusy(null);
    revalidator.revalidate();
  }

  return (
    <>
      <Page
        fullWidth
        title={t('admin.testimonials.title')}
        subtitle={t('admin.testimonials.count', { count: total })}
      >
        <StaffList
          label={{ singular: t('admin.testimonials.one'), plural: t('admin.testimonials.many') }}
          columns={[
            { title: t('admin.testimonials.text') },
            { title: t('admin.testimonials.author'), sort: 'name' },
            { title: t('admin.testimonials.language'), sort: 'language' },
            { title: t('admin.testimonials.status'), sort: 'status' },
            { title: t('admin.testimonials.since'), sort: 'created_at' },
            { title: t('admin.testimonials.actions') },
          ]}
          defaultSort="-created_at"
          list={list}
          rowCount={data.length}
          emptyText={t('admin.testimonials.empty')}
          searchLabel={t('admin.testimonials.search')}
        >
          {data.map((q, i) => (
            <IndexTable.Row id={q._id} key={q._id} position={i}>
              <IndexTable.Cell>
                <div className="cb-staff-testimonial">{q.text}</div>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {q.name}
                </Text>
                {q.business ? <Text as="p">{q.business}</Text> : null}
                <Text as="p" tone="subdued">
                  {q.email}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{t(`admin.testimonials.languages.${q.language}`)}</IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={TONES[q.status]}>{t(`admin.testimonials.statuses.${q.status}`)}</Badge>
              </IndexTable.Cell>
              <IndexTable.Cell>{new Date(q.created_at).toLocaleDateString()}</IndexTable.Cell>
              <IndexTable.Cell>
                <ButtonGroup>
                  {q.status !== 'approved' ? (
                    <Button
                      size="slim"
                      disabled={busy === q._id}
                      accessibilityLabel={t('admin.testimonials.approveOf', { name: q.name })}
                      onClick={() => void review(q._id, 'approved')}
                    >
                      {t('admin.testimonials.approve')}
                    </Button>
                  ) : null}
                  {q.status !== 'rejected' ? (
                    <Button
                      size="slim"
                      disabled={busy === q._id}
                      accessibilityLabel={t('admin.testimonials.rejectOf', { name: q.name })}
                      onClick={() => void review(q._id, 'rejected')}
                    >
                      {t('admin.testimonials.reject')}
                    </Button>
                  ) : null}
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
