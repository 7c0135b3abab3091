import { BlockStack, Button, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../core/model/index.ts';
import type { PanelAccount, PanelListing } from '../components/listings-panel/index.ts';
import { ListingEditorModal } from './listing-editor.tsx';
import type { EditorStore } from './store.ts';

/**
 * The listing editor for one listing of the editor, opened from a product on the page or from the products panel.
 * On save every element of the catalog that shows this listing takes what was saved (one command, one undo step;
 * the catalog saves as any edit does), and the products panel asks for its page again, so it shows the new title
 * and price at once.
 */
export function CatalogListingEditor({
  store,
  accounts,
  listingId,
  onClose,
}: {
  store: EditorStore;
  accounts: PanelAccount[];
  /** The listing's id (a product on the page carries it as its own id). */
  listingId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('listingEditor');
  // A store listing is written again by the next sync only while its store is connected.
  const storeName = (listing: PanelListing) => {
    if (!listing.external_id) return null;
    const account = accounts.find((a) => a.id === listing.account_id);
    return account && account.connection_status === 'connected' ? account.name : null;
  };
  const saved = (listing: PanelListing) => {
    onClose();
    const productIds = [listingId, listing.id, ...(listing.external_id ? [listing.external_id] : [])];
    const s = store.getState();
    s.dispatch({ name: 'applyListing', args: { listing, productIds: [...new Set(productIds)] } });
    s.listingSaved();
    s.notify('success', t('saved'));
  };
  return <ListingEditorModal listingId={listingId} storeName={storeName} onClose={onClose} onSaved={saved} />;
}

/** 'Edit product' for a product on the page (the selection sidebar). */
export function EditListing({
  store,
  product,
  accounts,
  readonly,
}: {
  store: EditorStore;
  product: Product;
  accounts: PanelAccount[];
  readonly: boolean;
}) {
  const { t } = useTranslation('listingEditor');
  const [open, setOpen] = useState(false);
  return (
    <BlockStack gap="100">
      <Button onClick={() => setOpen(true)} disabled={readonly}>
        {t('open')}
      </Button>
      <Text as="p" tone="subdued" variant="bodySm">
        {t('openHelp')}
      </Text>
      {open ? (
        <CatalogListingEditor
          store={store}
          accounts={accounts}
          listingId={product.id}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </BlockStack>
  );
}
