import { Banner, BlockStack, Button, ButtonGroup, Modal, ProgressBar, Text } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../components/catalogs/api.ts';
import { useJob } from '../components/use-job.ts';
import type { EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

/**
 * The soft proof of the current page (issue 28): the page as saved, converted by the server through the print
 * output profile's CMYK and back (POST catalogs/{id}/proof, then the job's pictures), shown as it will print,
 * with a switch to the page as the screen shows it to compare.
 */
export function SoftProofButton({ store }: { store: EditorStore }) {
  const { t } = useTranslation('editor');
  const pageId = useEditorState(store, (s) => s.currentPageId);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={!pageId} onClick={() => setOpen(true)}>
        {t('proof.open')}
      </Button>
      {open && pageId ? (
        <SoftProofDialog store={store} pageId={pageId} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function SoftProofDialog({
  store,
  pageId,
  onClose,
}: {
  store: EditorStore;
  pageId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('editor');
  const catalogId = useEditorState(store, (s) => s.catalogId);
  const saved = useEditorState(store, (s) => s.status === 'saved' || s.status === 'readonly');
  const { job, watch } = useJob(1);
  const [view, setView] = useState<'proof' | 'rgb'>('proof');
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  // The proof is of the page as saved: it starts once the editor's last changes are on the server.
  useEffect(() => {
    if (!saved || started.current) return;
    started.current = true;
    void (async () => {
      const res = await apiFetch(
        `/api/v1/catalogs/${encodeURIComponent(catalogId)}/proof?page=${encodeURIComponent(pageId)}`,
        { method: 'POST' },
      ).catch(() => null);
      if (!res?.ok) return setFailed(true);
      watch(((await res.json()) as { job_id: string }).job_id);
    })();
  }, [saved, catalogId, pageId, watch]);

  const proof = job.kind === 'complete' ? job.status.proof : undefined;
  const error = failed || job.kind === 'failed' || (job.kind === 'complete' && !proof);
  return (
    <Modal open onClose={onClose} title={t('proof.title')} size="large">
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p" tone="subdued">
            {t('proof.intro')}
          </Text>
          {error ? (
            <Banner tone="critical">
              <p>{t('proof.failed')}</p>
            </Banner>
          ) : proof ? (
            <BlockStack gap="300">
              <ButtonGroup variant="segmented">
                <Button pressed={view === 'proof'} onClick={() => setView('proof')}>
                  {t('proof.asPrinted')}
                </Button>
                <Button pressed={view === 'rgb'} onClick={() => setView('rgb')}>
                  {t('proof.onScreen')}
                </Button>
              </ButtonGroup>
              <Text as="p" variant="bodySm" tone="subdued">
                {t('proof.profile', { profile: proof.profile })}
              </Text>
              <img
                className="cb-soft-proof"
                data-view={view}
                src={view === 'proof' ? proof.url : proof.rgbUrl}
                alt={view === 'proof' ? t('proof.altPrinted') : t('proof.altScreen')}
                style={{
                  maxWidth: '100%',
                  maxHeight: '70vh',
                  width: 'auto',
                  height: 'auto',
                  margin: '0 auto',
                  boxShadow: '0 0 0 1px #d1d5db',
                  display: 'block',
                }}
              />
            </BlockStack>
          ) : (
            <BlockStack gap="200">
              <Text as="p">{t('proof.working')}</Text>
              <ProgressBar
                progress={job.kind === 'running' && job.total ? (job.done / job.total) * 100 : 10}
                size="small"
              />
            </BlockStack>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
