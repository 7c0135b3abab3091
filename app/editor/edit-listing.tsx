import { BlockStack, Button, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../core/model/index.ts';
import type { PanelAccount, PanelListing } from '../components/listings-panel/index.ts';
import { ListingEditorModal } from './listing-editor.tsx';
import type { EditorStore } from './store.ts';

/**
 * 'Edit product' for a product on the page: the listing editor, and on save every element of the catalog that
 * shows this listing takes what was saved (one command, one undo step; the catalog saves as any edit does).
 */
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
  // A store listing is written again by the next sync only while its store is connected.
  const storeName = (listing: PanelListing) => {
    if (!listing.external_id) return null;
    const account = accounts.find((a) => a.id === listing.account_id);
    return account && account.connection_status === 'connected' ? account.name : null;
  };
  const saved = (listing: PanelListing) => {
    setOpen(false);
    const productIds = [product.id, listing.id, ...(listing.external_id ? [listing.external_id] : [])];
    const s = store.getState();
    s.dispatch({ name: 'applyListing', args: { listing, productIds: [...new Set(productIds)] } });
    s.notify('success', t('saved'));
  };
  return (
    <BlockStack gap="100">
      <Button onClick={() => setOpen(true)} disabled={readonly}>
        {t('open')}
      </Button>
      <Text as="p" tone="subdued" variant="bodySm">
        {t('openHelp')}
      </Text>
      {open ? (
        <ListingEditorModal
          listingId={product.id}
          storeName={storeName}
          onClose={() => setOpen(false)}
          onSaved={saved}
        />
      ) : null}
    </BlockStack>
  );
}
