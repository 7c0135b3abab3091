/**
 * Business constants of SPEC §9, each named for what it means. Every other module reads them from here.
 */

export const PAGING = {
  adminListDefault: 10,
  allCatalogsLimit: 100,
  fileListFontsLimit: 100,
  fileListLimit: 25,
} as const;

export const LISTING_SEARCH_DEBOUNCE_MS = 250;

/** Recorded sessions (SPEC §3 User): open pages say so this often; a pause longer than the gap ends a session. */
export const SESSION_HEARTBEAT_MS = 60_000;
export const SESSION_GAP_MS = 10 * 60_000;
export const LISTING_TITLE_MAX_CHARS = 30;

export const POLLING_MS = {
  job: 500,
  pdfReadiness: 500,
  tradegeckoRefresh: 60_000,
  productCountRefresh: 3_000,
  lastSavedLabel: 15_000,
  imageCompressionQueue: 100,
} as const;

export const SAVE_RETRY = { maxAttempts: 5, delayMsPerAttempt: 5_000 } as const;
/** HTTP retry: up to 3 retries, waiting 3000 ms × 2^retry (3 s, 6 s, 12 s); paths under /auth are never retried. */
export const HTTP_RETRY = { maxRetries: 3, baseDelayMs: 3_000 } as const;

/** Above this many serialized bytes, metafields, description and variations are stripped from product elements. */
export const CATALOG_SIZE_THRESHOLD_BYTES = 16_793_600;

export const PRODUCTS_PER_PAGE_CHOICES = [1, 2, 4, 6, 8, 9, 12] as const;
export type ProductsPerPage = (typeof PRODUCTS_PER_PAGE_CHOICES)[number];
export const DEFAULT_PRODUCTS_PER_PAGE: ProductsPerPage = 9;
export const DEFAULT_FLOW_COLUMNS = 2;
/** A summary page is added after each section holding more than this many products. */
export const SUMMARY_SECTION_THRESHOLD = 8;

/** The image editor's size slider (SPEC §5): a size in percent is 1-100, in px 1-1024. */
export const IMAGE_SIZE_RANGE = { percent: { min: 1, max: 100 }, px: { min: 1, max: 1024 } } as const;
/** The image editor's zoom: 1 (the picture as fitted) to 4 times. */
export const IMAGE_ZOOM_MAX = 4;

export const FONT_DEFAULTS = {
  descriptionFontSize: 8,
  priceTemplateFontSize: 8,
  priceTemplateStyleSize: 20,
  captionSizePercent: 40,
  imageHeightPx: 150,
  pickerWeight: 400,
} as const;

export const POPULAR_FONTS = [
  'Barlow',
  'Bebas Neue',
  'Lato',
  'Montserrat',
  'Old Standard TT',
  'Open Sans',
  'Raleway',
  'Roboto',
] as const;

export const RATING_POSTPONE_DAYS = 7;
export const FEATURED_SLIDE_INTERVAL_MS = 5_000;
export const COOKIE_NOTICE_DELAY_MS = 2_000;
export const REGISTRATION_ANALYTICS_CHECK = { attempts: 100, intervalMs: 50 } as const;

export const SYNC_STEP_DELAY_MS = 700;
export const RENDER_STEP_DELAY_MS = 10;
export const EDIT_SELECT_DELAY_MS = 300;
/** Flow pages and index splitting treat content as overflowing only past this many pixels. */
export const OVERFLOW_TOLERANCE_PX = 10;

/** Cell positions snap to a grid of 1.25 % of the page. */
export const LAYOUT_GRID_FRACTION = 0.0125;
export const NEW_LAYOUT_DEFAULTS = {
  title: 'Untitled',
  type: 'custom',
  public: true,
  margin: 10,
  headerHeight: 0.05,
  footerHeight: 0.05,
} as const;
export const NEW_CELL_SIZE = { width: 0.1, height: 0.1 } as const;
export const NEW_FREE_CELL = { width: 0.5, height: 0.5, z: 10 } as const;

/** Page formats in millimetres (SPEC §9). Letter_booklet is landscape. */
export const PAGE_FORMATS = {
  A4: { widthMm: 210, heightMm: 297, landscape: false },
  Letter: { widthMm: 216, heightMm: 279, landscape: false },
  Letter_booklet: { widthMm: 279, heightMm: 108, landscape: true },
} as const;
export type PageFormat = keyof typeof PAGE_FORMATS;
export const PAGE_FORMAT_NAMES = Object.keys(PAGE_FORMATS) as PageFormat[];
export const DEFAULT_PAGE_FORMAT: PageFormat = 'A4';

export const DESIGNER_PAGE = {
  width: 150,
  height: 260,
  landscapeWidth: 260,
  landscapeHeight: 150,
  cellHeaderHeight: 40,
} as const;
export const WORKSPACE_HEIGHT_OFFSET_PX = 50;

export const DEFAULT_IMAGE_QUALITY = 'q80';
/** The JPEG qualities the account settings offer (SPEC §3 image_quality, default q80). */
export const IMAGE_QUALITY_CHOICES = ['q60', 'q70', 'q80', 'q90', 'q100'] as const;
/** Product images are compressed to 2550 × cell width by 3300 × cell height pixels. */
export const CELL_IMAGE_SIZING_BASE = { width: 2550, height: 3300 } as const;
export const PAGE_THUMBNAIL = { width: 96, height: 132 } as const;
export const BOOKLET_PAGE_THUMBNAIL = { width: 198, height: 144 } as const;

export const EMBED_SIZES = {
  small: { width: 560, height: 280 },
  medium: { width: 640, height: 340 },
  large: { width: 860, height: 465 },
  xlarge: { width: 990, height: 560 },
  custom: { width: 990, height: 560 },
} as const;

export const RICH_TEXT = {
  imageMaxBytes: 2_097_152,
  imageTypes: ['jpeg', 'jpg', 'png'],
  defaultImageWidth: 20,
  fontSizeMin: 6,
  fontSizeMax: 128,
  lineHeightMin: 1,
  lineHeightMax: 3,
  messageZIndex: 10_000,
} as const;
/** Dropzone default max file size, in megabytes. */
export const DROPZONE_MAX_FILE_SIZE_MB = 10;

/** Plan limits that apply when a user has no plan at all. */
export const DEFAULT_PLAN_LIMITS_WHEN_NO_PLAN = {
  max_catalogs: 9999,
  max_pages_per_catalog: 9999,
  max_products_per_catalog: 999_999,
  max_orders: 0,
} as const;

export const PRICING_DEFAULTS = { hourlyRate: 12, nbPages: 30 } as const;
/** The pricing page is shown to users created after this instant. */
export const PRICING_PAGE_USERS_CREATED_AFTER = '2015-12-30T18:00:00Z';
/** Organizer mode shows only for users created before this date. */
export const ORGANIZER_MODE_USERS_CREATED_BEFORE = '2017-10-03T00:00:00Z';

export const SHOPIFY_SORT_OPTIONS = [
  'manual',
  'alpha-desc',
  'best-selling',
  'created-desc',
  'price-desc',
  'price-asc',
] as const;
export const LISTING_SORT_DEFAULT = 'title';
export const LISTING_STATUSES = ['ACTIVE', 'DRAFT', 'ARCHIVED'] as const;

export const DEVELOPER_MODE_RANGES = { page: [0, 50], section: [0, 500] } as const;

export const TUTORIAL_VIDEO_COUNT = 14;
export const TOUR_STEP_COUNT = 5;
export const CSS_EXAMPLE_COUNT = 5;

/** Message display durations used across the product, in milliseconds. */
export const MESSAGE_DURATIONS_MS = [3, 60, 600, 6_000, 10_000] as const;

export const TRIAL_WATERMARK_TEXT = 'PLEASE UPGRADE TO REMOVE THIS WATERMARK AND DOWNLOAD YOUR PDF';

/** Offer code that decrements an offer's remaining count once when ordered. */
export const ESSENTIAL_ANNUAL_OFFER_CODE = 'ESSENTIAL-ANNUALLY';

/**
 * SPEC §9: the five template catalogs the Essential plan may start from (ids of the template catalogs the
 * wizard offers; every other template needs a higher plan).
 */
export const ESSENTIAL_TEMPLATE_IDS = [
  'template-line-sheet',
  'template-product-catalog',
  'template-price-list',
  'template-lookbook',
  'template-wholesale-order-form',
] as const;

/** Days an extension adds to a trial (staff, or the merchant once through extend-trial). */
export const TRIAL_EXTENSION_DAYS = 14;
/** Days a merchant adds to their own trial, once (POST users/me/extend-trial). */
export const SELF_TRIAL_EXTENSION_DAYS = 7;

export const STORE_SOURCES = [
  'shopify',
  'magento',
  'woocommerce',
  'ebay',
  'etsy',
  'bigcommerce',
  'lightspeed',
  'tradegecko',
  'ecwid',
  'squarespace',
  'csv',
  'own',
] as const;
export type StoreSource = (typeof STORE_SOURCES)[number];
/** Sources whose full parent listing is fetched after a product is added to a page. */
export const SOURCES_FETCHING_PARENT_LISTING = [
  'ebay',
  'etsy',
  'shopify',
  'bigcommerce',
  'lightspeed',
] as const;

/** The page's inner height with and without headers and footers. */
export const INNER_HEIGHT_WITH_HEADERS = 0.9;
export const INNER_HEIGHT_WITHOUT_HEADERS = 1;

/**
 * How the editor opens a long catalog (issue 29): up to `wholeUpTo` pages it opens whole; past that, on its first
 * `firstPages` pages (what the screen shows first), the rest read once the screen is up, editing starting then.
 */
export const EDITOR_OPENING = { wholeUpTo: 60, firstPages: 24 } as const;
