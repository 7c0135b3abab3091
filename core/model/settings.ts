import { z } from 'zod';
import {
  DEFAULT_FLOW_COLUMNS,
  DEFAULT_IMAGE_QUALITY,
  DEFAULT_PAGE_FORMAT,
  DEFAULT_PRODUCTS_PER_PAGE,
  FONT_DEFAULTS,
  PAGE_FORMAT_NAMES,
} from '../constants.ts';

/**
 * How the catalog is made ready for a print shop (issue 28): the bleed pictures and backgrounds run into, the
 * printer's marks outside it, and the safe margin text keeps from the trim. Used by the 'Print (CMYK, PDF/X)'
 * export, the editor's guides and the preflight; the screen (RGB) PDF has no bleed and no marks.
 */
export const PrintSettingsSchema = z.object({
  /** Bleed on every side, in mm; null: the format's usual one (3 mm; 0.125 in on Letter). */
  bleed_mm: z.number().min(0).max(10).nullable().default(null),
  crop_marks: z.boolean().default(true),
  registration_marks: z.boolean().default(false),
  color_bars: z.boolean().default(false),
  /** A line outside the bleed with the catalog's name and the page number. */
  slug: z.boolean().default(false),
  /** Text stays at least this far inside the trim. */
  safe_margin_mm: z.number().min(0).max(30).default(5),
});
export type PrintSettings = z.infer<typeof PrintSettingsSchema>;

export const PRODUCTS_LINK_KINDS = ['online_store', 'retail_orders', 'digital_orders', 'none'] as const;

/** Catalog settings with the defaults of SPEC §3. */
export const CatalogSettingsSchema = z.object({
  layout: z.string().default('grid'),
  nbProductsPage: z.number().int().default(DEFAULT_PRODUCTS_PER_PAGE),
  automaticMode: z.boolean().default(false),
  showDescription: z.boolean().default(false),
  products_link: z.enum(PRODUCTS_LINK_KINDS).default('none'),
  online_store_link: z.string().nullable().default(null),
  /**
   * A wholesale order may ask for more than the stock a product shows: taken and flagged on the order (true), or
   * refused (false).
   */
  allow_backorders: z.boolean().default(true),
  language: z.string().default('en'),
  cropImages: z.boolean().default(false),
  reorganize_automatically: z.boolean().default(false),
  descriptionFontSize: z.number().default(FONT_DEFAULTS.descriptionFontSize),
  priceTemplateFontSize: z.number().default(FONT_DEFAULTS.priceTemplateFontSize),
  flow_layout_columns: z.number().int().min(1).max(6).default(DEFAULT_FLOW_COLUMNS),
  view_mode: z.string().default('webgl'),
  background_color: z.string().default('#222222'),
  share_button: z.boolean().default(true),
  print_button: z.boolean().default(false),
  download_pages_button: z.boolean().default(true),
  download_pdf_button: z.boolean().default(true),
  email_subject: z.string().default(''),
  email_content: z.string().default(''),
  single_page_mode: z.boolean().default(false),
  right_to_left: z.boolean().default(false),
  /** The visitor password; stored as an argon2id hash by the server, never as plain text. */
  password: z.string().nullable().default(null),
  password_protection: z.boolean().default(false),
  showFlipbook: z.boolean().default(true),
  /** unlisted: reachable by its address but never indexed nor listed in a sitemap (plan limit `privacy`). */
  visibility: z.enum(['public', 'unlisted']).default('public'),
  /** Page format of this catalog's PDF; null follows the owner's setting. */
  page_format: z
    .enum(PAGE_FORMAT_NAMES as [string, ...string[]])
    .nullable()
    .default(null),
  print: PrintSettingsSchema.prefault({}),
});
export type CatalogSettings = z.infer<typeof CatalogSettingsSchema>;

/** User settings (SPEC §3 User settings). */
export const UserSettingsSchema = z.object({
  page_format: z.enum(PAGE_FORMAT_NAMES as [string, ...string[]]).default(DEFAULT_PAGE_FORMAT),
  image_quality: z
    .string()
    .regex(/^q\d{1,3}$/)
    .default(DEFAULT_IMAGE_QUALITY),
  store_front_access_token: z.string().nullable().default(null),
  ga4_tracking_id: z.string().nullable().default(null),
  synchronize_orders: z.boolean().default(false),
  /**
   * The column mapping of the merchant's last CSV import that needed one (our field → the file's header as
   * written), applied to the next file whose headers are not our names, and shown there to change.
   */
  csv_columns: z.record(z.string().max(64), z.string().max(500)).nullable().default(null),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;
