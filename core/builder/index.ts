/** Whole catalogs built from products: the CLI's `build` and the new-catalog wizard's server call share it. */
export {
  PRODUCT_LAYOUTS,
  buildCatalog,
  catalogIdFor,
  findProductLayout,
  listingToProduct,
  type BuildCatalogOptions,
  type BuildSection,
} from './build-catalog.ts';
export {
  BUILD_SORTS,
  CATALOG_KINDS,
  CATALOG_PURPOSES,
  buildCatalogOfKind,
  captionFor,
  kindProductLayout,
  type BuildOfKindOptions,
  type BuildSort,
  type CatalogKind,
  type CatalogPurpose,
} from './kinds.ts';
export { sectionsByCategory } from './sections.ts';
export { withOwnProducts } from './own-products.ts';
export { layoutSampleCatalog, type LayoutSamplesOptions } from './layout-samples.ts';
export { ESSENTIAL_STARTERS, STARTER_TEMPLATES, starterCatalog } from './starter-templates.ts';
export type { StarterTemplate } from './starter-templates.ts';
