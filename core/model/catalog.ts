import { z } from 'zod';
import { PageSchema } from './page.ts';
import { CatalogSettingsSchema } from './settings.ts';
import { DefaultPriceTemplateStyleSchema, ImagesStyleSchema, PriceTemplateStyleSchema } from './styles.ts';
import {
  DEFAULT_DESCRIPTION_TEMPLATE_HTML,
  DEFAULT_PRICE_TEMPLATE_HTML,
  ReplacementSchema,
} from './templates.ts';
import { DEFAULT_THEME, ThemeSchema } from './theme.ts';

/** The document format version written by this code; core/migrations upgrades older documents to it. */
export const CURRENT_SCHEMA_VERSION = 1;

export const TableColumnSchema = z.object({
  key: z.string(),
  title: z.string(),
  is_custom: z.boolean().default(false),
  is_option: z.boolean().default(false),
});
export type TableColumn = z.infer<typeof TableColumnSchema>;

export const DEFAULT_TABLE_COLUMNS: z.input<typeof TableColumnSchema>[] = [
  { key: 'main_image', title: 'Image' },
  { key: 'title', title: 'Product' },
  { key: 'sku', title: 'SKU' },
  { key: 'barcode', title: 'Barcode' },
  { key: 'stock', title: 'Stock' },
  { key: 'price', title: 'Price' },
];

export const FontSchema = z.object({
  family: z.string(),
  weight: z.number().int().default(400),
  style: z.enum(['normal', 'italic']).default('normal'),
  /** URL of the font file in our storage (custom fonts); bundled fonts have none. */
  url: z.string().nullable().default(null),
});
export type Font = z.infer<typeof FontSchema>;

/** A catalog document (SPEC §3 Catalog). The first page is the front cover. */
export const CatalogSchema = z.object({
  schemaVersion: z.number().int().default(CURRENT_SCHEMA_VERSION),
  _id: z.string(),
  slug: z.string().default(''),
  title: z.string().default('Untitled catalog'),
  user: z.object({ _id: z.string(), email: z.string() }).nullable().default(null),
  featured: z.boolean().default(false),
  settings: CatalogSettingsSchema.prefault({}),
  font_links: z.array(z.string()).default([]),
  fonts: z.array(FontSchema).default([]),
  branding_css: z.string().default(''),
  custom_css: z.string().default(''),
  theme: ThemeSchema.default(DEFAULT_THEME),
  /** 3 or higher uses a theme; 4 has headers in index pages (SPEC §3). */
  version: z.number().int().default(4),
  default_images_style: ImagesStyleSchema.prefault({}),
  default_footer: z.string().default(''),
  download_number: z.number().int().default(0),
  /** Caption template HTML for product cells. */
  priceTemplate: z.string().default(DEFAULT_PRICE_TEMPLATE_HTML),
  /** Description template HTML, shown when settings.showDescription is on. */
  descriptionTemplate: z.string().default(DEFAULT_DESCRIPTION_TEMPLATE_HTML),
  priceTemplateStyle: PriceTemplateStyleSchema.prefault({}),
  /** Id of the price template the caption came from, if any. */
  default_price_template: z.string().nullable().default(null),
  /** The style saved with default_price_template. */
  default_price_template_style: DefaultPriceTemplateStyleSchema.prefault({}),
  pageDescription: z.string().default(''),
  replacements: z.array(ReplacementSchema).default([]),
  table_configuration: z
    .object({ columns: z.array(TableColumnSchema).prefault(DEFAULT_TABLE_COLUMNS) })
    .prefault({}),
  /**
   * The columns of the variations tables in captions (a VARIANTS table naming no columns), in the form of
   * table_configuration; none (the default) keeps such a table on the options and the price.
   */
  variants_table_configuration: z.object({ columns: z.array(TableColumnSchema).default([]) }).prefault({}),
  /** URL of the last generated PDF. */
  url: z.string().nullable().default(null),
  created_at: z.string().default(() => new Date(0).toISOString()),
  updated_at: z.string().default(() => new Date(0).toISOString()),
  pages: z.array(PageSchema).default([]),
});
export type Catalog = z.infer<typeof CatalogSchema>;
export type CatalogInput = z.input<typeof CatalogSchema>;
