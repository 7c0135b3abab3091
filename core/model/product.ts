import { z } from 'zod';
import { IndexedTextSchema, Int32Schema } from './bounds.ts';
import { parsePriceText } from './price-text.ts';

/**
 * A price as stored: a number, or null when the store has none. Text ("$12.50", "12,50 €", "1.234,50") is
 * read by parsePriceText, the same reading as the CSV import and the migrations; unreadable text is null.
 */
export const PriceSchema = z.preprocess((v) => {
  if (v === '' || v === undefined) return null;
  if (typeof v === 'string') return parsePriceText(v)?.value ?? null;
  return v;
}, z.number().nullable());

const optionalText = z.string().nullable().default(null);

export const MetafieldSchema = z.object({
  namespace: z.string().default(''),
  key: z.string(),
  description: z.string().nullable().default(null),
  type: z.string().nullable().default(null),
  value_type: z.string().nullable().default(null),
  value: z.unknown().default(null),
});
export type Metafield = z.infer<typeof MetafieldSchema>;

export const CustomFieldSchema = z.object({
  key: z.string(),
  name: z.string().default(''),
  value: z.string().default(''),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

export const ProductImageSchema = z.object({
  original: z.string(),
  compressed: z.string().nullable().default(null),
  thumbnail: z.string().nullable().default(null),
  /**
   * Our copy of `original` (a /files/ address), fetched once at import or sync at the largest size any cell
   * prints (SPEC §9 sizing base, a whole page): what every later picture is made from, so a store that removes,
   * moves or cannot serve the picture no longer breaks a catalog.
   */
  kept: z.string().nullable().default(null),
  hide: z.boolean().default(false),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const ProductOptionSchema = z.object({
  name: z.string(),
  values: z.array(z.string()).default([]),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/**
 * One sellable variation of a product (SPEC §3 "variations ... options with id, title, sku, ...").
 * `options` holds this variation's value for each of the product's `options`, in the same order.
 */
export const VariationSchema = z.object({
  id: z.string().default(''),
  title: z.string().default(''),
  sku: optionalText,
  barcode: optionalText,
  price: PriceSchema.default(null),
  original_price: PriceSchema.default(null),
  compare_at_price: PriceSchema.default(null),
  suggested_retail_price: PriceSchema.default(null),
  stock: z.number().nullable().default(null),
  quantity: z.number().nullable().default(null),
  image: optionalText,
  metafields: z.array(MetafieldSchema).default([]),
  options: z.array(z.string()).default([]),
});
export type Variation = z.infer<typeof VariationSchema>;

/** The fields a store listing and a product on a page share (SPEC §3 Listing and Product properties). */
export const ProductFieldsSchema = z.object({
  title: z.string().default(''),
  description: z.string().default(''),
  category: optionalText,
  brand: optionalText,
  vendor: optionalText,
  status: z.enum(['ACTIVE', 'DRAFT', 'ARCHIVED']).default('ACTIVE'),
  sku: optionalText,
  barcode: optionalText,
  stock: z.number().nullable().default(null),
  price: PriceSchema.default(null),
  original_price: PriceSchema.default(null),
  compare_at_price: PriceSchema.default(null),
  sale_price: PriceSchema.default(null),
  suggested_retail_price: PriceSchema.default(null),
  iso_currency_code: z.string().default('USD'),
  url: optionalText,
  main_image: optionalText,
  thumbnail_image: optionalText,
  compressed_image: optionalText,
  quantity: z.number().nullable().default(null),
  images: z.array(ProductImageSchema).default([]),
  variations: z.array(VariationSchema).default([]),
  options: z.array(ProductOptionSchema).default([]),
  customfields: z.array(CustomFieldSchema).default([]),
  metafields: z.array(MetafieldSchema).default([]),
  /** Whether the product is published on the online store (the "online only" filter). */
  online: z.boolean().default(true),
});

/** A product as it sits in an element of type application/product: self-contained, so a page renders alone. */
export const ProductSchema = ProductFieldsSchema.extend({
  id: z.string(),
  source: z.string().default('own'),
  /**
   * The store's own variant records as its platform sent them (SPEC §3 Product properties "variants"), kept
   * so a product round-trips unchanged. Nothing renders them: captions, tables and order forms read
   * `variations`, and the v0→v1 migration turns older documents' variants into variations.
   */
  variants: z.array(z.record(z.string(), z.unknown())).default([]),
});
export type Product = z.infer<typeof ProductSchema>;
export type ProductInput = z.input<typeof ProductSchema>;

const indexedText = IndexedTextSchema.nullable().default(null);
const wholeCount = Int32Schema.nullable().default(null);

/** A listing's variation: whole stock and quantity, as the product stock they add up to is an integer column. */
export const ListingVariationSchema = VariationSchema.extend({ stock: wholeCount, quantity: wholeCount });

/**
 * A store listing (SPEC §3 Listing): the product fields plus where it comes from. Stored in the listings table,
 * whose filter columns bound it (core/model/bounds.ts); a product on a page (ProductSchema) is a document only,
 * so catalogs saved before these bounds still load.
 */
export const ListingSchema = ProductFieldsSchema.extend({
  title: IndexedTextSchema.default(''),
  category: indexedText,
  brand: indexedText,
  vendor: indexedText,
  sku: indexedText,
  stock: wholeCount,
  quantity: wholeCount,
  variations: z.array(ListingVariationSchema).default([]),
  id: z.string().optional(),
  source: IndexedTextSchema.default('own'),
  external_id: indexedText,
  parent_id: indexedText,
  language: indexedText,
  /**
   * Pictures that could not be fetched to keep our copy (the store's address answered an error, or nothing),
   * with why: the listings panel flags the product and offers to try again. Written by the picture job only.
   */
  picture_problems: z.array(z.object({ url: z.string(), error: z.string() })).default([]),
});
export type Listing = z.infer<typeof ListingSchema>;
export type ListingInput = z.input<typeof ListingSchema>;
