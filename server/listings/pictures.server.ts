import { and, eq, inArray } from 'drizzle-orm';
import type { Listing } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';

/** Rows per lookup, as many as upsertListings writes per statement. */
const LOOKUP_BATCH = 500;

/**
 * The pictures of the listings already stored under these external ids, in place of the ones being written
 * (rows locked until the write). A variation keeps its stored picture when the new one has none.
 */
export async function keepStoredPictures(opts: {
  db: Db;
  accountId: string;
  /** The rows about to be written; their documents are changed in place. */
  values: { externalId: string | null; document: Listing }[];
  externalIds: ReadonlySet<string>;
}): Promise<void> {
  const { db, accountId, values, externalIds } = opts;
  const ids = [...externalIds];
  const stored = new Map<string, Listing>();
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select({ externalId: listings.externalId, document: listings.document })
      .from(listings)
      .where(
        and(eq(listings.accountId, accountId), inArray(listings.externalId, ids.slice(i, i + LOOKUP_BATCH))),
      )
      .for('update');
    for (const r of rows) stored.set(r.externalId!, r.document as Listing);
  }
  for (const v of values) {
    const before =
      v.externalId !== null && externalIds.has(v.externalId) ? stored.get(v.externalId) : undefined;
    if (!before || (before.images.length === 0 && !before.main_image)) continue;
    const imageOf = new Map(before.variations.map((x) => [x.id, x.image]));
    v.document = {
      ...v.document,
      images: before.images,
      main_image: before.main_image,
      compressed_image: before.compressed_image,
      thumbnail_image: before.thumbnail_image,
      variations: v.document.variations.map((x) => ({ ...x, image: x.image ?? imageOf.get(x.id) ?? null })),
    };
  }
}
