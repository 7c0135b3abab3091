import { ActionList, Button, Modal, Popover, Text } from '@shopify/polaris';
import { MenuHorizontalIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from './api.ts';
import { afterDeleteUrl } from './screen-rules.ts';

/**
 * The top bar's catalog menu (SPEC §2.2 navigation): close the catalog (back to the catalogs list) and delete it,
 * after a confirmation that says what goes with it. A read-only visit cannot delete (SPEC §2.2 readonly). The
 * server deletes only its owner's catalog (another's is a 404). Deleted, the editor goes to the catalogs list,
 * which says so; refused, the merchant stays in the editor and the dialog says why.
 */
export function CatalogMenu({
  catalogId,
  title,
  backUrl,
  readonly,
  api,
}: {
  catalogId: string;
  title: string;
  backUrl: string;
  readonly: boolean;
  api: ApiClient;
}) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setConfirming(false);
    setError(null);
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    // The editor's calls are retried as SPEC §7 says; a 4xx is the server's answer at once.
    const answer = await api
      .json(`/api/v1/designs/${encodeURIComponent(catalogId)}`, { method: 'DELETE' })
      .catch(() => null);
    if (answer && answer.status >= 200 && answer.status < 300) {
      window.location.assign(afterDeleteUrl(backUrl, title));
      return;
    }
    setBusy(false);
    setError(t(answer?.status === 404 ? 'deleteCatalog.gone' : 'deleteCatalog.failed'));
  };
  return (
    <>
      <Popover
        active={open}
        onClose={() => setOpen(false)}
        preferredAlignment="right"
        activator={
          <Button
            icon={MenuHorizontalIcon}
            onClick={() => setOpen((o) => !o)}
            ariaExpanded={open}
            accessibilityLabel={t('catalogMenu.button')}
          />
        }
        autofocusTarget="first-node"
      >
        <ActionList
          actionRole="menuitem"
          sections={[
            { items: [{ content: t('catalogMenu.close'), url: backUrl }] },
            ...(readonly
              ? []
              : [
                  {
                    items: [
                      {
                        content: t('catalogMenu.delete'),
                        destructive: true,
                        onAction: () => {
                          setOpen(false);
                          setConfirming(true);
                        },
                      },
                    ],
                  },
                ]),
          ]}
        />
      </Popover>
      {confirming ? (
        <Modal
          open
          onClose={close}
          title={t('deleteCatalog.title', { title })}
          primaryAction={{
            content: t('deleteCatalog.confirm'),
            destructive: true,
            loading: busy,
            onAction: () => void remove(),
          }}
          secondaryActions={[{ content: t('deleteCatalog.cancel'), onAction: close, disabled: busy }]}
        >
          <Modal.Section>
            <Text as="p">{t('deleteCatalog.body')}</Text>
            {error ? (
              <p role="alert" className="cb-delete-catalog__error">
                {error}
              </p>
            ) : null}
          </Modal.Section>
        </Modal>
      ) : null}
    </>
  );
}
