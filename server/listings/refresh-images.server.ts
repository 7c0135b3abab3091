import { hasConnector } from '../../connectors/index.ts';
import type { Listing, ProductImage } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../platform/index.ts';
import { connectorFor, findOwnedAccount } from '../stores/index.ts';
import { requireOwnedListing, updateListing, type ListingView } from './listings.server.ts';

export const REFRESH_IMAGES_MESSAGES = {
  handMade: 'This product was not added from a store: its pictures are the ones it has.',
  notConnected: 'This store is not connected any more: connect it again to read its pictures.',
  gone: 'This product is no longer in the store.',
} as const;

/**
 * The listing editor's refreshImages (SPEC §7): the store's current pictures for a store listing, read through
 * its connector, replace the listing's main picture and gallery (and its variations' pictures). A picture still
 * there keeps its kept and compressed copies and whether the merchant hid it. Another owner's listing is a 404;
 * a hand-made listing or a store no longer connected a 400 that says so.
 */
export async function refreshListingImages(opts: {
  db: Db;
  ownerId: string;
  listingId: string;
  appSecret: string;
}): Promise<ListingView> {
  const row = await requireOwnedListing(opts);
  const before = row.document as Listing;
  if (!row.externalId) throw badRequest(REFRESH_IMAGES_MESSAGES.handMade);
  const account = await findOwnedAccount({ db: opts.db, ownerId: opts.ownerId, accountId: row.accountId });
  if (!account || !hasConnector(account.type) || !account.credentialsEncrypted)
    throw badRequest(REFRESH_IMAGES_MESSAGES.notConnected);
  const connector = connectorFor({ account, appSecret: opts.appSecret, db: opts.db });
  const fresh = await connector.getProduct(row.externalId);
  if (!fresh) throw notFound(REFRESH_IMAGES_MESSAGES.gone);
  const old = new Map(before.images.map((i) => [i.original, i]));
  const images = (fresh.images ?? []).map((i): ProductImage => {
    const was = old.get(i.original);
    return was ? was : { original: i.original, compressed: null, thumbnail: null, kept: null, hide: false };
  });
  const freshVariations = new Map((fresh.variations ?? []).map((v) => [v.id, v]));
  const variations = before.variations.map((v) => {
    const f = freshVariations.get(v.id);
    return f ? { ...v, image: f.image ?? null } : v;
  });
  return updateListing({
    db: opts.db,
    ownerId: opts.ownerId,
    listingId: opts.listingId,
    changes: { images, main_image: fresh.main_image ?? images[0]?.original ?? null, variations },
  });
}
