import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  INT32_MAX,
  INT32_MIN,
  Int32Schema,
  type Listing,
  type ProductImage,
} from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { isUuid, ownedBy } from '../../db/owned.ts';
import { listings } from '../../db/schema.ts';
import { badRequest, notFound, parseWith } from '../platform/index.ts';
import {
  describeListing,
  requireOwnedListing,
  saveListingDocument,
  type ListingRow,
  type ListingView,
} from './listings.server.ts';

/** Stock of a listing and of each variation (SPEC §7 GET/PUT api/v1/inventory/{listingId}). */
export type Inventory = {
  listing_id: string;
  stock: number | null;
  variations: { id: string; title: string; sku: string | null; stock: number | null }[];
};

export function inventoryOf(listing: ListingView): Inventory {
  return {
    listing_id: listing.id,
    stock: listing.stock,
    variations: listing.variations.map((v) => ({ id: v.id, title: v.title, sku: v.sku, stock: v.stock })),
  };
}

export async function getInventory(opts: { db: Db; ownerId: string; listingId: string }): Promise<Inventory> {
  return inventoryOf(describeListing(await requireOwnedListing(opts)));
}

export const InventoryChangesSchema = z.object({
  stock: Int32Schema.nullable().optional(),
  variations: z.array(z.object({ id: z.string().min(1), stock: Int32Schema.nullable() })).optional(),
});

/**
 * Set stock levels. A variation is named by its id; when variations change and no product stock is given,
 * the product's stock becomes their sum, as the CSV import computes it.
 */
export async function updateInventory(opts: {
  db: Db;
  ownerId: string;
  listingId: string;
  changes: z.input<typeof InventoryChangesSchema>;
}): Promise<Inventory> {
  const row = await requireOwnedListing(opts);
  const changes = parseWith(InventoryChangesSchema, opts.changes);
  const doc = row.document as Listing;
  let variations = doc.variations;
  if (changes.variations) {
    const byId = new Map(changes.variations.map((v) => [v.id, v.stock]));
    const unknown = [...byId.keys()].filter((id) => !doc.variations.some((v) => v.id === id));
    if (unknown.length) throw badRequest(`This listing has no variation ${unknown.join(', ')}`);
    variations = doc.variations.map((v) => (byId.has(v.id) ? { ...v, stock: byId.get(v.id)! } : v));
  }
  let stock = changes.stock !== undefined ? changes.stock : doc.stock;
  if (changes.stock === undefined && changes.variations) {
    const known = variations.map((v) => v.stock).filter((s): s is number => s !== null);
    stock = known.length ? known.reduce((a, b) => a + b, 0) : null;
    if (stock !== null && (stock > INT32_MAX || stock < INT32_MIN))
      throw badRequest(
        `stock: the variations' stocks add up to ${stock}, more than a stock can hold (${INT32_MIN} to ${INT32_MAX})`,
      );
  }
  const saved = await saveListingDocument({ db: opts.db, row, document: { ...doc, stock, variations } });
  return inventoryOf(saved);
}

// ---------------------------------------------------------------- images

export const ListingImageInputSchema = z.object({
  /** The listing's id, as the editor sends it; when given it must be the listing of the path. */
  id: z.string().optional(),
  src: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .refine((s) => /^https?:\/\//i.test(s) || s.startsWith('/files/'), {
      message: 'The image must be a web address (http:// or https://) or an uploaded file',
    }),
  catalogVersion: z.unknown().optional(),
});

export async function getListingImages(opts: {
  db: Db;
  ownerId: string;
  listingId: string;
}): Promise<ProductImage[]> {
  return (describeListing(await requireOwnedListing(opts)) as Listing).images;
}

/** Add an image at the end; the first image of a listing without one becomes its main image. */
export async function addListingImage(opts: {
  db: Db;
  ownerId: string;
  listingId: string;
  image: z.input<typeof ListingImageInputSchema>;
}): Promise<ProductImage[]> {
  const row = await requireOwnedListing(opts);
  const input = parseWith(ListingImageInputSchema, opts.image);
  if (input.id !== undefined && input.id !== row.id && input.id !== row.externalId)
    throw badRequest('The image belongs to another listing');
  const doc = row.document as Listing;
  const images = [
    ...doc.images,
    { original: input.src, compressed: null, thumbnail: null, kept: null, hide: false },
  ];
  const saved = await saveListingDocument({
    db: opts.db,
    row,
    document: { ...doc, images, main_image: doc.main_image ?? input.src },
  });
  return saved.images;
}

/** Remove the image at a 0-based index; when it was the main image, the next remaining one takes its place. */
export async function removeListingImage(opts: {
  db: Db;
  ownerId: string;
  listingId: string;
  index: number;
}): Promise<ProductImage[]> {
  const row: ListingRow = await requireOwnedListing(opts);
  const doc = row.document as Listing;
  const removed = doc.images[opts.index];
  if (!Number.isInteger(opts.index) || !removed)
    throw notFound('This listing has no image at this position.');
  const images = doc.images.filter((_, i) => i !== opts.index);
  const main_image = doc.main_image === removed.original ? (images[0]?.original ?? null) : doc.main_image;
  const saved = await saveListingDocument({ db: opts.db, row, document: { ...doc, images, main_image } });
  return saved.images;
}

// ---------------------------------------------------------------- parent listing

/**
 * The full listing a product element came from (SPEC §7 GET api/v1/listings/{parentId}/parent), named by our
 * id or by the store's id (optionally with its source). With a language, its translation when a store sync
 * stored one (a listing whose parent is this one in that language), else the listing itself.
 */
export async function getParentListing(opts: {
  db: Db;
  ownerId: string;
  parentId: string;
  language?: string;
  source?: string;
}): Promise<ListingView> {
  const byId = isUuid(opts.parentId) ? eq(listings.id, opts.parentId) : undefined;
  const [row] = await opts.db
    .select()
    .from(listings)
    .where(
      ownedBy(
        listings,
        opts.ownerId,
        byId ?? eq(listings.externalId, opts.parentId),
        opts.source && !byId ? eq(listings.source, opts.source) : undefined,
      ),
    )
    .orderBy(listings.createdAt)
    .limit(1);
  if (!row) throw notFound('This listing does not exist.');
  if (opts.language && row.externalId && row.language !== opts.language) {
    const [translation] = await opts.db
      .select()
      .from(listings)
      .where(
        and(
          ownedBy(listings, opts.ownerId, eq(listings.accountId, row.accountId)),
          eq(listings.parentExternalId, row.externalId),
          sql`lower(${listings.language}) = ${opts.language.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (translation) return describeListing(translation);
  }
  return describeListing(row);
}
