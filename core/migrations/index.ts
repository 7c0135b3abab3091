/** Numbered upgrade steps run on every load (editor, viewer, worker, CLI), so old catalogs keep opening. */
export {
  CatalogMigrationError,
  MIGRATIONS,
  migrateCatalog,
  schemaVersionOf,
  upgradeDocument,
} from './migrate.ts';
export type { Migration, RawDocument } from './types.ts';
export { parseLegacyPrice } from './legacy-values.ts';
export { migrateLegacyProduct } from './legacy-product.ts';
export { v0ToV1 } from './v0-to-v1.ts';
