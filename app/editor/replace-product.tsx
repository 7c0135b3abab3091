import { BlockStack, Button, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { truncateTitle } from '../../core/listings/index.ts';
import { ListingsPanel, type PanelAccount } from '../components/listings-panel/index.ts';
import type { EditorStore } from './store.ts';
import { placeListing } from './place-listing.ts';

/** "Replace product": another product from the listings takes the element's place; cell and style stay. */
export function ReplaceProduct({
  store,
  pageId,
  elementId,
  title,
  accounts,
  readonly,
}: {
  store: EditorStore;
  pageId: string;
  elementId: string;
  title: string;
  accounts: PanelAccount[];
  readonly: boolean;
}) {
  const { t } = useTranslation('editorText');
  const [open, setOpen] = useState(false);
  const account = accounts[0];
  return (
    <>
      <Button disabled={readonly || !account} onClick={() => setOpen(true)}>
        {t('replace.action')}
      </Button>
      {!account ? (
        <Text as="p" tone="subdued" variant="bodySm">
          {t('replace.noAccount')}
        </Text>
      ) : null}
      {account ? (
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          title={t('replace.title', { title: truncateTitle(title) })}
          secondaryActions={[{ content: t('replace.cancel'), onAction: () => setOpen(false) }]}
          size="large"
        >
          <Modal.Section>
            <BlockStack gap="300">
              <Text as="p">{t('replace.help')}</Text>
              <ListingsPanel
                accounts={accounts}
                initialAccountId={account.id}
                pickLabel={(name) => t('replace.pick', { title: name })}
                onPick={(listing) => {
                  placeListing(store, listing, (product) => ({
                    name: 'replaceProduct',
                    args: { pageId, elementId, product },
                  }));
                  setOpen(false);
                }}
              />
            </BlockStack>
          </Modal.Section>
        </Modal>
      ) : null}
    </>
  );
}
