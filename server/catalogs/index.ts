export { accountFolders, closeAccount, deleteAccount } from './account-files.server.ts';
export {
  catalogFolders,
  createCatalog,
  deleteCatalog,
  getCatalog,
  getCatalogStart,
  getPage,
  listCatalogs,
  loadCatalogById,
  recentSavesOf,
  saveCatalog,
  setCatalogPdf,
} from './catalogs.server.ts';
export { editorCatalogPages, openEditorCatalog } from './editor-open.server.ts';
export { listCatalogCards, listFeaturedCatalogs, listTemplateCatalogs } from './cards.server.ts';
export type { CatalogCard } from './cards.server.ts';
export {
  buildCatalogForOwner,
  copyCatalog,
  MANAGE_MESSAGES,
  setCatalogTemplate,
  updateCatalog,
} from './manage.server.ts';
export { getCatalogChanges, saveCatalogChanges, savePage } from './catalog-saves.server.ts';
export type { CatalogChanges, CatalogChangesInput, SaveResult } from './catalog-saves.server.ts';
export {
  accessibleCatalog,
  deliverPdf,
  EXPORT_MESSAGES,
  getCatalogPdf,
  getJobStatus,
  pdfKey,
  requestCatalogPdf,
  requestCatalogPreflight,
} from './exports.server.ts';
export type { JobStatus, StoredPdf } from './exports.server.ts';
export { AssetTokens, BLANK_GIF, fileUrl } from './pdf/assets.server.ts';
export { addOutline, mergePdfs, qpdfAvailable } from './pdf/merge.server.ts';
export type { OutlineEntry } from './pdf/merge.server.ts';
export {
  layoutCatalog,
  measureCatalogLayout,
  paginateCatalogForPrint,
  QUALITY_DPI,
  renderCatalogPdf,
} from './pdf/render-pdf.server.ts';
export { catalogPreflightReport, changedProducts, preflightCatalog } from './preflight.server.ts';
export type { CatalogPreflight } from './preflight.server.ts';
export type { LayoutInput, PdfQuality, RenderPdfReport } from './pdf/render-pdf.server.ts';
export { localSources, storageSources } from './pdf/sources.server.ts';
export { finishPrintPdf, needsFinishing } from './pdf/print-finish.server.ts';
export type { FinishReport, PrintFinish } from './pdf/print-finish.server.ts';
export { NO_MARKS, PT_PER_MM, sheetGeometry } from './pdf/print-prolog.ts';
export type { PrintMarks, SheetGeometry } from './pdf/print-prolog.ts';
export { bundledProfilePath, outputIntent } from './pdf/icc-profile.server.ts';
export type { OutputIntent } from './pdf/icc-profile.server.ts';
export { PDF_OUTPUTS, printFinishFor } from './pdf/print-output.server.ts';
export type { PdfOutput } from './pdf/print-output.server.ts';
export { PrintToolError, PRINT_TOOLS } from './pdf/pdf-tools.server.ts';
export type { ResolveSource } from './pdf/sources.server.ts';
export { wizardChoices } from './wizard.server.ts';
export type { WizardChoices, WizardStore } from './wizard.server.ts';
export { synchronizeCatalog } from './synchronize.server.ts';
export type { SynchronizeResult } from './synchronize.server.ts';
export {
  createLayout,
  deleteLayout,
  isSpecialLayoutName,
  LAYOUT_MESSAGES,
  layoutViewer,
  listLayouts,
  SPECIAL_LAYOUTS,
  specialLayout,
  updateLayout,
} from './layouts.server.ts';
export type { LayoutView } from './layouts.server.ts';
export {
  createTemplate,
  deleteTemplate,
  DescriptionTemplateInput,
  listTemplates,
  PriceTemplateInput,
  TEMPLATE_KINDS,
  TEMPLATE_MESSAGES,
  TEMPLATE_SORTS,
  updateTemplate,
} from './templates.server.ts';
export type { TemplateInput, TemplateKind, TemplateView } from './templates.server.ts';
export { CATALOG_SORTS, INTERNAL_EMAIL_MARKERS, listAllCatalogs } from './staff-catalogs.server.ts';
export type { StaffCatalog } from './staff-catalogs.server.ts';
export {
  listUserEvents,
  recordUserEvent,
  recordViewerEvents,
  summarizeViewerEvents,
  UserEventSchema,
  VIEWER_EVENT_TYPES,
  ViewerEventsSchema,
} from './analytics.server.ts';
export { createDraftOrderForOrder, DRAFT_ORDER_FAILED, markDraftOrderFailed } from './draft-orders.server.ts';
export {
  acceptOrder,
  CONFIRM_LINK_DAYS,
  confirmOrder,
  findOrderToConfirm,
  purgeUnconfirmedOrders,
} from './order-confirmation.server.ts';
export type { ConfirmOutcome } from './order-confirmation.server.ts';
export { setOrderStatus } from './order-status.server.ts';
export {
  catalogProducts,
  countOrdersLastCycle,
  cycleStart,
  listOrders,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  OrderInputSchema,
  ordersCsv,
  placeOrder,
  priceOrder,
  takesOrders,
} from './orders.server.ts';
export type { DraftOrderState, OrderInput, OrderLine, OrderStatus, OrderView } from './orders.server.ts';
export {
  canRead,
  canSee,
  findPublished,
  findPublishedRow,
  isCustomHost,
  isIndexable,
  isUnlocked,
  listHostCatalogs,
  listSitemapCatalogs,
  loadPublished,
  needsPassword,
  protectionLapsed,
  unlockCookieName,
  unlockToken,
  usableSlug,
  viewerRole,
  viewPath,
} from './published.server.ts';
export type { OwnerPlan, PublishedCatalog, ViewerRole } from './published.server.ts';
export {
  checkCustomHost,
  hostResolver,
  mayServeHost,
  normalizeHost,
  readHostName,
  VERIFICATION_LABEL,
  VERIFICATION_PREFIX,
} from './custom-hosts.server.ts';
export type { CustomHostStatus, HostNameProblem } from './custom-hosts.server.ts';
export {
  checkSlug,
  getViewerSettings,
  PASSWORD_MIN_LENGTH,
  PUBLISHING_MESSAGES,
  setCatalogSlug,
  slugify,
  updateViewerSettings,
  verifyCatalogHost,
  ViewerSettingsPatchSchema,
} from './publishing.server.ts';
export type { ViewerSettingsPatch, ViewerSettingsView } from './publishing.server.ts';
export { publishedPdfFile, publishedPdfStatus, requestPublishedPdf } from './visitor-pdf.server.ts';
export type { PdfState } from './visitor-pdf.server.ts';
export { deleteSavedTheme, listSavedThemes, SAVED_THEME_MESSAGES, saveTheme } from './saved-themes.server.ts';
export type { SavedThemeView } from './saved-themes.server.ts';
export { seedStarterTemplates, TEMPLATE_OWNER_EMAIL } from './starter-templates.server.ts';
export { renderPageProof } from './pdf/soft-proof.server.ts';
export { getPageProof, PROOF_VIEWS, proofKey, requestPageProof } from './soft-proof.server.ts';
export type { ProofView } from './soft-proof.server.ts';
export { addOrderFormFields } from './pdf/order-form-fields.server.ts';
export type { MeasuredFormField } from './pdf/order-form-fields.server.ts';
