import { Banner, BlockStack, Checkbox, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYNC_KINDS, type SyncKind } from '../../core/commands/index.ts';
import { ProgressStatus } from './progress-status.tsx';
import { useJob } from './use-job.ts';

/**
 * SPEC §4 'Synchronize': refresh a catalog's products (images, prices, information) from the listings and
 * stores they came from. The job walks the products one at a time; the modal shows index over total.
 */
export function CatalogSynchronizeModal({
  catalog,
  onClose,
}: {
  catalog: { _id: string; title: string; productCount: number };
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogs');
  const [kinds, setKinds] = useState<Set<SyncKind>>(new Set(SYNC_KINDS));
  const [error, setError] = useState<string | null>(null);
  const { job, watch, stop } = useJob(catalog.productCount);

  const start = async () => {
    setError(null);
    if (kinds.size === 0) return setError(t('synchronize.pickOne'));
    try {
      const res = await fetch(`/api/v1/catalogs/${encodeURIComponent(catalog._id)}/synchronize`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ kinds: [...kinds] }),
      });
      const body = (await res.json()) as { job_id?: string; message?: string };
      if (!res.ok || !body.job_id) return setError(body.message ?? t('synchronize.failed'));
      watch(body.job_id);
    } catch {
      setError(t('synchronize.failed'));
    }
  };

  const running = job.kind === 'running';
  const close = () => {
    stop();
    onClose();
  };
  return (
    <Modal
      open
      onClose={close}
      title={t('synchronize.title', { title: catalog.title })}
      primaryAction={
        job.kind === 'complete'
          ? { content: t('synchronize.close'), onAction: close }
          : { content: t('synchronize.start'), onAction: start, loading: running }
      }
      secondaryActions={running ? [{ content: t('synchronize.stop'), onAction: close }] : undefined}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{t('synchronize.body')}</Text>
          {SYNC_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              label={t(`synchronize.kinds.${kind}`)}
              checked={kinds.has(kind)}
              disabled={running}
              onChange={(on) =>
                setKinds((prev) => {
                  const next = new Set(prev);
                  if (on) next.add(kind);
                  else next.delete(kind);
                  return next;
                })
              }
            />
          ))}
          {running ? (
            <BlockStack gap="100">
              <ProgressStatus done={job.done} total={job.total}>
                {t('synchronize.progress', { done: job.done, total: job.total })}
              </ProgressStatus>
            </BlockStack>
          ) : null}
          {job.kind === 'complete' ? (
            <Banner tone="success">
              <p>{t('synchronize.done', { count: job.status.updated ?? 0 })}</p>
            </Banner>
          ) : null}
          {job.kind === 'failed' || error ? (
            <Banner tone="critical">
              <p>{error ?? t('synchronize.failed')}</p>
            </Banner>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
