import { BlockStack, Button, Modal, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLayoutOf, SAVE_FAILED_MS, saveLayout } from '../components/layouts/save-layout.ts';
import { useLayoutTitle } from '../components/layouts/layout-thumbnails.tsx';
import type { EditorStore } from './store.ts';

/**
 * The layout mode's 'Save to my layouts' (SPEC §4 'Editor mode and layouts'): the page's layout as shaped goes to
 * the merchant's layouts the way the layout manager's editor saves (save-layout.ts): the owner updates theirs, a
 * library layout or 'Save as new' becomes a new one of theirs. Saved, the page keeps the layout it was saved as
 * and the editor returns to view; a failure stays in the mode with SPEC §4's message for 10 s.
 */
export function SaveLayoutToLibrary({ store, pageId }: { store: EditorStore; pageId: string }) {
  const { t } = useTranslation('editor');
  const { t: tl } = useTranslation('layouts');
  const title = useLayoutTitle();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const s = () => store.getState();
  const owns = () => !!s().layoutEdit?.ownsLayout;

  const openDialog = () => {
    const page = s().catalog.pages.find((p) => p.id === pageId);
    setName(page ? title(page.layout) : '');
    setOpen(true);
  };

  const save = async (asNew: boolean) => {
    const page = s().catalog.pages.find((p) => p.id === pageId);
    if (!page) return;
    setBusy(true);
    const layoutTitle = name.trim() || title(page.layout);
    const saved = await saveLayout(tl, {
      layout: { ...page.layout, title: layoutTitle },
      isOwner: owns(),
      asNew,
    });
    setBusy(false);
    setOpen(false);
    if (!saved.ok) {
      s().notify('critical', saved.message, SAVE_FAILED_MS);
      return;
    }
    // Saving returns to view (SPEC §4), the edit's steps kept; the page now uses the layout as saved (its id and
    // owner), as part of the edit's last step rather than one of its own.
    s().stopLayoutEdit(true);
    const now = s().catalog.pages.find((p) => p.id === pageId);
    if (now)
      s().dispatch(
        { name: 'restorePage', args: { page: { ...now, layout: pageLayoutOf(saved.layout) } } },
        { silent: true },
      );
    s().notify('success', t('layoutEdit.saved', { title: saved.layout.title }));
  };

  const own = owns();
  return (
    <>
      <Button onClick={openDialog}>{t('layoutEdit.save')}</Button>
      {open ? (
        <Modal
          open
          onClose={() => setOpen(false)}
          title={t('layoutEdit.saveTitle')}
          primaryAction={{
            content: own ? t('layoutEdit.saveOwn') : t('layoutEdit.saveCopy'),
            onAction: () => void save(false),
            loading: busy,
          }}
          secondaryActions={[
            ...(own
              ? [{ content: t('layoutEdit.saveAsNew'), onAction: () => void save(true), disabled: busy }]
              : []),
            { content: t('layoutEdit.saveCancel'), onAction: () => setOpen(false) },
          ]}
        >
          <Modal.Section>
            <BlockStack gap="300">
              <Text as="p">{t('layoutEdit.saveHelp')}</Text>
              <TextField label={t('layoutEdit.name')} value={name} onChange={setName} autoComplete="off" />
            </BlockStack>
          </Modal.Section>
        </Modal>
      ) : null}
    </>
  );
}
