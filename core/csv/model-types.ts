import type { z } from 'zod';
import type { VariationSchema } from '../model/product.ts';

export type { CustomField, ListingInput, Metafield, ProductImage, ProductOption } from '../model/product.ts';

/** What a mapper may leave out of a variation; ListingSchema fills in the rest. */
export type VariationInput = z.input<typeof VariationSchema>;
