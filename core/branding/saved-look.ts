import { z } from 'zod';
import { FontSchema, PriceTemplateStyleSchema, ThemeSchema, type Catalog } from '../model/index.ts';

/**
 * A saved look (issue 24 §1 'Saved themes'): what the theme editor changes on a catalog (the theme map, the
 * fonts it names, the font links, the price template style), kept under a name and applied to another catalog
 * in one step. Custom CSS is not part of it: it is a separate feature of the plans that have it.
 */
export const SavedLookSchema = z
  .object({
    theme: ThemeSchema,
    fonts: z.array(FontSchema).max(50).default([]),
    font_links: z.array(z.string().max(2000)).max(50).default([]),
    priceTemplateStyle: PriceTemplateStyleSchema.prefault({}),
  })
  .strict();
export type SavedLook = z.infer<typeof SavedLookSchema>;

export const SAVED_THEME_NAME_MAX = 80;
export const SAVED_THEMES_MAX = 50;

/** The look of a catalog as the theme editor saves it. */
export function lookOf(
  catalog: Pick<Catalog, 'theme' | 'fonts' | 'font_links' | 'priceTemplateStyle'>,
): SavedLook {
  return {
    theme: catalog.theme,
    fonts: catalog.fonts,
    font_links: catalog.font_links,
    priceTemplateStyle: catalog.priceTemplateStyle,
  };
}
