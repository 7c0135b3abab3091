import { Badge, Banner, BlockStack, Button, Card, InlineStack, Link, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageFormat } from '../../../core/constants.ts';
import {
  preflightMessage,
  preflightWhere,
  type PreflightItem,
  type PreflightReport,
} from '../../../core/preflight/index.ts';
import { normalizeLanguage } from '../../../core/i18n/index.ts';
import { ProgressStatus } from '../progress-status.tsx';
import { useJob } from '../use-job.ts';

/** Where an item is in the editor: its page, and its cell (the editor selects it). */
export function editorHref(catalogId: string, item: PreflightItem): string {
  const q = new URLSearchParams();
  if (item.pageId) q.set('page', item.pageId);
  if (item.pageId && item.element !== null) q.set('cell', String(item.element));
  const query = q.toString();
  return `/designs/${encodeURIComponent(catalogId)}/edit${query ? `?${query}` : ''}`;
}

/** A preflight report: a count of errors and warnings, then one row per problem, linked to the editor. */
export function PreflightList({ catalogId, report }: { catalogId: string; report: PreflightReport }) {
  const { t, i18n } = useTranslation('preflight');
  const language = normalizeLanguage(i18n.language);
  if (report.items.length === 0)
    return (
      <Banner tone="success">
        <p>{t('ui.none')}</p>
      </Banner>
    );
  return (
    <BlockStack gap="200">
      <Text as="p" variant="headingSm">
        {t('ui.summary', {
          errors: t('ui.errors', { count: report.errors }),
          warnings: t('ui.warnings', { count: report.warnings }),
        })}
      </Text>
      <ul className="cb-preflight-list" aria-label={t('ui.listLabel')}>
        {report.items.map((item, i) => {
          const where = preflightWhere(item, language);
          return (
            <li key={i} className="cb-preflight-item">
              <Badge tone={item.severity === 'error' ? 'critical' : 'warning'}>
                {t(`ui.severity.${item.severity}`)}
              </Badge>
              {item.pageId ? (
                <Link url={editorHref(catalogId, item)} accessibilityLabel={t('ui.openInEditor', { where })}>
                  {where}
                </Link>
              ) : (
                <span>{where}</span>
              )}
              <span>{preflightMessage(item, language)}</span>
            </li>
          );
        })}
      </ul>
    </BlockStack>
  );
}

/** The print preview's 'Check for print' card (issue 28 item 4): runs the preflight and lists what it finds. */
export function PreflightPanel({
  catalogId,
  pages,
  format,
  fromExport,
}: {
  catalogId: string;
  pages: number;
  format: PageFormat;
  /** The preflight that came with the last export, shown until the merchant checks again. */
  fromExport: PreflightReport | null;
}) {
  const { t } = useTranslation('preflight');
  const { job, watch, stop } = useJob(pages);
  const [startError, setStartError] = useState(false);

  const check = async () => {
    stop();
    setStartError(false);
    try {
      const res = await fetch(
        `/api/v1/catalogs/${encodeURIComponent(catalogId)}/preflight?format=${format}`,
        {
          method: 'POST',
          headers: { Accept: 'application/json' },
        },
      );
      const body = (await res.json()) as { job_id?: string };
      if (!res.ok || !body.job_id) setStartError(true);
      else watch(body.job_id);
    } catch {
      setStartError(true);
    }
  };

  const report =
    job.kind === 'complete' ? (job.status.preflight ?? null) : job.kind === 'idle' ? fromExport : null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('ui.title')}
        </Text>
        <Text as="p" tone="subdued">
          {t('ui.intro')}
        </Text>
        <InlineStack>
          <Button onClick={check} loading={job.kind === 'running'}>
            {t('ui.check')}
          </Button>
        </InlineStack>
        {job.kind === 'running' ? (
          <ProgressStatus done={job.done} total={job.total}>
            {t('ui.checking', { done: job.done, total: job.total })}
          </ProgressStatus>
        ) : null}
        {startError || job.kind === 'failed' ? (
          <Banner tone="critical">
            <p>{t('ui.failed')}</p>
          </Banner>
        ) : null}
        {report ? (
          <BlockStack gap="200">
            {job.kind === 'idle' ? (
              <Text as="p" tone="subdued">
                {t('ui.afterExport')}
              </Text>
            ) : null}
            <PreflightList catalogId={catalogId} report={report} />
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
