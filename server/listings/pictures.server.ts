import { and, eq, inArray, sql } from 'drizzle-orm';
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

type StoredPictures = Pick<
  Listing,
  'images' | 'main_image' | 'compressed_image' | 'thumbnail_image' | 'picture_problems'
>;

/**
 * What the picture job made for pictures a write keeps: a re-import or a store sync sends the store's addresses
 * again, without our copies, and must not throw them away (they would be fetched again, and lost if the store
 * no longer serves the picture). An image whose address is unchanged keeps its kept, compressed and thumbnail
 * copies; an unchanged main picture its compressed_image and thumbnail_image; the problems of pictures still
 * named stay (only the picture job writes them). Rows locked until the write.
 */
export async function carryPictureCopies(opts: {
  db: Db;
  accountId: string;
  values: { externalId: string | null; document: Listing }[];
}): Promise<void> {
  const ids = [...new Set(opts.values.flatMap((v) => (v.externalId === null ? [] : [v.externalId])))];
  const stored = new Map<string, StoredPictures>();
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const rows = await opts.db
      .select({
        externalId: listings.externalId,
        pictures: sql<StoredPictures>`jsonb_build_object(
          'images', ${listings.document}->'images',
          'main_image', ${listings.document}->'main_image',
          'compressed_image', ${listings.document}->'compressed_image',
          'thumbnail_image', ${listings.document}->'thumbnail_image',
          'picture_problems', ${listings.document}->'picture_problems')`,
      })
      .from(listings)
      .where(
        and(
          eq(listings.accountId, opts.accountId),
          inArray(listings.externalId, ids.slice(i, i + LOOKUP_BATCH)),
        ),
      )
      .for('update');
    for (const r of rows) stored.set(r.externalId!, r.pictures);
  }
  if (stored.size === 0) return;
  for (const v of opts.values) {
    const before = v.externalId === null ? undefined : stored.get(v.externalId);
    if (before) v.document = withCopiesOf(v.document, before);
  }
}

function withCopiesOf(doc: Listing, before: StoredPictures): Listing {
  const old = new Map((before.images ?? []).map((i) => [i.original, i]));
  const images = doc.images.map((img) => {
    const was = old.get(img.original);
    if (!was) return img;
    return {
      ...img,
      kept: img.kept ?? was.kept ?? null,
      compressed: img.compressed ?? was.compressed ?? null,
      thumbnail: img.thumbnail ?? was.thumbnail ?? null,
    };
  });
  const sameMain = doc.main_image !== null && doc.main_image === before.main_image;
  const named = new Set([doc.main_image, ...doc.images.map((i) => i.original)]);
  return {
    ...doc,
    images,
    compressed_image: doc.compressed_image ?? (sameMain ? (before.compressed_image ?? null) : null),
    thumbnail_image: doc.thumbnail_image ?? (sameMain ? (before.thumbnail_image ?? null) : null),
    picture_problems: (before.picture_problems ?? []).filter((p) => named.has(p.url)),
  };
}

export type KeptPicture = { kept: string; compressed: string | null; thumbnail: string | null };

/**
 * Our copies of the owner's pictures by the store's address: what a catalog product that was placed before its
 * pictures were kept (so its document names only the store's address) is drawn and exported from.
 */
export async function findKeptPictures(opts: {
  db: Db;
  ownerId: string;
  urls: readonly string[];
}): Promise<Map<string, KeptPicture>> {
  const out = new Map<string, KeptPicture>();
  const urls = [...new Set(opts.urls)].filter((u) => /^https?:\/\//i.test(u));
  for (let i = 0; i < urls.length; i += LOOKUP_BATCH) {
    const batch = urls.slice(i, i + LOOKUP_BATCH);
    const result = await opts.db.execute(sql`
      select distinct on (img->>'original') img->>'original' as original, img->>'kept' as kept,
        img->>'compressed' as compressed, img->>'thumbnail' as thumbnail
      from ${listings}, jsonb_array_elements(coalesce(${listings.document}->'images', '[]'::jsonb)) as img
      where ${listings.ownerId} = ${opts.ownerId} and img->>'kept' is not null
        and img->>'original' in (${sql.join(
          batch.map((u) => sql`${u}`),
          sql`, `,
        )})`);
    const { rows } = result as unknown as { rows: (KeptPicture & { original: string })[] };
    for (const r of rows)
      out.set(r.original, { kept: r.kept, compressed: r.compressed, thumbnail: r.thumbnail });
  }
  return out;
}
