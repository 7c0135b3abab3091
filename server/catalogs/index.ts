export {
  createCatalog,
  deleteCatalog,
  getCatalog,
  getPage,
  listAllCatalogs,
  listCatalogs,
  loadCatalogById,
  saveCatalog,
  savePage,
  setCatalogPdf,
} from './catalogs.server.ts';
export { listCatalogCards, listFeaturedCatalogs, listTemplateCatalogs } from './cards.server.ts';
export type { CatalogCard } from './cards.server.ts';
export {
  buildCatalogForOwner,
  copyCatalog,
  MANAGE_MESSAGES,
  setCatalogTemplate,
  updateCatalog,
} from './manage.server.ts';
export { accessibleCatalog, getCatalogPdf, getJobStatus, requestCatalogPdf } from './exports.server.ts';
export type { JobStatus } from './exports.server.ts';
export { AssetTokens, BLANK_GIF, fileUrl } from './pdf/assets.server.ts';
export { layoutCatalog, QUALITY_DPI, renderCatalogPdf } from './pdf/render-pdf.server.ts';
export type { PdfQuality, RenderPdfReport } from './pdf/render-pdf.server.ts';
export { localSources, storageSources } from './pdf/sources.server.ts';
export type { ResolveSource } from './pdf/sources.server.ts';
export { wizardChoices } from './wizard.server.ts';
export type { WizardChoices, WizardStore } from './wizard.server.ts';
export { synchronizeCatalog } from './synchronize.server.ts';
export type { SynchronizeResult } from './synchronize.server.ts';
