import { z } from 'zod';
import { CSV_MESSAGES, csvEnglish } from '../../core/csv/index.ts';
import { ProductImageSchema } from '../../core/model/index.ts';
import { json, notFound } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';
import {
  LISTINGS_BODY_MAX_BYTES,
  LISTINGS_BODY_TOO_LARGE,
  InventoryChangesSchema,
  ListingImageInputSchema,
  addListingImage,
  getInventory,
  getListingImages,
  getParentListing,
  refreshListingImages,
  removeListingImage,
  updateInventory,
  ListingChangesSchema,
  ListingWriteSchema,
  createListings,
  deleteListing,
  getListing,
  updateListing,
  queueListingImages,
} from '../../server/listings/index.ts';
import { InventorySchema, ListingViewSchema } from './accounts.server.ts';

/**
 * What a client may create: a listing of its own (hand-made, or read from a CSV file). Store listings are
 * written by the syncs only, so the source is 'own' or 'csv'.
 */
const NewListingSchema = ListingWriteSchema.extend({
  source: z.enum(['own', 'csv']).default('own'),
  title: z.string().trim().min(1, csvEnglish(CSV_MESSAGES.emptyTitle)).max(500),
  missing_pictures: z
    .array(z.string().max(2000))
    .max(1000)
    .optional()
    .describe(
      'Picture file names an import left out (not uploaded): a listing already there with the same ' +
        'external_id keeps the pictures it has instead of losing them',
    ),
});
type NewListing = z.output<typeof NewListingSchema>;

/** The listings to write, and the external ids whose stored pictures an import could not replace. */
function splitMissingPictures(items: NewListing[]) {
  const keepPicturesOf = new Set<string>();
  const listings = items.map(({ missing_pictures, ...listing }) => {
    if (missing_pictures?.length && listing.external_id) keepPicturesOf.add(listing.external_id);
    return listing;
  });
  return { listings, keepPicturesOf };
}
/** An import of 10,000 rows is the budgeted size (DESIGN §13); twice that still fits one request. */
const MAX_LISTINGS_PER_REQUEST = 20_000;
const CreateListingsBody = z.union([
  z.array(NewListingSchema).max(MAX_LISTINGS_PER_REQUEST),
  NewListingSchema,
]);

export const createListingsEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/listings',
    summary:
      'Create a listing in the own account (201, the listing), or store an array of listings (an import): ' +
      'a listing with the external_id of one already there updates it',
    tags: ['listings'],
    auth: 'user',
    // An import is larger than any other body; the cap holds before the item count is checked.
    bodyLimit: { maxBytes: LISTINGS_BODY_MAX_BYTES, message: LISTINGS_BODY_TOO_LARGE },
    body: CreateListingsBody,
    response: z.union([
      ListingViewSchema,
      z.object({
        created: z.number(),
        updated: z.number(),
        count: z.number(),
        data: z.array(z.object({ id: z.string(), external_id: z.string().nullable(), title: z.string() })),
      }),
    ]),
    errors: [404, 413],
  },
  async ({ user, runtime, body }) => {
    const db = runtime.db;
    if (Array.isArray(body)) {
      const r = await createListings({ db, ownerId: user.id, ...splitMissingPictures(body) });
      await queueListingImages({
        db,
        jobs: runtime.jobs,
        ownerId: user.id,
        listingIds: r.listings.map((l) => l.id),
      });
      return { created: r.created, updated: r.updated, count: r.listings.length, data: r.listings };
    }
    const r = await createListings({ db, ownerId: user.id, ...splitMissingPictures([body]) });
    await queueListingImages({ db, jobs: runtime.jobs, ownerId: user.id, listingIds: [r.listings[0]!.id] });
    const listing = await getListing({ db, ownerId: user.id, listingId: r.listings[0]!.id });
    return json(listing, { status: r.created ? 201 : 200 });
  },
);

export const getListingEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/listings/{listingId}',
    summary: 'One listing',
    tags: ['listings'],
    auth: 'user',
    response: ListingViewSchema,
    errors: [404],
  },
  async ({ user, runtime, params }) =>
    getListing({ db: runtime.db, ownerId: user.id, listingId: params.listingId ?? '' }),
);

export const updateListingEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/listings/{listingId}',
    summary: 'Change fields of a listing (and whether it shows in the listings panel: visible)',
    tags: ['listings'],
    auth: 'user',
    body: ListingChangesSchema.extend({
      title: z.string().trim().min(1, csvEnglish(CSV_MESSAGES.emptyTitle)).max(500).optional(),
    }),
    response: ListingViewSchema,
    errors: [404],
  },
  async ({ user, runtime, params, body }) => {
    const listing = await updateListing({
      db: runtime.db,
      ownerId: user.id,
      listingId: params.listingId ?? '',
      changes: body,
    });
    await queueListingImages({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      listingIds: [listing.id],
    });
    return listing;
  },
);

export const deleteListingEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/listings/{listingId}',
    summary: 'Delete a listing',
    tags: ['listings'],
    auth: 'user',
    response: z.object({ ok: z.literal(true) }),
    errors: [404],
  },
  async ({ user, runtime, params }) => {
    const gone = await deleteListing({ db: runtime.db, ownerId: user.id, listingId: params.listingId ?? '' });
    if (!gone) throw notFound('This listing does not exist.');
    return { ok: true };
  },
);

export const listingImagesEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/listings/{listingId}/images',
    summary: "A listing's images",
    tags: ['listings'],
    auth: 'user',
    response: z.object({ data: z.array(ProductImageSchema) }),
    errors: [404],
  },
  async ({ user, runtime, params }) => ({
    data: await getListingImages({ db: runtime.db, ownerId: user.id, listingId: params.listingId ?? '' }),
  }),
);

export const addListingImageEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/listings/{listingId}/images',
    summary: 'Add an image by address (src); the first image becomes the main image',
    tags: ['listings'],
    auth: 'user',
    body: ListingImageInputSchema,
    response: z.object({ data: z.array(ProductImageSchema) }),
    errors: [404],
  },
  async ({ user, runtime, params, body }) => {
    const listingId = params.listingId ?? '';
    const data = await addListingImage({ db: runtime.db, ownerId: user.id, listingId, image: body });
    await queueListingImages({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      listingIds: [listingId],
    });
    return { data };
  },
);

export const removeListingImageEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/listings/{listingId}/images/{index}',
    summary: 'Remove the image at a position (from 0)',
    tags: ['listings'],
    auth: 'user',
    response: z.object({ data: z.array(ProductImageSchema) }),
    errors: [404],
  },
  async ({ user, runtime, params }) => {
    const index = /^\d{1,4}$/.test(params.index ?? '') ? Number(params.index) : -1;
    return {
      data: await removeListingImage({
        db: runtime.db,
        ownerId: user.id,
        listingId: params.listingId ?? '',
        index,
      }),
    };
  },
);

export const getInventoryEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/inventory/{listingId}',
    summary: 'Stock of a listing and of its variations',
    tags: ['listings'],
    auth: 'user',
    response: InventorySchema,
    errors: [404],
  },
  async ({ user, runtime, params }) =>
    getInventory({ db: runtime.db, ownerId: user.id, listingId: params.listingId ?? '' }),
);

export const updateInventoryEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/inventory/{listingId}',
    summary: 'Set stock levels; changed variations without a product stock make it their sum',
    tags: ['listings'],
    auth: 'user',
    body: InventoryChangesSchema,
    response: InventorySchema,
    errors: [404],
  },
  async ({ user, runtime, params, body }) =>
    updateInventory({ db: runtime.db, ownerId: user.id, listingId: params.listingId ?? '', changes: body }),
);

export const parentListingEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/listings/{parentId}/parent',
    summary:
      'The full listing a product came from, by our id or the store id (with source); with language, its ' +
      'translation when the store has one',
    tags: ['listings'],
    auth: 'user',
    query: z.object({
      language: z.string().trim().max(20).optional(),
      source: z.string().trim().max(40).optional(),
    }),
    response: ListingViewSchema,
    errors: [404],
  },
  async ({ user, runtime, params, query }) =>
    getParentListing({
      db: runtime.db,
      ownerId: user.id,
      parentId: params.parentId ?? '',
      language: query.language || undefined,
      source: query.source || undefined,
    }),
);

export const retryListingPicturesEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/listings/{listingId}/pictures/retry',
    summary:
      'Fetch again the pictures of a listing that could not be kept (its picture_problems): answers the job ' +
      '(GET /api/v1/jobs?jobId=), or null when every picture is already kept',
    tags: ['listings'],
    auth: 'user',
    response: z.object({ job_id: z.string().nullable() }),
    errors: [404],
  },
  async ({ user, runtime, params }) => {
    const listing = await getListing({ db: runtime.db, ownerId: user.id, listingId: params.listingId ?? '' });
    const [job] = await queueListingImages({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      listingIds: [listing.id],
    });
    return { job_id: job?.id ?? null };
  },
);

export const refreshListingImagesEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/listings/{listingId}/images/refresh',
    summary:
      "The listing editor's refreshImages: the store's current pictures replace the listing's main picture and " +
      'gallery (pictures still there stay hidden or shown as the merchant chose); 400 for a hand-made listing or a ' +
      'store no longer connected',
    tags: ['listings'],
    auth: 'user',
    response: ListingViewSchema,
    errors: [400, 404],
  },
  async ({ user, runtime, params }) => {
    const listing = await refreshListingImages({
      db: runtime.db,
      ownerId: user.id,
      listingId: params.listingId ?? '',
      appSecret: runtime.config.appSecret,
    });
    await queueListingImages({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      listingIds: [listing.id],
    });
    return listing;
  },
);
