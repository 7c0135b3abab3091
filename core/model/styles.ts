import { z } from 'zod';
import { FONT_DEFAULTS } from '../constants.ts';

/** How a product element lays out its images (SPEC §3 Images style). */
export const ImagesStyleSchema = z.object({
  anchor: z.enum(['bottom', 'right']).default('bottom'),
  /** Percent of the cell the image area takes. */
  size: z.number().min(1).max(100).default(80),
  max_rows: z.number().int().min(0).default(1),
  max_columns: z.number().int().min(0).default(4),
  resizing: z.enum(['contain', 'cover']).default('contain'),
  padding_left_right: z.number().min(0).default(0),
  padding_top_bottom: z.number().min(0).default(0),
  border_width: z.number().min(0).default(0),
  border_style: z.string().default('solid'),
  border_color: z.string().default('#dddddd'),
  /** Image height in px used when the element has no cell to size against. */
  image_height: z.number().default(FONT_DEFAULTS.imageHeightPx),
});
export type ImagesStyle = z.infer<typeof ImagesStyleSchema>;

/** Where and how the price caption sits in a product cell (SPEC §3 Price template style). */
export const PriceTemplateStyleSchema = z.object({
  anchor: z.enum(['left', 'right']).default('left'),
  position: z.enum(['inside', 'outside']).default('outside'),
  /** Percent of the cell the caption takes (SPEC §9 caption size default 40). */
  size: z.number().min(1).max(100).default(FONT_DEFAULTS.captionSizePercent),
  align: z.enum(['vertical', 'horizontal']).default('vertical'),
  background_color: z.string().nullable().default(null),
  padding_top: z.number().default(0),
  padding_right: z.number().default(0),
  padding_bottom: z.number().default(0),
  padding_left: z.number().default(0),
  font_size: z.number().default(FONT_DEFAULTS.priceTemplateFontSize),
  /** Free placement inside the cell, as fractions 0-1; null means laid out by anchor and align. */
  x: z.number().nullable().default(null),
  y: z.number().nullable().default(null),
  width: z.number().nullable().default(null),
  height: z.number().nullable().default(null),
});
export type PriceTemplateStyle = z.infer<typeof PriceTemplateStyleSchema>;

/**
 * The price template style saved with the catalog's default price template (Catalog.default_price_template_style,
 * SPEC §3). The one place where a price template style's font size defaults to 20 instead of 8 (SPEC §3
 * "price template style size 20 in one place", §9).
 */
export const DefaultPriceTemplateStyleSchema = PriceTemplateStyleSchema.extend({
  font_size: z.number().default(FONT_DEFAULTS.priceTemplateStyleSize),
});
