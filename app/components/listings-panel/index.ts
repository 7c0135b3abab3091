// The listings panel and its modals: the /listings page uses them, the catalog editor reuses the panel.
export { ListingsPanel } from './listings-panel.tsx';
export { ListingFormModal } from './listing-form-modal.tsx';
export { CsvImportModal } from './csv-import-modal.tsx';
export { importedMessage } from './format.ts';
export type { PanelAccount, PanelListing, ListingPage } from './api.ts';
