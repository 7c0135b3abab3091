import { Banner, BlockStack, Button, Card, InlineStack, Layout, Page, Select } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { GatedControl } from '../components/gated-control.tsx';
import { PAGE_FORMAT_NAMES, type PageFormat } from '../../core/constants.ts';
import { AppFrame } from '../components/app-frame.tsx';
import { onlineUrl } from '../components/catalogs/links.ts';
import { PreviewPages } from '../components/catalogs/preview-pages.tsx';
import { PreflightPanel } from '../components/catalogs/preflight-panel.tsx';
import { PrintSettingsCard } from '../components/catalogs/print-settings.tsx';
import { ProgressStatus } from '../components/progress-status.tsx';
import { useJob } from '../components/use-job.ts';
import catalogStyles from '../styles/catalogs.css?url';

export const meta: MetaFunction = () => [{ title: 'Print preview · Catalog Builder' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { requireEntitledPageUser } = await import('../../server/billing/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { accessibleCatalog } = await import('../../server/catalogs/index.ts');
  const { hasRole } = await import('../../server/accounts/index.ts');
  const { UserSettingsSchema } = await import('../../core/model/index.ts');
  const { user, entitlements, gates } = await requireEntitledPageUser(request);
  const { db } = getRuntime();
  let loaded;
  try {
    // The owner's catalog, or any catalog for staff (SPEC §4 admin downloads); others get a 404.
    loaded = await accessibleCatalog(db, user, params.catalogId ?? '');
  } catch {
    throw new Response('Not found', { status: 404 });
  }
  const { catalog, row } = loaded;
  const settings = UserSettingsSchema.safeParse(user.settings ?? {});
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    catalog: {
      id: catalog._id,
      slug: row.slug,
      title: catalog.title,
      pages: catalog.pages.length,
      pdfUrl: row.pdfUrl,
    },
    // The pages themselves, drawn in the browser by core/render as the PDF prints them.
    document: catalog,
    defaultFormat: (catalog.settings.page_format ??
      (settings.success ? settings.data.page_format : 'A4')) as PageFormat,
    isTrial: entitlements.isTrial,
    gates: { download: gates.download, print: gates.print },
  };
}

/** The print preview (SPEC §2.5 /preview/{catalogId}): choose a page size, generate the PDF, download it. */
export default function PreviewPage() {
  const { t } = useTranslation('catalogs');
  const data = useLoaderData<typeof loader>();
  const { catalog } = data;
  const [format, setFormat] = useState<PageFormat>(data.defaultFormat);
  const [quality, setQuality] = useState<'print' | 'screen'>('print');
  // Screen (RGB) stays the default: the flipbook's download; Print is CMYK PDF/X with bleed and marks (issue 28).
  const [output, setOutput] = useState<'rgb' | 'pdfx'>('rgb');
  const { job, watch, stop } = useJob(catalog.pages);
  const [startError, setStartError] = useState<string | null>(null);
  const base = `/api/v1/catalogs/${encodeURIComponent(catalog.id)}`;
  const [lastOutput, setLastOutput] = useState<'rgb' | 'pdfx'>('rgb');
  const suffix = (o: 'rgb' | 'pdfx') => (o === 'pdfx' ? '?output=pdfx' : '');
  const downloadHref = `${base}/download${suffix(lastOutput)}`;
  const printHref = `${base}/print${suffix(lastOutput)}`;

  const generate = async () => {
    stop();
    setStartError(null);
    try {
      const res = await fetch(`${base}/generate?format=${format}&quality=${quality}&output=${output}`, {
        headers: { Accept: 'application/json' },
      });
      const body = (await res.json()) as { job_id?: string; message?: string };
      if (!res.ok || !body.job_id) {
        setStartError(body.message ?? t('preview.failed'));
        return;
      }
      setLastOutput(output);
      watch(body.job_id);
    } catch {
      setStartError(t('preview.failed'));
    }
  };

  const formatOptions = PAGE_FORMAT_NAMES.map((f) => ({ label: t(`preview.formats.${f}`), value: f }));

  return (
    <AppFrame email={data.email} isStaff={data.isStaff}>
      <Page
        title={t('preview.title')}
        subtitle={catalog.title}
        backAction={{ content: t('preview.back'), url: '/catalogs' }}
        secondaryActions={[
          { content: t('list.online'), url: onlineUrl({ _id: catalog.id, slug: catalog.slug }) },
        ]}
      >
        <Layout>
          <Layout.Section>
            {data.isTrial ? (
              <TrialCard format={format} onFormat={setFormat} />
            ) : (
              <Card>
                <BlockStack gap="400">
                  <InlineStack gap="400" wrap>
                    <Select
                      label={t('preview.pageSize')}
                      options={formatOptions}
                      value={format}
                      onChange={(v) => setFormat(v as PageFormat)}
                      disabled={job.kind === 'running'}
                    />
                    <Select
                      label={t('preview.quality')}
                      options={[
                        { label: t('preview.qualities.print'), value: 'print' },
                        { label: t('preview.qualities.screen'), value: 'screen' },
                      ]}
                      value={quality}
                      onChange={(v) => setQuality(v as 'print' | 'screen')}
                      disabled={job.kind === 'running'}
                    />
                    <Select
                      label={t('preview.output')}
                      options={[
                        { label: t('preview.outputs.rgb'), value: 'rgb' },
                        { label: t('preview.outputs.pdfx'), value: 'pdfx' },
                      ]}
                      value={output}
                      onChange={(v) => setOutput(v as 'rgb' | 'pdfx')}
                      disabled={job.kind === 'running'}
                    />
                  </InlineStack>
                  <InlineStack gap="300">
                    <Button variant="primary" onClick={generate} loading={job.kind === 'running'}>
                      {t('preview.generate')}
                    </Button>
                    {catalog.pdfUrl && job.kind === 'idle' ? (
                      <>
                        <GatedControl gate={data.gates.download}>
                          <Button url={downloadHref} download>
                            {t('preview.lastPdf')}
                          </Button>
                        </GatedControl>
                        <GatedControl gate={data.gates.print}>
                          <Button url={printHref} target="_blank">
                            {t('preview.print')}
                          </Button>
                        </GatedControl>
                      </>
                    ) : null}
                  </InlineStack>
                  {startError ? (
                    <Banner tone="critical">
                      <p>{startError}</p>
                    </Banner>
                  ) : null}
                  {job.kind === 'running' ? (
                    <Banner tone="info" action={{ content: t('preview.cancel'), onAction: stop }}>
                      <BlockStack gap="200">
                        <p>{t('preview.soonReady')}</p>
                        <ProgressStatus done={job.done} total={job.total}>
                          {t('preview.progress', { done: job.done, total: job.total })}
                        </ProgressStatus>
                      </BlockStack>
                    </Banner>
                  ) : null}
                  {job.kind === 'complete' ? (
                    <Banner tone="success" title={t('preview.ready')}>
                      <InlineStack gap="400">
                        <a href={downloadHref} download>
                          {t('preview.download')}
                        </a>
                        <a href={printHref} target="_blank" rel="noopener">
                          {t('preview.print')}
                        </a>
                      </InlineStack>
                    </Banner>
                  ) : null}
                  {job.kind === 'failed' ? (
                    <Banner tone="critical">
                      <p>{(job.kind === 'failed' && job.message) || t('preview.failed')}</p>
                    </Banner>
                  ) : null}
                </BlockStack>
              </Card>
            )}
          </Layout.Section>
          {!data.isTrial && output === 'pdfx' ? (
            <Layout.Section>
              <PrintSettingsCard catalogId={catalog.id} initial={data.document.settings.print} />
            </Layout.Section>
          ) : null}
          <Layout.Section>
            <PreflightPanel
              catalogId={catalog.id}
              pages={catalog.pages}
              format={format}
              fromExport={job.kind === 'complete' ? (job.status.preflight ?? null) : null}
            />
          </Layout.Section>
          <Layout.Section>
            <PreviewPages catalog={data.document} format={format} watermark={data.isTrial} />
          </Layout.Section>
        </Layout>
      </Page>
    </AppFrame>
  );
}

/**
 * What a trial account can do here: see every page as it prints, in each page size, and one way on. The PDF itself
 * (watermarked, neither downloadable nor printable on a trial, SPEC §6) is not offered: generating it would only
 * lead to a refusal.
 */
function TrialCard({ format, onFormat }: { format: PageFormat; onFormat: (f: PageFormat) => void }) {
  const { t } = useTranslation('catalogs');
  return (
    <Card>
      <BlockStack gap="400">
        <Banner
          tone="info"
          title={t('preview.trialTitle')}
          action={{ content: t('preview.trialAction'), url: '/subscribe' }}
        >
          <p>{t('preview.trialNote')}</p>
        </Banner>
        <InlineStack>
          <Select
            label={t('preview.pageSize')}
            options={PAGE_FORMAT_NAMES.map((f) => ({ label: t(`preview.formats.${f}`), value: f }))}
            value={format}
            onChange={(v) => onFormat(v as PageFormat)}
          />
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
