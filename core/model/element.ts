import { z } from 'zod';
import { ProductSchema } from './product.ts';
import { IMAGE_ZOOM_MAX } from '../constants.ts';
import { ImagesStyleSchema, PriceTemplateStyleSchema } from './styles.ts';

export const ELEMENT_TYPES = [
  'application/product',
  'application/void',
  'text/html',
  'application/table',
  'application/description',
  'image/svg+xml',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
] as const;

/** True for any image element type; image types match by the image/ prefix (SPEC §4 layout change). */
export const isImageType = (type: string): boolean => type.startsWith('image/');

const elementCommon = {
  id: z.string(),
  /** cover or contain, or a numeric size in percent. */
  size: z.union([z.enum(['cover', 'contain']), z.number()]).default('contain'),
  position: z.object({ xpos: z.number().default(50), ypos: z.number().default(50) }).prefault({}),
  /** What a numeric size counts in: percent of the cell's width (1-100, the default) or CSS px (1-1024). */
  size_unit: z.enum(['percent', 'px']).optional(),
  /** The image editor's zoom (1-4, 1 when absent): the picture is enlarged about its position and cut to its cell. */
  zoom: z.number().min(1).max(IMAGE_ZOOM_MAX).optional(),
};

/** An element of type application/product carries the whole product, so a page renders on its own. */
export const ProductElementSchema = z.object({
  ...elementCommon,
  type: z.literal('application/product'),
  properties: ProductSchema,
  images_style: ImagesStyleSchema.nullable().default(null),
  /** Caption template HTML for this element; null uses the catalog's priceTemplate. */
  price_template: z.string().nullable().default(null),
  price_template_style: PriceTemplateStyleSchema.nullable().default(null),
  /** Description template HTML for this element; null uses the catalog's descriptionTemplate. */
  description_template: z.string().nullable().default(null),
});
export type ProductElement = z.infer<typeof ProductElementSchema>;

/**
 * Every other element: void (an emptied cell), images (properties.src), text (properties.html),
 * tables (properties.mode and columns) and descriptions (properties.html).
 */
export const OtherElementSchema = z.object({
  ...elementCommon,
  type: z
    .string()
    .refine(
      (t) =>
        t !== 'application/product' && ((ELEMENT_TYPES as readonly string[]).includes(t) || isImageType(t)),
      {
        message: 'Unknown element type',
      },
    ),
  properties: z.record(z.string(), z.unknown()).default({}),
});
export type OtherElement = z.infer<typeof OtherElementSchema>;

export const ElementSchema = z.union([ProductElementSchema, OtherElementSchema]);
export type Element = z.infer<typeof ElementSchema>;
export type ElementInput = z.input<typeof ElementSchema>;

export const isProductElement = (e: Element | null | undefined): e is ProductElement =>
  !!e && e.type === 'application/product';
export const isVoidElement = (e: Element | null | undefined): boolean => !e || e.type === 'application/void';
