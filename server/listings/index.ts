export { LISTINGS_BODY_MAX_BYTES, LISTINGS_BODY_TOO_LARGE } from './body.server.ts';
export {
  addListingImage,
  getInventory,
  getListingImages,
  getParentListing,
  InventoryChangesSchema,
  ListingImageInputSchema,
  removeListingImage,
  updateInventory,
} from './details.server.ts';
export { queueCatalogImages, queueListingImages } from './image-jobs.server.ts';
export { findKeptPictures } from './pictures.server.ts';
export type { KeptPicture } from './pictures.server.ts';
export {
  CsvColumnMappingSchema,
  IMAGE_UPLOAD_MAX_REQUEST_BYTES,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MESSAGES,
  readColumnMapping,
  reviewProductCsv,
  storeListingImages,
} from './import.server.ts';
export {
  createListings,
  deleteListing,
  findListingByExternalId,
  getListing,
  getListingsByIds,
  listingWriter,
  ListingChangesSchema,
  ListingWriteSchema,
  recordProcessedPictures,
  updateListing,
  upsertListings,
} from './listings.server.ts';
export type { ListingView, ProcessedPicture } from './listings.server.ts';
export { countListings, LISTING_SORTS, listListings } from './search.server.ts';
export { CATALOG_LISTINGS_MAX, listingsForCatalog } from './selection.server.ts';
export type { ListingSection } from './selection.server.ts';
export type { ListingFilters, ListingSort } from './search.server.ts';
export { REFRESH_IMAGES_MESSAGES, refreshListingImages } from './refresh-images.server.ts';
