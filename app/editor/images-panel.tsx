import { Banner, BlockStack, Button, DropZone, InlineStack, Modal, Spinner, Text } from '@shopify/polaris';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DROPZONE_MAX_FILE_SIZE_MB } from '../../core/constants.ts';
import { cellAccepts } from '../../core/layouts/index.ts';
import { apiFetch } from '../components/catalogs/api.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { ProgressStatus } from '../components/progress-status.tsx';
import type { EditorStore } from './store.ts';
import { IMAGE_DRAG_TYPE } from './use-editor.ts';

/** A picture of the merchant's library (GET /api/v1/files). */
export type LibraryPicture = { _id: string; name: string; url: string };

const MAX_BYTES = DROPZONE_MAX_FILE_SIZE_MB * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** The server's refusal of one picture: its English message, and its problem when it named one. */
class UploadError extends Error {
  constructor(
    message: string,
    readonly problem: unknown,
  ) {
    super(message);
  }
}

/** The translation key for each problem the server names (`details.problem` of its 400). */
const PROBLEM_KEYS = { not_accepted: 'notAnImage', too_large: 'tooLarge', empty: 'empty' } as const;

async function fetchPictures(page: number): Promise<{ data: LibraryPicture[]; total: number }> {
  const res = await apiFetch(`/api/v1/files?filetype=image&page=${page}`);
  if (!res.ok) throw new Error(`GET /api/v1/files answered ${res.status}`);
  return res.json();
}

/** One picture a request, so progress counts pictures and one refused file does not hold back the others. */
async function uploadPicture(file: File): Promise<LibraryPicture> {
  const form = new FormData();
  form.append('filetype', 'image');
  form.append('files', file);
  const res = await apiFetch('/api/v1/files', { method: 'POST', body: form });
  const body = await res.json().catch(() => ({}));
  if (res.status === 400) throw new UploadError(String(body.message ?? ''), body.details?.problem);
  if (!res.ok) throw new Error(`POST /api/v1/files answered ${res.status}`);
  return body.data[0];
}

/**
 * Place a picture where SPEC §4 'Adding content' says (addImage: the first empty cell of the current page that
 * takes pictures, else a new page after it, which is shown); a chosen empty cell that takes pictures gets it
 * instead, as a chosen cell gets a product. One command, one undo step.
 */
export function placePicture(store: EditorStore, src: string) {
  const s = store.getState();
  const sel = s.selection;
  const page = sel ? s.catalog.pages.find((p) => p.id === sel.pageId) : undefined;
  const cell = sel && page?.kind !== 'flow' ? page?.layout.cells[sel.index] : undefined;
  const target = sel && page ? page.elements[sel.index] : undefined;
  if (sel && cell && cellAccepts(cell, 'image/*') && (!target || target.type === 'application/void'))
    s.dispatch({ name: 'dropImage', args: { pageId: sel.pageId, cellIndex: sel.index, src } });
  else s.dispatch({ name: 'addImage', args: { pageId: s.currentPageId, src } });
}

/** What the last upload or deletion did: what worked, and each file that did not, by name. */
type Status = { done: string | null; problems: string[] } | null;

/** The left Images tab (SPEC §2.2): the merchant's pictures, an upload dropzone, placing and deleting. */
export function ImagesPanel({ store, readonly }: { store: EditorStore; readonly: boolean }) {
  const { t } = useTranslation('images');
  const [pictures, setPictures] = useState<LibraryPicture[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loadFailed, setLoadFailed] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number; name: string } | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [confirm, setConfirm] = useState<LibraryPicture | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(async (nextPage: number) => {
    setLoadFailed(false);
    try {
      const r = await fetchPictures(nextPage);
      setPictures((old) => (nextPage === 1 || !old ? r.data : [...old, ...r.data]));
      setTotal(r.total);
      setPage(nextPage);
    } catch {
      setLoadFailed(true);
    }
  }, []);
  useEffect(() => void load(1), [load]);

  /**
   * Why a picture was not added, in the merchant's language: the server's 400 names the problem (not a picture,
   * empty, too large); a refusal it did not name keeps the server's words; anything else is ours to retry.
   */
  function refusal(err: unknown, name: string): string {
    if (!(err instanceof UploadError)) return t('failed', { name });
    const key = PROBLEM_KEYS[err.problem as keyof typeof PROBLEM_KEYS];
    if (key) return t(key, { name });
    return err.message || t('failed', { name });
  }

  async function upload(accepted: File[], rejected: File[]) {
    const problems = rejected.map((f) => t('notAnImage', { name: f.name }));
    const wanted = accepted.filter((f) => {
      if (f.size <= MAX_BYTES) return true;
      problems.push(t('tooLarge', { name: f.name }));
      return false;
    });
    let added = 0;
    setStatus(null);
    for (const [i, file] of wanted.entries()) {
      setProgress({ done: i, total: wanted.length, name: file.name });
      try {
        const picture = await uploadPicture(file);
        added++;
        setPictures((old) => [picture, ...(old ?? [])]);
        setTotal((n) => n + 1);
      } catch (err) {
        problems.push(refusal(err, file.name));
      }
    }
    setProgress(null);
    if (added || problems.length)
      setStatus({ done: added ? t('uploaded', { count: added }) : null, problems });
  }

  async function remove(picture: LibraryPicture) {
    setDeleting(true);
    try {
      const res = await apiFetch(`/api/v1/files/${encodeURIComponent(picture._id)}`, { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw new Error(`DELETE answered ${res.status}`);
      setPictures((old) => (old ?? []).filter((p) => p._id !== picture._id));
      setTotal((n) => Math.max(0, n - 1));
      setStatus({ done: t('deleted', { name: picture.name }), problems: [] });
    } catch {
      setStatus({ done: null, problems: [t('deleteFailed', { name: picture.name })] });
    } finally {
      setDeleting(false);
      setConfirm(null);
    }
  }

  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="h2" variant="headingMd">
          {t('title')}
        </Text>
        {pictures?.length ? (
          <Text as="span" tone="subdued">
            {t('count', { count: total })}
          </Text>
        ) : null}
      </InlineStack>
      {readonly ? null : (
        <>
          <p className="cb-tip">{t('intro')}</p>
          <DropZone
            label={t('dropLabel')}
            labelHidden
            accept={ACCEPT}
            type="image"
            onDrop={(_all, accepted, rejected) => void upload(accepted, rejected)}
            disabled={!!progress}
          >
            <DropZone.FileUpload actionTitle={t('choose')} actionHint={t('dropHint')} />
          </DropZone>
        </>
      )}
      {progress ? (
        <ProgressStatus done={progress.done} total={progress.total}>
          {t('uploading', { current: progress.done + 1, total: progress.total, name: progress.name })}
        </ProgressStatus>
      ) : null}
      {status?.done ? (
        <Banner tone="success" onDismiss={() => setStatus({ ...status, done: null })}>
          <p role="status">{status.done}</p>
        </Banner>
      ) : null}
      {status?.problems.length ? (
        <Banner tone="critical" onDismiss={() => setStatus({ ...status, problems: [] })}>
          <div role="alert">
            {status.problems.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </Banner>
      ) : null}
      {loadFailed ? (
        <Banner tone="critical" action={{ content: t('retry'), onAction: () => void load(page) }}>
          <p>{t('loadFailed')}</p>
        </Banner>
      ) : pictures === null ? (
        <InlineStack gap="200" blockAlign="center">
          <Spinner size="small" accessibilityLabel={t('loading')} />
          <Text as="span" tone="subdued">
            {t('loading')}
          </Text>
        </InlineStack>
      ) : pictures.length === 0 ? (
        <EmptyState heading={t('emptyTitle')}>{t('emptyBody')}</EmptyState>
      ) : (
        <PictureGrid
          pictures={pictures}
          readonly={readonly}
          onPlace={(p) => placePicture(store, p.url)}
          onDelete={setConfirm}
        />
      )}
      {pictures && pictures.length < total && !loadFailed ? (
        <Button onClick={() => void load(page + 1)}>{t('loadMore')}</Button>
      ) : null}
      <Modal
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title={t('confirmTitle')}
        primaryAction={{
          content: t('confirmDelete'),
          destructive: true,
          loading: deleting,
          onAction: () => void (confirm && remove(confirm)),
        }}
        secondaryActions={[{ content: t('cancel'), onAction: () => setConfirm(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('confirmBody', { name: confirm?.name ?? '' })}</Text>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}

function PictureGrid({
  pictures,
  readonly,
  onPlace,
  onDelete,
}: {
  pictures: LibraryPicture[];
  readonly: boolean;
  onPlace: (p: LibraryPicture) => void;
  onDelete: (p: LibraryPicture) => void;
}) {
  const { t } = useTranslation('images');
  return (
    <ul className="cb-pictures" aria-label={t('title')}>
      {pictures.map((p) => (
        <li key={p._id} className="cb-picture" data-picture-id={p._id}>
          {readonly ? (
            <span className="cb-picture__frame">
              <img src={p.url} alt={p.name} loading="lazy" />
            </span>
          ) : (
            <button
              type="button"
              className="cb-picture__frame"
              aria-label={t('place', { name: p.name })}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(IMAGE_DRAG_TYPE, JSON.stringify({ src: p.url }));
                e.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => onPlace(p)}
            >
              <img src={p.url} alt="" loading="lazy" draggable={false} />
            </button>
          )}
          <span className="cb-picture__name" title={p.name}>
            {p.name}
          </span>
          {readonly ? null : (
            <span className="cb-picture__delete">
              <Button
                size="slim"
                tone="critical"
                variant="tertiary"
                accessibilityLabel={t('delete', { name: p.name })}
                onClick={() => onDelete(p)}
              >
                ×
              </Button>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
