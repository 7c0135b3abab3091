import { isProductElement, type Catalog, type ProductInput } from '../../core/model/index.ts';
import { apiFetch } from '../components/catalogs/api.ts';
import type { PanelListing } from '../components/listings-panel/index.ts';
import type { EditorCommand } from './commands.ts';
import type { DispatchResult, EditorStore } from './store.ts';
import { productFromListing } from './use-editor.ts';

/**
 * Sources whose product, once on a page, is completed with the full parent listing (SPEC §4 'Adding content'):
 * the store may hold more than the row the panel showed (variants, a translation, a sync since it loaded).
 */
export const FULL_LISTING_SOURCES: ReadonlySet<string> = new Set([
  'ebay',
  'etsy',
  'shopify',
  'bigcommerce',
  'lightspeed',
]);

type ElementAt = { pageId: string; elementId: string };

/** The product elements holding this listing's product. */
function holding(catalog: Catalog, listingId: string): ElementAt[] {
  return catalog.pages.flatMap((page) =>
    page.elements
      .filter((e) => isProductElement(e) && e.properties.id === listingId)
      .map((e) => ({ pageId: page.id, elementId: e.id })),
  );
}

/**
 * Put a listing's product on a page with `command` (add, drop into a cell, replace), then, for the store
 * sources above, fetch its full parent listing in the catalog's language and give it to the elements this
 * placed, in the same undo step. Every way of adding a product goes through here, so none skips the fetch.
 */
export function placeListing(
  store: EditorStore,
  listing: PanelListing,
  command: (product: ProductInput) => EditorCommand,
): DispatchResult {
  const before = new Set(holding(store.getState().catalog, listing.id).map((e) => e.elementId));
  const done = store.getState().dispatch(command(productFromListing(listing)));
  if (!done.changed || !FULL_LISTING_SOURCES.has(listing.source ?? '')) return done;
  const placed = holding(store.getState().catalog, listing.id).filter((e) => !before.has(e.elementId));
  if (placed.length) void completeProducts(store, listing, placed);
  return done;
}

async function completeProducts(store: EditorStore, listing: PanelListing, placed: ElementAt[]) {
  const query = new URLSearchParams({ source: listing.source ?? '' });
  const language = store.getState().catalog.settings.language;
  if (language) query.set('language', language);
  const res = await apiFetch(`/api/v1/listings/${encodeURIComponent(listing.id)}/parent?${query}`).catch(
    () => null,
  );
  // Without an answer the product keeps the panel's row: it is on the page already, the merchant loses nothing.
  if (!res?.ok) return;
  const product = productFromListing((await res.json()) as PanelListing);
  for (const at of placed) {
    // Only where the element still holds this listing: a later edit (removed, replaced again) stands. That goes
    // for every saved copy too, so undoing a later step keeps the full product the merchant placed.
    const holds = (catalog: Catalog) =>
      holding(catalog, listing.id).some((e) => e.elementId === at.elementId && e.pageId === at.pageId);
    if (!holds(store.getState().catalog)) continue;
    store.getState().dispatch({ name: 'replaceProduct', args: { ...at, product } }, { silent: holds });
  }
}
